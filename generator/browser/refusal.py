"""Why a click fits no legal move: the engine's own reason, found by asking it.

The page's click rules (clicks.py) found no move from a piece to a place. The engine knows
why (a Troll cannot step that far, the coin shows 2): write the nearest legal move of that
piece with the place in its target's stead, and let the engine refuse it. If it reads none
of them, the refusal falls back to the game's rule for moves.

Standard library and generator.play only (runs under Pyodide).
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from generator.play.api import IllegalAction
from generator.play.match import parse_action
from generator.play.words import _


def refusal(engine, state, legal: Sequence[dict], frm: str | None, to: str, name: Callable[[str], str],
            seat_name: str) -> IllegalAction:
    """The refusal for a move from `frm` (a piece, or None) to `to`, its places in the rules' words."""
    reason = engine_reason(engine, state, legal, frm, to)
    if reason is not None:
        return reason
    rule = getattr(engine, "moves_rule", "") or "legal moves"
    if frm:
        return IllegalAction(rule, _("no legal move for {player} goes from {place} to {to}").format(
            player=seat_name, place=name(frm), to=name(to)))
    return IllegalAction(rule, _("no legal move for {player} goes on {place}").format(player=seat_name, place=name(to)))


def engine_reason(engine, state, legal: Sequence[dict], frm: str | None, to: str) -> IllegalAction | None:
    """The engine's refusal of the nearest legal move of `frm` rewritten to reach `to`, or None."""
    entries = sorted((e for e in legal if e["c"] and (frm is None or e["c"][0] == frm)), key=lambda e: len(e["c"]))
    for entry in entries:
        cells, text = entry["c"], entry["n"]
        target = cells[-1] if frm is not None else cells[0]
        guess = _replace_last_cell(text, target, to)
        if guess == text:
            continue
        try:
            action = parse_action(engine, state, guess)
            engine.apply(state, action)
        except IllegalAction as refused:
            if refused.rule != "notation":
                return refused
        except (ValueError, KeyError, TypeError, IndexError):
            continue
    return None


def _replace_last_cell(text: str, old: str, new: str) -> str:
    """`text` with its last whole-word `old` replaced by `new` ("T e3-e4" -> "T e3-e7")."""
    found = list(re.finditer(rf"(?<![A-Za-z0-9]){re.escape(old)}(?![A-Za-z0-9])", text))
    if not found:
        return text
    last = found[-1]
    return text[:last.start()] + new + text[last.end():]
