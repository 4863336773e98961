"""Issue 24.1: preflight runs on every page of every kit, in every build and in `check`, before
anything is written. Text under 6 pt on paper is an error naming the file, the kit, the page,
the component and the text, with what to change; exit 1, the output untouched."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main
from generator.draw.shapes import Drawing, Group, Text
from generator.kit import load_components
from generator.kit.preflight import MIN_TEXT_PT, preflight_kits, small_text
from tests.core.sitefactory import make_site
from tests.core.test_author_messages import KIT

ROOT = Path(__file__).resolve().parents[2]
TINY = KIT + ('\n[[token]]\nname = "markers"\nsize = 10\n'
              'items = [{ label = "Extraordinarily long name", count = 2 }]\n')


@pytest.mark.parametrize("command", ["build", "check"])
def test_text_under_6_pt_is_an_error_naming_the_kit_page_component_and_text(tmp_path, capsys, command):
    site = make_site(tmp_path / "site", **{"content__pebbles__components.toml": TINY})
    assert main([command, str(site)] + (["-q"] if command == "build" else [])) == 1
    err = capsys.readouterr().err
    spec = site / "content/pebbles/components.toml"
    assert f"{spec}: preflight: text under 6 pt on paper, in the A4 kit, page 1, token markers 0\n" in err
    assert "expected: text of at least 6 pt (2.12 mm): make the component larger" in err
    assert "found:    “Extra…” at 4.17 pt" in err  # as printed: shrunk to its floor, then cut
    assert "Traceback" not in err
    assert not (site / "output").exists()  # nothing written


def test_a_kit_with_readable_text_passes_silently(tmp_path, capsys):
    site = make_site(tmp_path / "site", **{"content__pebbles__components.toml": KIT})
    assert main(["build", str(site), "-q"]) == 0
    assert capsys.readouterr().err == ""


def test_the_size_on_paper_counts_a_groups_scale():
    """A label drawn at 4 mm in a diagram printed at half size is 2 mm (5.7 pt) on paper."""
    shapes = (Group((Text(0, 0, "a1", size=4.0),), scale=0.5, role="token:pieces:0"),
              Text(0, 0, "big enough", size=2.2))
    (found,) = small_text(Drawing(10, 10, shapes).shapes, "A4", 3)
    assert (found.text, found.component, found.page, found.points) == ("a1", "token pieces 0", 3, 5.67)


@pytest.mark.parametrize("game", ["splat", "splut", "sitters", "splash", "shoot"])
def test_the_launch_kits_pass_preflight_with_no_exemption(game):
    assert preflight_kits(load_components(ROOT / "content" / game)) == []


@pytest.mark.parametrize("game", ["splat", "splut", "sitters", "splash", "shoot"])
def test_no_text_in_a_launch_kit_pdf_is_under_6_pt(tmp_path, game):
    """Read back from the written PDFs (every page of every kit: papers, ink saver, fold-over),
    following the transformation matrix into the repeated drawings."""
    from pypdf import PdfReader

    from generator.kit import write_kits
    from tests.kit.pdfgeom import page_geometry

    files = write_kits(load_components(ROOT / "content" / game), tmp_path, title=game, author="")
    assert len(files) >= 4
    for kit in files:
        reader = PdfReader(kit.path)
        sizes = [size for page in reader.pages for size, _text in page_geometry(reader, page).texts]
        assert sizes and min(sizes) >= MIN_TEXT_PT - 0.01, (kit.path.name, min(sizes))
