"""Tabletop Simulator's flat objects are as thick as printed (issue 42.4): a token is a printed
sheet glued to 1.5 mm greyboard, a score pad's sheet is paper. A Thickness is in TTS units (an
inch, its Knowledge Base's custom token and tile pages) and is not stretched: scaleY stays 1."""
from __future__ import annotations

import pytest

from generator.exports.tts_objects import Place, tile_object, token_object


def thickness_mm(custom: dict) -> float:
    return custom["Thickness"] * 25.4


def test_a_token_is_as_thick_as_a_printed_token_on_greyboard():
    token = token_object("Marker", "https://games.example/m.png", Place(0, 0, scale_x=1.2, scale_z=1.2), ("m",))
    assert thickness_mm(token["CustomImage"]["CustomToken"]) == pytest.approx(1.5, abs=0.01)
    assert token["Transform"]["scaleY"] == 1.0


def test_a_sheet_is_as_thick_as_paper():
    tile = tile_object("Score pad", "https://games.example/s.png", Place(0, 0, scale_x=8.0, scale_z=8.0), ("s",))
    assert thickness_mm(tile["CustomImage"]["CustomTile"]) == pytest.approx(0.1, abs=0.01)
    assert tile["Transform"]["scaleY"] == 1.0
