"""Preflight of a drawing as it is printed: what a print shop checks on text before it prints,
shared by the kit's preflight (generator/kit/preflight.py, which adds what imposition brings:
cut lines on a page, the paper's edge, cards' shared edges) and the rulebook's figures
(generator/rulebook/preflight.py). It reads the drawing model only.

The checks, each on what is printed at the size it is printed (a group's scale included):
text is at least MIN_TEXT_PT points; inside its safe area; across no cut; touching no other
text, rule or border; contrasting with what lies under it by WCAG's ratio (4.5:1, or 3:1
for large type).

Each finding has a severity, given in one place (SEVERITY, `severity`): an error means the
print would be wrong (text across a cut or outside its safe area, text too small or too faint
to read at all), a warning that it would be poor (text between TEXT_FLOOR_PT and MIN_TEXT_PT,
contrast between 3:1 and 4.5:1, a label touching a line or another label). docs/cli.md lists them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from generator.draw import colour as colours
from generator.draw.flatten import IDENTITY, Affine, Placed, flatten
from generator.draw.shapes import Circle, Group, Image, Line, Path as PathShape, Polygon, Rect, Style, Text
from generator.draw.theme import themed_items
from generator.errors import ERROR, WARNING, ContentError

MIN_TEXT_PT = 6.0  # the recommended least size: below it, type is hard to read on paper at arm's length
TEXT_FLOOR_PT = 5.0  # ... and below this, not read at all: an error (between the two, a warning)
MIN_CONTRAST = 4.5  # WCAG 2's ratio for text
LARGE_CONTRAST = 3.0  # ... and for large text (18 pt, or 14 pt bold)
TOUCH = 0.1  # mm: shapes closer than this are not yet touching (drawing and rounding noise)
PT_PER_MM = 72 / 25.4
CUT_ROLES = ("cut-line", "crop-mark", "fold-line", "card-trim")
LEFT_OUT = "left-out:"  # the role of an empty text marking a line the layout left out: LEFT_OUT + what + ":" + words
COMPONENT_KINDS = ("token", "sheet", "board", "card-art", "card")


@dataclass(frozen=True)
class SmallText:
    kit: str  # the kit's label, e.g. "A4, ink saver"
    page: int
    component: str  # the piece of the kit it is on, as the layout names it ("token pieces 3")
    text: str
    points: float


def small_text(shapes, kit: str, page: int, component: str = "page", scale: float = 1.0,
               floor: float = MIN_TEXT_PT) -> list[SmallText]:
    """Every text of `shapes` printed under `floor` points at `scale` (mm on paper per mm drawn),
    with the component it belongs to."""
    return [SmallText(kit, page, placed_component(item) or component, item.shape.text, round(points(item), 2))
            for item, _what in check_small_text(placed_at(shapes, scale), floor)]


def placed_at(shapes, scale: float = 1.0) -> list[Placed]:
    """`shapes` as printed at `scale`: every primitive where it lands."""
    return list(flatten(shapes, Affine(scale, 0.0, 0.0, scale)))


def placed_component(item: Placed) -> str:
    """The innermost component the layout placed `item` in ("token pieces 3"), or ""."""
    return next((component_name(role) for role in reversed(item.roles) if component_name(role)), "")


def component_name(role: str) -> str:
    """The kit's own name for a placed component: "token:pieces:3" is "token pieces 3"."""
    kind, _, rest = role.partition(":")
    if kind in COMPONENT_KINDS:
        return f"{kind.replace('-art', '')} {rest.replace(':', ' ')}".strip()
    return ""


# -- findings ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Finding:
    """One thing preflight would not print."""

    check: str  # the rule, as the error states it: "text across a cut line"
    where: str  # "in the A4 kit, page 3, token pieces 3" or "on the front of card 'Two'"
    found: str
    expected: str
    path: Optional[Path] = None  # a data file, when the text comes from one of its rows
    line: Optional[int] = None
    key: tuple = ()  # what makes two findings the same problem (the same label on every copy)
    severity: str = ERROR  # ERROR or WARNING: `severity`, the one place that decides
    each: str = ""  # `where` said of every row alike ("print, on the front of event cards"): the
    #                 same finding on many rows of one file is then one entry naming the rows


def quoted(text: Text) -> str:
    return f"“{text.text}”"


def points(item: Placed) -> float:
    return item.shape.size * item.to_page.scale * PT_PER_MM


def texts(items: list[Placed]) -> list[tuple[int, Placed]]:
    """The words of a surface (those a clip hides, as on a tile of a board, are not printed)."""
    return [(i, item) for i, item in enumerate(items)
            if isinstance(item.shape, Text) and item.shape.text.strip() and shown(item)]


def _whole(item: Placed) -> bool:
    x, y, w, h = ink_box(item)
    return not item.clips or all(item.visible(px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)))


def shown(item: Placed) -> bool:
    if not item.clips:
        return True
    x, y, w, h = ink_box(item)
    return item.visible(x + w / 2, y + h / 2)


def ink_box(item: Placed) -> tuple[float, float, float, float]:
    """The text's letters on the page, as an upright box (turns are quarter turns here):
    the placed shape's box, which for a text is its ink box (flatten.text_ink_box), kept."""
    return item.box()


def shrunk(box, by: float = TOUCH):
    x, y, w, h = box
    return x + by, y + by, max(0.0, w - 2 * by), max(0.0, h - 2 * by)


# -- the checks, on one surface (a card face, a token, a page) ----------------------------
def check_small_text(items: list[Placed], floor: float = MIN_TEXT_PT) -> Iterable[tuple[Placed, str]]:
    for _i, item in texts(items):
        size = points(item)
        if size < floor - 1e-6:
            yield item, f"{quoted(item.shape)} at {size:.2f} pt"


def check_inside(items: list[Placed], area) -> Iterable[tuple[Placed, str]]:
    """Text wholly inside `area` (x, y, w, h)."""
    ax, ay, aw, ah = area
    for _i, item in texts(items):
        x, y, w, h = shrunk(ink_box(item))
        over = max(ax - x, ay - y, (x + w) - (ax + aw), (y + h) - (ay + ah))
        if over > 0:
            yield item, f"{quoted(item.shape)} reaches {over:.1f} mm past it"


def segments(item: Placed) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight pieces of a stroked outline, on the page (a circle as a 48-gon)."""
    shape = item.shape
    if isinstance(shape, Circle):
        local = [(shape.cx + shape.r * math.cos(k * math.pi / 24), shape.cy + shape.r * math.sin(k * math.pi / 24))
                 for k in range(49)]
    elif isinstance(shape, Rect):
        x, y, w, h = shape.x, shape.y, shape.w, shape.h
        local = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
    elif isinstance(shape, Line):
        local = [(shape.x1, shape.y1), (shape.x2, shape.y2)]
    elif isinstance(shape, Polygon):
        local = list(shape.points) + list(shape.points[:1])
    elif isinstance(shape, PathShape):
        local = list(shape.points) + (list(shape.points[:1]) if shape.closed else [])
    else:
        return []
    placed = [item.to_page.apply(x, y) for x, y in local]
    return list(zip(placed, placed[1:]))


def crosses(segment, box) -> bool:
    """Whether a segment passes through the inside of a box (Liang–Barsky clipping)."""
    (x1, y1), (x2, y2) = segment
    bx, by, bw, bh = box
    if bw <= 0 or bh <= 0:
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - bx), (dx, bx + bw - x1), (-dy, y1 - by), (dy, by + bh - y1)):
        if abs(p) < 1e-12:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


def stroked(item: Placed) -> bool:
    style = getattr(item.shape, "style", None)
    return bool(style and style.stroke and style.stroke_width > 0 and style.opacity > 0.2)


def is_cut(item: Placed) -> bool:
    return item.shape.role.startswith(CUT_ROLES) if isinstance(item.shape, (Rect, Line, Circle, PathShape)) else False


def check_cuts(items: list[Placed]) -> Iterable[tuple[Placed, str]]:
    cuts = [(item, segments(item)) for item in items if is_cut(item)]
    if not cuts:
        return
    for _i, text in texts(items):
        box = shrunk(ink_box(text))
        for cut, pieces in cuts:
            if any(crosses(piece, box) for piece in pieces):
                yield text, f"{quoted(text.shape)} crossed by the {cut.shape.role.split(':')[0].replace('-', ' ')}"
                break


def check_collisions(items: list[Placed]) -> Iterable[tuple[Placed, str]]:
    """Text over text, and text crossed by a visible rule or border (one under an opaque fill
    that the text sits on is hidden, so it does not count)."""
    labels = [(i, item) for i, item in texts(items) if _whole(item)]  # a word a tile's edge cuts lies on
    boxes = {i: shrunk(ink_box(item)) for i, item in labels}          # the strip cut away: its tile shows it whole
    for n, (i, text) in enumerate(labels):
        for j, other in labels[n + 1:]:
            if boxes[i][2] and boxes[j][2] and _touch(boxes[i], boxes[j]) and not _same_label(text, other):
                yield text, f"{quoted(text.shape)} overlaps {quoted(other.shape)}"
    rules = [(k, item) for k, item in enumerate(items) if stroked(item) and not is_cut(item)
             and not isinstance(item.shape, (Text, Image, Group))]
    under = Ground(items) if rules else None
    for i, text in labels:
        box = boxes[i]
        ground = None
        for k, rule in rules:
            if not _touch(box, rule.box() or (0, 0, 0, 0)):
                continue
            if rule.clips and not rule.visible(box[0] + box[2] / 2, box[1] + box[3] / 2):
                continue  # clipped away where the text is (a board's lines beyond its tile)
            if not any(crosses(piece, box) for piece in segments(rule)):
                continue
            if k < i:
                ground = under.covering(i, box) if ground is None else ground
                if k < ground:
                    continue
            if rule.shape.role == "underline" and k == i + 1:
                continue
            yield text, f"{quoted(text.shape)} crossed by a line or border"
            break


def _touch(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _same_label(a: Placed, b: Placed) -> bool:
    """The same words drawn twice in one place (a halo under a label) are one label."""
    (ax, ay), (bx, by) = a.to_page.apply(a.shape.x, a.shape.y), b.to_page.apply(b.shape.x, b.shape.y)
    return a.shape.text == b.shape.text and abs(ax - bx) < 0.6 and abs(ay - by) < 0.6


def check_cut_short(items: list[Placed]) -> Iterable[tuple[Placed, str]]:
    """The words fitting cut short with an ellipsis for want of room (a longer language's, often)."""
    for item in items:
        if isinstance(item.shape, Text) and item.shape.cut:
            yield item, f"“{item.shape.cut}” printed as “{item.shape.text}”"


def check_left_out(items: list[Placed]) -> Iterable[tuple[Placed, str]]:
    """The lines Rulepress's own layout left out for want of room (kit/ownlines.py)."""
    for item in items:
        if isinstance(item.shape, Text) and item.shape.role.startswith(LEFT_OUT):
            what, _, words = item.shape.role[len(LEFT_OUT):].partition(":")
            yield item, f"the {what} “{words}”, which has no room at {MIN_TEXT_PT:g} pt even on two lines"


def contains(item: Placed, x: float, y: float) -> bool:
    if not item.visible(x, y):
        return False
    lx, ly = item.from_page.apply(x, y)
    shape = item.shape
    if isinstance(shape, Rect):
        return shape.x - 1e-6 <= lx <= shape.x + shape.w + 1e-6 and shape.y - 1e-6 <= ly <= shape.y + shape.h + 1e-6
    if isinstance(shape, Circle):
        return (lx - shape.cx) ** 2 + (ly - shape.cy) ** 2 <= shape.r ** 2 + 1e-9
    if isinstance(shape, (Polygon, PathShape)):
        return _in_polygon(shape.points, lx, ly)
    return False


def _in_polygon(points, x: float, y: float) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


class Ground:
    """What lies under a point of one surface: its fills (and pictures), indexed once with
    their boxes, so that asking about many points reads the surface once."""

    def __init__(self, items: list[Placed]):
        self.layers = []  # (paint index, item, box, fill or None for a picture, opacity), in paint order
        for index, item in enumerate(items):
            shape = item.shape
            style = getattr(shape, "style", None)
            if isinstance(shape, Image):
                self.layers.append((index, item, item.box(), None, 1.0))
            elif (isinstance(shape, (Rect, Circle, Polygon, PathShape)) and style and style.fill
                  and colours.is_hex(style.fill)):
                self.layers.append((index, item, item.box(), style.fill, style.opacity))

    def covering(self, before: int, box) -> int:
        """The paint index of the last opaque fill before `before` that covers all of `box`
        (what a text there sits on: lines painted under it are hidden), or -1."""
        x, y, w, h = box
        corners = ((x, y), (x + w, y), (x, y + h), (x + w, y + h))
        for index, item, shape_box, fill, opacity in reversed(self.layers):
            if (index < before and fill is not None and opacity >= 0.999
                    and all(_box_holds(shape_box, px, py) and contains(item, px, py) for px, py in corners)):
                return index
        return -1

    def colour_at(self, before: int, x: float, y: float) -> Optional[str]:
        """The colour printed at (x, y) by the shapes painted before index `before` (paper white
        where none is), fills with opacity blended; None where a picture lies under the point."""
        found = []
        for index, item, box, fill, opacity in reversed(self.layers):
            if index >= before or not _box_holds(box, x, y):
                continue
            if fill is None:
                if item.visible(x, y):
                    return None
                continue
            if not contains(item, x, y):
                continue
            found.append((fill, opacity))
            if opacity >= 0.999:
                break
        colour = colours.WHITE
        for fill, opacity in reversed(found):
            colour = colours.mix(colour, fill, opacity)
        return colour


def _box_holds(box, x: float, y: float) -> bool:
    return box is not None and box[0] <= x <= box[0] + box[2] and box[1] <= y <= box[1] + box[3]


def check_contrast(items: list[Placed]) -> Iterable[tuple[Placed, str]]:
    for item, what, _ratio in contrast_ratios(items):
        yield item, what


def contrast_ratios(items: list[Placed]) -> Iterable[tuple[Placed, str, float]]:
    """Each text under its needed contrast, with its worst ratio (what its severity reads)."""
    under = None  # the surface's fills, indexed when a text first asks
    for i, text in texts(items):
        under = under or Ground(items)
        if not colours.is_hex(text.shape.fill):
            continue
        size = points(text)
        needed = LARGE_CONTRAST if size >= 18 or (text.shape.bold and size >= 14) else MIN_CONTRAST
        x, y, w, h = ink_box(text)
        grounds = [under.colour_at(i, x + w * fx, y + h * 0.5) for fx in (0.15, 0.5, 0.85)]
        ratios = [(colours.contrast(text.shape.fill, ground), ground) for ground in grounds if ground is not None]
        if ratios and min(ratios)[0] < needed - 1e-6:  # across the words, at mid height: the worst
            ratio, ground = min(ratios)
            yield text, f"{quoted(text.shape)} in {text.shape.fill} on {ground}: {ratio:.2f}:1", ratio


# -- how bad: the one place each finding gets its severity ---------------------------------
SEVERITY = {  # a check that is always the one or the other
    "safe": ERROR, "cut": ERROR, "printable": ERROR,  # the cut or the printer takes the words away
    "collision": WARNING,  # words touching a line or other words: read with effort, not lost
    "edges": WARNING,  # a cut a little off the line shows a strip of the neighbour's colour
    "left out": WARNING,  # the generator's own line (a footer) had no room even wrapped: not printed
    "cut short": WARNING,  # words shrunk to their least size and still cut, with an ellipsis
    "setup left out": WARNING,  # the cover's set-up picture ([kit].setup) had no room: the kit prints without it
    "cover left out": WARNING,  # the author's cover picture ([kit].cover), likewise
}
# graded checks: "small" (an error under TEXT_FLOOR_PT points, a warning up to MIN_TEXT_PT or a
# book's floor) and "contrast" (an error under LARGE_CONTRAST, a warning up to MIN_CONTRAST)


def severity(check: str, measure: float | None = None) -> str:
    """ERROR (the print would be wrong) or WARNING (it would be poor) for what `check` found;
    `measure`: the graded checks' reading (points for "small", the ratio for "contrast")."""
    if check == "small":
        return ERROR if measure is not None and measure < TEXT_FLOOR_PT - 1e-6 else WARNING
    if check == "contrast":
        return ERROR if measure is not None and measure < LARGE_CONTRAST - 1e-6 else WARNING
    return SEVERITY.get(check, ERROR)


# -- what to say ------------------------------------------------------------------------
MESSAGES = {
    "small": ("text under {min:g} pt on paper",
              "text of at least {min:g} pt ({mm:.2f} mm): make the component larger, its text shorter, or its "
              "drawing's type size larger"),
    "safe": ("text outside its component's safe area",
             "text inside the component: on a card, at least the deck's `safe` distance inside the trim, "
             "where a cut a little off the line cannot reach it; on a token or sheet, inside its drawing"),
    "cut": ("text across a cut line",
            "text clear of every cut (trims, token outlines, tile cut lines, crop and fold marks): move it or "
            "make it shorter"),
    "collision": ("text colliding with other marks",
                  "text clear of other text, rules and borders: move it, shorten it or make room"),
    "cut short": ("text cut short",
                  "room for the whole text at its least size: shorter words (a translation's), or a larger "
                  "component"),
    "left out": ("a line Rulepress draws left out",
                 "room for it: a larger card, or a shorter line (a deck's `footer`); the card prints without it"),
    "contrast": ("text that does not stand out from what lies under it",
                 f"a contrast of at least {MIN_CONTRAST:g}:1 ({LARGE_CONTRAST:g}:1 for type of 18 pt, or 14 pt "
                 "bold), in every variant: a darker or lighter ink, or a plainer ground"),
}


def finding(check: str, where: str, found: str, key: tuple, path=None, line=None, messages=None,
            measure: float | None = None, each: str = "") -> Finding:
    """What `check` found, said as `messages` (default MESSAGES: a drawing's own checks) say it,
    at the severity `severity` gives it."""
    message, expected = (messages or MESSAGES)[check]
    return Finding(message.format(min=MIN_TEXT_PT), where, found,
                   expected.format(min=MIN_TEXT_PT, mm=MIN_TEXT_PT / PT_PER_MM), path, line, (check,) + key,
                   severity(check, measure), each)


def surface_findings(items: list[Placed], where: str, key: tuple, path=None, line=None,
                     safe_area=None, only=("small", "safe", "cut", "collision", "contrast", "left out", "cut short"),
                     each: str = "") -> list[Finding]:
    """The checks (`only` these) that read one surface: a component's own drawing, a page's furniture.
    Each yields (item, what, measure): the measure grades the finding's severity."""
    checks = {"small": lambda: ((item, what, points(item)) for item, what in check_small_text(items)),
              "safe": lambda: measured(check_inside(items, safe_area)), "cut": lambda: measured(check_cuts(items)),
              "collision": lambda: measured(check_collisions(items)), "contrast": lambda: contrast_ratios(items),
              "left out": lambda: measured(check_left_out(items)),
              "cut short": lambda: measured(check_cut_short(items))}
    found = []
    for check in only:
        if check == "safe" and safe_area is None:
            continue
        for item, what, measure in ANSWERS.answers(items, (check, safe_area), checks[check]):
            component = placed_component(item)
            more = f", {component}" if component and component not in where else ""
            found.append(finding(check, where + more, what, key + (item.shape.text,), path, line, measure=measure,
                                 each=each + more if each else ""))
    return found


class Answers:
    """What a check found on a surface, kept by the surface's contents: the same drawing is
    checked once a process, wherever it is met again (a diagram on two pages and in the
    rulebook; a board, a card back or a wordless token in every language's kit). Kept as
    (the item's place in the surface, what, measure), a few bytes, and looked up by the
    surface's hash and length: what the checks read is all in the items (frozen shapes and
    their moves), except a picture's pixels, which may change between two builds of `serve`:
    a surface with a picture is checked every time."""

    LIMIT = 20_000  # surfaces; then forgotten all at once (a catalogue in two languages meets 1,400)

    def __init__(self):
        self.kept: dict[tuple, list[tuple[int, str, Optional[float]]]] = {}

    def answers(self, items: list[Placed], question: tuple, check) -> list[tuple[Placed, str, Optional[float]]]:
        if any(isinstance(item.shape, Image) for item in items):
            return list(check())
        try:
            key = (hash(tuple(items)), len(items), question)
        except TypeError:  # a shape holding a list: unhashable, checked as it is
            return list(check())
        if key not in self.kept:
            found = list(check())
            where = {id(item): index for index, item in enumerate(items)}
            if any(id(item) not in where for item, _what, _measure in found):
                return found  # an answer about a shape the check made itself: not kept
            if len(self.kept) >= self.LIMIT:
                self.kept.clear()
            self.kept[key] = [(where[id(item)], what, measure) for item, what, measure in found]
            return found
        return [(items[index], what, measure) for index, what, measure in self.kept[key]]


ANSWERS = Answers()  # one a process: a build's forked children inherit what it checked before them


def measured(found: Iterable[tuple[Placed, str]]) -> Iterable[tuple[Placed, str, None]]:
    """An ungraded check's findings, with no measure."""
    return ((item, what, None) for item, what in found)


def diagram_findings(drawing, where: str, key: tuple, path=None, line=None) -> list[Finding]:
    """A game's diagram as the rulebook prints it (its size is checked where it is placed): its
    words clear of each other and of its lines, and legible on what lies under them."""
    return surface_findings(list(flatten(drawing.shapes)), where, key, path, line, only=("collision", "contrast"))


def themed_diagram_findings(drawing, paper: str, ink: str, where: str, key: tuple, path=None,
                            line=None) -> list[Finding]:
    """A site diagram's words legible as a page theme of this `paper` and `ink` shows them (its
    neutral colours follow the theme: see draw/theme.py), on that paper."""
    page = Placed(Rect(0.0, 0.0, drawing.width, drawing.height, Style(fill=paper)), IDENTITY, (), ())
    return surface_findings([page, *themed_items(drawing.shapes, paper, ink)], where, key, path, line,
                            only=("contrast",))


def errors_of(path: Optional[Path], findings: list[Finding], noun: str = "cards") -> list[ContentError]:
    """One entry per problem, at its severity: the same label on every copy and every paper is
    one, and the same finding on many rows of one data file (`each` alike) is one naming the
    rows, "events.csv:2–17 (16 cards)"."""
    groups: dict[tuple, list[Finding]] = {}
    seen = set()
    for item in findings:
        if item.key in seen:
            continue
        seen.add(item.key)
        alike = (item.check, item.each, item.found, item.path) if item.each and item.line else (item.key,)
        groups.setdefault(alike, []).append(item)
    errors = []
    for same in groups.values():
        first, rows = same[0], tuple(sorted({item.line for item in same if item.line}))
        errors.append(ContentError(first.path or path, first.line,
                                   f"preflight: {first.check}, {first.each if len(rows) > 1 else first.where}",
                                   expected=first.expected, found=first.found, severity=first.severity,
                                   rows=rows if len(rows) > 1 else (), noun=noun))
    return errors
