"""Splut! reads wholly in German, French and Japanese (issue 46.6): every block of its pages
and every cell of the columns its tables translate, the seats, their colours and the turns'
names included, with the catalogue's terms (Süd/Rot, Sud/Rouge, 南/赤)."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from generator.build import with_translations
from generator.content.load import load_site
from generator.i18n.notices import stale_notices_plugin
from generator.i18n.report import translations
from generator.markdown.render import glossary_terms, make_markdown, render_page

ROOT = Path(__file__).resolve().parents[2]
# each language's rows of the rules' tables: the seats with their colours (then their squares),
# the seats in turn order of a four-player game, and the steps of the opening turns
ROWS = {
    "de": (["Süd", "Rot", "e1"], ["4", "Süd", "West", "Nord", "Ost"],
           [["Der erste Zug der Partie", "1"], ["Der zweite Zug der Partie", "2"], ["Jeder weitere Zug", "3"]]),
    "fr": (["Sud", "Rouge", "e1"], ["4", "Sud", "Ouest", "Nord", "Est"],
           [["Le premier tour de la partie", "1"], ["Le deuxième tour de la partie", "2"], ["Chaque tour suivant", "3"]]),
    "ja": (["南", "赤", "e1"], ["4", "南", "西", "北", "東"],
           [["ゲームの最初の手番", "1"], ["ゲームの2回目の手番", "2"], ["それ以降の手番", "3"]]),
}


@lru_cache(maxsize=None)
def site():
    return with_translations(load_site(ROOT))


def table_rows(html: str, caption: str) -> list[list[str]]:
    """The body rows of the page's table with `caption`, each a list of its cells' words."""
    table = re.search(r"<table[^>]*>\s*<caption>" + re.escape(caption) + r"</caption>(.*?)</table>", html, re.S)
    assert table, caption
    body = table[1].split("<tbody>")[-1]
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def rules_html(slug: str) -> tuple[str, object]:
    game = site().game(slug)
    md = make_markdown(site().raw_html, {}).use(stale_notices_plugin)
    page = game.page("rules")
    return render_page(md, site(), game, page, glossary_terms(md, site(), game)).html, page


def test_every_block_of_splut_is_translated_in_german_french_and_japanese():
    lines = translations(site(), [site().game("splut")]).lines()
    assert len(lines) == 3
    for line in lines:
        assert re.fullmatch(r"splut (de|fr|ja): (\d+)/\2 blocks", line), line  # none stale, none untranslated


@pytest.mark.parametrize("language", sorted(ROWS))
def test_the_seat_colour_and_turn_tables_read_in_the_translation(language):
    html, page = rules_html(f"{language}/splut")
    seat, four_players, turns = ROWS[language]
    captions = {name: page_caption(language, name) for name in ("Starting squares by seat", "Seats in turn order",
                                                                 "How many steps a turn has")}
    assert table_rows(html, captions["Starting squares by seat"])[0][:3] == seat
    assert table_rows(html, captions["Seats in turn order"])[-1] == four_players
    assert table_rows(html, captions["How many steps a turn has"]) == turns


def page_caption(language: str, caption: str) -> str:
    from generator.i18n.catalogues import catalogue_path, read

    game = site().game("splut")
    return str(read(catalogue_path(game, language), language)[caption].string)
