"""Splat heuristic computer player: one ply of look-ahead over a rough score
(hold the parachute with nobody above, else stay just above it). The loader
finds `BOTS` here (see generator/play/bots.py).
"""
from __future__ import annotations

import math

from generator.play.bots import MCTSBot
from generator.play.levels import Level

from .board import AIR, HEIGHT, Cell, column_distance
from .engine import ENGINE, SplatState


def _reach_chance(distance: int) -> float:
    """The chance a d6 roll covers `distance` steps (a move may stop short)."""
    return max(0, 7 - distance) / 6 if distance >= 1 else 0.0


def _threat(state: SplatState, target: Cell, chaser: int, drift: int) -> float:
    """How likely `chaser` reaches `target` on its next turn if the target
    first drifts `drift` rows down; chasers below the target never can."""
    cell = state.skydivers[chaser]
    rows = target[1] + drift - cell[1]
    if rows < 1:
        return 0.0
    return _reach_chance(rows + column_distance(cell[0], target[0]))


def evaluate(state: SplatState, player: int) -> float:
    """A rough worth of `state` for `player`: win high, loss low; holding the
    parachute with no chaser above is best; otherwise be just above it."""
    result = ENGINE.result(state)
    if result is not None:
        return 1000.0 if player in result.winners else -1000.0
    if state.fates[player] != AIR:
        return -1000.0
    me = state.skydivers[player]
    rivals = [s for s in range(state.players) if state.fates[s] == AIR and s != player]
    if state.holder == player:
        danger = sum(_threat(state, me, s, 2) for s in rivals)
        return 400.0 + 8.0 * me[1] - 250.0 * danger
    target = state.chute if state.holder is None else state.skydivers[state.holder]
    score = 0.0
    if state.holder is not None:
        score -= 6.0 * target[1]  # a rival holder close to the ground is bad news
    drift = 2  # the parachute (or its holder) drops about two rows before our next turn
    if target[1] < me[1]:
        score -= 150.0  # below the parachute: it can only be reached by a lucky bounce
    else:
        score += 120.0 * _threat(state, target, player, drift)
    score -= 3.0 * me[1]  # height is time
    if me[1] == HEIGHT:
        score -= 200.0  # next turn's first step hits the ground
    return score


def heuristic_bot(engine, state, player, rng):
    """One ply: play the move whose resulting position `evaluate` likes best
    (ties broken at random)."""
    best, best_score = None, None
    for action in engine.legal_actions(state, player):
        after, _ = engine.apply(state, action)
        score = evaluate(after, player) + rng.random() * 0.01
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best


def search_value(engine, state: SplatState, player: int) -> float:
    """`evaluate` squeezed into 0..1, the scale of a search's wins and losses."""
    return 1.0 / (1.0 + math.exp(-max(-5000.0, min(5000.0, evaluate(state, player))) / 150.0))


# The strong level: a tree search over the moves and the dice to come that judges
# the positions at its leaves with `evaluate`. (Tried first: playouts by the
# heuristic, which assumed a careful opponent and did worse against random moves
# than the heuristic itself.) 300 iterations take about 0.01 s a move in CPython
# (worst about 0.02 s); the 0.6 s time limit only matters on a very slow browser.
SEARCH = MCTSBot(iterations=300, exploration=0.5, rollout_limit=0, evaluate=search_value, time_limit=0.6,
                 name="search")


def search_bot(engine, state, player, rng):
    """Weighs a few hundred continuations with the dice to come, both sides' moves included."""
    return SEARCH.choose(engine, state, player, rng)


BOTS = {"heuristic": heuristic_bot, "search": search_bot}

LEVELS = (
    Level("beginner", bot="heuristic", blunders=0.5,
          about="Steers for the parachute, but half its moves are picked at random."),
    Level("club", bot="heuristic", about="Looks one move ahead: catches the parachute and keeps clear of chasers."),
    Level("strong", bot="search", about="Weighs a few hundred continuations with the dice to come, and takes the best."),
)
