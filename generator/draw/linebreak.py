"""Where a line of text may break, and greedy wrapping by any measure: one rule for every printed
thing (the kit's words in its face, kit/text.py; the booklet's printing note in the book's,
rulebook/booklet.py). Latin text breaks at its spaces; Japanese, Chinese and Korean between
their characters too, a closing mark kept with the character before it and an opening one
with the one after (kinsoku, the rule reportlab's CJK wrapping keeps)."""
from __future__ import annotations

from typing import Callable

# where a CJK script is written: its characters stand without spaces, and a line may break
# between any two (CJK radicals to ideographs and kana, Hangul, compatibility ideographs,
# vertical and full-width forms, the supplementary ideographs)
CJK_BLOCKS = ((0x1100, 0x11FF), (0x2E80, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF),
              (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))


def breaks_anywhere(char: str) -> bool:
    """Whether `char` is of a script whose lines break between characters (Japanese, Chinese, Korean)."""
    code = ord(char)
    return code >= 0x1100 and any(low <= code <= high for low, high in CJK_BLOCKS)


def units(paragraph: str) -> list[tuple[str, bool]]:
    """What a line may break between, each with whether a space comes before it: the words, and in
    CJK text each character, kept with a closing mark after it (、。」, small kana) and an opening
    one before it (「（)."""
    if not any(breaks_anywhere(char) for char in paragraph):
        return [(word, True) for word in paragraph.split()]  # Latin text: as it always wrapped
    from reportlab.lib.textsplit import ALL_CANNOT_END, ALL_CANNOT_START

    found: list[tuple[str, bool]] = []
    for word in paragraph.split():
        spaced = True
        for index, char in enumerate(word):
            before = word[index - 1] if index else ""
            glued = index and not ((breaks_anywhere(char) or breaks_anywhere(before))
                                   and char not in ALL_CANNOT_START and before not in ALL_CANNOT_END)
            if glued:
                found[-1] = (found[-1][0] + char, found[-1][1])
            else:
                found.append((char, spaced))
            spaced = False
    return found


def joined(units_: list[tuple[str, bool]]) -> str:
    """Units (`units`) as the text of one line: a space where one stood between them."""
    return "".join(f" {unit}" if spaced and index else unit for index, (unit, spaced) in enumerate(units_))


def wrap(text: str, max_width: float, measure: Callable[[str], float]) -> list[str]:
    """Greedy wrap of `text` into lines `measure`d at most `max_width` (a unit wider than that
    alone on its line); each newline starts a line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for unit, spaced in units(paragraph):
            candidate = (f"{current} {unit}" if spaced else current + unit) if current else unit
            if measure(candidate) <= max_width or not current:
                current = candidate
            else:
                lines.append(current)
                current = unit
        lines.append(current)
    return lines
