"""Every game's rules as a typeset PDF: the same headings, clarifications and
walkthroughs as its pages, in order; an outline; embedded fonts; exact paper
sizes; a one-page player aid; the same bytes from the same sources."""
from __future__ import annotations

import re
import shutil
import subprocess
from functools import lru_cache
from io import BytesIO
from pathlib import Path

import pytest
from markdown_it.tree import SyntaxTreeNode
from pypdf import PdfReader
from reportlab.platypus import Table

from generator.build import directive_registry
from generator.content.load import load_site
from generator.rulebook.document import book_story
from generator.rulebook.figures import DrawingFlowable
from generator.rulebook.inline import plain
from generator.rulebook.make import GameBook
from generator.rulebook.selection import book_pages
from tests.rulebook.printed_rules import kit_drawings

ROOT = Path(__file__).resolve().parents[2]
REFERENCES = ROOT / "tests/fixtures/rulebook"
GAMES = ("shoot", "sitters", "splash", "splat", "splut")
SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@lru_cache(maxsize=None)
def catalogue():
    return load_site(ROOT)


@lru_cache(maxsize=None)
def book(slug: str) -> GameBook:
    site = catalogue()
    return GameBook(site, site.game(slug), directive_registry(site), products={"kit drawings": kit_drawings()})


@lru_cache(maxsize=None)
def rules_pdf(slug: str, paper: str = "a4") -> bytes:
    return book(slug).rules(paper)


def squeezed(text: str) -> str:
    """Without spaces or hyphens (a word hyphenated at a line's end is read back with its hyphen), quotes
    straightened (the book curls the straight quotes of titles and captions)."""
    return re.sub(r"[\s-]+", "", text).translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\""))


def strip_of(made, body: str):
    """The walkthrough block `body`'s strip as the book drew it (its title, drawings and captions)."""
    (strip,) = made.figures[("walkthrough", body)]
    return strip


def expected_sequence(slug: str, captions: bool = True) -> list[str]:
    """Headings, clarification titles and (with `captions`) walkthrough captions of the book's
    pages, in page order."""
    made = book(slug)
    rules_pdf(slug)  # the walkthroughs are replayed as the book is set
    found = []

    def walk(node: SyntaxTreeNode) -> None:
        for child in node.children:
            if child.type == "heading" and child.tag in ("h2", "h3"):
                found.append(plain(child.children[0]))
            elif child.type == "container_admonition" and child.meta["kind"] == "clarification":
                found.append(f"Clarification {child.meta['cid']}")
                walk(child)
            elif child.type == "fence" and child.info.strip() == "walkthrough":
                found.extend(strip_of(made, child.content).captions if captions else [])
            else:
                walk(child)

    for page in book_pages(made.game):
        found.append(page.title)
        walk(made.chapters[page.name].tree)
    return found


def content_streams(data: bytes) -> list[bytes]:
    streams = []
    for page in PdfReader(BytesIO(data)).pages:
        contents = page.get_contents()
        streams.append(contents.get_data() if contents is not None else b"")
    return streams


@pytest.mark.parametrize("slug", GAMES)
def test_the_rulebook_has_every_heading_clarification_and_caption_of_its_pages_in_order(slug):
    """In order, but an example's later steps may follow the words after it (they float into the
    room its next row leaves: generator/rulebook/floats.py): the headings and clarifications in
    order, and every caption with them, each example's in order."""
    text = squeezed("".join(page.extract_text() for page in PdfReader(BytesIO(rules_pdf(slug))).pages))
    at = 0
    for item in expected_sequence(slug, captions=False):
        found = text.find(squeezed(item), at)
        assert found >= 0, f"{item!r} missing or out of order"
        at = found + 1
    at = 0
    headings = set(expected_sequence(slug, captions=False))
    for item in (item for item in expected_sequence(slug) if item not in headings):
        found = text.find(squeezed(item), at)
        assert found >= 0, f"{item!r} missing or out of order"
        at = found + 1


@pytest.mark.parametrize("slug", GAMES)
def test_the_outline_has_one_entry_for_every_h2(slug):
    """Each page is a top-level entry; under it, one entry per h2 of that page, in order."""
    reader = PdfReader(BytesIO(rules_pdf(slug)))
    top, children = [], []
    for item in reader.outline:
        if isinstance(item, list):
            children[-1] = [entry.title for entry in item if not isinstance(entry, list)]
        else:
            top.append(item.title)
            children.append([])
    made = book(slug)
    pages = book_pages(made.game)
    assert top == [page.title for page in pages]
    for page, entries in zip(pages, children):
        h2 = [plain(node.children[0]) for node in made.chapters[page.name].tree.walk()
              if node.type == "heading" and node.tag == "h2"]
        assert entries == h2


@pytest.mark.parametrize("slug", GAMES)
def test_there_is_one_step_diagram_per_walkthrough_step(slug):
    rules_pdf(slug)
    steps = sum(len(strip_of(book(slug), key[1]).captions) for key in book(slug).figures if key[0] == "walkthrough")
    drawn = sum(stream.count(b"/RP <</Role (step-diagram)>> BDC") for stream in content_streams(rules_pdf(slug)))
    assert drawn == steps and steps > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_are_the_exact_paper_size(paper):
    for page in PdfReader(BytesIO(rules_pdf("splut", paper))).pages:
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == SIZES[paper]


def test_every_font_is_embedded():
    reader = PdfReader(BytesIO(rules_pdf("shoot")))
    fonts = {}
    for page in reader.pages:
        for name, font in page["/Resources"]["/Font"].items():
            fonts[font.get_object()["/BaseFont"]] = font.get_object()
    assert fonts
    for name, font in fonts.items():
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{name} is not embedded"


@pytest.mark.parametrize("slug", GAMES)
def test_the_player_aid_is_one_page(slug):
    for paper in ("a4", "letter"):
        assert len(PdfReader(BytesIO(book(slug).player_aid(paper))).pages) == 1


def test_the_same_sources_give_the_same_bytes():
    site = catalogue()
    assert GameBook(site, site.game("splat"), directive_registry(site)).rules("letter") == rules_pdf("splat", "letter")


@pytest.mark.parametrize("slug", GAMES)
def test_no_table_or_diagram_is_wider_than_the_text(slug):
    made = book(slug)
    width = 170 * 72 / 25.4 - 12  # A4 text frame, less the frame's own padding
    story = book_story(catalogue(), made.game, [made.chapters[p.name] for p in book_pages(made.game)], width,
                       "Rules", made.figures)

    def check(flowable, room):
        if isinstance(flowable, DrawingFlowable):
            assert flowable.width <= room + 0.01
        if isinstance(flowable, Table):
            assert sum(flowable._colWidths) <= room + 0.01
            for row, widths in ((r, flowable._colWidths) for r in flowable._cellvalues):
                for cell, cell_width in zip(row, widths):
                    for inner in cell if isinstance(cell, list) else [cell]:
                        check(inner, cell_width)

    for flowable in story:
        check(flowable, width)


def page_picture(data: bytes, number: int, folder: Path) -> Path:
    (folder / "book.pdf").write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "30", "-gray", "-png", "-f", str(number), "-l", str(number), "-singlefile",
                    str(folder / "book.pdf"), str(folder / "page")], check=True)
    return folder / "page.png"


def first_page_with_steps(data: bytes) -> int:
    return next(i for i, s in enumerate(content_streams(data), 1) if b"(step-diagram)" in s)


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("which", ["contents", "walkthrough"])
def test_pages_look_like_their_reviewed_pictures(slug, which, tmp_path):
    """The contents page and the first page with a walkthrough strip, within a small tolerance.
    To review new pictures: RULEBOOK_PICTURES=1 pytest this test, then look at tests/fixtures/rulebook."""
    import os

    from PIL import Image, ImageChops, ImageStat

    data = rules_pdf(slug)
    number = 2 if which == "contents" else first_page_with_steps(data)
    made = page_picture(data, number, tmp_path)
    reference = REFERENCES / f"{slug}-{which}.png"
    if os.environ.get("RULEBOOK_PICTURES"):
        REFERENCES.mkdir(parents=True, exist_ok=True)
        shutil.copy(made, reference)
    new, old = Image.open(made).convert("L"), Image.open(reference).convert("L")
    assert new.size == old.size
    assert ImageStat.Stat(ImageChops.difference(new, old)).mean[0] < 2.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_booklet_is_in_saddle_stitch_order(paper, tmp_path):
    """Each half sheet's page number, read from its foot, follows the saddle-stitch order."""
    from generator.rulebook.booklet import impose, padded_pages, saddle_order

    a5 = book("splut").rules("a5")
    pages = len(PdfReader(BytesIO(a5)).pages)
    sheets = impose(a5, paper)
    (tmp_path / "booklet.pdf").write_bytes(sheets)
    reader = PdfReader(BytesIO(sheets))
    width, height = (int(float(v)) for v in (reader.pages[0].mediabox.width, reader.pages[0].mediabox.height))
    assert width > height
    order = saddle_order(padded_pages(pages))
    assert len(reader.pages) == len(order)
    for side, (left, right) in enumerate(order, start=1):
        for half, expected in enumerate((left, right)):
            text = subprocess.run(["pdftotext", "-f", str(side), "-l", str(side), "-x", str(half * width // 2),
                                   "-y", "0", "-W", str(width // 2), "-H", str(height), str(tmp_path / "booklet.pdf"),
                                   "-"], capture_output=True, text=True, check=True).stdout
            number = re.search(r"Page (\d+) of", text)
            if expected == 1 or expected > pages:  # the cover and the blank pages carry no number
                assert number is None
            else:
                assert number and int(number[1]) == expected, (side, half, text[-80:])
    inside = subprocess.run(["pdftotext", "-f", "2", "-l", "2", str(tmp_path / "booklet.pdf"), "-"],
                            capture_output=True, text=True, check=True).stdout  # the inside back cover
    assert "Print double-sided, flipping on the short edge" in inside


def test_the_kit_lists_the_rulebook_on_its_cover_and_among_its_downloads(tmp_path):
    """A player printing the kit finds the rules to print with it."""
    from generator.kit import load_components, write_kits
    from generator.kit.stage import KitStage
    from generator.stagework import section_html, template_renderer
    from generator.write import DryOutput

    site = catalogue()
    game = site.game("splut")
    components = load_components(game.folder, game.data)
    kit = write_kits(components, tmp_path, title=game.title, author="", papers=("letter",), variants=("print",),
                     rulebook="splut-rules-{paper}.pdf")[0]
    cover = PdfReader(kit.path).pages[0].extract_text()
    assert "The rules" in cover and "splut-rules-letter.pdf" in cover
    made = KitStage().write_game(site, game, DryOutput(site.root / "output"), None)  # its section, nothing drawn
    section = made.sections[game.page("rules").url][0]
    html = section_html(section, game, site, template_renderer(site.root, None))
    assert 'href="splut-rules-a4.pdf" download>Splut! rules — A4 (PDF)</a>' in html
    assert 'href="splut-rules-letter.pdf" download>Splut! rules — US Letter (PDF)</a>' in html
