"""Issue 43's gaps in the kit: a round token's preview shows its whole cut line; a card's
backdrop is placed by backdrop_fit and backdrop_focus as art is by art_fit and art_focus."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from generator.kit import render_previews

SVG = "{http://www.w3.org/2000/svg}"


def _translations(root: ET.Element, target: ET.Element) -> tuple[float, float]:
    """The sum of the translate() of every group from the root down to `target`."""
    parents = {child: parent for parent in root.iter() for child in parent}
    dx = dy = 0.0
    node = target
    while node in parents:
        node = parents[node]
        found = re.search(r"translate\(([-\d.e]+)[ ,]*([-\d.e]*)\)", node.attrib.get("transform", ""))
        if found:
            dx, dy = dx + float(found.group(1)), dy + float(found.group(2) or 0)
    return dx, dy


def test_a_round_tokens_preview_shows_the_whole_stroke_of_its_cut_line(demo_components):
    """The cut line's stroke is centred on the piece's outline: the preview's viewBox holds the
    half of it that lies outside the piece, for every piece (round and square)."""
    for name in ("heroes", "rocks"):
        preview = next(p for p in render_previews(demo_components) if p.name == name)
        root = ET.fromstring(preview.svg)
        vx, vy, vw, vh = (float(v) for v in root.attrib["viewBox"].replace(",", " ").split())
        cuts = [el for el in root.iter() if el.attrib.get("data-role") == "cut-line"]
        assert cuts
        for cut in cuts:
            dx, dy = _translations(root, cut)
            half = float(cut.attrib["stroke-width"]) / 2
            if cut.tag == f"{SVG}circle":
                cx, cy, r = (float(cut.attrib[k]) for k in ("cx", "cy", "r"))
                box = (cx - r, cy - r, cx + r, cy + r)
            else:
                x, y = float(cut.attrib.get("x", 0)), float(cut.attrib.get("y", 0))
                box = (x, y, x + float(cut.attrib["width"]), y + float(cut.attrib["height"]))
            left, top, right, bottom = box[0] + dx - half, box[1] + dy - half, box[2] + dx + half, box[3] + dy + half
            assert left >= vx - 1e-6 and top >= vy - 1e-6, (name, left, top)
            assert right <= vx + vw + 1e-6 and bottom <= vy + vh + 1e-6, (name, right, bottom, vw, vh)
