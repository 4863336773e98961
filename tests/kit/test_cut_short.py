"""Words a layout cut short with an ellipsis are a preflight warning naming the whole words:
a longer language (or the pseudo-locale) shows where it would lose them."""
from __future__ import annotations

from generator.draw.flatten import flatten
from generator.draw.preflight import WARNING, surface_findings
from generator.kit import text as fit


def test_a_line_too_long_for_its_room_is_cut_and_named_by_the_preflight():
    cut = fit.line(0, 5, "Mit 100 % drucken: dieses Quadrat misst genau fünfzig Millimeter", size=3.0,
                   max_width=30, min_size=2.3)
    whole = fit.line(0, 10, "Print at 100%", size=3.0, max_width=30, min_size=2.3)
    assert cut.text.endswith("…") and cut.cut.startswith("Mit 100 % drucken") and not whole.cut
    found = surface_findings(list(flatten((cut, whole))), "on the cover", ("cover",), only=("cut short",))
    assert len(found) == 1 and found[0].severity == WARNING
    assert "fünfzig Millimeter" in found[0].found and found[0].check == "text cut short"
