"""Every walkthrough and position block in the SiTTeRS pages replays through the engine.

The blocks are fenced Markdown (```walkthrough / ```position) with a YAML
body. Each step's `do` must parse, be legal (a possible die roll on a chance
turn, a legal action otherwise) and be written the way the engine prints it.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.play import load_engine
from tests.games.fences import fenced_blocks, replay_steps
from generator.play.api import CHANCE

GAME = Path(__file__).resolve().parents[2] / "content" / "sitters"
ENGINE = load_engine(GAME)
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
sitters_board = sys.modules[GAME_PACKAGE + ".board"]  # the board, sides and phases

WALKTHROUGHS = fenced_blocks(GAME, "walkthrough")
POSITIONS = fenced_blocks(GAME, "position")


def replay(options: dict):
    return replay_steps(ENGINE, options)


def test_pages_hold_walkthroughs():
    """The rules page illustrates its key rules with walkthroughs and shows the board."""
    assert len(WALKTHROUGHS) >= 4 and POSITIONS


@pytest.mark.parametrize("page,line,options", WALKTHROUGHS,
                         ids=[f"{page}:{line}" for page, line, _ in WALKTHROUGHS])
def test_walkthrough_replays_step_by_step(page, line, options):
    """Issue "Interactive walkthroughs": every step of every walkthrough parses and is legal."""
    assert options.get("title")
    replay(options)


@pytest.mark.parametrize("page,line,options", POSITIONS, ids=[f"{page}:{line}" for page, line, _ in POSITIONS])
def test_position_block_names_a_setup_and_board_squares(page, line, options):
    """A position block shows a known setup; its highlighted cells are squares of the board (C1)."""
    assert options["setup"] in ENGINE.setups()
    assert options.get("caption")
    for name in options.get("highlight", []):
        assert name in sitters_board.BOARD.index


def test_rules_page_has_a_walkthrough_for_each_key_rule():
    """Issue "Interactive walkthroughs" coverage: looting a chest, a battle, the safe zone, a revival on a six."""
    seen = set()
    for _page, _line, options in WALKTHROUGHS:
        seen.update(replay(options)[1])
    assert {"looted", "battle", "killed", "tie", "escaped", "revived", "ended"} <= seen


def test_every_setup_is_a_legal_position():
    """Every named setup round-trips through JSON and has someone to act."""
    for name, state in ENGINE.setups().items():
        assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state, name
        turn = ENGINE.turn(state)
        assert ENGINE.result(state) is None, name
        assert turn.kind == CHANCE or ENGINE.legal_actions(state, turn.player), name
