"""Every walkthrough and position block in the Splut! pages replays through the engine.

The blocks are fenced Markdown (```walkthrough / ```position) with a YAML body;
each step's `do` must parse, be legal, and already be written the way the
engine prints it.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.play import load_engine
from tests.games.fences import fenced_blocks, replay_steps

GAME = Path(__file__).resolve().parents[2] / "content" / "splut"
ENGINE = load_engine(GAME)
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
splut_board = sys.modules[GAME_PACKAGE + ".board"]  # the arena, pieces and seats

WALKTHROUGHS = fenced_blocks(GAME, "walkthrough")
POSITIONS = fenced_blocks(GAME, "position")


def replay(options: dict):
    return replay_steps(ENGINE, options)


@pytest.mark.parametrize("page,line,options", WALKTHROUGHS,
                         ids=[f"{page}:{line}" for page, line, _ in WALKTHROUGHS])
def test_walkthrough_replays_step_by_step(page, line, options):
    """Issue "Interactive walkthroughs": every step of every walkthrough parses and is legal."""
    assert options.get("title")
    replay(options)


@pytest.mark.parametrize("page,line,options", POSITIONS, ids=[f"{page}:{line}" for page, line, _ in POSITIONS])
def test_position_block_names_a_setup_and_arena_squares(page, line, options):
    """A position block shows a known setup; its highlighted cells are squares of the arena (C1)."""
    assert options["setup"] in ENGINE.setups()
    assert options.get("caption")
    for name in options.get("highlight", []):
        assert splut_board.square(name) in splut_board.ARENA


def test_rules_page_has_a_walkthrough_for_each_key_rule():
    """Issue "Interactive walkthroughs" coverage: pull, a killing throw, a crushing throw, levitation, a push."""
    seen = set()
    for _page, _line, options in WALKTHROUGHS:
        seen.update(replay(options)[1])
    assert {"pulled", "killed", "crushed", "levitated", "pushed"} <= seen


def test_every_setup_is_a_legal_position():
    """Every named setup has four Rocks on distinct arena squares and a player to move."""
    for name, state in ENGINE.setups().items():
        assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state, name
        assert ENGINE.result(state) is None and ENGINE.legal_actions(state, state.current), name
