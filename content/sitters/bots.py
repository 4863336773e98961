"""SiTTeRS: the game's own computer players, offered to the site as `BOTS`.

Each bot looks one move ahead and scores where each choice leads with
`worth`, a rough expected goodie score: the goodie AI takes the highest, the
baddie AI the lowest. It is quick (Manhattan distances, no search) so it
runs happily in the browser, and beatable, which is the point when the
opponent is a young child. The generic `random` and `mcts` bots come from
generator/play/bots.py; the loader imports this module beside engine.py.

Standard library only: this module runs in the browser under Pyodide.
"""
from __future__ import annotations

from typing import NamedTuple

from generator.play.api import Engine
from generator.play.levels import Level

from .board import (
    BADDIE, BOARD, CHEST, DIE, EMPTY, GOODIE, MANHATTAN, MOVE, PLACE_BADDIES, PLACE_CHESTS, PLACE_GOODIES,
    REVIVAL_ROLL, SAFE, SAFE_SPACES, SCORING, START_SPACES,
)
from .engine import Move, Place, Revive, SittersEngine, State, TakeGold, move_pairs

FAR = 99  # a distance beyond any roll


def _safe_distances() -> tuple[int, ...]:
    """Steps from each cell into the safe zone, ignoring markers."""
    far = FAR
    dist = [far] * len(BOARD.kinds)
    frontier = list(SAFE_SPACES)
    for c in frontier:
        dist[c] = 0
    while frontier:
        nxt = []
        for c in frontier:
            for n in BOARD.neighbours[c]:
                if dist[n] == far and BOARD.kinds[n] != SAFE:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    return tuple(dist)


SAFE_DISTANCE = _safe_distances()
EXIT_DISTANCE = tuple(max(0, d - 1) for d in SAFE_DISTANCE)  # steps to reach j3, j4 or j5
EXIT_ZONE = frozenset(c for c, d in enumerate(EXIT_DISTANCE) if d <= 2)  # where baddies guard the exit
CHEST_GOLD = sum(DIE) / len(DIE)  # a chest's expected gold
GOLD_PER_POINT = SCORING.thresholds[1] - SCORING.thresholds[0]  # 8 gold per point


class Outlook(NamedTuple):
    """What a bot weighs after one of its choices: markers and tallies once
    the turn is over (expected gold for a chest still to be rolled). A
    named tuple rather than a dataclass: bots build thousands per move."""

    goodies: tuple[int, ...]
    baddies: tuple[int, ...]
    chests: tuple[int, ...]
    gold: float
    survivors: int
    lost_goodies: int
    goodie_turns: int  # goodie turns still to come before the baddies move


def worth(view: Outlook, memo: dict | None = None) -> float:
    """Roughly the goodie score a position is heading for.

    Escaped goodies and gold count in full; each goodie still on the board
    counts for less the farther it is from the safe zone, the closer a
    baddie stands (a baddie within d <= 6 steps hits with a roll of d or
    more, and a battle is lost half the time) and the more baddies guard
    the exit; chests count for part of their gold while a goodie is near.

    `memo` (one dict per decision) remembers what repeats from one
    candidate to the next: the goodies' terms while the baddies stay put
    (a goodie's move), the chests' part while the goodies do (a baddie's).
    """
    value = _banked(view)
    if not view.goodies:
        return value
    memo = {} if memo is None else memo
    for g in view.goodies:
        key = (g, view.baddies, view.goodie_turns)
        term = memo.get(key)
        if term is None:
            closest = min(map(MANHATTAN[g].__getitem__, view.baddies), default=FAR)
            term = memo[key] = _goodie_term(g, closest, _guards(view.baddies), view.goodie_turns)
        value += term
    return value + _unchanged_by_baddies(view, memo)


def _banked(view: Outlook) -> float:
    """Survivors, plus the gold as points. Gold counts smoothly (a point per
    8, as far as the table goes) so that every coin pulls a little."""
    return view.survivors + min(view.gold / GOLD_PER_POINT, len(SCORING.thresholds) - 1.0)


def _guards(baddies: tuple[int, ...]) -> int:
    """Baddies standing within two steps of the exit squares j3-j5."""
    return len(EXIT_ZONE.intersection(baddies))


def _goodie_term(goodie: int, closest: int, guards: int, goodie_turns: int) -> float:
    """What one goodie on the board is worth: the way still to go, the
    nearest baddie (`closest` steps away) and the guards at the exit."""
    alarm = (1.0, 0.6, 0.4)[goodie_turns]  # each goodie turn first is a chance to step away
    threat = (7 - closest) / 6 if closest <= 6 else 0.0
    term = max(0.15, 0.98 - 0.045 * SAFE_DISTANCE[goodie]) * (1 - 0.5 * alarm * threat)
    if SAFE_DISTANCE[goodie] > 2:
        term *= 1 - 0.2 * min(guards, 3)
    return term


def _chest_part(closest: int) -> float:
    """A chest's pull: part of its average gold, more the nearer the nearest goodie."""
    return (CHEST_GOLD / GOLD_PER_POINT) * (0.6 - 0.06 * closest) if closest < 10 else 0.0


def _unchanged_by_baddies(view: Outlook, memo: dict | None) -> float:
    """The part of `worth` a baddie's move cannot change: defeated goodies
    (who may come back), the number of baddies, and the chests, each worth
    part of its average gold, more the nearer a goodie stands."""
    key = (view.chests, view.goodies, view.lost_goodies, len(view.baddies))
    if memo is not None and key in memo:
        return memo[key]
    total = 0.15 * view.lost_goodies - 0.02 * len(view.baddies)
    for c in view.chests:
        total += _chest_part(min(map(MANHATTAN[c].__getitem__, view.goodies)))
    if memo is not None:
        memo[key] = total
    return total


def _two_nearest(cell: int, others: tuple[int, ...]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two cells of `others` nearest to `cell`, as (distance, cell) pairs."""
    ranked = sorted((MANHATTAN[cell][o], o) for o in others)[:2] + [(FAR, -1), (FAR, -1)]
    return ranked[0], ranked[1]


def _nearest_after_step(near: tuple[tuple[int, int], tuple[int, int]], distances, start: int, end: int) -> int:
    """Distance to the nearest of a group after one member steps from start to end."""
    first, second = near
    rest = second[0] if first[1] == start else first[0]
    return min(rest, distances[end])


def baddie_step_worths(now: Outlook, pairs: list[tuple[int, int]], memo: dict) -> list[float]:
    """`worth` after each baddie move in `pairs` that ends on an empty space.

    The same numbers as `worth(move_futures(...))` (a test checks), found by
    changing only what such a move changes: each goodie's nearest baddie and
    the guard count. The baddie AI weighs every move of six baddies each
    turn, so this is where its time goes.
    """
    base = _banked(now) + _unchanged_by_baddies(now, memo)
    guards_now = _guards(now.baddies)
    nearest = [(g, _two_nearest(g, now.baddies)) for g in now.goodies]
    values = []
    for start, end in pairs:
        guards = guards_now - (start in EXIT_ZONE) + (end in EXIT_ZONE)
        value = base
        for g, near in nearest:
            closest = _nearest_after_step(near, MANHATTAN[g], start, end)
            value += _goodie_term(g, closest, guards, now.goodie_turns)
        values.append(value)
    return values


def goodie_step_worths(now: Outlook, pairs: list[tuple[int, int]]) -> list[float]:
    """`worth` after each goodie move in `pairs` that ends on an empty square
    of the grid: only the mover's own term and the chests' part change (a
    test checks these equal `worth(move_futures(...))`)."""
    guards = _guards(now.baddies)

    def term(g: int) -> float:
        closest = min(map(MANHATTAN[g].__getitem__, now.baddies), default=FAR)
        return _goodie_term(g, closest, guards, now.goodie_turns)

    terms = {g: term(g) for g in now.goodies}
    base = _banked(now) + sum(terms.values()) + 0.15 * now.lost_goodies - 0.02 * len(now.baddies)
    chests = [(MANHATTAN[c], _two_nearest(c, now.goodies)) for c in now.chests]
    values = []
    for start, end in pairs:
        if end not in terms:
            terms[end] = term(end)
        value = base - terms[start] + terms[end]
        for distances, near in chests:
            value += _chest_part(_nearest_after_step(near, distances, start, end))
        values.append(value)
    return values


def outlook(state: State) -> Outlook:
    """The position as a bot sees it once the current turn is over."""
    return Outlook(
        tuple(state.cells_with("G")), tuple(state.cells_with("B")), tuple(state.cells_with(CHEST)),
        float(state.gold), state.survivors, state.lost[GOODIE],
        2 if state.side == BADDIE else 1 - state.step,
    )


def _without(cells: tuple[int, ...], cell: int) -> tuple[int, ...]:
    return tuple(c for c in cells if c != cell)


def futures(now: Outlook, action) -> list[tuple[float, Outlook]]:
    """The outlooks an action (in a MOVE or LOOT_SIX phase) leads to, with
    their chances. Worked out directly rather than through `apply`, which
    is slower and would leave the dice still to settle."""
    if isinstance(action, TakeGold):
        return [(1.0, now._replace(gold=now.gold + REVIVAL_ROLL))]
    if isinstance(action, Revive):
        cell = BOARD.index[action.cell]
        if action.side == GOODIE:
            return [(1.0, now._replace(goodies=now.goodies + (cell,), lost_goodies=now.lost_goodies - 1))]
        return [(1.0, now._replace(baddies=now.baddies + (cell,)))]
    if isinstance(action, Move):
        return move_futures(now, action.side, BOARD.index[action.frm], BOARD.index[action.to])
    return [(1.0, now)]


def move_futures(now: Outlook, side: int, start: int, end: int) -> list[tuple[float, Outlook]]:
    """The outlooks of a move: a battle is an even bet once ties are
    re-rolled, a chest is worth its average gold."""
    if side == GOODIE:
        rest = _without(now.goodies, start)
        if BOARD.kinds[end] == SAFE:
            return [(1.0, now._replace(goodies=rest, survivors=now.survivors + 1))]
        if end in now.chests:
            return [(1.0, now._replace(goodies=rest + (end,), chests=_without(now.chests, end),
                                       gold=now.gold + CHEST_GOLD))]
        if end in now.baddies:
            return [(0.5, now._replace(goodies=rest + (end,), baddies=_without(now.baddies, end))),
                    (0.5, now._replace(goodies=rest, lost_goodies=now.lost_goodies + 1))]
        return [(1.0, now._replace(goodies=rest + (end,)))]
    rest = _without(now.baddies, start)
    if end in now.goodies:
        return [(0.5, now._replace(goodies=_without(now.goodies, end), lost_goodies=now.lost_goodies + 1)),
                (0.5, now._replace(baddies=rest))]
    return [(1.0, now._replace(baddies=rest + (end,)))]


def _expected(outcomes: list[tuple[float, Outlook]], memo: dict) -> float:
    return sum(p * worth(view, memo) for p, view in outcomes)


def _choose(engine: SittersEngine, state: State, player: int, rng, sign: float):
    """The action whose expected `worth` is best for `sign` (+1 goodies, -1 baddies).

    Moves are weighed as (start, end) cells and only the chosen one is made
    into a `Move`: a bot weighs dozens of moves per turn, in the browser too."""
    now, memo = outlook(state), {}
    if state.phase == MOVE:
        pairs = move_pairs(state)
        # Plain steps onto empty squares the quick way; the rest in full.
        if state.side == BADDIE:
            steps = [pair for pair in pairs if pair[1] not in now.goodies]
            values = baddie_step_worths(now, steps, memo)
        else:
            steps = [pair for pair in pairs if state.pieces[pair[1]] == EMPTY and BOARD.kinds[pair[1]] != SAFE]
            values = goodie_step_worths(now, steps)
        options = [(pair, sign * value) for pair, value in zip(steps, values)]
        plain = set(steps)
        options += [(pair, sign * _expected(move_futures(now, state.side, *pair), memo))
                    for pair in pairs if pair not in plain]
        choices = engine.other_choices(state, can_move=bool(options))
    else:
        options, choices = [], engine.legal_actions(state, player)
    options += [(action, sign * _expected(futures(now, action), memo)) for action in choices]
    best = max(value for _, value in options)
    picked = rng.choice([option for option, value in options if value >= best - 1e-9])
    if isinstance(picked, tuple):
        start, end = picked
        return Move(state.side, BOARD.names[start], BOARD.names[end])
    return picked


def _setup_choice(state: State, actions: list, rng):
    """Setup placements: goodies near the middle row, chests where each side wants them."""
    def rank(action: Place) -> float:
        cell = BOARD.index[action.cell]
        row, col = divmod(cell, BOARD.width)
        middle = (BOARD.height - 1) / 2
        if action.kind == "G":  # start next to the open middle row
            return abs(row - middle)
        if action.kind == "B":
            return 0.0
        if state.side == GOODIE:  # chests on the way: close to the start, near the middle row
            return col + 1.5 * abs(row - middle)
        # Baddie chests: far from the middle row, but not boxing in a baddie start space.
        beside_baddie = any(n in START_SPACES[BADDIE] for n in BOARD.neighbours[cell])
        return -abs(row - middle) * 2 + abs(col - 5) + (10 if beside_baddie else 0) + (10 if col == 9 else 0)
    ranks = [rank(a) for a in actions]
    best = min(ranks)
    return rng.choice([a for a, r in zip(actions, ranks) if r <= best + 1e-9])


SETUP_PHASES = (PLACE_GOODIES, PLACE_BADDIES, PLACE_CHESTS)


def goodie_bot(engine: Engine, state: State, player: int, rng):
    """The goodie AI: run for the safe zone, grab nearby gold, keep out of reach."""
    if player != GOODIE:
        return baddie_bot(engine, state, player, rng)
    if state.phase in SETUP_PHASES:
        return _setup_choice(state, engine.legal_actions(state, player), rng)
    return _choose(engine, state, player, rng, +1.0)


def baddie_bot(engine: Engine, state: State, player: int, rng):
    """The baddie AI: chase the nearest goodies, fight when it pays, guard the exit."""
    if player != BADDIE:
        return goodie_bot(engine, state, player, rng)
    if state.phase in SETUP_PHASES:
        return _setup_choice(state, engine.legal_actions(state, player), rng)
    return _choose(engine, state, player, rng, -1.0)


def heuristic_bot(engine: Engine, state: State, player: int, rng):
    """Either side: the goodie AI for player 0, the baddie AI for player 1."""
    return (goodie_bot if player == GOODIE else baddie_bot)(engine, state, player, rng)


# "baddie" and "goodie" name the side each AI was built for; asked to play the
# other side, each hands over to its partner, so any of them can take any seat.
BOTS = {"heuristic": heuristic_bot, "baddie": baddie_bot, "goodie": goodie_bot}

# Levels play either side; the Play page gives them the baddies.
# A tree search (tried: 150 iterations with heuristic playouts) lost to the
# one-move heuristic and took 0.4 s a move, so the strongest level is the
# heuristic itself and the gentler ones blunder on purpose.
LEVELS = (
    Level("beginner", bot="heuristic", blunders=0.6,
          about="Chases goodies that come close, but three moves in five are picked at random."),
    Level("club", bot="heuristic", blunders=0.25,
          about="Plays like the strong level, except that one move in four is picked at random."),
    Level("strong", bot="heuristic", about="Looks one move ahead: chases, fights when it pays, guards the exit."),
)
