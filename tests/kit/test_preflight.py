"""Issue 24.1: preflight runs on every page of every kit, in every build and in `check`, before
anything is written. Issue 44.1: each finding has a severity. Text under 5 pt, outside its
component, across a cut or under 3:1 contrast, and anything in the paper's unprintable edge are
errors naming the file (a card's data row), the kit, the page, the component and the text, with
what to change: exit 1, the output untouched. Text from 5 to 6 pt, contrast from 3:1 to 4.5:1,
text over other marks and cards of different colours sharing a cut are warnings: listed, the
output written, exit 0; `--strict` fails them."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main
from generator.draw.shapes import Drawing, Group, Text
from generator.kit import load_components
from generator.draw.preflight import MIN_TEXT_PT, small_text
from generator.kit.preflight import preflight_kits
from tests.sitefactory import make_site
from tests.errors.test_author_messages import KIT

ROOT = Path(__file__).resolve().parents[2]


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


# -- one broken fixture per check: each can fail, with its wording, file and exit 1 ----------
SHEET_KIT = KIT.replace('[[sheet]]\nname = "score"\ntitle = "Score pad"\ncolumns = ["Player", "Score"]\nrows = 4\n',
                        '[[sheet]]\nname = "log"\ntitle = "Log"\ndrawing = "pad.sheet"\n')
SHEETS = {
    "tiny": "Text(2, 10, 'Score', size=1.5)",  # 4.25 pt
    "outside": "Text(5, 10, 'Round score, carried over', size=4.0)",  # runs past the 40 mm sheet
    "overlap": "Text(2, 10, 'Score', size=4.0), Text(4, 11, 'Total', size=4.0)",
    "grey": "Rect(0, 0, 40, 30, Style(fill='#999999')), Text(2, 10, 'Score', size=4.0, fill='#777777')",
    "crossed": "Text(2, 10, 'Score', size=4.0), Line(0, 9, 40, 9, Style(stroke='#000000', stroke_width=0.4))",
}


def sheet_site(tmp_path, shapes: str) -> Path:
    pad = ("from generator.draw.shapes import Drawing, Line, Rect, Style, Text\n\n\n"
           f"def sheet(player):\n    return Drawing(40, 30, ({shapes},))\n")
    return make_site(tmp_path / "site", **{"content__pebbles__components.toml": SHEET_KIT,
                                           "content__pebbles__pad.py": pad})


ERRORS = [  # the print would be wrong: exit 1, nothing written
    ("tiny", "text under 6 pt on paper, print, sheet log", "“Score” at 4.25 pt"),
    ("outside", "text outside its component's safe area, print, sheet log",
     "“Round score, carried over” reaches"),
    ("grey", "text that does not stand out from what lies under it, print, sheet log",
     "“Score” in #777777 on #999999: 1.57:1"),
]
WARNINGS = [  # the print would be poor: listed, the output written; --strict fails
    ("overlap", "text colliding with other marks, print, sheet log", "“Score” overlaps “Total”"),
    ("crossed", "text colliding with other marks, print, sheet log", "“Score” crossed by a line or border"),
    ("smallish", "text under 6 pt on paper, print, sheet log", "“Score” at 5.67 pt"),
    ("faint", "text that does not stand out from what lies under it, print, sheet log",
     "“Score” in #777777 on #ffffff: 4.48:1"),
]
SHEETS.update({"smallish": "Text(2, 10, 'Score', size=2.0)", "faint": "Text(2, 10, 'Score', size=4.0, fill='#777777')"})


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("case,message,found", ERRORS)
def test_each_preflight_error_fails_a_broken_sheet_with_file_wording_and_exit_1(tmp_path, capsys, command, case,
                                                                                 message, found):
    site = sheet_site(tmp_path, SHEETS[case])
    assert main([command, str(site)] + (["-q"] if command == "build" else [])) == 1
    err = capsys.readouterr().err
    assert f"{site / 'content/pebbles/components.toml'}: preflight: {message}\n" in err
    assert f"found:    {found}" in err
    assert "Traceback" not in err and not (site / "output").exists()


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("case,message,found", WARNINGS)
def test_each_preflight_warning_is_listed_the_output_written_and_strict_fails(tmp_path, capsys, command, case,
                                                                              message, found):
    site = sheet_site(tmp_path, SHEETS[case])
    quiet = ["-q"] if command == "build" else []
    assert main([command, str(site)] + quiet) == 0
    err = capsys.readouterr().err
    assert f"{site / 'content/pebbles/components.toml'}: warning: preflight: {message}\n" in err
    assert f"found:    {found}" in err and "1 warning" in err
    assert (site / "output" / "index.html").exists() == (command == "build")
    assert main([command, str(site), "--strict"] + quiet) == 1
    err = capsys.readouterr().err
    assert f"warning: preflight: {message}" in err and "Traceback" not in err


def test_a_sheet_drawn_cleanly_passes_every_check_silently(tmp_path, capsys):
    site = sheet_site(tmp_path, "Text(2, 10, 'Score', size=4.0), Line(0, 14, 40, 14, Style(stroke='#000000'))")
    assert main(["build", str(site), "-q"]) == 0
    assert capsys.readouterr().err == ""


BOARD_KIT = KIT + '\n[[board]]\nname = "road"\ntitle = "Road"\ncell = 10\ndrawing = "road.board"\n'
ROAD = ("from generator.draw.shapes import Drawing, Text\n\n\n"
        "def board(cell):  # wider than a page: tiled, and the banner runs across every overlap\n"
        "    banner = 'THE LONG ROAD ' * 40\n"
        "    return Drawing(400, 60, (Text(0, 30, banner, size=8.0, length=400.0),))\n")


def test_text_across_a_tile_cut_is_an_error(tmp_path, capsys):
    site = make_site(tmp_path / "site", **{"content__pebbles__components.toml": BOARD_KIT,
                                           "content__pebbles__road.py": ROAD})
    assert main(["check", str(site)]) == 1
    err = capsys.readouterr().err
    assert f"{site / 'content/pebbles/components.toml'}: preflight: text across a cut line, in the A4 kit, page" in err
    assert "crossed by the cut line" in err and "expected: text clear of every cut" in err


# -- what only the layout can get wrong: checked on pages made by hand -------------------
def test_anything_in_the_outer_5_mm_of_the_paper_is_an_error():
    from generator.kit.preflight import page_findings

    page = Drawing(210, 297, (Text(105, 294.0, "footer too low", size=2.6, anchor="middle"),
                              Text(105, 150, "well inside", size=4.0, anchor="middle")))
    (found,) = page_findings(page, "A4", 2, {})
    assert found.check == "something outside the printable area"
    assert found.found.startswith("“footer too low”") and "mm from the paper's edge" in found.found


def test_cards_of_different_colours_sharing_a_cut_line_are_an_error():
    from generator.draw.shapes import Rect, Style
    from generator.kit.preflight import page_findings

    def card(x, colour, i):
        art = Group((Rect(0, 0, 69, 94, Style(fill=colour)),), dx=x - 3, dy=17, role=f"card-art:deck:{i}:front")
        return art, Rect(x, 20, 63, 88, role=f"card-trim:deck:{i}:front")

    red, blue = card(20, "#c0392b", 0), card(83, "#1f6fa5", 1)
    (found,) = page_findings(Drawing(210, 297, red + blue), "A4", 3, {})
    assert found.check == "cards of different edge colours share a cut line"
    assert "#c0392b" in found.found and "#1f6fa5" in found.found
    same = card(83, "#c0392b", 1)
    assert page_findings(Drawing(210, 297, red + same), "A4", 3, {}) == []


def test_a_deck_of_many_colours_is_printed_with_white_edges_so_shared_cuts_match():
    from generator.kit.build import Artwork

    components = load_components(ROOT / "content" / "splash")
    (deck,) = components.decks
    fronts, _backs = Artwork(components, False).cards(deck, None)
    for drawing in fronts[:: len(fronts) // 4]:
        edge = drawing.shapes[0]
        assert edge.role == "card-background" and edge.style.fill == "#ffffff"


def test_card_backs_have_no_frame_near_the_trim_to_show_misregistration():
    from generator.draw.shapes import Rect
    from generator.kit.build import Artwork

    components = load_components(ROOT / "content" / "shoot")
    for ink in (False, True):
        for deck in components.decks:
            _fronts, backs = Artwork(components, ink).cards(deck, None)
            for back in {id(b): b for b in backs}.values():
                frames = [s for s in back.shapes if isinstance(s, Rect) and s.style.stroke]
                assert not frames, (deck.name, ink, frames)


def test_a_turned_index_that_reads_as_another_number_is_underlined():
    from generator.kit.cards import reads_otherwise_turned

    assert reads_otherwise_turned("6") and reads_otherwise_turned("9") and reads_otherwise_turned("66")
    assert not any(reads_otherwise_turned(index) for index in ("8", "10", "S!", "7", ""))


DECK_KIT = KIT + ('\n[[deck]]\nname = "cards"\ntitle = "Cards"\nsize = "poker"\ndata = "cards.csv"\n'
                  '[deck.front]\nbackground = "{colour}"\ntitle = "{name}"\n'
                  '[deck.back]\nbackground = "#333333"\ntitle = "Pebbles"\n')


def test_a_card_that_fails_preflight_is_named_by_its_data_row(tmp_path, capsys):
    """An orange on which neither black nor white type reaches 4.5:1 (a warning: over 3:1): the
    finding points at the row."""
    from tests.sitefactory import GAME_TOML

    game = GAME_TOML + '\n[data.cards]\nfile = "cards.csv"\ncolumns = { name = "str", colour = "str" }\n'
    site = make_site(tmp_path / "site", **{"content__pebbles__components.toml": DECK_KIT,
                                           "content__pebbles__game.toml": game,
                                           "content__pebbles__cards.csv": "name,colour\nCalm,#1f6fa5\nLoud,#d35400\n"})
    assert main(["check", str(site), "--strict"]) == 1
    err = capsys.readouterr().err
    assert (f"{site / 'content/pebbles/cards.csv'}:3: warning: preflight: text that does not stand out from what lies "
            "under it, print, on the front of cards card “Loud”") in err
    assert "found:    “Loud” in #1a1a1a on #d35400: 4.18:1" in err


@pytest.mark.parametrize("example", sorted(p.name for p in (ROOT / "docs/kit/examples").iterdir()
                                           if (p / "components.toml").is_file()))
def test_every_documented_kit_example_passes_preflight(example):
    """What authors copy from docs/kit/ prints cleanly."""
    assert preflight_kits(load_components(ROOT / "docs/kit/examples" / example)) == []


def test_fold_over_poker_cards_lie_on_their_side_four_to_a_page():
    """Upright, a front and its back side by side fit three pairs on A4 or Letter; on their side, four."""
    from generator.kit.impose import fold_layout

    for paper in ((210.0, 297.0), (215.9, 279.4)):
        grid, on_side = fold_layout(*paper, 63.5, 88.9)
        assert on_side and grid.count == 4


def test_a_surface_met_again_is_answered_as_it_was_checked_and_a_changed_one_is_checked_anew():
    """A diagram on two pages, or a board in every language's kit, is checked once a process
    (draw/preflight.Answers): the second meeting gets the same findings about its own items, in
    its own place; a surface whose words moved apart is checked again."""
    from generator.draw.flatten import flatten
    from generator.draw.preflight import surface_findings

    def surface(gap: float):
        return list(flatten((Text(10, 10, "north", size=3.0), Text(12, 10 + gap, "south", size=3.0))))

    first = surface_findings(surface(0.5), "the board, A4", ("board",), only=("collision",))
    again = surface_findings(surface(0.5), "the board, Letter", ("board",), only=("collision",))
    assert [f.found for f in first] == [f.found for f in again] == ["“north” overlaps “south”"]
    assert again[0].where == "the board, Letter"
    assert surface_findings(surface(8.0), "the board, A4", ("board",), only=("collision",)) == []
