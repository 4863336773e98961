"""A deck on a rules page (issue 15.4): the cards themselves, as the kit draws them, each with
its words for screen readers, and the same cards as a folded table; data files say which
columns readers see, so layout data stays out of the page."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.build import build
from generator.errors import ContentErrors
from tests.sitefactory import SITE_TOML
from tests.kit.conftest import DEMO

RULES = """---
title: Rules
---

## The cards

```cards
deck: cards
data: cards
columns: [name, rank, text]
headers: [Card, Rank, What it does]
```

## Scoring

```table
data: scoring
```
"""


def demo_site(root: Path, rules: str = RULES, readers: str = "") -> Path:
    (root / "content").mkdir(parents=True)
    (root / "content/site.toml").write_text(SITE_TOML)
    game = root / "content/demo"
    shutil.copytree(DEMO, game)
    (game / "rules.md").write_text(rules)
    if readers:
        toml = game / "game.toml"
        toml.write_text(toml.read_text().replace('columns = { survivors = "int", gold = "int", score = "int" }',
                                                 'columns = { survivors = "int", gold = "int", score = "int" }\n'
                                                 + readers))
    return root


def test_a_deck_shows_as_its_cards_with_words_and_a_folded_table(tmp_path):
    site = demo_site(tmp_path / "site")
    report = build(site)
    page = (site / "output/demo/index.html").read_text()
    deck = page[page.index('<figure class="card-list" id="deck-cards">'):]
    deck = deck[:deck.index("</figure>")]
    images = re.findall(r'<img src="([^"]+)" alt="([^"]+)"', deck)
    assert len(images) >= 3
    for src, alt in images:
        assert src.startswith("kit/cards/") and f"demo/{src}" in report.files  # the kit's own drawing
        assert alt.strip()
    assert "Sea Serpent" in " ".join(alt for _, alt in images)
    table = deck[deck.index('<details class="card-table">'):]
    assert "<summary>The same cards as a table</summary>" in table and "<th scope=\"col\">What it does</th>" in table


def test_an_unknown_deck_is_an_error_at_its_line(tmp_path):
    site = demo_site(tmp_path / "site", RULES.replace("deck: cards", "deck: card"))
    with pytest.raises(ContentErrors) as raised:
        build(site)
    [error] = raised.value.errors
    assert "no deck 'card'" in error.message and error.line == 7 and "cards" in error.expected


def test_a_table_block_without_columns_shows_the_columns_declared_for_readers(tmp_path):
    site = demo_site(tmp_path / "site", readers='readers = ["survivors", "score"]')
    build(site)
    page = (site / "output/demo/index.html").read_text()
    table = page[page.index('aria-label="Scoring"'):]
    table = table[:table.index("</table>")]
    assert re.findall(r'<th scope="col">([^<]+)</th>', table) == ["Survivors", "Score"]


def test_readers_naming_an_unknown_column_is_an_error_in_game_toml(tmp_path):
    site = demo_site(tmp_path / "site", readers='readers = ["survivors", "x"]')
    with pytest.raises(ContentErrors) as raised:
        build(site)
    [error] = raised.value.errors
    assert error.path.name == "game.toml" and "no column 'x'" in error.message and error.line is not None
