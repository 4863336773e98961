"""Rule (issue 45.3): SHOOT's example panels, as the rulebook prints them, say what the rules
say in words: no engine shorthand such as "draws 0:2 1:3 ∞:2", "Torso 2 str. 0 pl.",
"move 2 heal 0 NO" or a card's id ("S12")."""
from __future__ import annotations

import re

from generator.draw.preflight import placed_at
from generator.draw.shapes import Text
from tests.rulebook.printed_rules import game_book

SHORTHAND = re.compile(r"\bstr\.|\bpl\.|\d:\d|∞:|\bS\d\d\b|\bmove \d heal\b|\bdmg\d")


def printed_words(paper: str) -> list[str]:
    placed = game_book("shoot").placed_figures("rules", paper)
    return [item.shape.text for figure in placed if "walkthrough" in figure.figure
            for item in placed_at(figure.drawing.shapes, 1.0) if isinstance(item.shape, Text)]


def test_shoots_printed_example_panels_use_no_shorthand():
    for paper in ("a4", "a5"):
        words = printed_words(paper)
        assert any("striped" in text or "plain" in text for text in words)  # the cards' damage, in words
        assert any(re.search(r"\d close|\d mid|\d far", text) for text in words)  # a Weapon's draws, in words
        assert [text for text in words if SHORTHAND.search(text)] == []
