"""The Splut! heuristic computer player (BOTS["heuristic"] in content/splut/bots.py)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

from generator.play import load_engine

ENGINE = load_engine(Path(__file__).resolve().parents[2] / "content" / "splut")
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
splut = sys.modules[type(ENGINE).__module__]  # <its package>.engine: states and steps
splut_bots = sys.modules[GAME_PACKAGE + ".bots"]  # the heuristic computer player
HEURISTIC = splut_bots.BOTS["heuristic"]


def test_heuristic_takes_a_killing_throw():
    """Rules §Throw: with a Sorcerer in reach of a throw this turn, the bot throws at him."""
    state = ENGINE.setups()["throw-kill"]
    rng = random.Random(1)
    while state.current == 0 and ENGINE.result(state) is None:
        state, _ = ENGINE.apply(state, HEURISTIC(ENGINE, state, 0, rng))
    assert ENGINE.result(state).winners == (0,)


def test_heuristic_moves_its_sorcerer_out_of_a_rocks_line():
    """The bot avoids leaving its Sorcerer where an enemy Troll can throw a Rock at him next turn."""
    # Yellow's Troll on e6 stands beside the Rock on e5, which lines up with Red's Sorcerer on e2.
    state = splut.build_state(2, [{"S": "e2", "T": "b4", "D": "g3"}, {"S": "f8", "T": "f5", "D": "e8"}],
                              ["e5", "a5", "e9", "i5"], steps_left=1)
    after, _ = ENGINE.apply(state, HEURISTIC(ENGINE, state, 0, random.Random(3)))
    sorcerer = ENGINE.state_to_json(after)["teams"][0]["S"]
    assert sorcerer in ("d2", "f2")  # e1 and e3 would still be in the Rock's line


def test_heuristic_beats_random_play():
    """In 20 seeded two-player games against random steps, the heuristic wins at least 16."""
    wins = 0
    for seed in range(20):
        rng = random.Random(seed)
        seat = seed % 2
        state = ENGINE.initial_state(2)
        while ENGINE.result(state) is None:
            player = state.current
            if player == seat:
                action = HEURISTIC(ENGINE, state, player, rng)
            else:
                action = rng.choice(ENGINE.legal_actions(state, player))
            state, _ = ENGINE.apply(state, action)
        wins += ENGINE.result(state).winners == (seat,)
    print(f"heuristic won {wins}/20 against random")
    assert wins >= 16
