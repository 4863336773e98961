"""Property tests for Splat: random legal play from the start and from random
positions never breaks an invariant, always ends, replays exactly and
round-trips through JSON (content/splat/rules.md, C7-C13)."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.play import load_engine
from generator.play.api import CHANCE, OVER, IllegalAction
from generator.play.match import Match

ROOT = Path(__file__).resolve().parents[2]
ENGINE = load_engine(ROOT / "content" / "splat")
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
SPLAT = sys.modules[type(ENGINE).__module__]  # <its package>.engine: states and actions
SPLAT_BOARD = sys.modules[GAME_PACKAGE + ".board"]  # cells, pieces, fates and phases

GAMES_PER_COUNT = int(os.environ.get("SPLAT_GAMES", "2000"))  # per player count


def depth(state) -> int:
    """How far the skydivers have sunk in total: a row each, out of the game counting as 12 (C13)."""
    return sum(cell[1] if fate == SPLAT_BOARD.AIR else SPLAT_BOARD.HEIGHT + 2
               for cell, fate in zip(state.skydivers, state.fates))


def check_invariants(state) -> None:
    assert ENGINE.invariant_problem(state) == ""
    cells = [c for c in state.skydivers if c is not None]
    assert all(0 <= col < SPLAT_BOARD.WIDTH and 0 <= row <= SPLAT_BOARD.HEIGHT for col, row in cells)
    assert len(set(cells)) == len(cells)  # no two skydivers share a cell
    holders = [s for s in range(state.players) if s == state.holder]
    assert len(holders) <= 1
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    if state.phase == SPLAT_BOARD.MOVE:
        assert state.holder != state.seat  # the holder never rolls (C2)


def random_game(players: int, seed: int):
    """One game of uniformly random legal play; checks every step as it goes."""
    rng = random.Random(seed)
    match = Match(ENGINE, players, seed=seed)
    state = match.state
    round_start_depth = {1: depth(state)}
    while match.turn.kind != OVER:
        before = state
        before_json = ENGINE.state_to_json(before)
        if match.turn.kind == CHANCE:
            match.resolve_chance()
        else:
            actions = ENGINE.legal_actions(state, match.turn.player)
            assert actions
            for action in actions:
                assert ENGINE.parse(state, ENGINE.notation(action)) == action
            match.apply(rng.choice(actions))
        state = match.state
        assert ENGINE.state_to_json(before) == before_json  # apply never mutates
        check_invariants(state)
        assert depth(state) >= depth(before)  # C13: nothing makes the skydivers rise overall
        if state.round not in round_start_depth:
            round_start_depth[state.round] = depth(state)
            assert round_start_depth[state.round] > round_start_depth[state.round - 1]  # C13
    return match


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c13_every_round_the_skydivers_sink_and_the_game_ends(players):
    """C13: in every random game the total depth grows every round, so each game
    ends within 12 rounds per skydiver; invariants hold after every action; and every
    game replays exactly from its options, seed and log (issue 16.11)."""
    outcomes = {}
    for seed in range(GAMES_PER_COUNT):
        match = random_game(players, seed)
        assert Match.from_json(ENGINE, match.to_json()).state == match.state  # replays from (options, seed, log)
        result = match.result
        assert result is not None
        assert match.state.round <= 12 * players
        key = "all lose" if not result.winners else "win"
        outcomes[key] = outcomes.get(key, 0) + 1
    assert outcomes.get("win") and outcomes.get("all lose")  # both endings happen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_replay_exactly_from_seed_and_log(players):
    """Engine API: a game rebuilt from its JSON (seed and notation log) ends in the same state."""
    for seed in range(40):
        match = random_game(players, 1000 + seed)
        again = Match.from_json(ENGINE, match.to_json())
        assert again.state == match.state
        assert ENGINE.state_to_json(again.state) == ENGINE.state_to_json(match.state)


def test_same_seed_same_game():
    """Engine API: chance comes from the match's seed, so one seed gives one game."""
    first = random_game(3, 77)
    second = random_game(3, 77)
    assert first.log == second.log


# -- random positions ---------------------------------------------------------------

BOARD_CELLS = [(col, row) for col in range(SPLAT_BOARD.WIDTH) for row in range(1, SPLAT_BOARD.HEIGHT + 1)]


@st.composite
def positions(draw):
    """A position in the middle of a skydiver's turn: up to four skydivers
    anywhere on the board, the parachute free or held, any roll."""
    players = draw(st.integers(2, 4))
    cells = draw(st.lists(st.sampled_from(BOARD_CELLS), min_size=players + 1, max_size=players + 1, unique=True))
    alive = draw(st.lists(st.booleans(), min_size=players, max_size=players))
    alive[0] = True
    alive[-1] = True
    held = draw(st.booleans())
    holder = players - 1 if held else None
    mover = 0
    skydivers = {s: SPLAT_BOARD.cell_name(cells[s]) for s in range(players) if alive[s]}
    chute = None if held else SPLAT_BOARD.cell_name(cells[players])
    die = draw(st.integers(1, 6))
    return ENGINE.position(players, skydivers, chute=chute, holder=holder, phase=SPLAT_BOARD.MOVE, seat=mover, die=die)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(positions())
def test_every_legal_move_from_any_position_keeps_the_invariants(state):
    """C7-C12: from arbitrary positions, every legal move keeps skydivers on the
    board, one per cell, at most one holder, and never lowers the total depth."""
    actions = ENGINE.legal_actions(state, state.seat)
    assert actions
    for action in actions:
        assert ENGINE.parse(state, ENGINE.notation(action)) == action
        after, events = ENGINE.apply(state, action)
        check_invariants(after)
        assert depth(after) >= depth(state)
        assert events and events[0].kind == "moved"


@settings(max_examples=100, derandomize=True, deadline=None)
@given(positions(), st.sampled_from(["shift L", "shift R", "no shift"]), st.integers(1, 3))
def test_the_parachute_turn_from_any_position_keeps_the_invariants(state, choice, fall):
    """C3-C6: the parachute's turn, free or held, keeps every invariant."""
    start = ENGINE.state_from_json({**ENGINE.state_to_json(state), "phase": SPLAT_BOARD.FALL, "seat": -1, "die": 0})
    after, _ = ENGINE.apply(start, SPLAT.Fall(fall))
    check_invariants(after)
    if after.phase == SPLAT_BOARD.SHIFT:
        after, _ = ENGINE.apply(after, ENGINE.parse(after, choice))
        check_invariants(after)
    assert depth(after) >= depth(start)


def test_random_playouts_per_second(capsys):
    """Speed check for the search bot's helper: report random playouts per second."""
    import time

    from generator.play.playout import random_playout

    began = time.perf_counter()
    games = 200
    for seed in range(games):
        assert not random_playout(ENGINE, 3, seed).capped
    rate = games / (time.perf_counter() - began)
    print(f"Splat: {rate:.0f} random 3-player playouts per second")
    assert rate > 20


def _all_paths(die):
    paths = [("D",)]
    frontier = [("D",)]
    for _ in range(die - 1):
        frontier = [p + (letter,) for p in frontier for letter in "DLR"]
        paths += frontier
    return paths


@settings(max_examples=60, derandomize=True, deadline=None)
@given(positions())
def test_legal_moves_reach_exactly_the_outcomes_of_every_legal_path(state):
    """C7: legal_actions lists one move per distinct outcome, and no outcome of
    any legal path (tried by brute force through apply) is missing."""
    def outcome(action):
        return repr(ENGINE.state_to_json(ENGINE.apply(state, action)[0]))

    listed = [outcome(action) for action in ENGINE.legal_actions(state, state.seat)]
    assert len(listed) == len(set(listed))
    brute = set()
    for path in _all_paths(state.die):
        try:
            brute.add(outcome(SPLAT.Move(path)))
        except IllegalAction:
            pass
    assert set(listed) == brute
