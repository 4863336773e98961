#!/usr/bin/env python3
"""Draw the kit reference's pictures (docs/kit/pictures/<example>.svg) from its examples
(docs/kit/examples/<example>/): the example's board, or its cards' fronts. The tests
check the pictures are current, so the reference can never show a stale picture.

    .venv/bin/python scripts/kit_pictures.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.draw.shapes import Drawing, Group  # noqa: E402
from generator.draw.svg import to_svg  # noqa: E402
from generator.kit import load_components  # noqa: E402
from generator.kit.board import board_drawing  # noqa: E402
from generator.kit.cards import front_drawing  # noqa: E402

EXAMPLES = ROOT / "docs" / "kit" / "examples"
PICTURES = ROOT / "docs" / "kit" / "pictures"


def picture(example: Path) -> str:
    """The example's first board, else its first deck's fronts side by side, as an SVG document."""
    components = load_components(example)
    if components.boards:
        drawing = board_drawing(components.boards[0])
    else:
        deck = components.decks[0]
        fronts = [front_drawing(card.front, deck) for card, _count in deck.cards]
        w = fronts[0].width + 4
        drawing = Drawing(w * len(fronts) - 4, fronts[0].height,
                          tuple(Group(f.shapes, dx=i * w) for i, f in enumerate(fronts)), title=deck.title)
    return to_svg(drawing, width=f"{drawing.width:g}mm", height=f"{drawing.height:g}mm",
                  id_prefix=f"{example.name}-")


def main() -> int:
    PICTURES.mkdir(parents=True, exist_ok=True)
    for example in sorted(p for p in EXAMPLES.iterdir() if (p / "components.toml").is_file()):
        (PICTURES / f"{example.name}.svg").write_text(picture(example), encoding="utf-8")
        print(f"docs/kit/pictures/{example.name}.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
