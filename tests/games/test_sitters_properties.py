"""SiTTeRS under random legal play: invariants, termination, replay, JSON and notation.

Invariants (issue "Rule engines II"): no two markers on a space and every
marker accounted for (on the board, escaped, defeated, or in a battle); chests
only on C spaces and never more of them; the safe zone always empty; gold and
survivors only grow; the final score is the one in scoring.csv. Every game
ends, by the rules or by the turn limit of C14; a game replays exactly from
its seed and its notation log; states round-trip through JSON; every legal
action's notation parses back to the same action.
"""
from __future__ import annotations

import csv
import json
import os
import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.play import load_engine
from generator.play.api import CHANCE, OVER
from generator.play.bots import RandomBot
from generator.play.match import Match, draw_outcome

GAME = Path(__file__).resolve().parents[2] / "content" / "sitters"
ENGINE = load_engine(GAME)
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
sitters = sys.modules[type(ENGINE).__module__]  # the rules: actions and movement
sitters_board = sys.modules[GAME_PACKAGE + ".board"]  # the board, sides and phases
BOARD = sitters_board.BOARD

# Seeded games: half with the standard turn limit, half with a short one so
# the limit itself is exercised. SITTERS_GAMES=2000 gives a long soak run.
GAMES = int(os.environ.get("SITTERS_GAMES", "1000"))
SHORT_LIMIT = 45
SETUP_PHASES = {"place-goodies", "place-baddies", "place-chests"}


def table_score(survivors: int, gold: int) -> int:
    with (GAME / "scoring.csv").open(newline="") as f:
        rows = sorted(csv.DictReader(f), key=lambda r: int(r["gold"]))
    return int([r for r in rows if int(r["gold"]) <= gold][-1][f"s{survivors}"])


NOT_SPACES = [cell for cell, kind in enumerate(BOARD.kinds) if kind == "-"]
SAFE = [cell for cell, kind in enumerate(BOARD.kinds) if kind == "S"]


def check_invariants(state, before) -> None:
    pieces = state.pieces
    assert len(pieces) == len(BOARD.kinds)
    assert all(pieces[cell] == "-" for cell in NOT_SPACES), "only board spaces hold markers"
    assert all(pieces[cell] == "." for cell in SAFE), "nobody stays in the safe zone"
    assert all(BOARD.kinds[cell] == "C" for cell in state.cells_with("C")), "chests stand only on C spaces"
    if state.phase not in SETUP_PHASES:
        held = {0: 0, 1: 0}
        if state.phase == "battle":
            held[state.attacker] = 1  # the attacker waits beside the defender
        goodies = state.count("G") + state.survivors + state.lost[0] + held[0]
        baddies = state.count("B") + state.lost[1] + held[1]
        assert (goodies, baddies) == (4, 6), "every marker is on the board, escaped, defeated or fighting"
        assert state.count("C") <= 8
    if before is not None:
        assert state.gold >= before.gold, "gold only grows"
        assert state.survivors >= before.survivors, "survivors only grow"
        if before.phase not in SETUP_PHASES:
            assert state.count("C") <= before.count("C"), "no chest appears in play"
    assert 0 <= state.gold <= 8 * 6 and 0 <= state.survivors <= 4
    assert state.turns <= state.turn_limit


def check_result(state) -> None:
    result = ENGINE.result(state)
    assert result is not None
    if state.end == "turn limit":
        assert state.turns == state.turn_limit and result.winners == () and result.scores == (4.0, 4.0)
        return
    assert state.count("G") == 0, "a game ends only when no goodie is left"
    score = table_score(state.survivors, state.gold)
    assert result.scores == (score, 8 - score)
    assert result.winners == ((0,) if score > 4 else (1,) if score < 4 else ())


def random_game(seed: int, turn_limit: int = 300, check_notation: bool = False):
    """Play one game of uniformly random legal actions; check after every step."""
    rng = random.Random(seed)
    state = ENGINE.initial_state(2, {"turn_limit": turn_limit})
    log, before = [], None
    check_invariants(state, None)
    while ENGINE.turn(state).kind != OVER:
        turn = ENGINE.turn(state)
        if turn.kind == CHANCE:
            outcomes = ENGINE.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = draw_outcome(outcomes, rng)
        else:
            legal = ENGINE.legal_actions(state, turn.player)
            assert legal, "a side to act always has something to do"
            assert ENGINE.legal_actions(state, 1 - turn.player) == []
            if check_notation:
                for candidate in legal:
                    assert ENGINE.parse(state, ENGINE.notation(candidate)) == candidate
            action = rng.choice(legal)
        log.append(ENGINE.notation(action))
        before, (state, _events) = state, ENGINE.apply(state, action)
        check_invariants(state, before)
    check_result(state)
    return state, log


def replay(log: list[str], turn_limit: int):
    state = ENGINE.initial_state(2, {"turn_limit": turn_limit})
    for text in log:
        state, _ = ENGINE.apply(state, ENGINE.parse(state, text))
    return state


def test_random_games_keep_invariants_end_and_replay():
    """Issue "Rule engines II": invariants hold, every game ends, and the log replays it exactly."""
    ends = {"no goodies left on the board": 0, "turn limit": 0}
    for seed in range(GAMES):
        limit = 300 if seed % 2 == 0 else SHORT_LIMIT
        final, log = random_game(seed, limit, check_notation=seed % 10 == 0)
        ends[final.end] += 1
        assert replay(log, limit) == final, f"seed {seed}: the log does not replay the game"
    assert all(ends.values()), f"both endings should occur: {ends}"


@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_any_seed_gives_a_game_that_ends_and_replays(seed):
    """Issue "Rule engines II", with hypothesis choosing the seeds."""
    final, log = random_game(seed, SHORT_LIMIT)
    assert replay(log, SHORT_LIMIT) == final


def test_states_round_trip_through_json():
    """Issue "Rule engines II": state_to_json / state_from_json round-trip exactly, via real JSON text."""
    seen = 0
    for seed in range(6):
        rng = random.Random(1000 + seed)
        state = ENGINE.initial_state(2)
        while ENGINE.turn(state).kind != OVER:
            data = json.loads(json.dumps(ENGINE.state_to_json(state)))
            assert ENGINE.state_from_json(data) == state
            seen += 1
            turn = ENGINE.turn(state)
            if turn.kind == CHANCE:
                action = draw_outcome(ENGINE.chance_outcomes(state), rng)
            else:
                action = rng.choice(ENGINE.legal_actions(state, turn.player))
            state, _ = ENGINE.apply(state, action)
        assert ENGINE.state_from_json(json.loads(json.dumps(ENGINE.state_to_json(state)))) == state
    assert seen > 100


def test_move_generator_agrees_with_the_move_checker():
    """C4, C5, C10: the squares offered as moves are exactly those `apply` accepts.

    `legal_actions` searches every path; `apply` checks one move with its own
    pruned search. On sampled positions from random games the two must agree
    on every square of the board, for every marker of the side to move.
    """
    checked = 0
    for seed in range(8):
        rng = random.Random(500 + seed)
        state = ENGINE.initial_state(2)
        while ENGINE.turn(state).kind != OVER:
            turn = ENGINE.turn(state)
            if state.phase == "move" and rng.random() < 0.3:
                offered = {(a.frm, a.to) for a in ENGINE.legal_actions(state, turn.player)
                           if isinstance(a, sitters.Move)}
                for start in state.cells_with(sitters_board.LETTER[state.side]):
                    for end in BOARD.index.values():
                        path = sitters.move_path(state.pieces, start, end, state.roll, state.side)
                        pair = (BOARD.names[start], BOARD.names[end])
                        assert (path is not None) == (pair in offered), (pair, state.roll)
                        if path is not None:  # a real path: neighbours, no square twice
                            assert len(set(path)) == len(path) and len(path) - 1 <= state.roll
                            assert all(b in BOARD.neighbours[a] for a, b in zip(path, path[1:]))
                        checked += 1
            if turn.kind == CHANCE:
                action = draw_outcome(ENGINE.chance_outcomes(state), rng)
            else:
                action = rng.choice(ENGINE.legal_actions(state, turn.player))
            state, _ = ENGINE.apply(state, action)
    assert checked > 1000


def test_match_driver_replays_a_bot_game_from_its_log():
    """Issue "Rule engines I": a Match of bots replays from (seed, log) to the same position."""
    bots = {0: RandomBot(), 1: RandomBot()}
    match = Match(ENGINE, 2, {"turn_limit": 90}, seed=11)
    while not match.over:
        match.play_bots(bots)
    again = Match(ENGINE, 2, {"turn_limit": 90}, seed=11)
    for text in match.log:
        again.apply(text)
    assert again.state == match.state and again.result == match.result
    restored = Match.from_position(ENGINE, match.to_position())
    assert restored.state == match.state


def test_every_phase_draws_a_diagram():
    """Diagrams: the board renders in every phase a game passes through, with every space named."""
    drawn = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = ENGINE.initial_state(2)
        while True:
            if state.phase not in drawn:
                drawing = ENGINE.render(state)
                cells = {shape.cell for shape in drawing.shapes if getattr(shape, "role", "") == "space"}
                assert cells == set(BOARD.index) and drawing.title
                drawn.add(state.phase)
            turn = ENGINE.turn(state)
            if turn.kind == OVER:
                break
            if turn.kind == CHANCE:
                action = draw_outcome(ENGINE.chance_outcomes(state), rng)
            else:
                action = rng.choice(ENGINE.legal_actions(state, turn.player))
            state, _ = ENGINE.apply(state, action)
    assert drawn == set(sitters_board.PHASES)
