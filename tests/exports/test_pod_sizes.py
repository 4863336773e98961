"""Print-on-demand sizes: each deck printed in the shop's standard size nearest its trim, at the
shops' pixel sizes, and preflight of a deck the shop's size would enlarge."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.exports.pod import (BRIDGE, MAKEPLAYINGCARDS, MINI, POKER, TAROT, THE_GAME_CRAFTER, PrintOnDemand,
                                   cover_scale)
from generator.kit import load_components
from generator.kit.build import Artwork
from tests.sitefactory import GAME_TOML, write


@pytest.mark.parametrize("shop,size,pixels", [
    (THE_GAME_CRAFTER, POKER, (825, 1125)),  # the issue's figures: 1/8" bleed
    (MAKEPLAYINGCARDS, POKER, (822, 1122)),  # 36 px bleed
    (THE_GAME_CRAFTER, BRIDGE, (750, 1125)),
    (MAKEPLAYINGCARDS, MINI, (597, 822)),
    (THE_GAME_CRAFTER, TAROT, (900, 1500)),
])
def test_a_shop_size_is_its_trim_at_300_dpi_plus_its_bleed(shop, size, pixels):
    target = shop.target(size)
    assert (target.width_px, target.height_px) == pixels and target.dpi == 300


@pytest.mark.parametrize("trim,expected", [
    ((63.5, 88.9), POKER), ((63.0, 88.0), POKER), ((57.0, 89.0), BRIDGE), ((44.0, 63.0), MINI),
    ((70.0, 120.0), TAROT), ((61.0, 89.0), POKER), ((59.0, 89.0), BRIDGE),
])
def test_a_deck_is_printed_in_the_shop_size_nearest_its_trim(trim, expected):
    for shop in (THE_GAME_CRAFTER, MAKEPLAYINGCARDS):
        assert shop.nearest(*trim) == expected


def test_a_kit_preset_prints_as_drawn_and_another_trim_is_scaled_to_cover_the_shop_trim():
    for preset, size in (((63.5, 88.9), POKER), ((63.0, 88.0), POKER), ((57.0, 89.0), BRIDGE),
                         ((44.0, 63.0), MINI), ((70.0, 120.0), TAROT)):
        assert cover_scale(size, *preset) == 1.0  # within a millimetre: the kit's own card
    scale = cover_scale(POKER, 60.0, 90.0)
    assert scale == pytest.approx(63.5 / 60.0)
    assert 60.0 * scale >= 63.5 - 1e-9 and 90.0 * scale >= 88.9 - 1e-9  # no white edge at the cut


COMPONENTS = '''
[kit]
papers = ["a4"]
variants = ["print"]

[[deck]]
name = "narrow"
title = "Narrow cards"
size = [{width}, 88.9]
data = "cards.csv"
[deck.front]
background = "#2e5f8a"
title = "{{name}}"
value = "{{rank}}"
[deck.back]
background = "#35506b"
title = "BACK"
'''
CARDS_TABLE = '\n[data.cards]\nfile = "cards.csv"\ncolumns = { name = "str", rank = "int" }\n'


def narrow_deck(root: Path, width: float):
    folder = root / "narrow"
    write(folder, {"game.toml": GAME_TOML + CARDS_TABLE, "cards.csv": "name,rank\nFlint,1\nSlate,2\n",
                   "scores.csv": "pebbles,points\n1,2\n",
                   "components.toml": COMPONENTS.format(width=width)})
    components = load_components(folder)
    return components, Artwork(components, False)


def test_preflight_names_the_card_and_its_row_when_a_shop_size_would_cut_its_words(tmp_path):
    """A 50 mm wide deck is printed as bridge cards (57 mm), enlarged by 1.14: its top and
    bottom lose 6 mm at the cut, and its title with them."""
    components, artwork = narrow_deck(tmp_path, 50)
    errors = PrintOnDemand().check(components, artwork)
    assert errors, "the enlarged cards' titles run past the shop's cut"
    first = errors[0]
    assert first.path.name == "cards.csv" and first.line == 2  # Flint's row
    assert "bridge" in str(first) and "Flint" in str(first) and "1.143" in str(first)
    assert "within 1 mm of a shop's card" in str(first) and "exports = false" in str(first)  # what to do


def test_preflight_passes_a_deck_of_a_shop_size(tmp_path):
    components, artwork = narrow_deck(tmp_path, 57.15)
    assert PrintOnDemand().check(components, artwork) == []
