"""Two balanced columns that measure each paragraph once: reportlab's BalancedColumns, which
sets a two-column chapter (a glossary) full on each page and balanced on its last. To balance
that page it searches for the shortest columns that hold what is left (a golden-section search
of some 80 tries), and measured every paragraph again at each try, breaking its lines anew: three
quarters of a book's typesetting time. A paragraph's height at a width does not change, so it is
measured once here; the search, its tries and so the pages are reportlab's own."""
from __future__ import annotations

from copy import deepcopy

from reportlab.platypus import BalancedColumns, Indenter, Paragraph
from reportlab.rl_config import _FUZZ

TALL = 0xFFFFFFF  # the height reportlab measures a column's flowables in (as much as they need)


class MeasuredColumns(BalancedColumns):
    """BalancedColumns whose search reads each paragraph's size from `sizes` (shared with the
    columns of the pages that follow) instead of measuring it at every try."""

    def __init__(self, content: list, **options):
        super().__init__(content, **options)
        self.sizes: dict[int, tuple] = {}  # id(paragraph) -> (paragraph, width, (width, height))

    def _generated_content(self, aW, aH):
        height, generated = super()._generated_content(aW, aH)
        return height, [self.continued(flowable) if type(flowable) is BalancedColumns else flowable
                        for flowable in generated]

    def continued(self, rest: BalancedColumns) -> MeasuredColumns:
        """The columns of the next page, which reportlab makes of its own class: measuring too,
        with the sizes measured so far."""
        rest.__class__ = MeasuredColumns
        rest.sizes = self.sizes
        return rest

    def measured(self, flowable, canv, width: float) -> tuple[float, float]:
        """`flowable`'s size at `width`: a paragraph's as measured before (while it still holds
        its lines broken at `width`, which splitting it reads), anything else's measured now."""
        if not isinstance(flowable, Paragraph):
            return flowable.wrapOn(canv, width, TALL)
        known = self.sizes.get(id(flowable))
        if (known is None or known[0] is not flowable or known[1] != width or flowable.__dict__.get("width") != width
                or "blPara" not in flowable.__dict__):
            known = flowable, width, flowable.wrapOn(canv, width, TALL)
            self.sizes[id(flowable)] = known
        return known[2]

    def _findSplit(self, canv, availWidth, availHeight, mergeSpace=1, obj=None, content=None, paraFix=True):
        """reportlab's _FindSplitterMixin._findSplit (5.1) as BalancedColumns calls it: the width of
        `content` (default: all of it), the height it takes of `availHeight`, what fits there and
        what is left; a flowable that crosses the foot split. Sizes from `measured`; BalancedColumns
        calls it with paraFix off (a paragraph splits at the room left, not a line more)."""
        widest = height = space_after = 0
        at_top = True
        flowables = self._getContent(content)
        for i, flowable in enumerate(flowables):
            if hasattr(flowable, "frameAction"):
                if isinstance(flowable, Indenter):
                    availWidth -= flowable.left + flowable.right
                continue
            w, h = self.measured(flowable, canv, availWidth)
            if w <= _FUZZ or h <= _FUZZ:
                continue
            widest = max(widest, w)
            if not at_top:
                space = flowable.getSpaceBefore()
                height += max(space - space_after, 0) if mergeSpace else space
            else:
                if obj is not None:
                    obj._spaceBefore = flowable.getSpaceBefore()
                at_top = False
            if height >= availHeight or w > availWidth:
                return widest, availHeight, flowables[:i], flowables[i:]
            height += h
            if height > availHeight:
                parts = split_copy(flowable, canv, availWidth, availHeight - (height - h))
                if not parts:
                    return widest, availHeight, flowables[:i], flowables[i:]
                return widest, availHeight, flowables[:i] + parts[:1], parts[1:] + flowables[i + 1:]
            space_after = flowable.getSpaceAfter()
            height += space_after
        if obj is not None:
            obj._spaceAfter = space_after
        return widest, height - space_after, flowables, []


def split_copy(flowable, canv, width: float, height: float) -> list:
    """A copy of `flowable` split to fit `height` (splitting a paragraph forgets its lines, and
    the search tries many heights), or [] where it cannot split: as reportlab splits it."""
    try:
        copy = flowable.deepcopy() if hasattr(flowable, "deepcopy") else deepcopy(flowable)
        return copy.splitOn(canv, width, height) or []
    except Exception:  # reportlab's own: some flowables cannot be copied, and then move whole
        return []
