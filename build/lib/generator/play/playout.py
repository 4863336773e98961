"""Whole games played by bots: random playouts for property tests and benchmarks,
and bot-against-bot games for strength tests.

A game is reproducible from its seed: chance is resolved by the `Match` (from
the seed and step number) and the bots draw from one generator seeded from
the same seed. Standard library only.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .api import CHANCE, JOINT, OVER, Engine, Joint, Result
from .bots import Bot, RandomBot
from .match import Match


@dataclass(frozen=True)
class Playout:
    """How a played game went: its log (notations), result and whether the step cap cut it short."""

    log: tuple[str, ...]
    result: Result | None
    steps: int
    capped: bool
    final_state: Any
    match: Match


def play_game(engine: Engine, bots: Sequence[Bot] | Mapping[int, Bot], seed: int, *, players: int | None = None,
              options: Mapping[str, Any] | None = None, max_steps: int = 10_000, start=None) -> Playout:
    """Play one game with a bot in every seat (a list in seat order, or seat -> bot).

    `max_steps` counts every action, chance included; a game still running
    then stops with `capped=True` and no result.
    """
    seats = dict(enumerate(bots)) if not isinstance(bots, Mapping) else dict(bots)
    if players is None and start is None:
        players = len(seats)
    match = Match(engine, players, options, seed, start=start)
    rng = random.Random(f"{seed}:bots")
    steps = 0
    while steps < max_steps:
        turn = match.turn
        if turn.kind == OVER:
            break
        if turn.kind == CHANCE:
            match.resolve_chance()
        elif turn.kind == JOINT:
            match.apply(Joint(tuple(seats[p].choose(engine, match.state, p, rng) for p in turn.players)))
        else:
            match.apply(seats[turn.player].choose(engine, match.state, turn.player, rng))
        steps += 1
    capped = match.turn.kind != OVER
    return Playout(tuple(match.log), None if capped else match.result, steps, capped, match.state, match)


def random_playout(engine: Engine, players: int, seed: int, options: Mapping[str, Any] | None = None,
                   max_steps: int = 10_000, start=None) -> Playout:
    """A game where every seat plays uniformly random legal actions."""
    bot = RandomBot()
    return play_game(engine, {p: bot for p in range(players)}, seed, players=players, options=options,
                     max_steps=max_steps, start=start)


def replay_log(engine: Engine, playout: Playout) -> Match:
    """The playout's game rebuilt from its JSON (seed, options and log): a replay check."""
    return Match.from_json(engine, playout.match.to_json())
