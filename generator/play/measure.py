"""How strong each of a game's computer levels is, measured by self-play: what `rulepress levels
SITE GAME` prints and writes, and what scripts/bench_levels.py measures the catalogue with.

Each level a game declares (`LEVELS` in its bots.py, easiest first) plays `games` seeded games
against random players and as many against the level below: one seat the level, every other
seat the opponent, the level's seat going round the table so no seat's advantage counts. A
level's score in a match is a tournament's (`Record`), given with its 95% Wilson interval, and
its thinking time per move is the CPU time of this process (median and worst), so other work on
a shared machine does not inflate it. The games are seeded: the scores are the same on every
run; the times vary a little. Standard library only.
"""
from __future__ import annotations

import csv
import io
import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from .bots import RandomBot, make_bot
from .levels import game_attribute, game_levels
from .playout import play_game

MAX_STEPS = 5000  # a game still going after this many turns counts as nobody's win
COLUMNS = ("level", "players", "vs_random", "below", "vs_below", "drawn", "games", "median_ms", "worst_ms")


@dataclass
class Timed:
    """A bot that notes how long each of its choices took (CPU time of this process)."""

    inner: object
    times: list[float] = field(default_factory=list)
    name: str = "timed"

    def choose(self, engine, state, player, rng):
        start = time.process_time()
        action = self.inner.choose(engine, state, player, rng)
        self.times.append(time.process_time() - start)
        return action


@dataclass(frozen=True)
class Record:
    """A level's games against one opponent, scored as tournaments do: a win is 1 point, a win
    shared by k players 1/k, and a game nobody won (a draw, or one stopped at MAX_STEPS) the even
    share, 1/players. A 50% score at a two-player table means "as strong as its opponent", whatever
    the share of draws; counting wins alone made a level that drew a third of its games look
    weaker than one it beat two to one."""

    points: float
    wins: int
    draws: int
    games: int
    players: int

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def even(self) -> float:
        return 1 / self.players

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% Wilson score interval of the score (a draw taken as its share of a win)."""
        n, p = self.games, self.rate
        if not n:
            return 0.0, 1.0
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - spread), min(1.0, centre + spread)

    def text(self) -> str:
        low, high = self.interval()
        return f"{self.rate:.0%} ({low:.0%}-{high:.0%}; won {self.wins}, drew {self.draws} of {self.games})"


def players_for(engine) -> int:
    """The table size the levels are measured at: the game's `LEVEL_PLAYERS`, else the fewest it allows."""
    chosen = game_attribute(engine, "LEVEL_PLAYERS")
    return int(chosen) if chosen else max(2, engine.min_players)


def match(engine, player_bot: Timed, opponent, games: int, players: int, seed0: int) -> Record:
    """`games` seeded games of `player_bot` against `opponent` in every other seat, scored as `Record` says."""
    points, wins, draws = 0.0, 0, 0
    for game in range(games):
        seat = game % players
        bots = [opponent] * players
        bots[seat] = player_bot
        playout = play_game(engine, bots, seed0 + game, max_steps=MAX_STEPS)
        winners = playout.result.winners if playout.result is not None else ()
        if not winners:
            draws += 1
            points += 1 / players
        elif seat in winners:
            wins += 1
            points += 1 / len(winners)
    return Record(points, wins, draws, games, players)


def measure(engine, games: int, said: Optional[Callable[[dict], None]] = None) -> list[dict]:
    """Each level's row (its matches, thinking times, moves and seconds), easiest first; `said`
    hears each row as it is measured (a level takes seconds to minutes)."""
    players = players_for(engine)
    rows, below = [], None
    for level in game_levels(engine):
        timed = Timed(make_bot(engine, level.name))
        started = time.perf_counter()
        against_random = match(engine, timed, RandomBot(), games, players, seed0=0)
        against_below = match(engine, timed, make_bot(engine, below.name), games, players, seed0=10_000) \
            if below else None
        times = timed.times or [0.0]
        row = {"level": level.name, "players": players, "vs_random": against_random,
               "below": below.name if below else "-", "vs_below": against_below, "games": games,
               "median_ms": 1000 * statistics.median(times), "worst_ms": 1000 * max(times),
               "moves": len(timed.times), "seconds": time.perf_counter() - started}
        if said:
            said(row)
        rows.append(row)
        below = level
    return rows


def row_text(name: str, row: dict) -> str:
    """One measured level on one line, as the command and the script print it."""
    below = row["vs_below"]
    return (f"{name:<8} {row['players']}p {row['level']:<9} vs random {row['vs_random'].text():<16} "
            f"vs {row['below']:<9} {below.text() if below else '-':<16} "
            f"ms/move median {row['median_ms']:7.2f} worst {row['worst_ms']:7.1f} "
            f"({row['moves']} moves, {row['seconds']:.0f} s)")


def milliseconds(value: float) -> str:
    """Two figures that mean something: 0.03, 4.4, 152 (and "<0.01" for less)."""
    if value < 0.01:
        return "<0.01"
    return f"{value:.2f}" if value < 1 else f"{value:.1f}" if value < 10 else f"{value:.0f}"


def csv_text(rows: list[dict]) -> str:
    """The rows as content/<game>/levels.csv holds them (scores and the share of drawn games as whole percentages)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        below = row["vs_below"]
        writer.writerow([row["level"], row["vs_random"].players, f"{row['vs_random'].rate:.0%}", row["below"],
                         f"{below.rate:.0%}" if below else "-", f"{below.draws / below.games:.0%}" if below else "-",
                         row["games"], milliseconds(row["median_ms"]), milliseconds(row["worst_ms"])])
    return out.getvalue()
