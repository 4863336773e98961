"""SiTTeRS rule scenarios: one or more per rule and per clarification of
content/sitters/rules.md, each built from an explicit position.

Positions come from `ENGINE.position(...)` (markers by square name, the side
about to roll) or from the named setups the walkthroughs use; actions are
written in the game's notation, as a reader would.
"""
from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

from generator.play import load_engine
from generator.play.api import CHANCE, OVER, IllegalAction

GAME = Path(__file__).resolve().parents[2] / "content" / "sitters"
ENGINE = load_engine(GAME)
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
sitters = sys.modules[type(ENGINE).__module__]  # the rules: actions and movement
sitters_board = sys.modules[GAME_PACKAGE + ".board"]  # the board, sides and phases
GOODIE, BADDIE = sitters_board.GOODIE, sitters_board.BADDIE
ALL_BADDIES = ["i1", "j1", "j2", "j6", "i7", "j7"]


def play(state, *notations):
    """Apply each notation in turn; return the final state and all events."""
    events = []
    for text in notations:
        state, new = ENGINE.apply(state, ENGINE.parse(state, text))
        events += new
    return state, events


def at(state, cell: str) -> str:
    """What stands on a square: '.', 'G', 'B' or 'C'."""
    return state.pieces[sitters_board.BOARD.index[cell]]


def targets(state, frm: str) -> set[str]:
    """Where the marker on `frm` may move with the roll in hand."""
    player = ENGINE.turn(state).player
    return {a.to for a in ENGINE.legal_actions(state, player) if isinstance(a, sitters.Move) and a.frm == frm}


def refused(state, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(state, ENGINE.parse(state, text))
    return info.value


def table_score(survivors: int, gold: int) -> int:
    """The score read straight from scoring.csv, independently of the engine."""
    with (GAME / "scoring.csv").open(newline="") as f:
        rows = sorted(csv.DictReader(f), key=lambda r: int(r["gold"]))
    row = [r for r in rows if int(r["gold"]) <= gold][-1]
    return int(row[f"s{survivors}"])


# -- the board ----------------------------------------------------------------
def test_c1_board_has_its_start_chest_and_safe_spaces():
    """C1: 7x10 grid plus safe zone k3-k5; 6 G, 6 B, 36 C spaces; row 4 open."""
    board = sitters_board.BOARD
    names = lambda kind: {board.names[c] for c in board.cells_of_kind(kind)}
    assert (board.height, board.width) == (7, 11)
    assert names("G") == {"a1", "a2", "a3", "a5", "a6", "a7"}
    assert names("B") == set(ALL_BADDIES)
    assert names("S") == {"k3", "k4", "k5"}
    assert len(names("C")) == 36
    assert all(board.kinds[board.index[f"{col}4"]] == "." for col in "abcdefghij")
    assert {"k1", "k2", "k6", "k7"}.isdisjoint(board.index)  # not spaces at all


# -- setup --------------------------------------------------------------------
def test_c2_setup_order_is_goodies_baddies_then_each_sides_chests():
    """Rules §Setup, C2: 4 goodies, then 6 baddies, then 4 goodie chests, then 4 baddie chests."""
    state = ENGINE.initial_state(2)
    steps = [(GOODIE, "G", ["a1", "a3", "a5", "a7"]), (BADDIE, "B", ALL_BADDIES),
             (GOODIE, "C", ["d3", "d5", "e3", "e5"]), (BADDIE, "C", ["f1", "g2", "g6", "f7"])]
    for side, kind, cells in steps:
        for cell in cells:
            assert ENGINE.turn(state).player == side
            legal = ENGINE.legal_actions(state, side)
            assert legal and all(a.kind == kind for a in legal)
            assert ENGINE.legal_actions(state, 1 - side) == []
            state, _ = play(state, f"place {kind} {cell}")
    assert state.count("G") == 4 and state.count("B") == 6 and state.count("C") == 8


def test_c2_setup_markers_go_only_on_their_own_empty_spaces():
    """Rules §Setup, C2: goodies on G, one per space; chests only on C spaces."""
    state = ENGINE.initial_state(2)
    assert {a.cell for a in ENGINE.legal_actions(state, GOODIE)} == {"a1", "a2", "a3", "a5", "a6", "a7"}
    assert "Setup" in refused(state, "place G b1").rule
    state, _ = play(state, "place G a1")
    assert "Setup" in refused(state, "place G a1").rule  # already taken
    assert "Setup" in refused(state, "place C d3").rule  # not yet the chests' turn
    state, _ = play(state, "place G a2", "place G a3", "place G a5", *[f"place B {c}" for c in ALL_BADDIES])
    assert "Setup" in refused(state, "place C a6").rule  # a G space, not a C space
    assert len(ENGINE.legal_actions(state, GOODIE)) == 36


def test_c3_goodies_take_the_first_turn_after_setup():
    """C3: once the eighth chest is down, the goodies roll first."""
    state = ENGINE.initial_state(2)
    state, events = play(state, *[f"place G {c}" for c in ("a1", "a2", "a3", "a5")],
                         *[f"place B {c}" for c in ALL_BADDIES],
                         *[f"place C {c}" for c in ("d1", "d2", "d3", "d5", "h1", "h2", "h6", "h7")])
    assert ENGINE.turn(state).kind == CHANCE and state.side == GOODIE and state.round == 1
    state, _ = play(state, "roll 2")
    assert ENGINE.turn(state).player == GOODIE


def test_round_is_two_goodie_turns_then_one_baddie_turn():
    """Rules §Rounds and turns: goodie, goodie, baddie, then a new round."""
    state = ENGINE.setups()["opening"]
    sides = []
    for _ in range(4):
        state, _ = play(state, "roll 1")
        sides.append(ENGINE.turn(state).player)
        state, _ = ENGINE.apply(state, ENGINE.legal_actions(state, sides[-1])[0])
    assert sides == [GOODIE, GOODIE, BADDIE, GOODIE]
    assert state.round == 2


# -- moving -------------------------------------------------------------------
def open_board(goodie: str = "e4", side: int = GOODIE, **kw):
    """A lone goodie (or baddie) in the open, the other markers far away."""
    if side == GOODIE:
        return ENGINE.position(goodies=[goodie], baddies=["j1", "j7"], **kw)
    return ENGINE.position(goodies=["a1"], baddies=[goodie], side=BADDIE, **kw)


def test_c4_a_move_uses_exactly_the_roll_and_may_turn():
    """C4: exactly the roll in steps, turning allowed, never stopping short."""
    two, _ = play(open_board(), "roll 2")
    assert targets(two, "e4") == {"e2", "e6", "c4", "g4", "d3", "f3", "d5", "f5"}
    assert "C4" in refused(two, "G e4-e3").rule  # one step is not two
    three, _ = play(open_board(), "roll 3")
    # a bent path e4-e3-d3-d4 ends next door after exactly three steps
    assert "d4" in targets(three, "e4") and "e2" not in targets(three, "e4")


def test_c4_a_move_never_enters_a_space_twice():
    """C4: no square twice in one move, the starting square included."""
    # A baddie in a dead end: own baddies on a3, a5, b3 and b5 leave only b4.
    state = ENGINE.position(goodies=["a7"], baddies=["a4", "a3", "a5", "b3", "b5"], side=BADDIE)
    two, _ = play(state, "roll 2")
    assert targets(two, "a4") == {"c4"}  # not back to a4 via b4
    three, _ = play(state, "roll 3")
    assert targets(three, "a4") == {"c3", "c5", "d4"}  # no a4-b4-c4-b4 bounce
    four, _ = play(open_board(), "roll 4")
    assert "e4" not in targets(four, "e4")  # round a square back home


def test_landing_on_an_occupied_space_stops_the_move():
    """Rules §Moving: a marker entering a chest or an opponent stops there; no passing over."""
    state = ENGINE.setups()["looting"]
    four, _ = play(state, "roll 4")
    assert "d3" in targets(four, "b3")  # two steps, then the chest stops it
    three, _ = play(state, "roll 3")
    assert "e3" not in targets(three, "b3")  # the straight road runs over the chest on d3
    assert refused(three, "G b3-e3")


def test_baddies_may_not_enter_a_chest_space():
    """Rules §Moving: chests are walls for baddies."""
    state = ENGINE.position(goodies=["a1"], baddies=["e4"], chests=["e3"], side=BADDIE)
    one, _ = play(state, "roll 1")
    assert targets(one, "e4") == {"d4", "f4", "e5"}
    assert "chest" in refused(one, "B e4-e3").rule
    two, _ = play(state, "roll 2")
    assert "e2" not in targets(two, "e4")  # not through the chest either


def test_c5_own_markers_block_the_way():
    """C5: a marker never enters, or passes through, its own side's markers."""
    state = ENGINE.position(goodies=["a4", "b4", "a3", "a5"], baddies=["j1"])
    one, _ = play(state, "roll 1")
    assert targets(one, "a4") == set()
    assert "C5" in refused(one, "G a4-b4").rule
    two, _ = play(state, "roll 2")
    assert targets(two, "a4") == set()
    assert refused(two, "G a4-c4")  # straight through the goodie on b4


def boxed_in_baddies():
    """Three baddies with chests and each other all round them; goodies far off."""
    return ENGINE.position(goodies=["a1"], baddies=["j1", "i1", "j2"], chests=["h1", "i2", "j3"], side=BADDIE)


def test_c6_a_side_that_cannot_move_passes():
    """C6: with no legal move the only action is to pass, and the turn moves on."""
    state, _ = play(boxed_in_baddies(), "roll 3")
    assert ENGINE.legal_actions(state, BADDIE) == [sitters.Pass()]
    state, events = play(state, "pass")
    assert [e.kind for e in events] == ["passed"]
    assert ENGINE.turn(state).kind == CHANCE and state.side == GOODIE


def test_c6_passing_is_refused_while_a_move_exists():
    """C6: moving is compulsory when any marker can move."""
    state, _ = play(open_board(), "roll 3")
    assert "C6" in refused(state, "pass").rule


def test_c7_start_and_chest_spaces_are_plain_in_play():
    """C7: in play any marker may cross empty G, B and C spaces."""
    baddie, _ = play(ENGINE.position(goodies=["h4"], baddies=["b2"], side=BADDIE), "roll 1")
    assert "a2" in targets(baddie, "b2")  # a G space
    baddie_c, _ = play(ENGINE.position(goodies=["a4"], baddies=["e4"], side=BADDIE), "roll 1")
    assert "e3" in targets(baddie_c, "e4")  # a C space without a chest
    goodie, _ = play(ENGINE.position(goodies=["h1"], baddies=["j7"]), "roll 1")
    assert "i1" in targets(goodie, "h1")  # an empty B space


# -- chests ---------------------------------------------------------------------
def test_looting_adds_the_roll_to_gold_and_removes_the_chest():
    """Rules §Chests and gold: roll again, add it to the gold tally, remove the chest."""
    state = ENGINE.setups()["looting"]
    state, events = play(state, "roll 4", "G b3-d3")
    assert ENGINE.turn(state).kind == CHANCE  # the chest roll
    state, events = play(state, "roll 5")
    assert state.gold == 4 + 5
    assert at(state, "d3") == "G" and state.count("C") == 2
    assert "looted" in [e.kind for e in events]
    assert state.side == GOODIE and state.step == 1  # on to the second goodie turn


def test_c8_a_six_from_a_chest_can_buy_a_revival():
    """C8: a chest's six may be swapped for a revival; the chest goes either way."""
    state, _ = play(ENGINE.setups()["looting"], "roll 4", "G b3-d3", "roll 6")
    legal = [ENGINE.notation(a) for a in ENGINE.legal_actions(state, GOODIE)]
    assert legal[0] == "take gold" and "revive G a3" in legal and "revive G a5" not in legal
    revived, _ = play(state, "revive G a3")
    assert revived.gold == 4 and at(revived, "a3") == "G" and revived.lost[GOODIE] == 1
    assert revived.count("C") == 2
    kept, _ = play(state, "take gold")
    assert kept.gold == 10 and kept.lost[GOODIE] == 2 and kept.count("C") == 2


def test_c8_a_six_from_a_chest_is_gold_when_nobody_can_return():
    """C8: with no defeated goodie the six simply goes on the tally."""
    state, _ = play(ENGINE.setups()["opening"], "roll 3", "G a3-d3", "roll 6")
    assert state.gold == 6
    assert ENGINE.turn(state).kind == CHANCE  # straight on to the next turn's roll


# -- battles --------------------------------------------------------------------
def test_battle_loser_is_removed_and_winner_stays():
    """Rules §Battles: higher roll wins; the loser is defeated and removed."""
    start, _ = play(ENGINE.setups()["battle"], "roll 3", "G f4-h4")
    assert ENGINE.turn(start).kind == CHANCE and len(ENGINE.chance_outcomes(start)) == 36
    won, events = play(start, "battle G5 B2")
    assert at(won, "h4") == "G" and at(won, "f4") == "." and won.lost == (2, 2)
    assert "killed" in [e.kind for e in events]
    lost, _ = play(start, "battle G1 B6")
    assert at(lost, "h4") == "B" and lost.count("G") == 1 and lost.lost == (3, 1)


def test_c9_battle_ties_are_rolled_again():
    """C9: equal dice change nothing; both sides roll again, and a six buys no revival."""
    start, _ = play(ENGINE.setups()["battle"], "roll 3", "G f4-h4")
    tied, events = play(start, "battle G3 B3")
    assert tied == start and [e.kind for e in events] == ["rolled", "tie"]
    sixes, _ = play(start, "battle G6 B1")
    assert ENGINE.turn(sixes).kind == CHANCE and sixes.phase == "roll"  # no revival choice


def test_c9_a_baddie_can_start_a_battle_and_the_winner_keeps_the_space():
    """C9: a baddie stepping onto a goodie fights the same way; the winner holds the space."""
    start, _ = play(ENGINE.setups()["baddie-attack"], "roll 4", "B j6-h5")
    assert ENGINE.turn(start).kind == CHANCE and at(start, "j6") == "."
    baddie_wins, _ = play(start, "battle G2 B4")
    assert at(baddie_wins, "h5") == "B" and baddie_wins.lost == (3, 0)
    goodie_wins, _ = play(start, "battle G4 B2")
    assert at(goodie_wins, "h5") == "G" and goodie_wins.lost == (2, 1)


# -- the safe zone ----------------------------------------------------------------
def test_c10_goodies_escape_from_the_ends_of_rows_3_to_5():
    """C10: k3, k4 and k5 are entered by stepping right from j3, j4 and j5."""
    for row in (3, 4, 5):
        state, _ = play(ENGINE.position(goodies=[f"j{row}"], baddies=["a1"]), "roll 1")
        assert f"k{row}" in targets(state, f"j{row}")
    state, _ = play(ENGINE.position(goodies=["j2", "j6"], baddies=["a1"]), "roll 1")
    assert not {"k2", "k3", "k5", "k6"} & (targets(state, "j2") | targets(state, "j6"))


def test_c10_entering_the_safe_zone_ends_the_move_early():
    """C10: stepping into the safe zone ends the move; the goodie becomes a survivor."""
    state = ENGINE.position(goodies=["h4", "a1"], baddies=["j1"], survivors=1)
    state, events = play(state, "roll 6", "G h4-k4")  # three of six steps
    assert state.survivors == 2 and state.count("G") == 1
    assert "escaped" in [e.kind for e in events]
    assert all(state.pieces[c] == "." for c in sitters_board.SAFE_SPACES)


def test_c10_baddies_never_enter_the_safe_zone():
    """C10: only goodies step into the safe zone."""
    state, _ = play(ENGINE.position(goodies=["a1"], baddies=["j4"], side=BADDIE), "roll 1")
    assert targets(state, "j4") == {"i4", "j3", "j5"}
    assert "C10" in refused(state, "B j4-k4").rule


def test_escaped_goodies_never_return():
    """Rules §The safe zone: a survivor cannot be revived; only defeated goodies can."""
    state = ENGINE.position(goodies=["e4"], baddies=["j1"], survivors=3, lost=(0, 5))
    six, _ = play(state, "roll 6")
    assert not any(isinstance(a, sitters.Revive) for a in ENGINE.legal_actions(six, GOODIE))
    assert "C11" in refused(six, "revive G a1").rule


# -- sixes ------------------------------------------------------------------------
def test_c11_a_six_revives_a_defeated_marker_instead_of_moving():
    """Rules §Rolling a six, C11: a six may bring a defeated marker back; the turn then ends."""
    state = ENGINE.setups()["revival"]
    six, _ = play(state, "roll 6")
    revivals = {a.cell for a in ENGINE.legal_actions(six, GOODIE) if isinstance(a, sitters.Revive)}
    assert revivals == {"a1", "a2", "a3", "a5", "a6", "a7"}
    revived, events = play(six, "revive G a3")
    assert at(revived, "a3") == "G" and revived.lost[GOODIE] == 1
    assert [e.kind for e in events] == ["revived"] and revived.step == 1
    baddie, _ = play(revived, "roll 2", "G e4-f5", "roll 3", "roll 6", "revive B j7")
    assert at(baddie, "j7") == "B" and baddie.lost[BADDIE] == 0


def test_c11_no_revival_without_a_defeated_marker_or_a_free_start_space():
    """C11: a revival needs a defeated marker, an empty start space and a six."""
    full = ENGINE.position(goodies=["a1", "a2", "a3"], baddies=["a5", "a6", "a7", "j1"], lost=(1, 2))
    six, _ = play(full, "roll 6")
    assert not any(isinstance(a, sitters.Revive) for a in ENGINE.legal_actions(six, GOODIE))
    five, _ = play(ENGINE.setups()["revival"], "roll 5")
    assert "C11" in refused(five, "revive G a1").rule
    nobody, _ = play(ENGINE.setups()["opening"], "roll 6")
    assert "C11" in refused(nobody, "revive G a1").rule


# -- the end -----------------------------------------------------------------------
def test_c12_the_game_ends_the_moment_the_last_goodie_leaves():
    """C12: the last goodie's escape or defeat ends the game at once, mid-round."""
    escaped, _ = play(ENGINE.setups()["last-dash"], "roll 5", "G h4-k4")
    assert ENGINE.turn(escaped).kind == OVER and escaped.step == 0  # the second goodie turn never comes
    assert ENGINE.legal_actions(escaped, GOODIE) == [] and ENGINE.result(escaped) is not None
    alone = ENGINE.position(goodies=["h5"], baddies=["j6"], side=BADDIE, gold=11)
    beaten, events = play(alone, "roll 4", "B j6-h5", "battle G1 B2")
    assert ENGINE.turn(beaten).kind == OVER and beaten.lost[GOODIE] == 4
    assert events[-1].kind == "ended"
    with pytest.raises(IllegalAction):
        ENGINE.apply(beaten, sitters.Roll(1))


def finish(survivors: int, gold: int):
    """A game that ends with these tallies: the last goodie escapes, or is defeated."""
    if survivors:
        state = ENGINE.position(goodies=["j4"], baddies=["a1"], survivors=survivors - 1, gold=gold)
        return play(state, "roll 1", "G j4-k4")[0]
    state = ENGINE.position(goodies=["h5"], baddies=["j6"], side=BADDIE, gold=gold)
    return play(state, "roll 3", "B j6-h5", "battle G1 B6")[0]


@pytest.mark.parametrize("survivors,gold", [(4, 9), (4, 0), (0, 32), (1, 8), (3, 31), (2, 48), (0, 7)])
def test_c13_the_table_score_decides_the_winner(survivors, gold):
    """Rules §Scoring, C13: score from the table; above 4 goodies, 4 draw, below baddies;
    the baddies' score is 8 minus the goodies'."""
    result = ENGINE.result(finish(survivors, gold))
    score = table_score(survivors, gold)
    assert result.scores == (score, 8 - score)
    expected = (GOODIE,) if score > 4 else (BADDIE,) if score < 4 else ()
    assert result.winners == expected


def test_c14_the_turn_limit_ends_the_game_as_a_draw():
    """C14: after `turn_limit` turns the game stops as a draw."""
    state = ENGINE.position(goodies=["e4"], baddies=["j1"], turn_limit=2)
    state, _ = play(state, "roll 1", "G e4-e5")
    assert ENGINE.turn(state).kind == CHANCE
    state, events = play(state, "roll 1", "G e5-e4")
    assert ENGINE.turn(state).kind == OVER and state.end == "turn limit"
    result = ENGINE.result(state)
    assert result.winners == () and result.scores == (4.0, 4.0)
    assert ENGINE.initial_state(2).turn_limit == 300
    with pytest.raises(IllegalAction):
        ENGINE.initial_state(2, {"turn_limit": 0})


# -- notation, refusals and diagrams ------------------------------------------------
@pytest.mark.parametrize("text", ["place G a2", "place C d3", "roll 4", "battle G5 B2", "G b3-e3",
                                  "B j6-h5", "revive G a3", "revive B j7", "take gold", "pass"])
def test_notation_prints_back_what_it_parses(text):
    """Rules §Notation: every written form reads and prints back the same."""
    state = ENGINE.setups()["opening"]
    assert ENGINE.notation(ENGINE.parse(state, text)) == text


def test_notation_is_forgiving_about_case_and_side_letter():
    """Rules §Notation: 'b3-e3' means the side to move; case and spaces do not matter."""
    state, _ = play(ENGINE.setups()["looting"], "roll 4")
    assert ENGINE.parse(state, "  b3-D3 ") == ENGINE.parse(state, "G b3-d3")
    for bad in ("fly b3", "roll 7", "G z9-a1", ""):
        with pytest.raises(IllegalAction) as info:
            ENGINE.parse(state, bad)
        assert info.value.rule == "notation"


def test_actions_out_of_turn_are_refused_with_a_rule():
    """Rules §A turn step by step: roll first, then move; only the side to act moves."""
    state = ENGINE.setups()["opening"]
    assert refused(state, "G a3-d3").rule  # the die has not been rolled
    rolled, _ = play(state, "roll 3")
    assert refused(rolled, "roll 4").rule
    assert refused(rolled, "B j2-j4").rule  # the baddies' marker, on the goodies' turn
    assert "no goodie" in refused(rolled, "G b3-e3").message


def test_cells_give_the_path_of_a_move():
    """Interactive play: a move's cells run from the marker along a legal path to its target."""
    state, _ = play(ENGINE.setups()["looting"], "roll 4")
    assert ENGINE.cells(state, ENGINE.parse(state, "G b3-d3")) == ("b3", "c3", "d3")
    exact, _ = play(open_board(), "roll 3")
    path = ENGINE.cells(exact, ENGINE.parse(exact, "G e4-d4"))
    assert path[0] == "e4" and path[-1] == "d4" and len(path) == 4


def test_render_names_every_space_and_marks_highlights():
    """Diagrams: every space carries its cell name; markers differ by shape and letter."""
    state = ENGINE.setups()["opening"]
    drawing = ENGINE.render(state, highlight=["k4", "a3"])
    spaces = {s.cell for s in drawing.shapes if getattr(s, "role", "") == "space"}
    assert spaces == set(sitters_board.BOARD.index)
    assert {s.cell for s in drawing.shapes if getattr(s, "role", "") == "highlight"} == {"k4", "a3"}
    roles = [getattr(s, "role", "") for s in drawing.shapes]
    assert roles.count("goodie") == 4 and roles.count("baddie") == 6 and roles.count("chest") == 8
    assert 100 <= drawing.width <= 180
