#!/usr/bin/env python3
"""Benchmark the rule engines: random playouts per second, and the search bot's time per move.

    .venv/bin/python scripts/bench_play.py [--seconds 2] [--positions 12] [--games splut splat]

For every content/*/engine.py: random games are played for about `--seconds` per
player count, and the MCTS bot (with the budget the strength tests use for that
game, else 100 iterations) chooses moves in `--positions` positions taken from
random games. A benchmark, not a test: it prints a table and asserts nothing.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.play import load_engine  # noqa: E402
from generator.play.api import CHANCE, OVER  # noqa: E402
from generator.play.bots import MCTSBot, RandomBot, choose_turn  # noqa: E402
from generator.play.playout import random_playout  # noqa: E402

# The budgets tests/play/test_search_bot_strength.py uses (see its docstring for why).
SEARCH_SETTINGS = {
    "splut": {"iterations": 60, "rollout_limit": 0},
    "splat": {"iterations": 60, "rollout_limit": 200},
}
DEFAULT_SEARCH = {"iterations": 100, "rollout_limit": 200}
MAX_STEPS = 5000


def bench_playouts(engine, players: int, seconds: float) -> dict:
    games = steps = capped = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        playout = random_playout(engine, players, seed=games, max_steps=MAX_STEPS)
        games += 1
        steps += playout.steps
        capped += playout.capped
    elapsed = time.perf_counter() - start
    return {"games": games, "per_second": games / elapsed, "steps": steps / games,
            "steps_per_second": steps / elapsed, "capped": capped}


def sample_positions(engine, players: int, count: int):
    """Positions where a player must choose, spread over the course of random games."""
    rng = random.Random(0)
    positions, seed = [], 0
    bots = {p: RandomBot() for p in range(players)}
    while len(positions) < count and seed < count * 20:
        state = engine.initial_state(players, None)
        stop_at = rng.randrange(0, 60)
        for step in range(MAX_STEPS):
            turn = engine.turn(state)
            if turn.kind == OVER:
                break
            if turn.kind != CHANCE and step >= stop_at:
                positions.append((state, turn.players[0]))
                break
            state, _ = engine.apply(state, choose_turn(engine, state, bots, rng))
        seed += 1
    return positions


def bench_search(engine, slug: str, players: int, positions: int) -> dict:
    settings = SEARCH_SETTINGS.get(slug, DEFAULT_SEARCH)
    bot = MCTSBot(**settings)
    times = []
    for index, (state, player) in enumerate(sample_positions(engine, players, positions)):
        start = time.perf_counter()
        bot.choose(engine, state, player, random.Random(index))
        times.append(time.perf_counter() - start)
    label = f"{settings['iterations']} it, rollout {settings['rollout_limit']}"
    if not times:
        return {"label": label, "median_ms": float("nan"), "max_ms": float("nan")}
    return {"label": label, "median_ms": 1000 * statistics.median(times), "max_ms": 1000 * max(times)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per playout measurement")
    parser.add_argument("--positions", type=int, default=12, help="positions per search measurement")
    parser.add_argument("--games", nargs="*", help="game slugs (default: every content/*/engine.py)")
    args = parser.parse_args()

    paths = sorted((ROOT / "content").glob("*/engine.py"))
    if args.games:
        paths = [p for p in paths if p.parent.name in args.games]
    print(f"{'game':<10} {'players':>7} {'playouts/s':>11} {'steps/game':>11} {'steps/s':>9} {'capped':>7}"
          f"   {'search (2p or min players)':<28} {'ms/move median':>15} {'max':>8}")
    for path in paths:
        slug = path.parent.name
        try:
            engine = load_engine(path)
        except Exception as error:  # a broken engine is reported, not fatal to the bench
            print(f"{slug:<10} cannot load: {type(error).__name__}: {error}")
            continue
        for players in range(engine.min_players, engine.max_players + 1):
            try:
                row = bench_playouts(engine, players, args.seconds)
            except Exception as error:
                print(f"{slug:<10} {players:>7} failed: {type(error).__name__}: {error}")
                continue
            line = (f"{slug:<10} {players:>7} {row['per_second']:>11.1f} {row['steps']:>11.1f} "
                    f"{row['steps_per_second']:>9.0f} {row['capped']:>7}")
            if players == max(2, engine.min_players):
                try:
                    search = bench_search(engine, slug, players, args.positions)
                    line += f"   {search['label']:<28} {search['median_ms']:>15.1f} {search['max_ms']:>8.1f}"
                except Exception as error:
                    line += f"   search failed: {type(error).__name__}: {error}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
