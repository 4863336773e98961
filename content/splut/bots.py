"""Splut! heuristic computer player: one step of look-ahead over a position
score that rewards killing throws and keeps the own Sorcerer out of the
Rocks' lines of fire. The loader finds `BOTS` here (see generator/play/bots.py).
"""
from __future__ import annotations

import math

from generator.play.bots import MCTSBot
from generator.play.levels import Level
from generator.play.words import N_

from .board import (
    DWARF,
    EMPTY,
    NEXT,
    OFF,
    ROCK,
    ROCK_COUNT,
    SORCERER,
    TROLL,
    kind_of,
    team_piece,
)
from .engine import SplutEngine, SplutState, Step


def _troll_distances(board: tuple[int, ...], start: int) -> dict[int, int]:
    """Steps a Troll on `start` needs to reach each empty square (walking only)."""
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for sq in frontier:
            for d in range(4):
                n = NEXT[d][sq]
                if n != OFF and n not in dist and board[n] == EMPTY:
                    dist[n] = dist[sq] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def _kill_entries(board: tuple[int, ...], where: tuple[int, ...], target: int) -> list[tuple[int, int]]:
    """(Rock square, direction) pairs from which a throw would hit the Sorcerer on `target`."""
    out = []
    for rid in range(ROCK_COUNT):
        rock_at = where[rid]
        for d in range(4):
            sq = NEXT[d][rock_at]
            while sq != OFF:
                occupant = board[sq]
                if occupant == EMPTY:
                    sq = NEXT[d][sq]
                    continue
                kind = kind_of(occupant)
                if kind == DWARF:
                    after = NEXT[d][sq]
                    if after == OFF or (board[after] != EMPTY and kind_of(board[after]) in (ROCK, TROLL)):
                        break
                    sq = after
                    continue
                if sq == target:
                    out.append((rock_at, d))
                break
    return out


def _steps_to_kill(board, where, troll_at: int, target: int) -> int:
    """Fewest steps for the Troll on `troll_at` to throw a Rock onto `target` (99: none seen)."""
    if troll_at < 0 or target < 0:
        return 99
    entries = _kill_entries(board, where, target)
    if not entries:
        return 99
    dist = _troll_distances(board, troll_at)
    best = 99
    for rock_at, _direction in entries:
        for d in range(4):
            q = NEXT[d][rock_at]
            if q in dist:
                best = min(best, dist[q] + 1)
    return best


def evaluate(state: SplutState, player: int) -> float:
    """How good `state` looks for `player` (higher is better)."""
    if not state.alive(player):
        return -100000.0
    survivors = state.survivors()
    if len(survivors) == 1:
        return 100000.0
    board, where = state.board, state.where
    my_sorcerer = where[team_piece(player, SORCERER)]
    my_troll = where[team_piece(player, TROLL)]
    my_turn = state.current == player
    score = -1000.0 * (len(survivors) - 1)
    score += 40.0 if where[team_piece(player, DWARF)] >= 0 else 0.0
    for enemy in survivors:
        if enemy == player:
            continue
        score -= 15.0 if where[team_piece(enemy, DWARF)] >= 0 else 0.0
        # Danger: the enemy Troll could throw at my Sorcerer on his next turn.
        danger = _steps_to_kill(board, where, where[team_piece(enemy, TROLL)], my_sorcerer)
        if danger <= 3:
            score -= 400.0 if state.current == enemy else 250.0
        # Chance: my Troll could throw at this Sorcerer.
        chance = _steps_to_kill(board, where, my_troll, where[team_piece(enemy, SORCERER)])
        if my_turn and chance <= state.steps_left:
            score += 500.0 + 20.0 * (state.steps_left - chance)  # closing in beats dawdling
        elif chance <= 3:
            score += 60.0
        else:
            score -= 3.0 * min(chance, 12)
    # Any Rock with a clear line to my Sorcerer is a risk: Dwarves, pulls and
    # levitation can bring a Troll to it sooner than walking suggests.
    score -= 60.0 * len(_kill_entries(board, where, my_sorcerer))
    free = sum(1 for d in range(4) if NEXT[d][my_sorcerer] != OFF and board[NEXT[d][my_sorcerer]] == EMPTY)
    score += 4.0 * free
    return score


def heuristic_bot(engine: SplutEngine, state: SplutState, player: int, rng) -> Step:
    """One step of look-ahead: take a killing throw when there is one, keep the
    own Sorcerer out of the Rocks' lines of fire, walk the Troll towards throws."""
    actions = engine.legal_actions(state, player)
    best, best_score = [], None
    for action in actions:
        after, _events = engine.apply(state, action)
        score = evaluate(after, player)
        if best_score is None or score > best_score + 1e-9:
            best, best_score = [action], score
        elif abs(score - best_score) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def search_value(engine: SplutEngine, state: SplutState, player: int) -> float:
    """`evaluate` squeezed into 0..1, the scale of a search's wins and losses."""
    return 1.0 / (1.0 + math.exp(-max(-5000.0, min(5000.0, evaluate(state, player))) / 300.0))


# The strong level: a tree search over single steps that judges the positions at
# its leaves with `evaluate` instead of playing random games out (a random Splut!
# game runs about 220 steps and tells little). 500 iterations take about 0.04 s
# a step in CPython (worst about 0.1 s); Pyodide is several times slower, so the
# 0.6 s time limit ends the search there before the reader waits a second.
SEARCH = MCTSBot(iterations=500, exploration=0.5, rollout_limit=0, evaluate=search_value, time_limit=0.6,
                name="search")


def search_bot(engine: SplutEngine, state: SplutState, player: int, rng) -> Step:
    """Weighs a few hundred continuations of the turn, and the replies to them."""
    return SEARCH.choose(engine, state, player, rng)


BOTS = {"heuristic": heuristic_bot, "search": search_bot}

# The sentences are marked for the game's catalogue (N_): the Play page's level select says
# them in the reader's language (Level.to_json); the names are Rulepress's (play/levels.py).
LEVELS = (
    Level("beginner", bot="heuristic", blunders=0.4,
          about=N_("Throws when a throw is there, but wanders at random two steps in five.")),
    Level("club", bot="heuristic",
          about=N_("Looks one step ahead: takes a killing throw, keeps its Sorcerer out of line.")),
    Level("strong", bot="search",
          about=N_("Searches a few hundred continuations of its turn and of the replies.")),
)
