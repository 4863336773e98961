"""The site's diagrams in both page themes: every word legible on what lies under it.

On the site a diagram's white and near-black greys follow the reader's theme (play.css) while a
board's own colours stay (generator/draw/theme.py). A word in a board colour on a white card is
fine on paper and can vanish when the card turns dark: these tests look at every game's boards as
each theme shows them, with the same contrast check the print preflight uses (4.5:1)."""
from __future__ import annotations

import re

import pytest

from generator.draw.preflight import themed_diagram_findings
from tests.browser.harness import ROOT
from tests.play.test_play_layouts import TABLES, states


def theme_colours(scheme: str) -> tuple[str, str]:
    """The diagrams' paper and ink in a page theme, as play.css sets them."""
    css = (ROOT / "templates" / "assets" / "play.css").read_text(encoding="utf-8")
    rule = r':root\[data-theme="dark"\] \{([^}]*)\}' if scheme == "dark" else r":root \{([^}]*)\}"
    colours = dict(re.findall(r"--rp-(paper|ink): (#[0-9a-f]{6})", re.search(rule, css).group(1)))
    return colours["paper"], colours["ink"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game,players", TABLES)
def test_every_word_of_a_games_boards_is_legible_in_each_page_theme(game, players, scheme):
    paper, ink = theme_colours(scheme)
    faint, drawn = set(), 0
    for seed in range(2):
        for engine, state in states(game, players, seed, every=6):
            for layout in ("", *getattr(engine, "layouts", ())):
                drawing = engine.render(state, (), layout=layout) if layout else engine.render(state, ())
                drawn += 1
                faint |= {finding.found for finding in themed_diagram_findings(drawing, paper, ink, scheme, ())}
    assert drawn > 10
    assert faint == set(), sorted(faint)[:5]


def test_a_word_in_a_board_colour_on_a_white_card_is_faint_in_the_dark_theme():
    """The check itself: purple on white passes; the same card, whose white follows the dark
    theme, fails (and a word on a coloured piece keeps its own colour in both)."""
    from generator.draw.shapes import Drawing, Rect, Style, Text

    card = Drawing(20, 20, [Rect(0, 0, 20, 20, Style(fill="#ffffff")), Text(10, 12, "8", 5, "#8e44ad", "middle"),
                            Rect(0, 14, 20, 6, Style(fill="#0277bd")), Text(10, 19, "D", 4, "#ffffff", "middle")])
    assert themed_diagram_findings(card, *theme_colours("light"), "light", ()) == []
    found = [finding.found for finding in themed_diagram_findings(card, *theme_colours("dark"), "dark", ())]
    assert len(found) == 1 and found[0].startswith("“8” in #8e44ad on #24252b")
