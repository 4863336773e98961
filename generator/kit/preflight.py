"""Preflight: what a print shop checks before it prints, run on the drawing model of every
page of every kit (each paper, each variant: print, ink saver, fold-over) before anything
is written, for the launch games and for any game an author brings.

The checks, each on what is printed at the size it is printed (a group's scale included):
  * text is at least MIN_TEXT_PT points;
  * text on a card stays inside its safe area (the deck's `safe` mm inside the trim);
  * no text runs across a cut: a card's trim, a token's outline, a tile's cut line, a crop
    mark or a fold line;
  * no text touches other text, or a rule or border drawn near it;
  * text contrasts with what lies under it by WCAG's ratio: 4.5:1, or 3:1 for large type
    (18 pt, or 14 pt bold);
  * nothing but bleed lies in the outer PRINTABLE_MARGIN of the paper, which home printers
    do not print.
Each distinct card face, token and sheet is checked once (it may be printed on many pages);
each page is then checked for what imposition adds: where things sit on the paper, and the
page's own words (footer, cover, calibration). A failure is an error naming the kit, its
page, the component and the text, with what to change, and a card's data row (file:line).
"""
from __future__ import annotations

from typing import Optional

from generator.draw.flatten import Placed, flatten
from generator.draw.preflight import (MESSAGES, Finding, Ground, shown, component_name, errors_of, finding, ink_box,
                                      quoted, surface_findings)
from generator.draw.shapes import Group, Line, Rect, Text
from generator.errors import ContentError
from generator.kit.impose import PRINTABLE as PRINTABLE_MARGIN  # the layout's own margin, checked

KIT_MESSAGES = {  # what imposition adds to a drawing's own checks
    **MESSAGES,
    "edges": ("cards of different edge colours share a cut line",
              "cards that touch with the same colour along their shared edge: a white edge round a deck of "
              "many colours (the kit draws one), or room between the cards"),
    "setup left out": ("the set-up picture ([kit].setup) left out of the cover",
                       "room on the cover for the picture at half its size or more, its words at 6 pt or more: "
                       "fewer pieces packed on the cover (a larger board page leaves them room), a smaller "
                       "drawing, or no `setup`"),
    "cover left out": ("the cover's picture ([kit].cover) left out of the cover",
                       "room on the cover for the picture at half its size or more: fewer pieces packed on the "
                       "cover (a larger board page leaves them room), or a smaller picture"),
    "printable": ("something outside the printable area",
                  f"everything but bleed at least {PRINTABLE_MARGIN:g} mm inside the paper's edge, where home "
                  "printers print"),
}


# -- components -------------------------------------------------------------------------
def component_findings(components, artwork, mode: str) -> list[Finding]:
    """Each card face, token and packed sheet drawn once, checked once, in one colour mode."""
    found = []
    for deck in components.decks:
        b, s = deck.bleed, deck.safe
        safe = (b + s, b + s, deck.width - 2 * s, deck.height - 2 * s)
        fronts, backs = artwork.cards(deck, None)
        seen = set()
        for card, front, back in zip(deck.instances(None), fronts, backs):
            for side, drawing in (("front", front), ("back", back)):
                if id(drawing) in seen:  # the artwork draws each distinct face once
                    continue
                seen.add(id(drawing))
                name = drawing.title
                where = f"{mode}, on the {side} of {deck.name} card “{name}”"
                each = f"{mode}, on the {side} of {deck.name} cards" if side == "front" else ""
                found += surface_findings(list(flatten(drawing.shapes)), where, ("card", deck.name, side, name, mode),
                                          deck.data.path if side == "front" else components.path,
                                          card.row.line if side == "front" else None, safe, each=each)
    for kind, specs in (("token set", artwork.tokens), ("sheet", artwork.sheets)):
        for spec, drawings in specs:
            for drawing in {id(d): d for d in drawings}.values():  # copies of a sheet are one drawing
                # a token set's findings at its `size` (what makes room); a sheet's at the file
                found += surface_findings(list(flatten(drawing.shapes)), f"{mode}, {kind} {spec.name}",
                                          (kind, spec.name, mode), components.path, getattr(spec, "size_line", None),
                                          safe_area=(0.0, 0.0, drawing.width, drawing.height))
    return found


# -- pages ------------------------------------------------------------------------------
def _packed(group: Group) -> bool:
    """Components checked on their own (cards, tokens, sheets): a page sees them as boxes."""
    return group.role.startswith(("card-art", "token:", "sheet:"))


def page_findings(drawing, kit: str, number: int, edges: dict) -> list[Finding]:
    """What imposition adds: the page's own words, boards as placed, and the paper's edge."""
    items = list(flatten(drawing.shapes, opaque=_packed))
    where = f"in the {kit} kit, page {number}"
    words = [item for item in items if not isinstance(item.shape, Group)]
    found = surface_findings(words, where, ("page", kit, number))
    found += printable_findings(items, drawing.width, drawing.height, where, kit)
    found += edge_findings(drawing, where, ("edges", kit.split(",")[0]), edges)
    return found


def edge_findings(drawing, where: str, key: tuple, edges: dict) -> list[Finding]:
    """Cards that touch share a cut line: their colours along it must be the same, or a cut a
    little off the line leaves a strip of the neighbour's colour on the card."""
    cards = [(shape, drawing.shapes[i - 1]) for i, shape in enumerate(drawing.shapes)
             if isinstance(shape, Rect) and shape.role.startswith("card-trim") and i > 0
             and isinstance(drawing.shapes[i - 1], Group)]
    found = []  # `edges`: each card drawing's edge colours, shared by every page it is on
    for a, art_a in cards:
        for b, art_b in cards:
            side = _shared_side(a, b)
            if side is None or a.role.split(":")[:3] == b.role.split(":")[:3]:  # a fold-over pair: a fold
                continue
            mine = _edge_colours(a, art_a, side, edges)
            theirs = _edge_colours(b, art_b, OPPOSITE[side], edges)
            if mine != theirs and None not in mine | theirs:
                found.append(finding("edges", where, f"{a.role.split(':')[1]} cards in {', '.join(sorted(mine))} "
                                     f"beside cards in {', '.join(sorted(theirs))}", key, messages=KIT_MESSAGES))
                return found  # one is enough to say: the deck's layout is the fault, not one card
    return found


OPPOSITE = {"right": "left", "bottom": "top", "left": "right", "top": "bottom"}


def _shared_side(a: Rect, b: Rect) -> Optional[str]:
    """"right" when b's left edge is a's right edge (same row), "bottom" when b sits right under a."""
    if abs(a.x + a.w - b.x) < 0.01 and abs(a.y - b.y) < 0.01:
        return "right"
    if abs(a.y + a.h - b.y) < 0.01 and abs(a.x - b.x) < 0.01:
        return "bottom"
    return None


def _edge_colours(trim: Rect, art: Group, side: str, cache: dict) -> frozenset:
    """The colours printed just inside one side of a card's trim (three points along it)."""
    key = id(art.shapes)
    if key not in cache or cache[key][0] is not art.shapes:  # an id is reused once its drawing is gone
        items = list(flatten(art.shapes))
        ground = Ground(items)
        x, y = trim.x - art.dx, trim.y - art.dy  # the trim in the card drawing's own millimetres
        inset, w, h = 0.4, trim.w, trim.h
        points = {"left": [(x + inset, y + h * f) for f in (0.2, 0.5, 0.8)],
                  "right": [(x + w - inset, y + h * f) for f in (0.2, 0.5, 0.8)],
                  "top": [(x + w * f, y + inset) for f in (0.2, 0.5, 0.8)],
                  "bottom": [(x + w * f, y + h - inset) for f in (0.2, 0.5, 0.8)]}
        cache[key] = (art.shapes, {edge: frozenset(ground.colour_at(len(items), px, py) for px, py in along)
                                   for edge, along in points.items()})
    return cache[key][1][side]


def printable_findings(items: list[Placed], width: float, height: float, where: str, kit: str) -> list[Finding]:
    m = PRINTABLE_MARGIN
    found = []
    for item in items:
        shape = item.shape
        role = shape.role
        if isinstance(shape, Group) and role.startswith("card-art"):
            continue  # a card's art runs into its bleed; its trim (below) is what must print
        if isinstance(shape, Line) and role == "crop-mark":
            (x1, y1), (x2, y2) = item.corners()
            x, y = (x1, y1)  # a mark begins beside the bleed and runs out: its start must print
            box = (x, y, 0.0, 0.0)
        elif isinstance(shape, Text):
            if not shown(item):
                continue
            box = ink_box(item)
        else:
            if not (isinstance(shape, Group) or role.startswith(("card-trim", "tile-window", "calibration"))):
                continue
            box = item.box()
        if box is None:
            continue
        x, y, w, h = box
        over = max(m - x, m - y, x + w - (width - m), y + h - (height - m))
        if over > 1e-6:
            name = quoted(shape) if isinstance(shape, Text) else (component_name(role) or role.split(":")[0] or
                                                                 "a component")
            found.append(finding("printable", where, f"{name} {m - over:.1f} mm from the paper's edge",
                                 ("printable", kit.split(",")[0], name), messages=KIT_MESSAGES))
    return found


# -- the whole kit ----------------------------------------------------------------------
def preflight_kits(components, artwork=None) -> list[ContentError]:
    """Preflight every page of every kit the game's components make (laid out, not written).
    `artwork`: the drawings (build.kit_artwork), if already made."""
    from generator.kit.build import kit_artwork, kit_pages
    from generator.kit.spec import plan_kits

    planned = plan_kits(components, None, None)
    artwork = artwork or kit_artwork(components)
    findings, edges = [], {}
    for ink, art in sorted(artwork.items()):
        findings += component_findings(components, art, "ink saver" if ink else "print")
    for kit in planned:
        pages = kit_pages(components, artwork[kit.variant == "ink-saver"], title="", author="", paper=kit.paper,
                          variant=kit.variant, edition=kit.edition)
        label = kit.label or kit.paper
        for number, page in enumerate(pages, 1):
            findings += page_findings(page.drawing, label, number, edges)
        findings += setup_findings(components, pages, label)
    return errors_of(components.path, findings)


def setup_findings(components, pages, kit: str) -> list[Finding]:
    """A set-up picture the cover had no room for: the kit prints without it, so say why."""
    if components.setup is None or any(has_role(page.drawing.shapes, "setup-picture") for page in pages):
        return []
    from generator.kit.build import setup_least

    least = setup_least(components.setup)
    found = (f"no room on the cover for {components.setup.width * least:.0f} x {components.setup.height * least:.0f}"
             f" mm (the picture at {least:.0%} of its size, the least that helps)"
             + (" and its caption" if components.setup_caption else ""))
    kind = "setup left out" if components.setup_caption else "cover left out"  # [kit].cover has no caption
    return [finding(kind, f"in the {kit} kit, cover", found, ("setup", kit), components.path,
                    components.setup_line, messages=KIT_MESSAGES)]


def has_role(shapes, role: str) -> bool:
    return any(getattr(shape, "role", "") == role or (isinstance(shape, Group) and has_role(shape.shapes, role))
               for shape in shapes)
