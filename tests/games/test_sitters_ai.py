"""The SiTTeRS computer players beat random play by a clear margin.

Issue "Rule engines II": over 200 seeded games against the same opponent,
the baddie AI leaves the goodies a clearly lower mean score than random
baddies do, and the goodie AI earns a clearly higher one than random
goodies. Each AI is measured against the other AI as its opponent, so the
AI-against-AI games serve both comparisons. Run with `pytest -s` to see
the figures.
"""
from __future__ import annotations

import random
import sys
from functools import lru_cache
from pathlib import Path

from generator.play import load_engine
from generator.play.api import CHANCE, OVER
from generator.play.match import draw_outcome

GAME = Path(__file__).resolve().parents[2] / "content" / "sitters"
ENGINE = load_engine(GAME)
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
sitters = sys.modules[type(ENGINE).__module__]  # the rules: actions and movement
sitters_board = sys.modules[GAME_PACKAGE + ".board"]  # the board, sides and phases
sitters_bots = sys.modules[GAME_PACKAGE + ".bots"]  # the AIs and their scoring

GAMES = 200
SEEDS = range(7000, 7000 + GAMES)


def random_player(engine, state, player, rng):
    return rng.choice(engine.legal_actions(state, player))


PLAYERS = {"random": random_player, "goodie AI": sitters_bots.BOTS["goodie"], "baddie AI": sitters_bots.BOTS["baddie"]}


def play(seed: int, goodie: str, baddie: str):
    """One game from an empty board: setup and play by the two players, dice from the seed."""
    dice, choices = random.Random(seed), random.Random(seed * 7 + 1)
    bots = (PLAYERS[goodie], PLAYERS[baddie])
    state = ENGINE.initial_state(2)
    while (turn := ENGINE.turn(state)).kind != OVER:
        if turn.kind == CHANCE:
            action = draw_outcome(ENGINE.chance_outcomes(state), dice)
        else:
            action = bots[turn.player](ENGINE, state, turn.player, choices)
        state, _ = ENGINE.apply(state, action)
    return ENGINE.result(state)


@lru_cache(maxsize=None)
def record(goodie: str, baddie: str) -> tuple[float, float, float]:
    """(mean goodie score, goodie win rate, baddie win rate) over the seeded games."""
    results = [play(seed, goodie, baddie) for seed in SEEDS]
    mean = sum(r.scores[0] for r in results) / GAMES
    goodie_wins = sum(r.winners == (0,) for r in results) / GAMES
    baddie_wins = sum(r.winners == (1,) for r in results) / GAMES
    print(f"\n  {goodie} goodies vs {baddie} baddies: mean goodie score {mean:.2f}, "
          f"goodies win {goodie_wins:.0%}, baddies win {baddie_wins:.0%}")
    return mean, goodie_wins, baddie_wins


def test_baddie_ai_holds_the_goodies_to_a_lower_score_than_random_baddies():
    """Issue "Rule engines II": against the goodie AI, the baddie AI lowers the mean goodie score."""
    with_ai, _, ai_wins = record("goodie AI", "baddie AI")
    with_random, _, random_wins = record("goodie AI", "random")
    print(f"  baddie AI: mean goodie score {with_ai:.2f} vs {with_random:.2f} for random baddies")
    assert with_random - with_ai >= 0.75
    assert ai_wins > random_wins


def test_goodie_ai_scores_higher_than_random_goodies():
    """Issue "Rule engines II": against the baddie AI, the goodie AI raises the mean goodie score."""
    with_ai, ai_wins, _ = record("goodie AI", "baddie AI")
    with_random, random_wins, _ = record("random", "baddie AI")
    print(f"  goodie AI: mean goodie score {with_ai:.2f} vs {with_random:.2f} for random goodies")
    assert with_ai - with_random >= 1.5
    assert ai_wins > random_wins


def test_baddie_ai_still_loses_to_a_good_goodie_player_sometimes():
    """The site's single-player game: the baddie AI should give a child a game, not crush them.
    Against the goodie AI it wins some games and loses most."""
    _, goodie_wins, baddie_wins = record("goodie AI", "baddie AI")
    assert 0.03 <= baddie_wins <= 0.6 and goodie_wins >= 0.3


def test_quick_step_values_equal_the_full_estimate():
    """The bots' shortcut for plain steps gives exactly `worth` of the position after the step."""
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        dice = random.Random(seed)
        state = ENGINE.initial_state(2)
        while ENGINE.turn(state).kind != OVER:
            turn = ENGINE.turn(state)
            if turn.kind == CHANCE:
                action = draw_outcome(ENGINE.chance_outcomes(state), dice)
            else:
                if state.phase == "move":
                    now = sitters_bots.outlook(state)
                    pairs = [(s, e) for s, e in sitters.move_pairs(state)
                             if state.pieces[e] == "." and sitters_board.BOARD.kinds[e] != "S"]
                    quick = (sitters_bots.baddie_step_worths(now, pairs, {}) if state.side == 1
                             else sitters_bots.goodie_step_worths(now, pairs))
                    for pair, value in zip(pairs, quick):
                        (p, view), = sitters_bots.move_futures(now, state.side, *pair)
                        assert abs(value - sitters_bots.worth(view)) < 1e-9
                        checked += 1
                action = rng.choice(ENGINE.legal_actions(state, turn.player))
            state, _ = ENGINE.apply(state, action)
    assert checked > 300
