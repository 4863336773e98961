"""Cards with real layouts (issue 13, points 3 and 4): named regions, vector icons, art
drawn by the game's own code, text that does not fit reported against its data row,
and Splatter SHOOT's Splattercards holding every part its rules' card table lists."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.draw.shapes import Group
from generator.errors import ContentError, ContentErrors
from generator.kit import load_components
from generator.kit.cards import front_drawing
from tests.kit.conftest import CONTENT

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "kit" / "examples" / "card-regions"


@pytest.fixture
def example(tmp_path) -> Path:
    folder = tmp_path / "card-regions"
    shutil.copytree(EXAMPLE, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def errors_of(folder: Path) -> list[ContentError]:
    with pytest.raises((ContentError, ContentErrors)) as caught:
        load_components(folder)
    return list(getattr(caught.value, "errors", [caught.value]))


def line_of(path: Path, fragment: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if fragment in line)


def boxes(shapes, dx=0.0, dy=0.0):
    """(role, x, y) of every shape, groups flattened with their offsets; a group's role also stands on each of its shapes."""
    for shape in shapes:
        if isinstance(shape, Group):
            inner = list(boxes(shape.shapes, dx + shape.dx, dy + shape.dy))
            yield from inner
            if shape.role:
                yield from ((shape.role, x, y) for _role, x, y in inner)
        else:
            x = getattr(shape, "x", getattr(shape, "cx", getattr(shape, "x1", None)))
            y = getattr(shape, "y", getattr(shape, "cy", getattr(shape, "y1", None)))
            if x is None and getattr(shape, "points", None):
                x, y = shape.points[0]
            yield shape.role, dx + (x or 0.0), dy + (y or 0.0)


def roles(drawing) -> set[str]:
    return {role for role, _x, _y in boxes(drawing.shapes) if role}


def test_a_card_with_every_region_draws_each_region(example):
    """Corner index, title, corner and row stat boxes, the game's art, body and footer all appear."""
    deck = load_components(example).decks[0]
    drawing = front_drawing(deck.cards[0][0].front, deck)
    assert {"card-corner", "card-title", "card-stat-top-right", "card-stat-bottom-left", "card-art", "card-body",
            "card-stat-1", "card-stat-2", "card-footer", "icon-boot", "icon-bolt", "icon-target"} <= roles(drawing)


def test_a_card_describes_itself_for_screen_readers(example):
    """The card in words: title, the art's own description, every stat and the body."""
    deck = load_components(example).decks[0]
    assert deck.cards[0][0].front.description == (
        "Marsh Heron. a bird with speed 3. COST 1. SPEED 3. POWER 2. RANGE 2. "
        "Flies over one river space. When it lands, look at the top card of the deck.")


@pytest.mark.parametrize("deck, csv, name, longer, region", [
    ("example", "creatures.csv", "Old Badger", "Old Badger of the Deep Green Forest under the Hill", "title"),
    ("layered", "pool.csv", "Sea Anemone", "Great Green Sea Anemone of the Northern Rock Pools", "text layer 3"),
])
def test_card_text_that_does_not_fit_names_the_data_row(request, deck, csv, name, longer, region):
    """A title too long for its band (or a layer's text for its box, at its least size) is an error
    on the card's row, not a silently cut title."""
    folder = request.getfixturevalue(deck)
    edit(folder / csv, name, longer)
    [error] = errors_of(folder)
    assert (error.path.name, error.line) == (csv, line_of(folder / csv, longer))
    assert f"{region} does not fit" in error.message and longer in error.found


def test_body_text_that_does_not_fit_names_the_data_row(example):
    csv = example / "creatures.csv"
    edit(csv, "Digs: move through a wall once per game.", " ".join(["Digs through every wall it meets."] * 40))
    [error] = errors_of(example)
    assert (error.path.name, error.line, "body text does not fit" in error.message) == (
        "creatures.csv", line_of(csv, "C2,"), True)


def test_art_naming_a_missing_function_is_an_error_at_its_line(example):
    components = example / "components.toml"
    edit(components, 'art = "cardart.creature"', 'art = "cardart.monster"')
    [error] = errors_of(example)
    assert error.line == line_of(components, "art =") and "no function monster" in error.message
    assert "creature" in error.expected


def test_art_naming_a_module_the_game_lacks_is_an_error(example):
    components = example / "components.toml"
    edit(components, 'art = "cardart.creature"', 'art = "../secret.creature"')
    [error] = errors_of(example)
    assert error.line == line_of(components, "art =") and "does not name a function" in error.message


def test_art_that_fails_on_a_row_names_the_row(example):
    edit(example / "cardart.py", 'row["speed"]', 'row["speed"] // (row["speed"] - 1)')
    [error] = errors_of(example)
    assert (error.path.name, error.line) == ("creatures.csv", line_of(example / "creatures.csv", "C2,"))
    assert "ZeroDivisionError" in error.found


def test_two_stat_boxes_in_one_corner_are_refused(example):
    components = example / "components.toml"
    edit(components, 'at = "top-right", label = "COST"', 'at = "bottom-left", label = "COST"')
    [error] = errors_of(example)
    assert "two stat boxes in the bottom-left corner" in error.message and "stats[0]" in error.found
    assert error.line == line_of(components, 'label = "SPEED"')


def test_a_stat_box_where_the_corner_index_goes_is_refused(example):
    components = example / "components.toml"
    edit(components, 'at = "top-right", label = "COST"', 'at = "top-left", label = "COST"')
    [error] = errors_of(example)
    assert "corner holds the corner index" in error.message


def test_an_unknown_icon_name_is_an_error_on_the_row(example):
    components = example / "components.toml"
    edit(components, 'icon = "bolt"', 'icon = "{kind}"')
    errors = errors_of(example)
    assert {(e.path.name, e.line) for e in errors} == {
        ("creatures.csv", line_of(example / "creatures.csv", "C1,")),
        ("creatures.csv", line_of(example / "creatures.csv", "C2,"))}
    assert "unknown stat icon 'bird'" in errors[0].message and "skull" in errors[0].expected


# -- Splatter SHOOT: the printed card holds what the rules say it shows ------------------------------
# What each line of the rules' card table ("Where on the card | What it tells you") is on the
# drawing: the role of its shape and, for a corner, the quarter of the card it must sit in.
CARD_TABLE_PARTS = {
    "Movement": ("card-stat-bottom-left", "bottom-left"),
    "direction": ("arrow", None),
    "hit location": ("body", None),
    "Push back": ("hit-symbols", None),
    "JAM": ("jam", None),
    "Death": ("skull", None),
    "ask the cards": ("answer", None),
    "Healing": ("card-stat-bottom-right", "bottom-right"),
}


def card_table_lines() -> list[str]:
    """The rows of the rules' Splattercard table, as written."""
    text = (CONTENT / "shoot" / "rules.md").read_text(encoding="utf-8")
    table = text.split("| Where on the card | What it tells you |", 1)[1].split("\n\n", 1)[0]
    return [line for line in table.splitlines()[2:] if line.startswith("|")]


def part_of(line: str) -> tuple[str, str | None]:
    matches = [key for key in CARD_TABLE_PARTS if key in line]
    assert len(matches) == 1, f"the rules' card table has a line this test does not know: {line}"
    return CARD_TABLE_PARTS[matches[0]]


def test_every_splattercard_part_the_rules_list_is_drawn_where_they_say():
    """Each row of the rules' card table is a named part of some Splattercard's drawing; corner
    parts sit in the corner named. A new line in the rules fails here until the card draws it."""
    deck = next(d for d in load_components(CONTENT / "shoot").decks if d.name == "splattercards")
    drawn: dict[str, list[tuple[float, float]]] = {}
    for card, _count in deck.cards:
        for role, x, y in boxes(front_drawing(card.front, deck).shapes):
            drawn.setdefault(role, []).append((x, y))
    width, height = deck.width + 2 * deck.bleed, deck.height + 2 * deck.bleed
    lines = card_table_lines()
    assert len(lines) == 8
    for line in lines:
        role, corner = part_of(line)
        assert role in drawn, f"no Splattercard draws the part for: {line}"
        if corner:
            vertical, horizontal = corner.split("-")
            for x, y in drawn[role]:
                assert (y > height / 2) == (vertical == "bottom") and (x < width / 2) == (horizontal == "left"), line
        where = re.match(r"\|\s*([^|]+?)\s*\|", line).group(1)
        if "corner" in where.lower():
            assert corner and corner.replace("-", " ") in where.lower(), line


def test_a_splattercard_shows_striped_and_plain_damage_apart():
    """Rules §Striped and plain damage: the striped number carries motion stripes, the plain one none."""
    deck = next(d for d in load_components(CONTENT / "shoot").decks if d.name == "splattercards")
    rows = {card.row["id"]: card for card, _ in deck.cards}
    both = roles(front_drawing(rows["S17"].front, deck))  # Heart splat: 2 striped + 2 plain
    assert {"striped", "plain", "motion-stripes", "hit"} <= both
    plain_only = roles(front_drawing(rows["S13"].front, deck))  # Gut shot: 2 plain
    assert "plain" in plain_only and "motion-stripes" not in plain_only


# -- layouts as data (issue 43.4): [[deck.front.layer]] ------------------------------------------------
LAYERS_EXAMPLE = EXAMPLE.parent / "card-layers"


@pytest.fixture
def layered(tmp_path) -> Path:
    """The kit reference's layered deck, its SVG art swapped for a PNG per row made here (330 ppi
    over the picture layer's box, so preflight passes it without a word)."""
    from PIL import Image as Picture

    folder = tmp_path / "card-layers"
    shutil.copytree(LAYERS_EXAMPLE, folder)
    edit(folder / "components.toml", 'picture = "art/{art}.svg"', 'picture = "art/{id}.png"')
    for i, row in enumerate(("P1", "P2", "P3")):
        Picture.new("RGB", (900, 640), ("#aa3322", "#2255aa", "#33aa55")[i]).save(folder / "art" / f"{row}.png")
    return folder


def layer_texts(drawing, role: str) -> list:
    """The Text shapes of one layer (its role), groups flattened."""
    from generator.draw.shapes import Text

    def walk(shapes):
        for shape in shapes:
            if isinstance(shape, Group):
                yield from walk(shape.shapes)
            elif isinstance(shape, Text) and shape.role == role:
                yield shape
    return list(walk(drawing.shapes))


def test_a_layered_deck_prints_each_rows_layers_and_when_layers_only_on_their_rows(layered, tmp_path):
    """The kit PDF's front page holds every card's name and text, the EVENT word of the `when`
    layer once (one event row of three), the row's picture once per card, and its backs page none."""
    from pypdf import PdfReader
    from generator.kit import write_kits

    components = load_components(layered)
    [kit] = write_kits(components, tmp_path / "out", title="Card layers", author="Rulepress", variants=("print",))
    fronts, backs = (page.extract_text() for page in PdfReader(kit.path).pages[-2:])
    for name in ("Hermit Crab", "Spring Tide", "Sea Anemone", "Every creature moves one"):
        assert name in fronts and name not in backs
    assert fronts.count("EVENT") == 1 and "TIDE POOL" in backs
    xobjects = PdfReader(kit.path).pages[-2]["/Resources"]["/XObject"]
    assert sum(1 for ref in xobjects.values() if ref.get_object()["/Subtype"] == "/Image") == 3


def test_a_when_layer_shows_in_the_svg_preview_of_its_rows_only(layered):
    from generator.kit.preview import render_previews

    components = load_components(layered)
    deck = components.decks[0]
    events = {card.row["id"]: bool(layer_texts(front_drawing(card.front, deck), "card-layer-8"))
              for card, _count in deck.cards}
    assert events == {"P1": False, "P2": True, "P3": False}
    [preview] = [p for p in render_previews(components) if p.kind == "deck"]
    assert preview.svg.count(">EVENT<") == 1 and "Spring Tide" in preview.svg
    assert preview.pictured  # a picture layer: the page shows PNGs of the preview, which show it


def test_layer_text_shrinks_within_its_sizes(layered):
    """A name too long for its box at 14 pt is set smaller, never under its 9 pt least size."""
    from generator.draw.preflight import PT_PER_MM

    edit(layered / "pool.csv", "Sea Anemone", "Grey Sea Anemone")
    deck = load_components(layered).decks[0]
    sizes = {card.row["id"]: layer_texts(front_drawing(card.front, deck), "card-layer-3")[0].size * PT_PER_MM
             for card, _count in deck.cards}
    assert sizes["P1"] == pytest.approx(14, abs=0.01)
    assert 9 <= sizes["P3"] < 13.5


@pytest.mark.parametrize("old, new, fragment, message", [
    ('kind = "icon"', 'kind = "sticker"', 'kind = "sticker"', "is not one of the choices"),
    ('box = [53, 4, 7, 7]', 'box = [53, 4, 7]', 'box = [53, 4, 7]', "is not a box"),
    ('box = [53, 4, 7, 7]', 'box = [53, 4, "wide", 7]', 'box = [53, 4, "wide"', "is not a box"),
    ('box = [53, 4, 7, 7]', 'box = [53, 4, 0, 7]', 'box = [53, 4, 0, 7]', "has no room"),
    ('box = [53, 4, 7, 7]', 'box = "page"', 'box = "page"', "is not one of the card's areas"),
    ('icon = "star"', 'icon = "star"\nfit = "cover"', 'fit = "cover"', "`fit` has no use on an icon layer"),
    ('when = { kind = "event" }\n\n[[deck.front.layer]]', 'when = { sort = "event" }\n\n[[deck.front.layer]]',
     'when = { sort', "`when` names a column the data does not have"),
    ('text = "{kind}"', 'text = "{kind}"\nunless = { sort = "event" }', 'unless = { sort',
     "`unless` names a column the data does not have"),
    ('size = [7, 10]', 'size = [10, 7]', 'size = [10, 7]', "least first"),
    ('bold = true\ncolour = "#ffffff"', 'bold = true\nfont = "Comic"\ncolour = "#ffffff"', 'font = "Comic"',
     "no font 'Comic' in game.toml's [fonts]"),
])
def test_a_wrong_layer_key_is_an_error_at_its_line(layered, old, new, fragment, message):
    components = layered / "components.toml"
    edit(components, old, new)
    errors = errors_of(layered)
    assert [(error.path.name, error.line) for error in errors] == [("components.toml", line_of(components, fragment))]
    assert message in errors[0].message, errors[0].message


def test_a_picture_layer_is_checked_for_print_at_the_row(layered):
    """A picture too coarse for its box is an error at its row's line, as card art is."""
    from PIL import Image as Picture

    Picture.new("RGB", (200, 140), "#336699").save(layered / "art" / "P2.png")
    [error] = errors_of(layered)
    assert (error.path.name, error.line) == ("pool.csv", line_of(layered / "pool.csv", "P2,"))
    assert "prints at" in error.message and "picture layer 1's box" in error.expected


def test_the_default_layout_draws_the_cards_it_drew_before_layers(example):
    """The named regions are layers now; the reference's picture of them, drawn before they were
    (docs/kit/pictures/card-regions.svg, unchanged since), is what the layers draw."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("kit_pictures", EXAMPLE.parents[3] / "scripts" / "kit_pictures.py")
    pictures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pictures)
    assert pictures.picture(EXAMPLE) == (pictures.PICTURES / "card-regions.svg").read_text(encoding="utf-8")


def test_layers_on_top_of_the_named_regions_leave_the_regions_as_they_were(example):
    """A deck's own layer draws over its regions: the card is the regions' shapes, then the layer's."""
    before = load_components(example).decks[0]
    edit(example / "components.toml", "[deck.back]", '[[deck.front.layer]]\nkind = "text"\ntext = "PROMO"\n'
         'box = [0, "40%", "100%", 8]\nrotate = -30\nsize = 16\ncolour = "#cc2222"\n\n[deck.back]')
    after = load_components(example).decks[0]
    for (old, _n), (new, _m) in zip(before.cards, after.cards):
        drawn_before, drawn_after = front_drawing(old.front, before), front_drawing(new.front, after)
        assert drawn_after.shapes[:len(drawn_before.shapes)] == drawn_before.shapes
        assert layer_texts(drawn_after, "card-layer-1")[0].text == "PROMO"


def test_layers_that_reach_the_cut_give_cards_of_different_pictures_a_white_edge(layered):
    """Clean cuts: a picture layer into the bleed is a ground as a backdrop is; where neighbours'
    differ, each front gets the white edge, its layers cut off inside it."""
    deck = load_components(layered).decks[0]
    assert deck.white_edges[0]
    b, w, h = deck.bleed, deck.width, deck.height
    [own] = [shape for shape in front_drawing(deck.cards[0][0].front, deck).shapes
             if isinstance(shape, Group) and shape.clip and shape.role == ""]
    assert own.clip == (b + 2.0, b + 2.0, w - 4.0, h - 4.0) and "card-layer-1" in {s.role for s in own.shapes}


def test_an_inline_icon_in_a_one_line_text_layer_is_drawn_not_spelt(layered):
    edit(layered / "pool.csv", "Spring Tide", "Spring Tide :star:")
    deck = load_components(layered).decks[0]
    card = next(card for card, _count in deck.cards if card.row["id"] == "P2")
    drawing = front_drawing(card.front, deck)
    assert "inline-icon-star" in roles(drawing)
    assert all(":star:" not in text.text for text in layer_texts(drawing, "card-layer-3"))
    assert "Spring Tide star" in card.front.description
