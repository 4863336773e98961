"""The five launch games' kits, built from their real content (issue 4, item 4: "every
launch game has its full kit"; "Done when": card counts 40 for SPLASH!, 95/130 for
Splatter SHOOT). Counts are read back from the PDFs and compared with the data files."""
from __future__ import annotations

import csv
from collections import Counter

import pytest

from generator.kit import load_components, render_previews
from tests.kit.conftest import CONTENT, GAMES
from tests.kit.pdfgeom import page_roles


def rows(game: str, name: str) -> list[dict]:
    with open(CONTENT / game / name, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def fronts(reader) -> list[str]:
    """The card-trim roles of every card front in the PDF (one per printed card)."""
    return [role for page in reader.pages for role in page_roles(page)
            if role.startswith("card-trim:") and role.endswith(":front")]


def token_roles(reader, name: str) -> set[str]:
    return {role for page in reader.pages for role in page_roles(page) if role.startswith(f"token:{name}:")}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_kit_and_a_preview_of_each_component(game):
    components = load_components(CONTENT / game)
    assert components is not None, f"content/{game}/components.toml"
    previews = render_previews(components)
    assert [p.name for p in previews] == components.names
    assert all(p.svg.startswith("<svg") for p in previews)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_splash_kit_prints_the_40_cards_of_deck_csv(kits, geometry_of, paper):
    """Issue 4 "Done when": 40 cards for SPLASH!, as deck.csv's qty column says."""
    expected = sum(int(r["qty"]) for r in rows("splash", "deck.csv"))
    assert expected == 40
    assert len(fronts(kits[("splash", "", paper)])) == expected


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_shoot_beginner_kit_has_95_cards_and_normal_kit_130(kits, geometry_of, paper):
    """Issue 4 "Done when": 95 cards in the beginner set ("both" rows), 130 in the normal set."""
    decks = {"splattercards": "splattercards.csv", "weapons": "weapons.csv", "gadgets": "gadgets.csv"}
    for edition, sets, total in (("beginner", {"both"}, 95), ("normal", {"both", "normal"}, 130)):
        counts = Counter(role.split(":")[1] for role in fronts(kits[("shoot", edition, paper)]))
        for deck, file in decks.items():
            assert counts[deck] == sum(int(r["qty"]) for r in rows("shoot", file) if r["set"] in sets)
        assert sum(counts.values()) == total


def test_splut_arena_has_41_squares_in_a_diamond(kits, geometry_of):
    """Splut!'s board (the diagrams' arena): 41 squares, rows of 1, 3, 5, 7, 9, 7, 5, 3, 1 (board.csv)."""
    cells = {}
    for geometry in geometry_of(kits[("splut", "", "a4")]):
        for item in geometry.items:
            if item.role == "square":
                cells[item.cell] = item.bbox
    assert set(cells) == {r["cell"] for r in rows("splut", "board.csv")}
    assert len(cells) == 41
    by_row = Counter(round(y, 1) for _x, y, _w, _h in cells.values())
    assert [by_row[y] for y in sorted(by_row)] == [1, 3, 5, 7, 9, 7, 5, 3, 1]


def test_splut_has_three_pieces_per_team_and_four_rocks(kits, geometry_of):
    reader = kits[("splut", "", "a4")]
    assert len(token_roles(reader, "teams")) == 3 * len(rows("splut", "seats.csv"))
    assert len(token_roles(reader, "rocks")) == 4


def test_splat_sky_is_5_by_10_with_wrapping_sides(kits, geometry_of):
    """Splat's board (board.csv: width 5, height 10, sides joined) with a wrap marker on
    each side of every row."""
    board = rows("splat", "board.csv")[0]
    reader = kits[("splat", "", "letter")]
    cells = [i for g in geometry_of(reader) for i in g.items if i.role == "cell" and i.cell[1:] != "0"]
    assert len(cells) == int(board["width"]) * int(board["height"])
    plane = [i for g in geometry_of(reader) for i in g.items if i.role == "cell" and i.cell[1:] == "0"]
    assert len(plane) == int(board["width"])  # the plane row, where setup puts the skydivers
    assert len({round(i.bbox[0], 2) for i in cells}) == int(board["width"])
    assert board["wrap_sides"] == "true"
    wraps = [r for g in geometry_of(reader) for r in g.roles if r == "wrap"]
    assert len(wraps) == 2 * int(board["height"])
    assert len(token_roles(reader, "pieces")) == sum(int(r["qty"]) for r in rows("splat", "pieces.csv"))


def test_sitters_board_has_40_mm_spaces_and_its_markers(kits, geometry_of):
    """SiTTeRS: the board map of board.txt at 40 mm squares (tiled), 4 goodies, 6 baddies, 8 chests."""
    reader = kits[("sitters", "", "a4")]
    spaces = {}
    for geometry in geometry_of(reader):
        for item in geometry.items:
            if item.role == "space":
                _x, _y, w, h = item.bbox
                assert w == pytest.approx(40, abs=0.1) and h == pytest.approx(40, abs=0.1)
                spaces[item.cell] = True
    board = [line for line in (CONTENT / "sitters" / "board.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert len(spaces) == sum(ch != "-" for line in board for ch in line)
    pieces = {r["component"]: int(r["qty"]) for r in rows("sitters", "pieces.csv")}
    for name, component in (("goodies", "Goodie marker"), ("baddies", "Baddie marker"), ("chests", "Chest marker")):
        assert len(token_roles(reader, name)) == pieces[component]
