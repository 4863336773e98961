"""Balance notes: what many seeded self-play games say about a game's design.

`self_play` plays `games` games with one bot in every seat and counts who won
from which seat, how long each game ran (in moves: a player's or a joint
turn's decisions; chance draws are not moves) and, for games that declare it,
which card decided each round: a game's bots.py may offer
`DECIDING_CARD(notation, events) -> str | None`, called after every action
with the action's notation and the events it caused, naming the card that
settled a round there (None elsewhere).

Every game is seeded (game i plays seed i), so the same sources and settings
give the same figures: a build can cache them and stay reproducible, as long as
the bot never reads the clock (pick a level without a time limit).
Standard library only, like the rest of generator.play.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import partial

from .api import CHANCE, JOINT, OVER, Joint
from .bots import make_bot
from .levels import game_attribute
from .match import Match, rules_version_of

MAX_MOVES = 5000  # a game still running after this many actions counts as unfinished


@dataclass(frozen=True)
class BalanceSpec:
    """What to play: validated where a page asks for it."""

    bot: str
    players: int
    games: int
    options: tuple[tuple[str, object], ...] = ()

    def __post_init__(self):
        if not isinstance(self.games, int) or isinstance(self.games, bool) or not 10 <= self.games <= 5000:
            raise ValueError(f"games is a whole number from 10 to 5000, not {self.games!r}")
        if not isinstance(self.players, int) or isinstance(self.players, bool) or self.players < 1:
            raise ValueError(f"players is a whole number, not {self.players!r}")


@dataclass
class BalanceStats:
    """The counts the charts are drawn from (JSON-friendly: see to_json / from_json)."""

    bot: str
    players: int
    games: int
    seat_wins: list[int] = field(default_factory=list)  # outright wins by seat
    shared: int = 0  # games won jointly or drawn
    unfinished: int = 0  # games cut off at MAX_MOVES
    lengths: list[int] = field(default_factory=list)  # moves per finished game
    deciding: dict[str, int] = field(default_factory=dict)  # card -> rounds it decided
    rounds: int = 0  # rounds a card decided, in all

    def to_json(self) -> dict:
        return {"bot": self.bot, "players": self.players, "games": self.games, "seat_wins": self.seat_wins,
                "shared": self.shared, "unfinished": self.unfinished, "lengths": self.lengths,
                "deciding": dict(sorted(self.deciding.items())), "rounds": self.rounds}

    @classmethod
    def from_json(cls, data: dict) -> "BalanceStats":
        return cls(**data)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of `wins` in `games`."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def self_play(engine, spec: BalanceSpec, seeds: range | None = None, guard=None) -> BalanceStats:
    """Play `spec.games` seeded games with `spec.bot` in every seat and count what happened;
    `seeds`: only those of them (a part, for `merged`). `guard(step, *args)`: how each step is
    called (the build's watchdog: one watched call a step, not one for each of the engine's
    methods the bot calls, which doubled self-play's time)."""
    seeds = range(spec.games) if seeds is None else seeds
    bot = make_bot(engine, spec.bot)
    decides = game_attribute(engine, "DECIDING_CARD")
    step = _step if guard is None else partial(guard, _step)
    stats = BalanceStats(spec.bot, spec.players, len(seeds), seat_wins=[0] * spec.players)
    cards: Counter = Counter()
    version = rules_version_of(engine)  # once: it hashes the engine's sources, which a game would do again
    for seed in seeds:
        match = Match(engine, spec.players, dict(spec.options), seed, rules_version=version)
        rng = random.Random(f"{seed}:bots")
        moves = 0
        for _ in range(MAX_MOVES):
            played = step(engine, match, bot, rng, decides)
            if played is None:
                break
            moves += played[0]
            if played[1]:
                cards[played[1]] += 1
        _count_result(stats, match, moves)
    stats.deciding = dict(sorted(cards.items()))
    stats.rounds = sum(cards.values())
    return stats


def _step(engine, match: Match, bot, rng: random.Random, decides) -> tuple[int, str | None] | None:
    """One step of a self-played game: (1 if a player moved, 0 for chance; the card that
    decided a round there, or None), or None once the game is over."""
    turn = match.turn
    if turn.kind == OVER:
        return None
    if turn.kind == CHANCE:
        events, moved = match.resolve_chance(), 0
    else:
        if turn.kind == JOINT:
            action = Joint(tuple(bot.choose(engine, match.state, p, rng) for p in turn.players))
        else:
            action = bot.choose(engine, match.state, turn.player, rng)
        events, moved = match.apply(action), 1
    return moved, (decides(match.log[-1], events or []) if decides else None)


def parts(games: int, count: int) -> list[range]:
    """`games` seeds in `count` consecutive parts (fewer when there are fewer games), to be played apart."""
    count = max(1, min(count, games))
    return [range(games * i // count, games * (i + 1) // count) for i in range(count)]


def merged(spec: BalanceSpec, played: list[BalanceStats]) -> BalanceStats:
    """The figures of parts played apart (self_play's `seeds`, in seed order), as one run of every
    seed counts them: each game is seeded alone, so the figures are the same however many parts."""
    stats = BalanceStats(spec.bot, spec.players, sum(part.games for part in played), seat_wins=[0] * spec.players)
    cards: Counter = Counter()
    for part in played:
        stats.seat_wins = [a + b for a, b in zip(stats.seat_wins, part.seat_wins)]
        stats.shared += part.shared
        stats.unfinished += part.unfinished
        stats.lengths += part.lengths
        cards.update(part.deciding)
    stats.deciding = dict(sorted(cards.items()))
    stats.rounds = sum(cards.values())
    return stats


def _count_result(stats: BalanceStats, match: Match, moves: int) -> None:
    result = match.result
    if result is None:
        stats.unfinished += 1
        return
    stats.lengths.append(moves)
    if len(result.winners) == 1:
        stats.seat_wins[result.winners[0]] += 1
    else:
        stats.shared += 1
