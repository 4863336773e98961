"""Pig's computer players. A bot is a function (engine, state, player, rng) -> action."""
from __future__ import annotations


def hold_at_20(engine, state, player, rng):
    """The classic rule of thumb: roll until the turn holds 20 points (or enough to win), then hold."""
    needed = state.target - state.scores[player]
    if state.turn_points >= min(20, needed):
        return "hold"
    return "roll"


BOTS = {"hold-at-20": hold_at_20}
