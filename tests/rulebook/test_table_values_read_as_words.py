"""A data table shows its values as a reader says them, on the site and on
paper alike: never an identifier, a hex code or a bare hyphen."""
from __future__ import annotations

import pytest

from generator.markdown.tables import cell_words


@pytest.mark.parametrize("value, words", [
    ("#c8102e", "Red"), ("#1f5fbf", "Blue"), ("#237a35", "Green"), ("#f2c200", "Yellow"), ("#f07f1d", "Orange"),
    ("#000000", "Black"), ("#FFFFFF", "White"),
    ("right-arm", "right arm"), ("both-arms", "both arms"), ("one-round", "one round"), ("white-red", "white and red"),
    ("-", "—"), ("", "—"), (True, "yes"), (False, "no"), (3, "3"),
    ("e2-e1", "e2-e1"), ("Right arm: 1 striped.", "Right arm: 1 striped."), ("JAM A", "JAM A"),
])
def test_a_value_reads_as_words(value, words):
    assert cell_words(value) == words
