"""Colours as "#rrggbb" text: checking, mixing, and the ink that reads on a background."""
from __future__ import annotations

import re

HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
BLACK = "#000000"
WHITE = "#ffffff"
INK = "#1a1a1a"  # near-black text


def is_hex(value: str) -> bool:
    return bool(HEX.match(value))


def normal(value: str) -> str:
    """'#abc' -> '#aabbcc', lower case."""
    value = value.lower()
    if len(value) == 4:
        value = "#" + "".join(ch * 2 for ch in value[1:])
    return value


def rgb(value: str) -> tuple[int, int, int]:
    value = normal(value)
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def hex_of(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in (r, g, b))


def mix(a: str, b: str, t: float) -> str:
    """`t` of the way from colour a to colour b."""
    (r1, g1, b1), (r2, g2, b2) = rgb(a), rgb(b)
    return hex_of(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t)


def lighten(value: str, t: float) -> str:
    return mix(value, WHITE, t)


def darken(value: str, t: float) -> str:
    return mix(value, BLACK, t)


def luminance(value: str) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb(value))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(background: str) -> str:
    """Black or white text, whichever contrasts more with the background."""
    lum = luminance(background)
    return INK if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else WHITE


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def readable(ink: str, ground: str, ratio: float = 4.5) -> str:
    """`ink` darkened (or, on a dark ground, lightened) just enough to reach `ratio` against
    `ground`: the designer's hue kept, the text made legible."""
    towards = BLACK if luminance(ground) > 0.18 else WHITE
    for step in range(21):
        candidate = mix(ink, towards, step / 20)
        if contrast(candidate, ground) >= ratio:
            return candidate
    return towards
