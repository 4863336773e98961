"""`:heart:` in a text: the built-in icon of that name drawn inline, at the text's size, on its
baseline (the site: markdown/icons.py; cards: kit/text.py; the rulebook: rulebook/inline.py).
A name that is no icon stays as written (`:30:`, `:foo:`). Standard library only."""
from __future__ import annotations

import re

from generator.draw.icons import ICONS

ICON = re.compile(r":([a-z][a-z0-9-]*):")
ICON_EM = 1.0  # an icon's advance, in font sizes (its drawing is ICON_SIZE of that, with air each side)
ICON_SIZE = 0.8
ICON_RISE = 0.72  # the icon's top above the baseline, in font sizes: it sits on the baseline, cap-high


def has_icons(text: str) -> bool:
    return ":" in text and any(match.group(1) in ICONS for match in ICON.finditer(text))


def pieces(text: str) -> list[tuple[str, str]]:
    """The text as ("text", words) and ("icon", name) pieces, in order."""
    out, start = [], 0
    for match in ICON.finditer(text):
        if match.group(1) in ICONS:
            if match.start() > start:
                out.append(("text", text[start:match.start()]))
            out.append(("icon", match.group(1)))
            start = match.end()
    if start < len(text):
        out.append(("text", text[start:]))
    return out


def spoken(text: str) -> str:
    """The text as a screen reader should hear it: each icon by its name."""
    return ICON.sub(lambda m: m.group(1) if m.group(1) in ICONS else m.group(0), text)
