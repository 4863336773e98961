"""Scenario tests for Splat: one or more per rule and per clarification of
content/splat/rules.md, each from an explicit position."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.draw.shapes import Circle, Drawing, Group, Polygon, Rect, Text
from generator.play import load_engine
from generator.play.api import CHANCE, OVER, PLAYER, IllegalAction
from generator.play.bots import FunctionBot, RandomBot
from generator.play.playout import play_game

ROOT = Path(__file__).resolve().parents[2]
ENGINE = load_engine(ROOT / "content" / "splat")
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
SPLAT = sys.modules[type(ENGINE).__module__]  # <its package>.engine: states and actions
SPLAT_BOARD = sys.modules[GAME_PACKAGE + ".board"]  # cells, pieces, fates and phases
SPLAT_BOTS = sys.modules[GAME_PACKAGE + ".bots"]  # the heuristic computer player
position = ENGINE.position


def play(state, *notations):
    """Apply each notation in turn; the final state and every event's kind."""
    kinds = []
    for text in notations:
        state, events = ENGINE.apply(state, ENGINE.parse(state, text))
        kinds += [event.kind for event in events]
    return state, kinds


def at(state) -> dict:
    """seat -> cell name (None once out) for the skydivers."""
    return {seat: SPLAT_BOARD.cell_name(c) if c else None for seat, c in enumerate(state.skydivers)}


def chute(state):
    return SPLAT_BOARD.cell_name(state.chute) if state.chute else None


def clarification_text(label: str) -> str:
    """The body of one ::: clarification block of the rules page, joined into one line."""
    lines = (ROOT / "content" / "splat" / "rules.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"::: clarification {label} "))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == ":::")
    return " ".join(lines[start + 1:end])


def refused(state, text) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, ENGINE.parse(state, text))
    return caught.value


# -- Setup and the board ---------------------------------------------------------


def test_c1_skydivers_start_in_the_plane_on_b_d_a_e():
    """C1: skydivers start in the plane, seats taking b0, d0, a0, e0; the parachute on c0."""
    state = ENGINE.initial_state(4)
    assert at(state) == {0: "b0", 1: "d0", 2: "a0", 3: "e0"}
    assert chute(state) == "c0" and state.holder is None
    assert at(ENGINE.initial_state(2)) == {0: "b0", 1: "d0"}
    assert ENGINE.turn(state).kind == CHANCE and state.phase == SPLAT_BOARD.FALL


def test_c1_parachute_leaves_the_plane_into_column_c():
    """C1, Rules §A free parachute: the first drop takes the parachute from c0 into column c."""
    state, kinds = play(ENGINE.initial_state(3), "fall 3")
    assert chute(state) == "c3" and "fell" in kinds


def test_c1_first_step_from_the_plane_enters_row_1_of_own_column():
    """C1, Rules §Moving: a skydiver's first step from the plane drops into row 1 of its column."""
    state, _ = play(ENGINE.initial_state(2), "fall 3", "roll 1", "move D")
    assert at(state)[0] == "b1"


def test_player_counts_are_two_to_four():
    """Rules §Overview: two to four skydivers."""
    for players in (1, 5):
        with pytest.raises(IllegalAction):
            ENGINE.initial_state(players)


def test_rule_steps_wrap_round_the_sides():
    """Rules §The board: columns a and e are neighbours, both ways."""
    state = position(2, {0: "a3", 1: "c9"}, chute="c8", phase=SPLAT_BOARD.MOVE, die=3)
    after, _ = play(state, "move D L L")
    assert at(after)[0] == "d4"
    state = position(2, {0: "e3", 1: "c9"}, chute="c8", phase=SPLAT_BOARD.MOVE, die=2)
    after, _ = play(state, "move D R")
    assert at(after)[0] == "a4"


# -- A round -----------------------------------------------------------------------------


def test_rule_turns_follow_seat_order_after_the_parachute():
    """Rules §Playing a round: the parachute first, then seats 1, 2, 3 in order."""
    state = ENGINE.initial_state(3)
    actors = []
    for text in ("fall 1", "roll 1", "move D", "roll 1", "move D", "roll 1", "move D"):
        turn = ENGINE.turn(state)
        actors.append(turn.kind if turn.kind == CHANCE else turn.player)
        state, _ = play(state, text)
    assert actors == [CHANCE, CHANCE, 0, CHANCE, 1, CHANCE, 2]
    assert state.round == 2 and state.phase == SPLAT_BOARD.FALL


def test_c2_parachute_turn_opens_every_round_even_when_held():
    """C2: the round begins with the parachute's die, also while someone holds it."""
    state = position(2, {0: "c4", 1: "a2"}, holder=0, phase=SPLAT_BOARD.MOVE, seat=1, die=1)
    state, _ = play(state, "move D")
    assert state.phase == SPLAT_BOARD.FALL and state.round == 3
    assert [ENGINE.notation(o) for o, _ in ENGINE.chance_outcomes(state)] == ["fall 1", "fall 2", "fall 3"]


def test_c2_holder_steers_after_the_parachute_die_is_rolled():
    """C2: with a holder, the die is rolled first, then the holder chooses, knowing the drop."""
    state = position(2, {0: "c4", 1: "a2"}, holder=0, phase=SPLAT_BOARD.FALL)
    state, _ = play(state, "fall 3")
    assert ENGINE.turn(state).player == 0 and state.phase == SPLAT_BOARD.SHIFT and state.die == 3
    assert {ENGINE.notation(a) for a in ENGINE.legal_actions(state, 0)} == {"shift L", "shift R", "no shift"}
    assert ENGINE.legal_actions(state, 1) == []


def test_c2_holder_skips_own_roll():
    """C2: the holder's seat is passed over; the next skydiver rolls."""
    state = position(3, {0: "c4", 1: "a2", 2: "e1"}, holder=0, phase=SPLAT_BOARD.FALL)
    state, kinds = play(state, "fall 1", "no shift")
    assert "skipped" in kinds
    assert state.phase == SPLAT_BOARD.ROLL and state.seat == 1


def test_c2_skydiver_who_lost_the_parachute_plays_normally():
    """C2: what counts is who holds it when the seat comes up; a robbed holder rolls."""
    # Blue (seat 1) holds on c4; Red snatches it before Blue's seat comes round.
    state = position(2, {0: "c2", 1: "c4"}, holder=1, seat=0, phase=SPLAT_BOARD.ROLL)
    state, _ = play(state, "roll 2", "move D D")
    assert state.holder == 0
    assert state.phase == SPLAT_BOARD.ROLL and state.seat == 1


def test_c2_skydiver_who_caught_the_parachute_this_round_skips():
    """C2: a skydiver that catches the parachute before its seat comes up skips that turn."""
    # Red (seat 0) moves and shoves Blue sideways onto the free parachute; Blue's turn is then skipped.
    state = position(3, {0: "a4", 1: "b5", 2: "e1"}, chute="c5", seat=0, phase=SPLAT_BOARD.MOVE, die=2)
    state, kinds = play(state, "move D R")
    assert state.holder == 1 and "skipped" in kinds
    assert state.seat == 2


# -- The parachute's turn ------------------------------------------------------------------


def test_rule_parachute_die_shows_1_to_3_evenly():
    """Rules §The parachute's turn: a die for a value between one and three."""
    outcomes = ENGINE.chance_outcomes(ENGINE.initial_state(2))
    assert [o.steps for o, _ in outcomes] == [1, 2, 3]
    assert all(abs(p - 1 / 3) < 1e-9 for _, p in outcomes)
    assert "1, 2 or 3" in refused(ENGINE.initial_state(2), "fall 4").message


def test_rule_free_parachute_drops_straight_down():
    """Rules §A free parachute: it drops as many cells as the die shows."""
    state = position(2, {0: "a1", 1: "e1"}, chute="b3", phase=SPLAT_BOARD.FALL)
    state, _ = play(state, "fall 3")
    assert chute(state) == "b6"


def test_c3_free_parachute_falling_onto_a_skydiver_is_caught():
    """C3: a skydiver in the drop's path catches the parachute; the rest of the drop is lost."""
    state = position(2, {0: "b5", 1: "e1"}, chute="b3", phase=SPLAT_BOARD.FALL)
    state, kinds = play(state, "fall 3")
    assert state.holder == 0 and state.chute is None and at(state)[0] == "b5"
    assert "captured" in kinds


def test_c4_free_parachute_past_row_10_is_lost_and_all_lose():
    """C4: a free parachute dropping below row 10 is lost; the game ends and all lose."""
    state = position(3, {0: "a1", 1: "b2", 2: "e5"}, chute="c9", phase=SPLAT_BOARD.FALL)
    state, kinds = play(state, "fall 2")
    assert state.chute_lost and "lost" in kinds
    assert ENGINE.turn(state).kind == OVER
    assert ENGINE.result(state).winners == ()


def test_rule_held_parachute_drops_with_its_holder():
    """Rules §A held parachute: holder and parachute drop together by the die."""
    state = position(2, {0: "c4", 1: "a2"}, holder=0, phase=SPLAT_BOARD.SHIFT, seat=0, die=3)
    state, _ = play(state, "no shift")
    assert at(state)[0] == "c7" and state.holder == 0


def test_rule_holder_may_steer_one_cell():
    """Rules §A held parachute: the holder may move it one cell left or right before the drop."""
    state = position(2, {0: "c4", 1: "a2"}, holder=0, phase=SPLAT_BOARD.SHIFT, seat=0, die=1)
    assert at(play(state, "shift L")[0])[0] == "b5"
    assert at(play(state, "shift R")[0])[0] == "d5"


def test_c5_steering_into_a_skydiver_displaces_it_then_the_drop_follows():
    """C5: steering into someone shoves it sideways; the drop still happens."""
    state = position(3, {0: "c4", 1: "d4", 2: "e4"}, holder=0, phase=SPLAT_BOARD.SHIFT, seat=0, die=2)
    state, kinds = play(state, "shift R")
    assert at(state) == {0: "d6", 1: "e4", 2: "a4"}
    assert "pushed" in kinds and "shifted" in kinds


def test_c5_steering_wraps_across_the_side():
    """C5: steering wraps like any sideways step."""
    state = position(2, {0: "a4", 1: "c2"}, holder=0, phase=SPLAT_BOARD.SHIFT, seat=0, die=1)
    state, _ = play(state, "shift L")
    assert at(state)[0] == "e5"


def test_c6_holder_drifting_onto_a_skydiver_is_a_collision_from_above():
    """C6: the holder's drop into a skydiver pushes it down one; the holder bounces; the drop ends."""
    state = position(2, {0: "c4", 1: "c6"}, holder=0, phase=SPLAT_BOARD.SHIFT, seat=0, die=3)
    state, kinds = play(state, "no shift")
    # Drops to c5, hits Blue on c6: Blue to c7, Red bounces from c5 back to c4.
    assert at(state) == {0: "c4", 1: "c7"}
    assert state.holder == 0 and "bounced" in kinds


# -- Moving ---------------------------------------------------------------------------------


def test_rule_skydiver_die_shows_1_to_6_evenly():
    """Rules §A skydiver's turn: a die for a value between one and six."""
    state = position(2, {0: "a1", 1: "e1"}, chute="c8", phase=SPLAT_BOARD.ROLL)
    outcomes = ENGINE.chance_outcomes(state)
    assert [o.pips for o, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(abs(p - 1 / 6) < 1e-9 for _, p in outcomes)
    assert "1 to 6" in refused(state, "roll 7").message


def test_rule_first_step_must_be_straight_down():
    """Rules §Moving: the first step goes straight down."""
    state = position(2, {0: "b2", 1: "e1"}, chute="c8", phase=SPLAT_BOARD.MOVE, die=3)
    error = refused(state, "move R D")
    assert "Moving" in error.rule
    assert all(action.path[0] == "D" for action in ENGINE.legal_actions(state, 0))


def test_rule_never_step_up():
    """Rules §Moving: later steps go left, right or down, never up."""
    state = position(2, {0: "b2", 1: "e1"}, chute="c8", phase=SPLAT_BOARD.MOVE, die=3)
    assert "never up" in refused(state, "move D R U").message


def test_rule_later_steps_go_left_right_or_down():
    """Rules §Moving: after the first step, sideways and down steps are free choices."""
    state = position(2, {0: "b2", 1: "e1"}, chute="c8", phase=SPLAT_BOARD.MOVE, die=4)
    state, _ = play(state, "move D L D R")
    assert at(state)[0] == "b4"


def test_c7_a_move_may_stop_short_of_the_roll():
    """C7: the roll is a limit; stopping after one step of six is legal."""
    state = position(2, {0: "b2", 1: "e1"}, chute="c8", phase=SPLAT_BOARD.MOVE, die=6)
    state, _ = play(state, "move D")
    assert at(state)[0] == "b3"


def test_c7_a_move_longer_than_the_roll_is_refused():
    """C7: no more steps than the roll."""
    state = position(2, {0: "b2", 1: "e1"}, chute="c8", phase=SPLAT_BOARD.MOVE, die=2)
    assert "C7" in refused(state, "move D D D").rule


def test_c7_an_empty_move_is_refused():
    """C7: the first step is compulsory."""
    state = position(2, {0: "b2", 1: "e1"}, chute="c8", phase=SPLAT_BOARD.MOVE, die=2)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, SPLAT.Move(()))
    assert "C7" in caught.value.rule


def test_c7_a_move_never_enters_a_cell_twice():
    """C7: no cell twice: no left-then-right, and no lap of a whole row."""
    state = position(2, {0: "b2", 1: "e9"}, chute="c9", phase=SPLAT_BOARD.MOVE, die=6)
    assert "C7" in refused(state, "move D L R").rule
    assert "C7" in refused(state, "move D R R R R R").rule
    play(state, "move D R R R R")  # four sideways steps are fine


def test_c7_a_blocked_first_step_leaves_the_mover_higher():
    """C7 with C10: the compulsory first step into a skydiver below bounces the mover up a row,
    so the rules must not promise that every skydiver sinks each turn."""
    state = position(3, {0: "c3", 1: "c4", 2: "c5"}, chute="a8", phase=SPLAT_BOARD.MOVE, die=5)
    state, _ = play(state, "move D")
    assert at(state)[0] == "c2"
    c7 = clarification_text("C7")
    assert "at least one row per turn" not in c7 and "higher" in c7


def test_legal_moves_cover_every_distinct_outcome_once():
    """Rules §Moving, C7: legal_actions gives one path per distinct result, and each is legal."""
    state = position(3, {0: "b2", 1: "c4", 2: "e9"}, chute="a5", phase=SPLAT_BOARD.MOVE, die=6)
    actions = ENGINE.legal_actions(state, 0)
    results = set()
    for action in actions:
        after, _ = ENGINE.apply(state, action)
        results.add(repr(ENGINE.state_to_json(after)))
    assert len(results) == len(actions)
    # Every cell reachable in up to 6 steps without crossing anyone is a stopping place.
    stops = {at(ENGINE.apply(state, a)[0])[0] for a in actions}
    assert {"b3", "a3", "e3", "d3", "c3", "b8"} <= stops


# -- Catching and snatching -------------------------------------------------------------------


def test_rule_stepping_onto_the_free_parachute_catches_it_and_ends_the_move():
    """Rules §Catching the parachute: landing on it gives possession and ends the move."""
    state = position(3, {0: "b2", 1: "d5", 2: "a5"}, chute="c4", phase=SPLAT_BOARD.MOVE, die=4)
    after, kinds = play(state, "move D R D")
    assert after.holder == 0 and after.chute is None and at(after)[0] == "c4"
    assert "captured" in kinds
    assert "ends at step 3" in refused(state, "move D R D D").message


def test_c8_hitting_the_holder_from_above_snatches_the_parachute():
    """C8: the mover takes the parachute and the cell; the old holder drops one; no bounce."""
    state = position(3, {0: "c2", 1: "c4", 2: "e6"}, holder=1, phase=SPLAT_BOARD.MOVE, die=3)
    state, kinds = play(state, "move D D")
    assert state.holder == 0 and at(state)[0] == "c4" and at(state)[1] == "c5"
    assert "snatched" in kinds and "bounced" not in kinds


def test_c8_hitting_the_holder_from_the_side_snatches_the_parachute():
    """C8: a sideways snatch shoves the old holder onward in the step's direction."""
    state = position(2, {0: "b3", 1: "c4"}, holder=1, phase=SPLAT_BOARD.MOVE, die=2)
    state, kinds = play(state, "move D R")
    assert state.holder == 0 and at(state) == {0: "c4", 1: "d4"}
    assert "snatched" in kinds


# -- Collisions -------------------------------------------------------------------------------


def test_rule_sideways_collision_shoves_the_victim_and_ends_the_move():
    """Rules §From the side: the mover takes the cell, the victim moves one further; the move ends."""
    state = position(2, {0: "a4", 1: "b5"}, chute="d9", phase=SPLAT_BOARD.MOVE, die=4)
    after, kinds = play(state, "move D R")
    assert at(after) == {0: "b5", 1: "c5"} and "collided" in kinds
    assert "ends at step 2" in refused(state, "move D R D").message


def test_rule_sideways_collision_shoves_a_whole_line():
    """Rules §From the side: a displacement can shove the next skydiver, and so on (a chain)."""
    state = position(4, {0: "a4", 1: "b5", 2: "c5", 3: "d5"}, chute="a9", phase=SPLAT_BOARD.MOVE, die=2)
    state, _ = play(state, "move D R")
    assert at(state) == {0: "b5", 1: "c5", 2: "d5", 3: "e5"}


def test_c9_a_sideways_chain_wraps_across_the_edge():
    """C9: a shoved line wraps from column e into column a."""
    state = position(3, {0: "c3", 1: "d4", 2: "e4"}, chute="b9", phase=SPLAT_BOARD.MOVE, die=2)
    state, _ = play(state, "move D R")
    assert at(state) == {0: "d4", 1: "e4", 2: "a4"}


def test_c10_collision_from_above_bounces_the_mover_up_one_row():
    """C10, Rules §From above: the victim drops one; the mover rises one from where it hit."""
    state = position(2, {0: "c3", 1: "c4"}, chute="a8", phase=SPLAT_BOARD.MOVE, die=5)
    state, kinds = play(state, "move D")
    assert at(state) == {0: "c2", 1: "c5"} and "bounced" in kinds


def test_c10_no_bounce_when_the_cell_above_is_taken():
    """C10: the mover stays put when the cell above it is occupied."""
    # Red on b4 hits Blue below; Green on b3 blocks the bounce.
    state = position(3, {0: "b4", 1: "b5", 2: "b3"}, chute="e8", phase=SPLAT_BOARD.MOVE, die=3)
    state, kinds = play(state, "move D")
    assert at(state) == {0: "b4", 1: "b6", 2: "b3"} and "blocked" in kinds


def test_c10_no_bounce_from_row_1_or_the_plane():
    """C10: nobody rises into the plane; a mover in row 1 or the plane stays where it was."""
    state = position(2, {0: "c1", 1: "c2"}, chute="a8", phase=SPLAT_BOARD.MOVE, die=2)
    state, _ = play(state, "move D")
    assert at(state) == {0: "c1", 1: "c3"}
    state = position(2, {0: "b0", 1: "b1"}, chute="a8", phase=SPLAT_BOARD.MOVE, die=2)
    state, _ = play(state, "move D")
    assert at(state) == {0: "b0", 1: "b2"}


def test_c10_victim_pushes_the_column_below_it():
    """C10: the victim's drop pushes any skydiver right below it, in a line."""
    state = position(3, {0: "c3", 1: "c4", 2: "c5"}, chute="a8", phase=SPLAT_BOARD.MOVE, die=5)
    state, _ = play(state, "move D")
    assert at(state) == {0: "c2", 1: "c5", 2: "c6"}


def test_c11_a_pushed_skydiver_ending_on_the_free_parachute_catches_it():
    """C11: a skydiver shoved onto the free parachute catches it."""
    state = position(2, {0: "a4", 1: "b5"}, chute="c5", phase=SPLAT_BOARD.MOVE, die=2)
    state, kinds = play(state, "move D R")
    assert state.holder == 1 and at(state)[1] == "c5" and "captured" in kinds
    # Pushed down onto it too.
    state = position(2, {0: "d3", 1: "d4"}, chute="d5", phase=SPLAT_BOARD.MOVE, die=1)
    state, _ = play(state, "move D")
    assert state.holder == 1 and at(state) == {0: "d2", 1: "d5"}


def test_c11_a_pushed_holder_keeps_the_parachute():
    """C11: a push carries the holder and its parachute; pushing never passes it on."""
    # Red shoves Blue into Green, who holds the parachute: Green keeps it.
    state = position(3, {0: "a4", 1: "b5", 2: "c5"}, holder=2, phase=SPLAT_BOARD.MOVE, die=2)
    state, kinds = play(state, "move D R")
    assert state.holder == 2 and at(state) == {0: "b5", 1: "c5", 2: "d5"}
    assert "snatched" not in kinds


# -- Landing, smashing and the end ------------------------------------------------------------


def test_rule_stepping_into_the_ground_without_the_parachute_smashes():
    """Rules §Landing and smashing: a skydiver without the parachute reaching the ground is out."""
    state = position(3, {0: "a10", 1: "c2", 2: "d2"}, chute="b3", phase=SPLAT_BOARD.MOVE, die=3)
    assert "ends at step 1" in refused(state, "move D R").message
    state, kinds = play(state, "move D")
    assert state.fates[0] == SPLAT_BOARD.SMASHED and state.skydivers[0] is None and "smashed" in kinds
    assert state.seat == 1  # the game goes on without Red


def test_rule_holder_reaching_the_ground_lands_and_wins():
    """Rules §Landing and smashing, §End of the game: the holder reaching the ground wins at once."""
    state = position(4, {0: "a5", 1: "c7", 2: "b8", 3: "d9"}, holder=3, phase=SPLAT_BOARD.FALL)
    state, kinds = play(state, "fall 2", "shift L")
    assert state.fates[3] == SPLAT_BOARD.LANDED and "landed" in kinds
    assert ENGINE.result(state).winners == (3,)
    assert ENGINE.result(state).scores == (0.0, 0.0, 0.0, 1.0)


def test_c12_holder_pushed_into_the_ground_lands_and_wins():
    """C12: a holder pushed below row 10 has landed."""
    # Red drops onto Green, whose push shoves Blue, the holder, into the ground (C10, C11).
    state = position(3, {0: "e8", 2: "e9", 1: "e10"}, holder=1, phase=SPLAT_BOARD.MOVE, die=1)
    state, kinds = play(state, "move D")
    assert state.fates[1] == SPLAT_BOARD.LANDED and "landed" in kinds
    assert ENGINE.result(state).winners == (1,)


def test_c12_skydiver_pushed_into_the_ground_smashes():
    """C12: a skydiver without the parachute pushed below row 10 smashes."""
    state = position(3, {0: "e9", 1: "e10", 2: "a1"}, holder=2, phase=SPLAT_BOARD.MOVE, die=1)
    state, kinds = play(state, "move D")
    assert state.fates[1] == SPLAT_BOARD.SMASHED and at(state)[0] == "e8" and "smashed" in kinds


def test_c13_holder_wins_when_every_rival_has_smashed():
    """C13, Rules §End of the game: the holder wins once all the others have smashed."""
    state = position(2, {0: "a10", 1: "c6"}, holder=1, phase=SPLAT_BOARD.MOVE, die=1)
    state, _ = play(state, "move D")
    result = ENGINE.result(state)
    assert result.winners == (1,) and "Blue" in result.text


def test_c13_last_skydiver_wins_on_catching_the_parachute():
    """C13: a lone survivor has not won until it catches the parachute; then it wins at once."""
    state = position(3, {0: "b3"}, chute="b6", phase=SPLAT_BOARD.ROLL)
    assert ENGINE.result(state) is None and ENGINE.turn(state).kind == CHANCE
    state, _ = play(state, "roll 3", "move D D D")
    assert ENGINE.result(state).winners == (0,)


def test_rule_everyone_smashing_means_all_lose():
    """Rules §End of the game: when every skydiver has smashed, all players lose."""
    state = position(2, {0: "a10"}, chute="c3", phase=SPLAT_BOARD.MOVE, die=2)
    state, _ = play(state, "move D")
    assert ENGINE.turn(state).kind == OVER and ENGINE.result(state).winners == ()


def test_rule_no_actions_after_the_game_ends():
    """Rules §End of the game: the game stops at once."""
    state, _ = play(position(2, {0: "a6", 1: "e7"}, chute="c9", phase=SPLAT_BOARD.FALL), "fall 2")
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.chance_outcomes(state) == []
    assert refused(state, "fall 1").rule.startswith("Rules §End")


# -- Turn discipline, notation, serialisation, diagrams ----------------------------------------


def test_actions_out_of_turn_are_refused_with_the_rule():
    """Rules §Playing a round: each action only in its own phase."""
    state = ENGINE.initial_state(2)
    assert "round" in refused(state, "roll 3").rule
    assert "round" in refused(state, "move D").rule
    assert "parachute" in refused(state, "shift L").rule


def test_notation_prints_and_parses_back():
    """Rules §Notation: every action prints and parses back to itself."""
    state = ENGINE.initial_state(2)
    for text in ("fall 2", "roll 6", "shift L", "shift R", "no shift", "move D L L D"):
        assert ENGINE.notation(ENGINE.parse(state, text)) == text
    assert ENGINE.parse(state, "Move dlld") == ENGINE.parse(state, "move D L L D")


def test_unreadable_notation_is_refused_as_notation():
    """Rules §Notation: text that is no action is refused with the rule 'notation'."""
    for text in ("jump", "move", "move X", "shift up", "roll four", ""):
        with pytest.raises(IllegalAction) as caught:
            ENGINE.parse(ENGINE.initial_state(2), text)
        assert caught.value.rule == "notation"


def test_state_json_round_trips_and_bad_json_is_refused():
    """Engine API: states round-trip through JSON; impossible states are refused."""
    for state in ENGINE.setups().values():
        data = ENGINE.state_to_json(state)
        assert ENGINE.state_from_json(data) == state
    data = ENGINE.state_to_json(ENGINE.setups()["chain"])
    data["skydivers"][1] = data["skydivers"][0]
    with pytest.raises(ValueError):
        ENGINE.state_from_json(data)


def test_cells_name_the_mover_first_and_the_target_last():
    """Engine API: cells() lists the piece's cell, its path, then the target."""
    state = position(3, {0: "b2", 1: "d5", 2: "a5"}, chute="c4", phase=SPLAT_BOARD.MOVE, die=4)
    assert ENGINE.cells(state, ENGINE.parse(state, "move D R D")) == ("b2", "b3", "c3", "c4")
    state = position(2, {0: "c4", 1: "c6"}, holder=0, phase=SPLAT_BOARD.SHIFT, seat=0, die=3)
    assert ENGINE.cells(state, ENGINE.parse(state, "shift L")) == ("c4", "b4", "b5", "b6", "b7")
    assert ENGINE.cells(state, ENGINE.parse(state, "no shift")) == ("c4", "c5", "c6")


def _flat(shapes):
    for shape in shapes:
        if isinstance(shape, Group):
            yield from _flat(shape.shapes)
        else:
            yield shape


def test_render_names_every_cell_and_marks_highlights():
    """Engine API: every board and plane cell is a named shape; highlighted cells are marked."""
    state = ENGINE.setups()["snatch"]
    drawing = ENGINE.render(state, highlight=("c2", "c3"))
    assert isinstance(drawing, Drawing) and 100 <= drawing.width <= 180
    shapes = list(_flat(drawing.shapes))
    named = {s.cell for s in shapes if isinstance(s, Rect) and s.cell}
    assert {f"{c}{r}" for c in "abcde" for r in range(0, 11)} <= named
    marked = {s.cell for s in shapes if getattr(s, "role", "") == "highlight"}
    assert marked == {"c2", "c3"}


def test_render_tells_pieces_apart_by_colour_and_letter():
    """Engine API: skydivers differ by colour and letter; the parachute has its own shape."""
    drawing = ENGINE.render(ENGINE.setups()["snatch"])
    shapes = list(_flat(drawing.shapes))
    fills = {s.style.fill for s in shapes if isinstance(s, Circle) and s.role.startswith("skydiver")}
    letters = {s.text for s in shapes if isinstance(s, Text)}
    assert len(fills) == 3 and {"R", "B", "G"} <= letters
    assert any(isinstance(s, Polygon) and s.role == "parachute" for s in shapes)


def test_setups_are_valid_positions():
    """Engine API: every named setup is a legal position with someone (or chance) to act."""
    for name, state in ENGINE.setups().items():
        assert ENGINE.invariant_problem(state) == "", name
        assert ENGINE.turn(state).kind in (CHANCE, PLAYER), name


def test_heuristic_bot_beats_random_players():
    """BOTS['heuristic'] (head for the parachute, keep it) wins far more than its share."""
    heuristic = FunctionBot("heuristic", SPLAT_BOTS.BOTS["heuristic"])
    wins = 0
    games = 60
    for seed in range(games):
        seat = seed % 2
        bots = [heuristic, RandomBot()] if seat == 0 else [RandomBot(), heuristic]
        result = play_game(ENGINE, bots, seed).result
        wins += seat in result.winners
    print(f"heuristic wins {wins}/{games} two-player games against random")
    assert wins / games >= 0.7
