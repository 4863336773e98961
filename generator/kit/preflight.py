"""Preflight: what a print shop checks before it prints, run on the drawing model of every
page of every kit (each paper, each variant: print, ink saver, fold-over) before anything
is written, for the launch games and for any game an author brings.

So far one check: text on paper is at least MIN_TEXT_PT points, at the size it is
printed (a group's scale included: a diagram drawn small prints its labels small).
A failure is an error naming the kit, its page, the component and the text, with what to
change. (Still to come, issue 24: text across a trim or cut line, text over other marks,
contrast against what lies under it, and nothing outside the printable area.)
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.draw.shapes import Group, Text
from generator.errors import ContentError

MIN_TEXT_PT = 6.0  # below this, type is hard to read on paper at arm's length
PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class SmallText:
    kit: str  # the kit's label, e.g. "A4, ink saver"
    page: int
    component: str  # the piece of the kit it is on, as the layout names it ("token pieces 3")
    text: str
    points: float


def small_text(shapes, kit: str, page: int, component: str = "page", scale: float = 1.0) -> list[SmallText]:
    """Every text of `shapes` printed under MIN_TEXT_PT, with the component it belongs to."""
    found = []
    for shape in shapes:
        if isinstance(shape, Group):
            inner = component_name(shape.role) or component
            found += small_text(shape.shapes, kit, page, inner, scale * shape.scale)
        elif isinstance(shape, Text) and shape.text.strip():
            points = shape.size * scale * PT_PER_MM
            if points < MIN_TEXT_PT - 1e-6:
                found.append(SmallText(kit, page, component, shape.text, round(points, 2)))
    return found


def component_name(role: str) -> str:
    """The kit's own name for a placed component: "token:pieces:3" is "token pieces 3"."""
    kind, _, rest = role.partition(":")
    if kind in ("token", "sheet", "board", "card-art", "card"):
        return f"{kind.replace('-art', '')} {rest.replace(':', ' ')}".strip()
    return ""


def preflight_errors(path: Path, findings: list[SmallText]) -> list[ContentError]:
    """One error per component and text (the same label on every copy is one problem)."""
    errors, seen = [], set()
    for finding in findings:
        key = (finding.component.rsplit(" ", 1)[0], finding.text, finding.points)
        if key in seen:
            continue
        seen.add(key)
        errors.append(ContentError(
            path, None, f"preflight: text under {MIN_TEXT_PT:g} pt on paper, in the {finding.kit} kit, page "
                        f"{finding.page}, {finding.component}",
            expected=f"text of at least {MIN_TEXT_PT:g} pt ({MIN_TEXT_PT / PT_PER_MM:.2f} mm): make the component "
                     "larger, its text shorter, or its drawing's type size larger",
            found=f"“{finding.text}” at {finding.points:g} pt"))
    return errors


def preflight_kits(components, artwork=None) -> list[ContentError]:
    """Preflight every page of every kit the game's components make (laid out, not written).
    `artwork`: the drawings (build.kit_artwork), if already made."""
    from generator.kit.build import kit_artwork, kit_pages
    from generator.kit.spec import plan_kits

    planned = plan_kits(components, None, None)
    artwork = artwork or kit_artwork(components)
    findings = []
    for kit in planned:
        pages = kit_pages(components, artwork[kit.variant == "ink-saver"], title="", author="", paper=kit.paper,
                          variant=kit.variant, edition=kit.edition)
        for number, page in enumerate(pages, 1):
            findings += small_text(page.drawing.shapes, kit.label or kit.paper, number)
    return preflight_errors(components.path, findings)
