"""Issue 24.4: SHOOT's rules say a Gadget's *title colour* tells when it may be played (white;
white and red; red). The test reads that table from the rules and checks every Gadget card's
title as printed: its letters' colour, and the band behind them."""
from __future__ import annotations

import re
from pathlib import Path

from generator.draw.shapes import Group, Rect, Text
from generator.kit import load_components
from generator.kit.cards import front_drawing

ROOT = Path(__file__).resolve().parents[2]
TIMING = {"White": "white", "White and red": "white-red", "Red": "red"}  # the rules' words -> gadgets.csv


def rules_title_colours() -> dict[str, list[str]]:
    """The "Gadget timing" table of rules.md: timing -> the colours its title is named by."""
    text = (ROOT / "content/shoot/rules.md").read_text(encoding="utf-8")
    section = text.split("### Gadget timing", 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| (White and red|White|Red) \|", section, re.M)
    assert sorted(rows) == sorted(TIMING)
    return {TIMING[row]: row.lower().split(" and ") for row in rows}


def flat(shapes):
    for shape in shapes:
        if isinstance(shape, Group):
            yield from flat(shape.shapes)
        else:
            yield shape


def tone(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    if min(r, g, b) >= 0xf0:
        return "white"
    if r >= 0xb0 and g <= r * 0.62 and b <= r * 0.62:
        return "red"
    return "other"


def test_every_gadgets_title_is_in_the_colours_the_rules_name():
    expected = rules_title_colours()
    components = load_components(ROOT / "content/shoot")
    (deck,) = [d for d in components.decks if d.name == "gadgets"]
    seen = set()
    for card, _count in deck.cards:
        shapes = list(flat(front_drawing(card.front, deck).shapes))
        (title,) = [s for s in shapes if isinstance(s, Text) and s.role == "card-title"]
        bands = [s for s in shapes if isinstance(s, Rect) and s.role == "card-title-band"
                 and s.style.fill != card.front.background]
        colours = [tone(title.fill)] + [tone(band.style.fill) for band in bands]
        assert colours == expected[card.row["timing"]], (card.row["name"], colours)
        seen.add(card.row["timing"])
    assert seen == set(TIMING.values())


def test_each_gadget_shows_its_duration_symbol_and_a_picture_of_what_it_does():
    """The rules' symbol table names five durations; every Gadget shows its duration's symbol in
    the LASTS box (the same symbol for the same duration, a different one for each), and its
    picture says what it does: the one-time Gadgets do not all look alike."""
    text = (ROOT / "content/shoot/rules.md").read_text(encoding="utf-8")
    durations = re.findall(r"^\| (One time|One round|Permanent|Environment|Pop-up) \|", text, re.M)
    assert len(durations) == 5
    components = load_components(ROOT / "content" / "shoot")
    deck = next(d for d in components.decks if d.name == "gadgets")
    symbols, pictures = {}, {}
    for card, _count in deck.cards:
        row = card.row
        (lasts,) = [s for s in card.front.stats if s.at == "top-right"]
        assert lasts.label == "LASTS" and lasts.icon == row["symbol"], row["name"]
        symbols.setdefault(row["duration"], set()).add(lasts.icon)
        pictures.setdefault(row["duration"], set()).add(card.front.icon)
        assert card.front.icon != lasts.icon or row["duration"] != "one-time", row["name"]
    assert {d.lower().replace(" ", "-") for d in durations} == set(symbols)
    assert all(len(found) == 1 for found in symbols.values())  # one symbol a duration
    assert len({next(iter(found)) for found in symbols.values()}) == 5  # and five different ones
    assert len(pictures["one-time"]) >= 10
