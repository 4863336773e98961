"""Building the Hop fixture site (or a changed copy of it) for the interactive tests."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "hopsite"
RULES = "content/hop/rules.md"


def copy_fixture(target: Path, changes: dict[str, tuple[str, str]] | None = None) -> Path:
    """A copy of the fixture site; `changes` maps a file (relative path) to (old, new) text."""
    shutil.copytree(FIXTURE, target, ignore=shutil.ignore_patterns("__pycache__", "output"))
    for key, (old, new) in (changes or {}).items():
        path = target / key
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {path}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def line_of(path: Path, needle: str) -> int:
    """The 1-based line of the first line containing `needle`."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def frames(html: str, widget: str) -> list[str]:
    """The HTML of each frame of a walkthrough, in order."""
    block = html[html.index(f'id="{widget}"'):]
    block = block[:block.index("</figure>")]
    return re.split(r'(?=<li class="rp-frame")', block)[1:]


def highlighted_cells(svg: str, fill: str = "#ffd84a") -> set[str]:
    """Cells the Hop engine drew as highlighted (its highlight fill) in one diagram."""
    return set(re.findall(rf'<rect[^>]*data-cell="([a-e][1-5])"[^>]*fill="{fill}"', svg)
               + re.findall(rf'<rect[^>]*fill="{fill}"[^>]*data-cell="([a-e][1-5])"', svg))
