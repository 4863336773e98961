"""DriveThruCards PDFs are PDF/X-1a:2003 in CMYK (issue 42.2), read back with pypdf: an
OutputIntent with GTS_PDFX and its ICC profile, GTS_PDFXVersion and Trapped in the info, no
RGB colour operator, colour space or image, no soft mask or alpha below 1, TrimBox and
BleedBox on every page, and no colour over 240% total ink. Every deck of the launch catalogue
(drawn here as the exporter draws it) and the test site's decks (built)."""
from __future__ import annotations


import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject

from generator.exports.drivethrucards import PROFILE, drivethrucards_pdf
from generator.exports.formats import ExportJob
from tests.exports.test_exports import built, exports  # noqa: F401 (a fixture)
from tests.exports.catalogue_kits import catalogue_kits

INK_LIMIT = 2.40  # 240%, as fractions of full ink
RGB_OPERATORS = {b"rg", b"RG"}


class Game:
    title = "Catalogue game"
    designers = ["Rulepress tests"]
    slug = "catalogue"


@pytest.fixture(scope="module")
def catalogue_pdfs() -> dict[str, bytes]:
    """Every deck of the catalogue's games as DriveThruCards gets it."""
    found = {}
    for folder, components, artwork in catalogue_kits():
        job = ExportJob(None, Game, components, artwork, [], lambda name, data: None)
        for deck in components.decks:
            if deck.cards:
                found[f"{folder.name}-{deck.name}"] = drivethrucards_pdf(job, deck)
    assert found, "the catalogue has decks"
    return found


def forms_and_images(resources) -> tuple[list, list]:
    xobjects = resources.get("/XObject", {}) if resources else {}
    forms, images = [], []
    for ref in xobjects.values():
        target = ref.get_object()
        (images if target.get("/Subtype") == "/Image" else forms).append(target)
    return forms, images


def streams_of(reader: PdfReader):
    """(where, content operations, resources) of every page and every form it draws, once each."""
    seen: set = set()
    for number, page in enumerate(reader.pages, 1):
        todo = [(f"page {number}", page.get_contents(), page.get("/Resources"))]
        while todo:
            where, contents, resources = todo.pop()
            if contents is None:
                continue
            yield where, ContentStream(contents, reader).operations, resources
            for form in forms_and_images(resources and resources.get_object())[0]:
                if id(form) not in seen and form.indirect_reference not in seen:
                    seen.add(form.indirect_reference)
                    todo.append((f"{where} form", form, form.get("/Resources")))


def pdfx_faults(data: bytes) -> list[str]:
    """Everything in the file that PDF/X-1a in CMYK at 240% forbids or lacks."""
    from io import BytesIO

    reader = PdfReader(BytesIO(data))
    faults = intent_faults(reader)
    for number, page in enumerate(reader.pages, 1):
        if "/TrimBox" not in page or "/BleedBox" not in page:
            faults.append(f"page {number}: no TrimBox or BleedBox")
    for where, operations, resources in streams_of(reader):
        faults += colour_faults(where, operations)
        faults += resource_faults(where, resources.get_object() if resources else DictionaryObject())
    return faults


def intent_faults(reader: PdfReader) -> list[str]:
    faults = []
    intents = reader.trailer["/Root"].get("/OutputIntents")
    if not intents or intents[0].get_object().get("/S") != "/GTS_PDFX":
        faults.append("no OutputIntent with /S /GTS_PDFX")
    elif intents[0].get_object()["/DestOutputProfile"].get_object().get_data() != PROFILE.read_bytes():
        faults.append("the OutputIntent's profile is not the CMYK profile")
    info = reader.trailer["/Info"].get_object()
    if not str(info.get("/GTS_PDFXVersion", "")).startswith("PDF/X-1a"):
        faults.append(f"GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}")
    if info.get("/Trapped") not in ("/True", "/False"):
        faults.append("no Trapped")
    if not reader.pdf_header.startswith("%PDF-1.3") and not reader.pdf_header.startswith("%PDF-1.4"):
        faults.append(f"the file is {reader.pdf_header}, not PDF 1.3 or 1.4")
    return faults


def colour_faults(where: str, operations) -> list[str]:
    faults = []
    for operands, operator in operations:
        if operator in RGB_OPERATORS or (operator in (b"cs", b"CS") and operands[0] == "/DeviceRGB"):
            faults.append(f"{where}: RGB colour {operands} {operator.decode()}")
        elif operator in (b"k", b"K") and sum(float(v) for v in operands) > INK_LIMIT + 1e-9:
            faults.append(f"{where}: {sum(float(v) for v in operands) * 100:.1f}% ink {operands}")
        elif operator == b"gs":
            pass  # the state itself is read in resource_faults
    return faults


def resource_faults(where: str, resources) -> list[str]:
    faults = []
    for name, state in (resources.get("/ExtGState") or {}).items():
        state = state.get_object()
        if float(state.get("/CA", 1)) < 1 or float(state.get("/ca", 1)) < 1:
            faults.append(f"{where}: {name} sets an alpha below 1")
        if state.get("/SMask", "/None") != "/None":
            faults.append(f"{where}: {name} sets a soft mask")
    for name, space in (resources.get("/ColorSpace") or {}).items():
        if "RGB" in str(space.get_object()):
            faults.append(f"{where}: colour space {name} is RGB")
    for image in forms_and_images(resources)[1]:
        if image.get("/ColorSpace") not in ("/DeviceCMYK", "/DeviceGray"):
            faults.append(f"{where}: an image in {image.get('/ColorSpace')}")
        if "/SMask" in image:
            faults.append(f"{where}: an image with a soft mask")
    return faults


def test_every_catalogue_deck_for_drivethrucards_is_pdfx_1a_in_cmyk_within_240_percent(catalogue_pdfs):
    for name, data in catalogue_pdfs.items():
        assert pdfx_faults(data) == [], name


@pytest.mark.parametrize("deck", ["stones", "tips"])
def test_every_built_drivethrucards_pdf_is_pdfx_1a_in_cmyk_within_240_percent(built, deck):  # noqa: F811
    _root, output = built
    assert pdfx_faults((exports(output) / f"pebbles-{deck}-drivethrucards.pdf").read_bytes()) == []


def test_the_checks_find_the_faults_of_a_plain_rgb_pdf():
    """The kit's own PDF writer, without the CMYK ink: RGB operators, alpha, no OutputIntent."""
    from generator.draw.pdf import PdfPage, render_pdf
    from generator.draw.shapes import Circle, Drawing, Rect, Style

    drawing = Drawing(30, 30, (Rect(0, 0, 30, 30, Style(fill="#2e5f8a")),
                               Circle(15, 15, 5, Style(fill="#ffffff", opacity=0.35))))
    faults = pdfx_faults(render_pdf([PdfPage(drawing)], title="plain", author=""))
    assert any("GTS_PDFX" in fault for fault in faults)
    assert any("RGB colour" in fault for fault in faults)
    assert any("alpha below 1" in fault for fault in faults)
    assert any("TrimBox" in fault for fault in faults)


def test_the_home_print_kit_stays_rgb(built):  # noqa: F811
    """A home printer takes sRGB: the kit's PDF has RGB colours and no print condition."""
    _root, output = built
    reader = PdfReader(output / "pebbles" / "kit" / "pebbles-kit-a4.pdf")
    assert "/OutputIntents" not in reader.trailer["/Root"]
    operators = {operator for _where, operations, _resources in streams_of(reader) for _operands, operator in operations}
    assert b"rg" in operators and b"k" not in operators
