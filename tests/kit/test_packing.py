"""Issue 24.5 "Paper" and 24.4 "sets whole": how sheets and tokens are packed onto the kit's
pages (generator/kit/packing.py), read back from the laid-out pages of small fixture games
(each built so that the packer before this issue broke its rule) and of the launch kits.

Rules checked: a token set that fits a row is never split across rows or pages; a section's
heading stands only above its own things; a sparse last page is rebalanced; the components
share the cover when it has room; the cover pictures the start position when the kit asks; a
token label that does not fit whole is an error; the assembly steps fit what the kit holds."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.draw.bounds import bounds, overlaps
from generator.draw.shapes import Drawing, Group, Rect, Text
from generator.errors import ContentError, ContentErrors
from generator.kit import load_components
from generator.kit.build import Artwork, kit_pages, page_range
from generator.kit.packing import Frame, PackSection, pack_pages
from generator.kit.spec import plan_kits
from tests.kit.conftest import CONTENT, GAMES

TEAMS = '''[kit]
papers = ["a4"]
variants = ["print"]
players = [{ name = "Red", colour = "#c8102e" }, { name = "Blue", colour = "#1f5fbf" },
           { name = "Green", colour = "#2e8b3a" }, { name = "Yellow", colour = "#e8b100" }]

[[token]]  # four teams of three: 12 pieces, 10 to a row, so a packer of single pieces splits a team
name = "teams"
title = "Teams"
size = 15
per_player = true
items = [{ label = "S" }, { label = "T" }, { label = "D" }]

[[token]]
name = "rocks"
title = "Rocks"
size = 15
items = [{ label = "R", fill = "#8a8a8a", count = 4 }]
'''

MARKERS = '''[kit]
papers = ["a4"]
variants = ["print"]

[[sheet]]  # a sheet across the page, so the markers share what is left below it
name = "tally"
title = "Tally"
columns = ["Game", "Gold", "Survivors", "Score"]
column_widths = [22, 108, 25, 25]
rows = 12
row_height = 11

[[token]]
name = "goodies"
title = "Goodie markers"
size = 25
items = [{ label = "G", fill = "#2e7d32", count = 4 }]

[[token]]  # six: a packer that runs a heading's band on lets some of these in under "Goodie markers"
name = "baddies"
title = "Baddie markers"
size = 25
items = [{ label = "B", fill = "#8e1b1b", count = 6 }]
'''


def fixture_game(tmp_path: Path, components: str) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "components.toml").write_text(components, encoding="utf-8")
    return folder


def pages_of(folder: Path, paper: str = "a4", edition=None, title: str = "Fixture"):
    components = load_components(folder)
    return kit_pages(components, Artwork(components, False), title=title, author="", paper=paper,
                     variant="print", edition=edition)


@dataclass(frozen=True)
class Placed:
    page: int
    role: str
    x: float
    y: float
    w: float
    h: float


def placed_tokens(pages) -> list[Placed]:
    """Every packed token or sheet as placed on the pages (the groups the packer names)."""
    found = []
    for number, page in enumerate(pages, start=1):
        for shape in page.drawing.shapes:
            if isinstance(shape, Group) and shape.role.startswith(("token:", "sheet:")):
                x, y, w, h = bounds(shape)
                found.append(Placed(number, shape.role, x, y, w, h))
    return found


def headings(page) -> list[Text]:
    """The section titles the packer put on a page (bold, 3.6 mm)."""
    return [s for s in page.drawing.shapes if isinstance(s, Text) and s.bold and s.size == pytest.approx(3.6)
            and s.role != "footer"]


def sets_of(components) -> dict[str, list[list[str]]]:
    """The roles of each token set, as a player sorts them: a player's team, or a spec's whole set."""
    sets = {}
    for spec in components.tokens:
        per_set = sum(item.count for item in spec.items)
        owners = len(components.options.players) if spec.per_player else 1
        sets[spec.name] = [[f"token:{spec.name}:{owner * per_set + i}" for i in range(per_set)]
                           for owner in range(owners)]
    return sets


def assert_sets_whole(pages, components, paper_w: float) -> None:
    where = {p.role: p for p in placed_tokens(pages)}
    for spec in components.tokens:
        for roles in sets_of(components)[spec.name]:
            spots = [where[role] for role in roles]
            assert len({s.page for s in spots}) == 1, f"{spec.name}: a set split across pages {roles}"
            row = len(roles) * spec.size + (len(roles) - 1) * 3.0
            if row <= paper_w - 16:  # it fits a row whole: one row it is
                assert len({round(s.y, 3) for s in spots}) == 1, f"{spec.name}: a set split across rows {roles}"


# -- sets kept whole ---------------------------------------------------------------------
def test_a_token_set_that_fits_a_row_is_never_split_across_rows_or_pages(tmp_path):
    folder = fixture_game(tmp_path, TEAMS)
    assert_sets_whole(pages_of(folder), load_components(folder), 210.0)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_launch_kits_keep_every_token_set_whole(game, paper):
    """Splut!'s green team in one row, SiTTeRS's six baddies together (they came out as 2 + 4)."""
    components = load_components(CONTENT / game)
    artwork = Artwork(components, False)
    for kit in plan_kits(components, (paper,), ("print",)):
        pages = kit_pages(components, artwork, title=game, author="", paper=paper, variant="print",
                          edition=kit.edition)
        if components.tokens and not (kit.edition and kit.edition.add_on):
            assert_sets_whole(pages, components, pages[0].drawing.width)


def blocks(page, titles: dict[str, str]) -> list[tuple[str, tuple]]:
    """Each section's block on the page: its heading (the nearest one with its title above and
    left of each of its things) and its things, as (title, box)."""
    heads = [s for s in page.drawing.shapes if isinstance(s, Text) and s.text in titles.values()]
    grouped: dict[int, list] = {}
    for item in placed_tokens([page]):
        title = titles[item.role.split(":")[1]]
        over = [t for t in heads if t.text == title and t.x <= item.x + 0.5 and t.y <= item.y + 0.5]
        head = max(over, key=lambda t: t.y)
        grouped.setdefault(id(head), [head]).append(item)
    found = []
    for head, *items in grouped.values():
        top_left = (head.x, head.y - head.size)
        boxes = [(top_left[0], top_left[1], head.length, head.size)] + [(i.x, i.y, i.w, i.h) for i in items]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
        found.append((head.text, (x0, y0, x1 - x0, y1 - y0)))
    return found


def assert_headings_over_own_things(pages, titles: dict[str, str]) -> None:
    """No two sections' blocks (a heading and the things under it) overlap: a heading never
    stands above another section's pieces."""
    for number, page in enumerate(pages, start=1):
        found = blocks(page, titles)
        for i, (a, box_a) in enumerate(found):
            for b, box_b in found[i + 1:]:
                assert not overlaps(box_a, box_b, gap=-0.05), f"page {number}: {a} and {b} run into each other"


@pytest.mark.parametrize("components", [MARKERS, TEAMS], ids=["markers", "teams"])
def test_a_section_heading_stands_only_above_its_own_things(tmp_path, components):
    folder = fixture_game(tmp_path, components)
    loaded = load_components(folder)
    assert_headings_over_own_things(pages_of(folder), {s.name: s.title for s in (*loaded.tokens, *loaded.sheets)})


@pytest.mark.parametrize("game", GAMES)
def test_no_launch_kit_heading_stands_above_another_sections_pieces(game):
    components = load_components(CONTENT / game)
    titles = {spec.name: spec.title for spec in (*components.tokens, *components.sheets)}
    artwork = Artwork(components, False)
    for paper in ("a4", "letter"):
        for kit in plan_kits(components, (paper,), ("print",)):
            assert_headings_over_own_things(kit_pages(components, artwork, title=game, author="", paper=paper,
                                                      variant="print", edition=kit.edition), titles)


# -- pages well used ---------------------------------------------------------------------
def test_a_sparse_last_page_is_rebalanced_across_the_pages():
    """Seven rows of pieces where an A4 page holds five: packed first come first, the second
    page would hold two rows (a third of it); the packer spreads them 4 + 3 on the same two
    pages, and each then uses at least half its printable area."""
    square = Drawing(45.0, 45.0, (Rect(0, 0, 45.0, 45.0),))
    rows = tuple(tuple((square, f"token:rows:{4 * row + i}") for i in range(4)) for row in range(7))
    pages = pack_pages([PackSection("Rows", rows)], 210.0, 297.0)
    frame = Frame(210.0, 297.0)
    assert len(pages) == 2
    counts = [len(page.packed) // 4 for page in pages]
    assert sorted(counts) == [3, 4], counts
    for page in pages:
        boxes = [bounds(shape) for shape in page.shapes]
        top = min(b[1] for b in boxes)
        bottom = max(b[1] + b[3] for b in boxes)
        width = max(b[0] + b[2] for b in boxes) - min(b[0] for b in boxes)
        assert width * (bottom - top) / frame.area >= 0.5


def four_sets() -> str:
    """Four sets of eight 30 mm markers: more than half a page of pieces, so a packer that
    only moves a sparse last page onto the cover leaves the cover's room unused."""
    specs = "".join(f'[[token]]\nname = "set-{i}"\ntitle = "Set {i}"\nsize = 30\n'
                    f'items = [{{ label = "{i}", fill = "#1f5fbf", count = 8 }}]\n\n' for i in range(4))
    return '[kit]\npapers = ["a4"]\nvariants = ["print"]\n\n' + specs


def test_the_components_share_the_cover_when_it_has_room(tmp_path):
    folder = fixture_game(tmp_path, four_sets())
    pages = pages_of(folder)
    on_cover = [item for item in placed_tokens(pages) if item.page == 1]
    assert on_cover, "the cover has room below its contents, and no piece is there"
    assert len(pages) == 2


# -- the cover ---------------------------------------------------------------------------
def smallest_type(shapes, scale: float = 1.0) -> float:
    sizes = [smallest_type(s.shapes, scale * s.scale) for s in shapes if isinstance(s, Group)]
    sizes += [s.size * scale for s in shapes if isinstance(s, Text) and s.text.strip()]
    return min(sizes, default=99.0)


@pytest.mark.parametrize("game", ["splat", "splut"])
def test_the_cover_pictures_the_start_position_when_the_kit_asks(game):
    """[kit].setup: the engine's start position on page 1, at least half its size, its words 6 pt
    or more, and nothing in it read as a component (no cells, no roles)."""
    components = load_components(CONTENT / game)
    assert components.setup is not None
    for paper in ("a4", "letter"):
        cover = pages_of(CONTENT / game, paper)[0].drawing
        [picture] = [s for s in cover.shapes if isinstance(s, Group) and s.role == "setup-picture"]
        assert picture.scale >= 0.5
        assert smallest_type(picture.shapes, picture.scale) >= 6 / 72 * 25.4 - 1e-6
        assert any(isinstance(s, Text) and s.text.startswith("Set-up for 4 players") for s in cover.shapes)


def test_a_start_position_the_engine_cannot_draw_is_an_error_at_its_line(tmp_path):
    folder = fixture_game(tmp_path, TEAMS.replace('variants = ["print"]\n',
                                                  'variants = ["print"]\nsetup = { players = 4 }\n'))
    with pytest.raises((ContentError, ContentErrors)) as caught:
        load_components(folder)
    [error] = caught.value.errors
    assert error.line == 4 and "start position" in error.message


# -- labels whole ------------------------------------------------------------------------
SORCERER = TEAMS.replace('items = [{ label = "S" }, { label = "T" }, { label = "D" }]',
                         'items = [{ label = "S", caption = "Sorcerer supreme" }]')


def test_a_token_label_that_does_not_fit_whole_is_an_error_naming_a_size_that_fits(tmp_path):
    folder = fixture_game(tmp_path, SORCERER)
    with pytest.raises(ContentError) as caught:
        Artwork(load_components(folder), False)
    error = caught.value
    assert "“Sorcerer supreme” does not fit whole on a 15 mm token" in error.message
    lines = SORCERER.splitlines()
    assert error.path.name == "components.toml" and lines[error.line - 1] == "size = 15"  # the line to change
    size = int(error.expected.split("size = ")[1].split()[0])
    (folder / "components.toml").write_text(SORCERER.replace("size = 15\nper_player", f"size = {size}\nper_player"))
    Artwork(load_components(folder), False)  # the size the error names holds the label whole


@pytest.mark.parametrize("game", GAMES)
def test_no_launch_token_label_is_cut(game):
    """No "Red skydi…": every token's words are whole, in the kit and in its preview."""
    from generator.kit.preview import render_previews

    components = load_components(CONTENT / game)
    for spec, drawings in Artwork(components, False).tokens:
        for drawing in drawings:
            texts = [s.text for s in drawing.shapes if isinstance(s, Text)]
            assert not any(text.endswith("…") for text in texts), (spec.name, texts)
    for preview in render_previews(components):
        assert "…" not in preview.svg, preview.name


# -- assembly steps ----------------------------------------------------------------------
def cover_words(page) -> str:
    return " ".join(s.text for s in page.drawing.shapes if isinstance(s, Text))


@pytest.mark.parametrize("game", GAMES)
def test_assembly_steps_fit_what_the_kit_holds(game):
    """Flat tokens are never stood up; a step for tokens (naming their pages) only in a kit that
    holds them, for tiles only when a board is tiled, for cards only with cards."""
    components = load_components(CONTENT / game)
    artwork = Artwork(components, False)
    for kit in plan_kits(components, ("a4",), None):
        pages = kit_pages(components, artwork, title=game, author="", paper="a4", variant=kit.variant,
                          edition=kit.edition)
        words = cover_words(pages[0])
        token_pages = sorted({item.page for item in placed_tokens(pages) if item.role.startswith("token:")})
        assert "stand up" not in words
        assert ("Tokens (page" in words) == bool(token_pages), kit.name
        if token_pages:
            assert page_range(token_pages) in words.split("Tokens (")[1].split(")")[0]
        tiled = any(", tile " in p.drawing.title for p in pages)
        assert ("Boards on several pages" in words) == tiled, kit.name
        cards = any("(fronts)" in p.drawing.title or "(fold-over)" in p.drawing.title for p in pages)
        assert ("crop marks" in words) == cards, kit.name
