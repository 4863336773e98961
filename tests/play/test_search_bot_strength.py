"""The search bot against the random bot on the real engines (Rule engines I, "Done when":
"The search bot beats the random bot in at least 80% of 100 seeded games of two-player
Splut!, and by a clear margin over 50% in Splat, where dice weigh more (assert the
margin, print the rate), as tests with fixed seeds").

Budgets are picked to fit CI on a 2-core machine (measured: Splut! about 50 s, Splat
about 25 s for 100 games):

* Splut!: 60 iterations per step, no random rollouts. A random Splut! game runs
  about 220 steps, so random rollouts cost far more than they tell; the search
  scores unfinished leaves as even and finds the throws (and the dangers) within
  its horizon. The game's own turn limit (300 turns, a draw) ends stalled games.
* Splat: 60 iterations with full random rollouts (a Splat game is about 22 actions).

Every game also stops at MAX_STEPS actions; a capped game counts as not won. The
bot's seat alternates so neither seat's advantage inflates the rate.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.play import load_engine
from generator.play.bots import MCTSBot, RandomBot
from generator.play.playout import play_game, random_playout

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = 100
MAX_STEPS = 5000


def engine_or_skip(slug: str):
    path = CONTENT / slug / "engine.py"
    if not path.exists():
        pytest.skip(f"{path} is not written yet: the {slug} engine comes from the Rule engines I issue")
    return load_engine(path)


def search_win_rate(engine, bot, games: int = GAMES) -> float:
    """Share of seeded two-player games the bot wins outright against random, seats alternating."""
    wins = 0
    for seed in range(games):
        seat = seed % 2
        bots = [bot, RandomBot()] if seat == 0 else [RandomBot(), bot]
        playout = play_game(engine, bots, seed, max_steps=MAX_STEPS)
        wins += playout.result is not None and playout.result.winners == (seat,)
    return wins / games


def random_win_rate(engine, games: int = GAMES) -> float:
    """The same measure for a random bot in the same seat (the baseline the search must beat)."""
    wins = 0
    for seed in range(games):
        result = random_playout(engine, 2, seed, max_steps=MAX_STEPS).result
        wins += result is not None and result.winners == (seed % 2,)
    return wins / games


def test_search_bot_wins_at_least_80_percent_of_two_player_splut_against_random():
    """Issue 5: MCTS beats random in at least 80% of 100 seeded games of two-player Splut!."""
    splut = engine_or_skip("splut")
    rate = search_win_rate(splut, MCTSBot(iterations=60, rollout_limit=0))
    print(f"\nSplut! 2p: search bot wins {rate:.0%} of {GAMES} games against random "
          f"(random against random: {random_win_rate(splut):.0%})")
    assert rate >= 0.80


def test_search_bot_beats_random_at_splat_by_a_clear_margin():
    """Issue 5: in Splat, where dice weigh more, MCTS still wins clearly more than half
    its games against random (asserted margin: at least 65% wins)."""
    splat = engine_or_skip("splat")
    rate = search_win_rate(splat, MCTSBot(iterations=60, rollout_limit=200))
    print(f"\nSplat 2p: search bot wins {rate:.0%} of {GAMES} games against random "
          f"(random against random: {random_win_rate(splat):.0%})")
    assert rate >= 0.65
