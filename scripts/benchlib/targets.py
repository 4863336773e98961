"""The issue's "Done when" targets as the bench prints them: every figure beside its target,
a missed one as MISSED (never as if met). Each line starts with "done-when:", so the bench's
summary can gather them from every section, the scripts run as subprocesses included."""
from __future__ import annotations

import re

MARK = "done-when:"
VERDICT = re.compile(r"\(target [<=]+ [^:]*: (met|MISSED)")


def verdict(value: float | None, limit: float, unit: str = "s", *, below: bool = False) -> str:
    """'target <= 4 s: met' or '... MISSED' (`below`: the target is strictly under `limit`);
    a figure that could not be measured is MISSED too."""
    sign = "<" if below else "<="
    target = f"target {sign} {limit:g}{(' ' + unit) if unit else ''}"
    if value is None:
        return f"{target}: MISSED (not measured)"
    met = value < limit if below else value <= limit
    return f"{target}: {'met' if met else 'MISSED'}"


def done_when(figure: str, value: float | None, limit: float, unit: str = "s", *, below: bool = False,
              beside: str = "", digits: int = 3) -> str:
    """One line of the summary: the figure, its value, its target and whether it is met."""
    shown = "not measured" if value is None else (f"{value:.{digits}f} {unit}" if unit else f"{value:.2f}")
    extra = f"; {beside}" if beside else ""
    return f"{MARK} {figure}: {shown} ({verdict(value, limit, unit, below=below)}){extra}"


def skipped(figure: str, why: str) -> str:
    """A target this run did not measure (a size left out of --sizes): said so, neither met nor
    MISSED, and counted apart in the summary."""
    return f"{MARK} {figure}: skipped ({why})"


def tally(lines: list[str]) -> str:
    """The summary's last line: how many targets were missed, met, and not measured in this run."""
    verdicts = [VERDICT.search(line) for line in lines]  # the line's own, not one quoted beside it
    missed = sum(found is not None and found.group(1) == "MISSED" for found in verdicts)
    met = sum(found is not None and found.group(1) == "met" for found in verdicts)
    left_out = sum(": skipped (" in line for line in lines)
    shown = (f"{missed} of {met + missed} targets MISSED" if missed else f"all {met} targets met" if met
             else "no target measured")
    return shown + (f"; {left_out} skipped (not measured in this run)" if left_out else "")

