"""Random playouts (Rule engines I, "Done when": random legal play always ends or hits a
documented cap, and replays identically from its seed and log)."""
from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings, strategies as st

from generator.play import load_engine
from generator.play.bots import RandomBot
from generator.play.match import Match
from generator.play.playout import play_game, random_playout, replay_log

TOYS = Path(__file__).parent / "toys"
PIG = load_engine(TOYS / "pig")
GUESS = load_engine(TOYS / "guess")
TICTACTOE = load_engine(TOYS / "tictactoe")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_a_random_playout_replays_identically_from_its_seed_and_log(seed, players):
    """Same seed, same game; the log alone (with seed and options) rebuilds the final state."""
    first = random_playout(PIG, players, seed)
    assert random_playout(PIG, players, seed).log == first.log
    assert replay_log(PIG, first).state == first.final_state
    assert first.result is not None and not first.capped


def test_a_playout_stops_at_the_step_cap_without_a_result():
    """max_steps counts every action, chance included; a cut game has no result."""
    cut = random_playout(PIG, 2, seed=1, max_steps=7)
    assert cut.capped and cut.result is None and cut.steps == 7 and len(cut.log) == 7


def test_playouts_cover_joint_turns_and_chance():
    """A hidden-card game with a deal and a joint turn plays out and replays."""
    for seed in range(200):
        playout = random_playout(GUESS, 2, seed)
        assert len(playout.log) == 2 and " & " in playout.log[1]
        assert Match.from_json(GUESS, playout.match.to_json()).result == playout.result


def test_play_game_can_start_from_a_setup():
    """Bot games can start from a named setup (e.g. the end of a walkthrough)."""
    playout = play_game(TICTACTOE, [RandomBot(), RandomBot()], seed=0, start="x-to-win")
    assert playout.match.start == "x-to-win" and playout.result is not None
