"""Splut! rules, one scenario per rule and per clarification (content/splut/rules.md).

Positions are built square by square; Red (South) is player 0 and Yellow
(North) player 1 in two-player games.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.play import load_engine
from generator.play.api import IllegalAction

ENGINE = load_engine(Path(__file__).resolve().parents[2] / "content" / "splut")
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
splut = sys.modules[type(ENGINE).__module__]  # <its package>.engine: states and steps
splut_board = sys.modules[GAME_PACKAGE + ".board"]  # the arena, pieces and seats


def two_player(red: dict, yellow: dict | None, rocks: list[str], **kw):
    return splut.build_state(2, [red, yellow], rocks, **kw)


def play(state, *moves: str):
    """Apply steps written in notation; return the final state and all events."""
    events = []
    for text in moves:
        state, new = ENGINE.apply(state, ENGINE.parse(state, text))
        events += new
    return state, events


def layout(state) -> dict:
    """Where everything stands, as {"rocks": [...], "teams": [...]} with square names."""
    data = ENGINE.state_to_json(state)
    return {"rocks": sorted(data["rocks"]), "teams": data["teams"]}


def refusal(state, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, ENGINE.parse(state, text))
    return caught.value


def legal(state) -> set[str]:
    return {ENGINE.notation(a) for a in ENGINE.legal_actions(state, state.current)}


# -- the board and setting up ---------------------------------------------------


def test_c1_arena_is_a_41_square_diamond():
    """C1: 41 squares in rows of 1, 3, 5, 7, 9, 7, 5, 3, 1; tips touch one square; no step leaves the arena."""
    arena = splut_board.ARENA
    assert len(arena) == 41
    per_row = [sum(1 for sq in arena if sq // 9 == row) for row in range(9)]
    assert per_row == [1, 3, 5, 7, 9, 7, 5, 3, 1]
    tips = {splut_board.square_name(sq) for sq in arena
            if sum(splut_board.NEXT[d][sq] != splut_board.OFF for d in range(4)) == 1}
    assert tips == {"e1", "a5", "e9", "i5"}
    assert splut_board.square("e5") in arena and splut_board.square("a1") not in arena
    start = ENGINE.initial_state(2)
    error = refusal(start, "S d2-c2")  # c2 lies outside the diamond
    assert "Moving a piece" in error.rule


def test_setup_all_four_rocks_start_on_the_tips_for_any_player_count():
    """Rules §Setting up: all four Rocks are used in every game, one on each tip."""
    for players in (2, 3, 4):
        assert layout(ENGINE.initial_state(players))["rocks"] == ["a5", "e1", "e9", "i5"]


def test_setup_dwarf_starts_in_front_of_the_rock():
    """Rules §Setting up: each Dwarf starts on the square just inside his seat's tip."""
    teams = layout(ENGINE.initial_state(4))["teams"]
    assert [team["D"] for team in teams] == ["e2", "b5", "e8", "h5"]


def test_c2_troll_right_sorcerer_left_seen_from_the_rock():
    """C2: looking from the Rock towards the centre, the Troll is right of the Dwarf, the Sorcerer left."""
    state = ENGINE.initial_state(4)
    data = ENGINE.state_to_json(state)
    for player, team in enumerate(data["teams"]):
        rock = splut_board.square(splut_board.SEATS[state.seat(player)]["rock"])
        dwarf = splut_board.square(team["D"])
        facing_col, facing_row = dwarf % 9 - rock % 9, dwarf // 9 - rock // 9
        right_col, right_row = facing_row, -facing_col  # a quarter turn clockwise
        right = splut_board.square_name(dwarf + right_col + 9 * right_row)
        left = splut_board.square_name(dwarf - right_col - 9 * right_row)
        assert (team["T"], team["S"]) == (right, left)
    assert data["teams"][0] == {"S": "d2", "T": "f2", "D": "e2"}


def test_c3_seats_and_turn_order_per_player_count():
    """C3 and Rules §Who sits where: 2 players South/North, 3 South/West/North, 4 add East; turns go clockwise."""
    two = layout(ENGINE.initial_state(2))["teams"]
    assert [team["D"] for team in two] == ["e2", "e8"]  # opposite tips
    three = ENGINE.initial_state(3)
    assert [t["D"] for t in layout(three)["teams"]] == ["e2", "b5", "e8"]
    # East stays empty
    assert all(three.board[splut_board.square(sq)] == splut_board.EMPTY for sq in ("h5", "h4", "h6"))
    four = ENGINE.initial_state(4)
    order = [four.current]
    state = four
    for moves in (["D e2-e3"], ["D b5-c5", "D c5-d5"], ["D e8-e7", "D e7-e6", "S f8-f7"],
                  ["D h5-g5", "D g5-f5", "S h4-g4"]):
        state, _ = play(state, *moves)
        order.append(state.current)
    assert order == [0, 1, 2, 3, 0]  # South, West, North, East, then South again


# -- turns and steps --------------------------------------------------------------


def test_c4_first_turn_one_step_second_two_then_three():
    """C4 and Rules §Steps per turn: the game's first turn has 1 step, the second 2, every other 3."""
    state = ENGINE.initial_state(3)
    assert (state.current, state.steps_left) == (0, 1)
    state, _ = play(state, "D e2-e3")
    assert (state.current, state.steps_left) == (1, 2)
    state, _ = play(state, "D b5-c5", "D c5-d5")
    assert (state.current, state.steps_left) == (2, 3)  # the third player's first turn is a full one
    state, _ = play(state, "D e8-e7", "D e7-e6", "S f8-f7")
    assert (state.current, state.steps_left) == (0, 3)


def test_steps_may_be_shared_among_pieces():
    """Rules §Steps per turn: Troll, Dwarf, Troll again is one legal three-step turn (the source's example)."""
    state = two_player({"S": "d2", "T": "f2", "D": "e2"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["e1", "a5", "e9", "i5"])
    after_two, _ = play(state, "T f2-f3", "D e2-e3")
    assert (after_two.current, after_two.steps_left) == (0, 1)  # still Red: every step must be taken
    after, _ = play(after_two, "T f3-f4")
    assert after.current == 1
    assert layout(after)["teams"][0] == {"S": "d2", "T": "f4", "D": "e3"}


def test_c5_blocked_player_passes_and_loses_remaining_steps():
    """C5: with no legal step at all, the only action is 'pass' and the turn ends at once."""
    # Red (South) is boxed in: the Sorcerer on the tip, the Troll between two non-Rocks,
    # the Dwarf facing lines that reach the edge both ways.
    teams = [{"S": "e1", "T": "f2", "D": "d2"},
             {"S": "h5", "T": "e2", "D": "f3"},
             {"S": "f8", "T": "d8", "D": "d7"}]
    state = splut.build_state(3, teams, ["d3", "d4", "d5", "d6"])
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(state, 0)] == ["pass"]
    after, events = play(state, "pass")
    assert after.current == 1 and after.steps_left == 3
    assert [e.kind for e in events] == ["blocked"]


def test_c5_pass_refused_while_a_step_exists():
    """C5 and Rules §Steps per turn: every step is compulsory, so passing is refused when a step is possible."""
    error = refusal(ENGINE.initial_state(2), "pass")
    assert "C5" in error.rule


# -- moving ------------------------------------------------------------------------


def test_pieces_move_one_square_orthogonally_never_diagonally():
    """Rules §Moving a piece: one square north, east, south or west; no diagonal or longer steps."""
    state = ENGINE.initial_state(2)
    assert "Moving a piece" in refusal(state, "T f2-g3").rule
    assert "Moving a piece" in refusal(state, "D e2-e4").rule
    assert legal(state) == {"S d2-d3", "T f2-f3", "D e2-e3"}


def test_pieces_cannot_step_onto_an_occupied_square():
    """Rules §Moving a piece: a Sorcerer or Troll may not enter a square that is taken (except a Troll onto a Rock)."""
    state = ENGINE.initial_state(2)
    assert "occupied" in refusal(state, "S d2-e2").message
    assert "occupied" in refusal(state, "T f2-e2").message


def test_players_move_only_their_own_pieces():
    """Rules §Moving a piece: you control only your own team."""
    state = ENGINE.initial_state(2)
    error = refusal(state, "D e8-e7")
    assert "Moving a piece" in error.rule and "no piece" in error.message
    assert "Moving a piece" in refusal(state, "T e2-e3").rule  # the piece on e2 is a Dwarf


# -- the Troll: pull -----------------------------------------------------------------


def test_pull_source_example_troll_drags_rock_onto_square_he_left():
    """Rules §Pull (the source's pull example): the Troll steps away and the Rock behind him follows; one step."""
    state = ENGINE.setups()["pull"]
    after, events = play(state, "T e4-e5 pull")
    assert layout(after)["teams"][0]["T"] == "e5"
    assert "e4" in layout(after)["rocks"] and "e3" not in layout(after)["rocks"]
    assert after.steps_left == state.steps_left - 1
    assert [e.kind for e in events] == ["moved", "pulled"]


def test_pull_is_optional():
    """Rules §Pull: the Troll may also walk away and leave the Rock where it is."""
    after, _ = play(ENGINE.setups()["pull"], "T e4-e5")
    assert "e3" in layout(after)["rocks"]


def test_c6_no_pull_while_stepping_onto_a_rock():
    """C6: a Troll stepping onto a Rock to throw it cannot pull the Rock behind him in the same step."""
    state = two_player({"S": "d2", "T": "e4", "D": "f3"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["e3", "e5", "e9", "i5"])
    troll, target = splut_board.square("e4"), splut_board.square("e5")
    assert not any(a.pull for a in ENGINE.legal_actions(state, 0) if a.to == target)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, splut.Step("T", troll, target, pull=True, throw=splut_board.N))
    assert "C6" in caught.value.rule


def test_c6_pull_needs_a_rock_straight_behind():
    """C6 and Rules §Pull: only a Rock in line behind the Troll can be pulled, not one beside him."""
    state = two_player({"S": "d2", "T": "e4", "D": "f3"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["d4", "a5", "e9", "i5"])
    error = refusal(state, "T e4-e5 pull")
    assert "Pull" in error.rule


# -- the Troll: throw ------------------------------------------------------------------


def test_throw_source_example_kills_sorcerer_and_removes_his_team():
    """Rules §Throw (the source's throw example): the Rock lands on the Sorcerer's square, his team leaves, Red wins."""
    state = ENGINE.setups()["throw-kill"]
    after, events = play(state, "T c4-d4", "T d4-e4 throw N")
    assert layout(after)["teams"][1] == {"S": None, "T": None, "D": None}
    assert "e7" in layout(after)["rocks"]
    assert layout(after)["teams"][0]["T"] == "e4"  # the Troll stays where he picked the Rock up
    assert [e.kind for e in events][-4:] == ["thrown", "killed", "eliminated", "won"]
    assert ENGINE.result(after).winners == (0,)


def test_stepping_onto_a_rock_forces_a_throw():
    """Rules §Throw: a Troll who steps onto a Rock must throw it."""
    state = ENGINE.setups()["throw-kill"]
    state, _ = play(state, "T c4-d4")
    error = refusal(state, "T d4-e4")
    assert "Throw" in error.rule


def test_throw_ends_the_turn_with_steps_left():
    """Rules §Throw: throwing ends the turn at once."""
    state = ENGINE.setups()["throw-crush"]
    after, _ = play(state, "T e3-e4", "T e4-e5 throw E")
    assert after.current == 1 and after.steps_left == 3


def test_thrown_rock_stops_before_a_troll():
    """Rules §Throw: a Troll is an obstacle; the Rock lands on the square before him."""
    state = two_player({"S": "d2", "T": "c5", "D": "e2"}, {"S": "f8", "T": "h5", "D": "e8"},
                       ["d5", "a5", "e9", "e1"])
    after, _ = play(state, "T c5-d5 throw E")
    assert "g5" in layout(after)["rocks"]


def test_thrown_rock_stops_before_another_rock():
    """Rules §Throw: another Rock is an obstacle; the thrown Rock lands just before it."""
    state = two_player({"S": "d2", "T": "c5", "D": "e2"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["d5", "a5", "g5", "e1"])
    after, _ = play(state, "T c5-d5 throw E")
    assert layout(after)["rocks"] == ["a5", "e1", "f5", "g5"]


def test_thrown_rock_stops_at_the_edge():
    """Rules §Throw: the edge of the arena is an obstacle; the Rock lands on the last square inside."""
    state = two_player({"S": "d2", "T": "c5", "D": "e2"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["d5", "a5", "e9", "e1"])
    after, _ = play(state, "T c5-d5 throw E")
    assert "i5" in layout(after)["rocks"]


def test_c7_throw_must_leave_the_trolls_square():
    """C7: a direction whose first square is the edge, a Troll or a Rock cannot be chosen."""
    state = two_player({"S": "d2", "T": "e2", "D": "f3"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["e1", "a5", "e9", "i5"])
    throws = {ENGINE.notation(a) for a in ENGINE.legal_actions(state, 0) if a.throw >= 0}
    assert throws == {"T e2-e1 throw N"}  # from the tip only the way back is open
    error = refusal(state, "T e2-e1 throw S")
    assert "C7" in error.rule
    blocked = two_player({"S": "d2", "T": "d4", "D": "f3"}, {"S": "f8", "T": "d8", "D": "e8"},
                         ["e4", "e5", "e9", "i5"])
    assert "C7" in refusal(blocked, "T d4-e4 throw N").rule  # another Rock right next to it


def test_c7_throw_back_the_way_the_troll_came():
    """C7: the Troll may throw back over the square he just left."""
    state = two_player({"S": "d2", "T": "d4", "D": "f3"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["e4", "a5", "e9", "i5"])
    after, _ = play(state, "T d4-e4 throw W")
    assert "b4" in layout(after)["rocks"]  # over d4 and c4 to the last square of row 4


def test_c8_rock_landing_on_dwarf_crushes_only_him():
    """C8 (the crush walkthrough): a Dwarf with an obstacle right behind him is crushed; his team plays on."""
    state = ENGINE.setups()["throw-crush"]
    after, events = play(state, "T e3-e4", "T e4-e5 throw E")
    assert layout(after)["teams"][1] == {"S": "f8", "T": "h5", "D": None}
    assert "g5" in layout(after)["rocks"]
    assert "crushed" in [e.kind for e in events]
    assert ENGINE.result(after) is None
    assert ENGINE.legal_actions(after, 1)  # Yellow still plays, without a Dwarf


def test_c8_rock_flies_over_dwarf_with_open_square_behind():
    """C8: with an empty square (or another Dwarf, then a free square) behind a Dwarf, the Rock flies over."""
    state = two_player({"S": "d2", "T": "c5", "D": "f5"}, {"S": "f8", "T": "d8", "D": "g5"},
                       ["d5", "a5", "e9", "e1"])
    after, events = play(state, "T c5-d5 throw E")
    assert "i5" in layout(after)["rocks"]
    assert layout(after)["teams"][0]["D"] == "f5" and layout(after)["teams"][1]["D"] == "g5"
    assert "crushed" not in [e.kind for e in events]


def test_c8_rock_crushes_dwarf_at_the_edge():
    """C8: the edge behind a Dwarf is an obstacle too; of two Dwarves in a row, the one at the edge is hit."""
    state = two_player({"S": "d2", "T": "c5", "D": "h5"}, {"S": "f8", "T": "d8", "D": "i5"},
                       ["d5", "a5", "e9", "e1"])
    after, _ = play(state, "T c5-d5 throw E")
    assert layout(after)["teams"][1]["D"] is None and layout(after)["teams"][0]["D"] == "h5"
    assert "i5" in layout(after)["rocks"]


def test_dwarf_in_front_of_a_sorcerer_is_flown_over_and_the_sorcerer_hit():
    """Rules §Throw and C8: a Sorcerer behind a Dwarf is a target, not an obstacle."""
    state = two_player({"S": "d2", "T": "c5", "D": "e2"}, {"S": "g5", "T": "d8", "D": "f5"},
                       ["d5", "a5", "e9", "e1"])
    after, _ = play(state, "T c5-d5 throw E")
    assert ENGINE.result(after).winners == (0,)
    assert "g5" in layout(after)["rocks"]


def test_c9_throw_can_kill_own_sorcerer():
    """C9: a thrown Rock hits any Sorcerer, one's own included; that player is out."""
    state = two_player({"S": "g5", "T": "c5", "D": "e2"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["d5", "a5", "e9", "e1"])
    after, _ = play(state, "T c5-d5 throw E")
    assert layout(after)["teams"][0] == {"S": None, "T": None, "D": None}
    assert ENGINE.result(after).winners == (1,)


# -- the Dwarf: push ----------------------------------------------------------------------


def test_push_source_example_troll_first_then_the_whole_line():
    """Rules §Push (the source's push example): first the Troll alone, then the whole line moves."""
    state = ENGINE.setups()["push-line"]
    after_one, events = play(state, "D c5-d5")
    assert layout(after_one)["teams"][1]["T"] == "e5"
    assert "pushed" in [e.kind for e in events]
    after, _ = play(after_one, "D d5-e5", "D e5-f5")
    assert layout(after)["teams"][0]["D"] == "f5"
    assert layout(after)["teams"][1] == {"S": "i5", "T": "g5", "D": "e8"}
    assert "h5" in layout(after)["rocks"]


def test_c10_push_that_would_leave_the_arena_is_refused():
    """C10: when the line reaches the edge, the Dwarf cannot push it."""
    state = two_player({"S": "d2", "T": "f2", "D": "f5"}, {"S": "i5", "T": "g5", "D": "e8"},
                       ["h5", "a5", "e9", "e1"])
    error = refusal(state, "D f5-g5")
    assert "C10" in error.rule


def test_c10_push_moves_the_whole_line_one_square():
    """C10: only the unbroken line moves, and by one square; pieces beyond a gap stay put."""
    state = two_player({"S": "d2", "T": "f2", "D": "c5"}, {"S": "e5", "T": "h5", "D": "e8"},
                       ["d5", "a5", "e9", "e1"])
    after, _ = play(state, "D c5-d5")
    assert layout(after)["teams"][1]["S"] == "f5" and layout(after)["teams"][1]["T"] == "h5"
    assert "e5" in layout(after)["rocks"]


def test_dwarf_steps_onto_an_empty_square_without_pushing():
    """Rules §Push: the push happens only when the square ahead is taken."""
    after, events = play(ENGINE.initial_state(2), "D e2-e3")
    assert [e.kind for e in events] == ["moved"]
    assert layout(after)["teams"][0]["D"] == "e3"


# -- the Sorcerer: levitate -------------------------------------------------------------


def test_levitate_source_example_rock_copies_the_sorcerers_steps():
    """Rules §Levitate (the source's levitation example): the Rock repeats each of the Sorcerer's steps."""
    state = ENGINE.setups()["levitate"]
    after, events = play(state, "S d3-c3 lev g4-f4", "S c3-c4 lev f4-f5", "S c4-c5 lev f5-f6")
    assert layout(after)["teams"][0]["S"] == "c5"
    assert "f6" in layout(after)["rocks"] and "g4" not in layout(after)["rocks"]
    assert [e.kind for e in events].count("levitated") == 3


def test_levitation_is_optional():
    """Rules §Levitate: the Sorcerer may step without moving any Rock."""
    after, _ = play(ENGINE.setups()["levitate"], "S d3-c3")
    assert "g4" in layout(after)["rocks"]


def test_levitation_only_one_rock_per_turn():
    """Rules §Levitate: only one Rock may be levitated in a turn."""
    state, _ = play(ENGINE.setups()["levitate"], "S d3-c3 lev g4-f4")
    error = refusal(state, "S c3-d3 lev a5-b5")
    assert "one Rock" in error.message


def test_levitation_cannot_restart_once_stopped():
    """Rules §Levitate: after a step without levitation, levitating is over for the turn."""
    state, _ = play(ENGINE.setups()["levitate"], "S d3-c3 lev g4-f4", "S c3-c4")
    assert "Levitate" in refusal(state, "S c4-c5 lev f4-f5").rule
    other, _ = play(ENGINE.setups()["levitate"], "S d3-c3 lev g4-f4", "D e2-e3")
    assert not any(a.lev >= 0 for a in ENGINE.legal_actions(other, 0))


def test_rock_pulled_this_turn_may_be_levitated():
    """Rules §Levitate: a Rock pulled (or pushed) earlier in your own turn can then be levitated."""
    state = two_player({"S": "c4", "T": "e4", "D": "f3"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["e3", "a5", "e9", "i5"])
    after, _ = play(state, "T e4-e5 pull", "S c4-c3 lev e4-e3")
    assert "e3" in layout(after)["rocks"]


def test_levitated_rock_cannot_kill_a_sorcerer():
    """Rules §Levitate: a levitated Rock cannot be moved onto a Sorcerer."""
    state = two_player({"S": "c4", "T": "c6", "D": "e2"}, {"S": "f6", "T": "d8", "D": "e8"},
                       ["f5", "a5", "e9", "e1"])
    assert "C11" in refusal(state, "S c4-c5 lev f5-f6").rule


def test_c11_levitated_rock_needs_an_empty_square():
    """C11: the Rock may be far from the Sorcerer but moves only onto an empty arena square; a Dwarf blocks it."""
    state = two_player({"S": "c4", "T": "c6", "D": "f6"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["f5", "a5", "e9", "e1"])
    assert "C11" in refusal(state, "S c4-c5 lev f5-f6").rule  # own Dwarf in the way
    assert "C11" in refusal(state, "S c4-d4 lev e1-f1").rule  # f1 lies outside the arena
    assert "S c4-d4 lev f5-g5" in legal(state)  # far away, but its square is free


def test_c11_rock_cannot_be_levitated_onto_a_troll():
    """C11 and Rules §Levitate: no floating a Rock onto a Troll to make him throw it."""
    state = two_player({"S": "c4", "T": "f6", "D": "e2"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["f5", "a5", "e9", "e1"])
    error = refusal(state, "S c4-c5 lev f5-f6")
    assert "C11" in error.rule and "Troll" in error.message


def test_c12_sorcerer_and_rock_may_take_each_others_squares():
    """C12: moving together, the Sorcerer may enter the square the Rock leaves, and the Rock the one he leaves."""
    ahead = two_player({"S": "c4", "T": "c6", "D": "e2"}, {"S": "f8", "T": "d8", "D": "e8"},
                       ["d4", "a5", "e9", "e1"])
    after, _ = play(ahead, "S c4-d4 lev d4-e4")
    assert layout(after)["teams"][0]["S"] == "d4" and "e4" in layout(after)["rocks"]
    trailing = two_player({"S": "d4", "T": "c6", "D": "e2"}, {"S": "f8", "T": "d8", "D": "e8"},
                          ["c4", "a5", "e9", "e1"])
    after, _ = play(trailing, "S d4-e4 lev c4-d4")
    assert layout(after)["teams"][0]["S"] == "e4" and "d4" in layout(after)["rocks"]


def test_c13_rock_moved_in_previous_turn_cannot_be_levitated():
    """C13: a Rock moved in any way during the previous turn is barred, even after your own pieces move it."""
    # Red pushes a Rock; on Yellow's next turn that Rock cannot be levitated.
    state = two_player({"S": "d2", "T": "f2", "D": "c5"}, {"S": "f6", "T": "d8", "D": "e8"},
                       ["d5", "a5", "e9", "e1"])
    state, _ = play(state, "D c5-d5", "S d2-d3", "S d3-d4")
    assert state.current == 1
    assert "C13" in refusal(state, "S f6-f7 lev e5-e6").rule
    assert "S f6-f7 lev a5-a6" not in legal(state) and "S f6-g6 lev a5-b5" in legal(state)


def test_c13_rock_moved_two_turns_ago_can_be_levitated():
    """C13: only the turn just before counts; a Rock Red moved is free again on Red's next turn."""
    state = two_player({"S": "d2", "T": "f2", "D": "c5"}, {"S": "f6", "T": "d8", "D": "e8"},
                       ["d5", "a5", "e9", "e1"])
    state, _ = play(state, "D c5-d5", "S d2-d3", "S d3-d4",  # Red pushes the Rock to e5
                    "T d8-d7", "T d7-c7", "T c7-c6")  # Yellow leaves it alone
    after, _ = play(state, "S d4-d3 lev e5-e4")
    assert "e4" in layout(after)["rocks"]


# -- winning and losing -------------------------------------------------------------------


def test_last_sorcerer_standing_wins_and_the_game_stops():
    """Rules §Winning and losing: with one Sorcerer left the game is over and no more steps are taken."""
    state, _ = play(ENGINE.setups()["throw-kill"], "T c4-d4", "T d4-e4 throw N")
    assert ENGINE.turn(state).kind == "over"
    assert ENGINE.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, splut.PASS)


def test_c14_eliminated_player_is_skipped():
    """C14: in a three-player game a knocked-out team leaves and its turns are skipped; play goes on."""
    teams = [{"S": "d2", "T": "c5", "D": "e2"}, {"S": "g5", "T": "b4", "D": "b5"},
             {"S": "f8", "T": "d8", "D": "e8"}]
    state = splut.build_state(3, teams, ["d5", "a5", "e9", "e1"])
    after, _ = play(state, "T c5-d5 throw E")
    assert layout(after)["teams"][1] == {"S": None, "T": None, "D": None}
    assert ENGINE.result(after) is None
    assert after.current == 2 and after.steps_left == 3
    after, _ = play(after, "D e8-e7", "D e7-e6", "S f8-f7")
    assert after.current == 0


def test_c15_turn_limit_ends_the_game_as_a_draw():
    """C15: after `turn_limit` turns the game ends, drawn between the players still in it."""
    state = ENGINE.initial_state(2, {"turn_limit": 3})
    state, events = play(state, "D e2-e3", "D e8-e7", "D e7-e6", "D e3-e4", "S d2-d3", "S d3-d2")
    result = ENGINE.result(state)
    assert result is not None and result.winners == () and result.scores == (0.5, 0.5)
    assert events[-1].kind == "draw"


# -- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["S d2-d3", "S d2-d3 lev e5-e6", "T f2-f3", "T f3-f4 pull",
                                  "T e2-e1 throw N", "D e2-e3", "pass"])
def test_notation_examples_print_back_exactly(text):
    """Rules §Notation: every form in the notation table parses and prints back unchanged."""
    assert ENGINE.notation(ENGINE.parse(ENGINE.initial_state(2), text)) == text


def test_notation_is_forgiving_about_case_and_spaces():
    """Rules §Notation: 't  f3 - f4  PULL' reads as 'T f3-f4 pull'."""
    assert ENGINE.notation(ENGINE.parse(None, " t  f3 - f4  PULL ")) == "T f3-f4 pull"


@pytest.mark.parametrize("text", ["X e2-e3", "T e2", "S d2-d3 pull", "D e2-e3 throw N", "T z9-e3", ""])
def test_unreadable_notation_is_refused(text):
    """Rules §Notation: text that is not a step is refused with the rule 'notation'."""
    with pytest.raises(IllegalAction) as caught:
        ENGINE.parse(ENGINE.initial_state(2), text)
    assert caught.value.rule == "notation"


def test_levitation_notation_must_follow_the_sorcerers_direction():
    """Rules §Levitate: the Rock moves the same way as the Sorcerer, so 'S d2-d3 lev e5-f5' is refused."""
    with pytest.raises(IllegalAction) as caught:
        ENGINE.parse(None, "S d2-d3 lev e5-f5")
    assert "Levitate" in caught.value.rule
