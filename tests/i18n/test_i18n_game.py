"""A game in another language: game.toml's texts, captions and the translated data columns
from the catalogue, the other columns and untranslated cells as the source has them."""
from __future__ import annotations

from generator.content.load import load_site
from generator.i18n.catalogues import catalogue_path, read, write
from generator.i18n.games import translated_game
from tests.i18n.test_i18n_stale import german_site
from tests.i18n.translating import game


def test_the_translated_columns_titles_and_captions_are_in_the_language_the_rest_as_written(tmp_path):
    root = german_site(tmp_path)
    path = catalogue_path(game(root), "de")
    catalogue = read(path, "de")
    catalogue["Heavy Pebble"].flags.add("fuzzy")  # stale: the source's words stay
    write(path, catalogue)
    source = load_site(root).game("pebbles")
    german = translated_game(source, read(path, "de"))
    assert (german.title, german.summary) == ("DE: Pebbles", "DE: Move pebbles; take the most.")
    cards = german.data["cards"]
    assert cards.caption == "DE: The pebble cards"
    assert [dict(row) for row in cards.rows] == [
        {"id": "c1", "name": "DE: Swift Pebble", "text": "DE: Move twice.", "cost": 1},
        {"id": "c2", "name": "Heavy Pebble", "text": "", "cost": 2}]
    assert cards.rows[0].text["name"] == "DE: Swift Pebble" and cards.rows[0].line == 2
    assert german.data["scores"].rows == source.data["scores"].rows  # a table that translates nothing
    assert source.data["cards"].rows[0]["name"] == "Swift Pebble"  # the source game is left as it was
