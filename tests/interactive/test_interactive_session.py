"""The worker's session server, run in CPython: what the reader's clicks and buttons do.

Issue "Interactive walkthroughs and play", In the browser: "The reader clicks a
piece to see its legal moves highlighted, clicks a target or picks from the
listed actions, is told why an illegal attempt is refused, can undo, can ask
the computer to move or to play a side, and can copy a link that reopens the
exact position (rules version, seed, actions in the URL fragment)."
The browser tests drive the same code through Pyodide; these check its rules fast.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.browser.session import SessionServer
from generator.play import load_engine
from generator.play.match import Match
from tests.interactive.helpers import FIXTURE

GAMES = FIXTURE / "content"
TOYS = Path(__file__).resolve().parents[1] / "play" / "toys"


class Reader:
    """A reader at one widget: sends requests, keeps the last view."""

    def __init__(self, games=GAMES, widget="w"):
        self.server = SessionServer(games)
        self.widget = widget
        self.view = None

    def send(self, op, **fields) -> dict:
        answer = json.loads(self.server.handle(json.dumps({"op": op, "widget": self.widget, **fields})))
        self.view = answer.get("view", self.view)
        return answer

    def log(self) -> list[str]:
        return self.view["log"]


def after_red_throws_two() -> str:
    """Red to move with a coin of 2 (pawns b1, d1; Blue b5, d5)."""
    match = Match(load_engine(GAMES / "hop"), start="start")
    match.apply("roll 2")
    return match.to_position()


@pytest.fixture
def reader():
    reader = Reader()
    reader.send("open", game="hop", position=after_red_throws_two())
    return reader


def test_legal_moves_list_each_action_with_the_cells_it_touches(reader):
    """A click on b1 highlights the last cell of each action starting at b1 (engine.cells)."""
    from_b1 = {tuple(a["c"]) for a in reader.view["legal"] if a["c"][0] == "b1"}
    assert from_b1 == {("b1", "b2"), ("b1", "b2", "b3"), ("b1", "a1"), ("b1", "c1")}
    assert reader.view["seat"] == 0 and reader.view["prompt"] == "Red to play"


def test_clicking_piece_then_target_plays_the_one_action_that_fits(reader):
    answer = reader.send("attempt", **{"from": "b1", "to": "b3"})
    assert answer["ok"] and reader.log()[:2] == ["roll 2", "b1-b3"]
    assert reader.view["steps"][0]["events"] == ["Red hops from b1 to b3."]


def test_an_illegal_target_is_refused_with_the_engines_reason(reader):
    """Hop §Moving: the coin limits the distance; a pawn goes straight."""
    far = reader.send("attempt", **{"from": "b1", "to": "b5"})
    assert far["refused"] == {"rule": "Hop §Moving", "message": "the coin shows 2, so a pawn moves at most 2 squares",
                              "anchors": [{"text": "Moving", "anchor": "#moving"}]}
    bent = reader.send("attempt", **{"from": "b1", "to": "c2"})
    assert bent["refused"]["message"] == "a pawn moves in a straight line along a row or a column"
    assert reader.log() == ["roll 2"], "a refused move changes nothing"


def test_a_typed_illegal_move_is_refused_with_the_engines_reason(reader):
    answer = reader.send("act", action="d1-d2-d3")
    assert answer["refused"]["rule"] == "notation"
    answer = reader.send("act", action="b5-b4")
    assert answer["refused"]["message"] == "Red has no pawn on b5"
    assert answer["view"]["log"] == ["roll 2"]


def test_chance_is_thrown_at_once_from_the_seed_so_a_game_replays(reader):
    """After Red's move the coin is Blue's: drawn from (seed, step), the same every time."""
    reader.send("act", action="b1-b2")
    again = Reader()
    again.send("open", game="hop", position=after_red_throws_two())
    again.send("act", action="b1-b2")
    assert reader.log() == again.log() and reader.log()[2] in ("roll 1", "roll 2")
    assert reader.view["prompt"] == "Blue to play"


def test_the_computer_answers_for_its_seats(reader):
    """With Blue given to the computer, Red's move is followed by Blue's coin and Blue's move."""
    reader.send("sides", computer=[1])
    reader.send("act", action="d1-d3")
    log = reader.log()
    assert log[:2] == ["roll 2", "d1-d3"] and len(log) == 5 and log[4].startswith("roll")
    assert reader.view["steps"][2]["who"] == "Blue" and reader.view["steps"][2]["computer"] is True
    assert reader.view["prompt"] == "Red to play (your move)"


def test_computer_move_plays_the_bots_choice_for_the_reader(reader):
    """The forward bot moves the pawn that gets closest to row 5."""
    reader.send("bot")
    assert reader.log()[1] in {"b1-b3", "d1-d3"}


def test_undo_returns_to_the_readers_last_decision(reader):
    """Undo takes back the computer's reply and the dice with the reader's own move."""
    reader.send("sides", computer=[1])
    reader.send("act", action="d1-d3")
    reader.send("undo")
    assert reader.log() == ["roll 2"] and reader.view["prompt"].startswith("Red to play")


def test_the_position_string_reopens_exactly_this_game(reader):
    """What 'Copy link' puts in the URL fragment: rules version, seed and every action."""
    reader.send("act", action="b1-b2")
    other = Reader(widget="elsewhere")
    other.send("open", game="hop", position=reader.view["position"])
    assert other.log() == reader.log() and other.view["svg"].replace("elsewhere", "w") == reader.view["svg"]


def test_a_position_from_older_rules_is_refused_with_a_reason():
    """A link made under another rules version must not replay into an impossible position."""
    engine = load_engine(GAMES / "hop")
    stale = Match(engine, start="start", rules_version="hop-0").to_position()
    answer = Reader().send("open", game="hop", position=stale)
    assert not answer["ok"] and "rules version 'hop-0'" in answer["error"]


def test_a_new_game_for_the_play_widget_gives_the_computer_its_seats():
    reader = Reader()
    reader.send("open", game="hop", players=2, seed=11, computer=[0], bot="forward")
    # the computer is Red and moves first: its coin and move are played before the reader sees the board
    assert reader.log()[0].startswith("roll") and len(reader.log()) >= 3
    assert reader.view["seat"] == 1 and [p["computer"] for p in reader.view["players"]] == [True, False]


def test_a_joint_turn_takes_the_readers_part_and_the_computer_fills_the_rest():
    """Joint turns (Guess toy): the reader's seat chooses, the computer's seat is chosen by its bot."""
    reader = Reader(games=TOYS)
    reader.send("open", game="guess", players=2, seed=3, computer=[1])
    assert reader.view["turn"]["kind"] == "joint" and reader.view["seat"] == 0
    assert reader.view["svg"] == ""  # the toy draws nothing; play goes on from the list
    choice = reader.view["legal"][0]["n"]
    answer = reader.send("act", action=choice)
    assert answer["ok"] and reader.view["result"] is not None
    assert reader.log()[-1].startswith(choice + " & ")


def test_requests_for_unknown_widgets_games_or_operations_are_errors_not_crashes():
    reader = Reader()
    assert "no game open" in reader.send("act", action="b1-b2")["error"]
    assert "no engine for the game 'chess'" in reader.send("open", game="chess", players=2)["error"]
    assert "not a game slug" in reader.send("open", game="../hop", players=2)["error"]
    reader.send("open", game="hop", players=2)
    assert "unknown operation" in reader.send("fly")["error"]


def test_replay_steps_through_the_log_without_changing_the_game(reader):
    """Replay: each logged action in turn, with who took it and what it did; the game goes on unchanged."""
    reader.send("attempt", **{"from": "b1", "to": "b3"})
    log = reader.log()
    first = reader.send("replay", step=2)["replay"]
    assert (first["step"], first["total"], first["notation"]) == (2, len(log), "b1-b3")
    assert first["who"] == "Red" and first["events"] == ["Red hops from b1 to b3."]
    assert first["cells"] == ["b1", "b2", "b3"] and "<svg" in first["svg"]
    start = reader.send("replay", step=0)["replay"]
    assert start["notation"] == "" and start["svg"] != first["svg"]
    assert reader.send("replay", step=99)["replay"]["step"] == len(log), "a step past the end shows the end"
    assert reader.send("view")["view"]["log"] == log
