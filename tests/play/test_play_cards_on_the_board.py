"""A card is chosen on the board like a piece (issue 28.2): in SPLASH!'s beats every player
acts at once, so a part of the beat ("pass 8") does not say whose it is; the session asks
`engine.player_cells(state, player, action)` for the reader's seat, and a card, then where
it goes, plays the pass; the dolphins play a grab; a card, the dolphins, then where it goes, a fake-out."""
from __future__ import annotations

import json

from generator.browser.session import SessionServer
from generator.play import load_engine
from tests.browser.harness import ROOT

CONTENT = ROOT / "content"


class Table:
    def __init__(self, seed: int = 7):
        self.server = SessionServer(CONTENT)
        self.view = self.send("open", game="splash", players=4, seed=seed, computer=[1, 2, 3], bot="club")["view"]

    def send(self, op: str, **fields) -> dict:
        answer = json.loads(self.server.handle(json.dumps({"op": op, "widget": "w", **fields})))
        self.view = answer.get("view", getattr(self, "view", None))
        return answer


def test_every_move_of_a_beat_has_its_places_on_the_table():
    table = Table()
    legal = table.view["legal"]
    assert legal and all(entry["c"] for entry in legal), "no move is left to a button off the board"
    for entry in legal:
        verb, *rank = entry["n"].split()
        if verb == "pass":
            assert entry["c"] == [f"P1.{rank[0]}", "P2"]
        elif verb == "fake":
            assert entry["c"] == [f"P1.{rank[0]}", "P2", "dolphins"]
        else:
            assert entry["c"] == ["dolphins"]


def test_a_card_and_then_the_left_hand_neighbour_passes_it_and_the_computer_answers_at_once():
    table = Table()
    card = next(entry["c"][0] for entry in table.view["legal"] if entry["n"].startswith("pass"))
    answer = table.send("attempt", to="P2", **{"from": card})
    assert answer["ok"] and "choices" not in answer
    beat = table.view["log"][-1] if "&" in table.view["log"][-1] else next(
        entry for entry in reversed(table.view["log"]) if "&" in entry)
    assert beat.split(" & ")[0] == f"pass {card.split('.')[1]}", "the reader's part is the card chosen"


def test_a_card_then_the_dolphins_then_the_neighbour_is_a_fake_out_and_the_dolphins_alone_pass_nothing():
    """The dolphins do what they say (issue 40.4): with a card chosen they start the bluff, and the
    card still goes where a pass goes; a card then the dolphins passes no card by itself."""
    table = Table()
    card = next(entry["c"][0] for entry in table.view["legal"] if entry["n"].startswith("fake"))
    logged = len(table.view["log"])
    bluff = table.send("attempt", to="dolphins", **{"from": card})
    assert len(table.view["log"]) == logged and bluff["choose"]["marks"] == [["P2", "place"]]
    table.send("click", cell="P2", selected=card, parts=["dolphins"])
    beat = next(entry for entry in reversed(table.view["log"]) if "&" in entry)
    assert beat.split(" & ")[0] == f"fake {card.split('.')[1]}"


def test_the_dolphins_alone_are_a_grab():
    table = Table()
    table.send("attempt", to="dolphins")
    beat = next(entry for entry in reversed(table.view["log"]) if "&" in entry)
    assert beat.split(" & ")[0] == "grab"


def test_an_engine_without_player_cells_places_a_move_as_cells_does():
    engine = load_engine(CONTENT / "splut")
    from generator.play.match import Match
    match = Match(engine, 2, {}, 1)
    state = match.state
    player = engine.turn(state).player
    for action in engine.legal_actions(state, player)[:20]:
        assert engine.player_cells(state, player, action) == engine.cells(state, action)
