"""How large a board or token lies on the Tabletop Simulator table: the scale a public save gives an
object of a known printed size (docs/exports.md, "Sizes on the table")."""
from __future__ import annotations

import pytest

from generator.exports.tts_objects import board_object, image_scale, Place

INCH = 25.4


def test_a_board_gets_the_scale_a_public_save_gives_a_board_of_its_size():
    """Clank! Legacy's main boards, 20 x 29 in as printed, lie at scale 22 beside poker cards at 1."""
    assert image_scale(20 * INCH, 29 * INCH) == pytest.approx(22.0, rel=0.02)


def test_a_token_the_size_of_a_poker_card_is_as_long_as_a_card_at_scale_1():
    """Cards at scale 1 are poker cards (3.5 in long): a picture 3.5 in long lies at 3.5 / 1.3."""
    assert image_scale(2.5 * INCH, 3.5 * INCH) == pytest.approx(3.5 / 1.3)


def test_a_board_is_a_locked_flat_tile():
    board = board_object("Arena", "https://games.example/a.png", Place(0, 0, scale_x=9.0, scale_z=9.0), ("a",))
    assert board["Name"] == "Custom_Tile" and board["Locked"]
    assert board["CustomImage"]["CustomTile"]["Type"] == 0  # a rectangle, the picture's own shape
    assert board["Transform"]["scaleY"] == 1.0
