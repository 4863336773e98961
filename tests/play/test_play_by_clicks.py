"""Every move can be made by clicks and by keys (issue 40.6), proved over seeded games of every engine.

The Play page asks the click rules (generator/browser/clicks.py) what each click means and moves
its focus ring by the map of arrow keys sent with each board (generator/browser/arrows.py); this
test reads the same two. At every decision of the reader in seeded games, each legal move that
has places on the board has a way by clicks (its piece, then each part, then at most one pick in a
chooser), every place on that way is a drawn place the arrow keys reach from where the focus ring
starts, and the hints on the way name places in the rules' words. Then one of those moves is made
by sending its clicks to the session, as the page does, and the game logs that very move.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.browser.arrows import reachable
from generator.browser.clicks import click_path
from generator.browser.session import SessionServer
from tests.play.test_play_messages_in_words import ENGINE_IDS

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = {"splash": 4, "shoot": 2, "splut": 2, "sitters": 2, "splat": 2}
SEEDS = 3
DECISIONS = 40  # the reader's decisions looked at in each game, at most


class Reader:
    """The page's side of one seeded game: it sends what the page sends."""

    def __init__(self, game: str, seed: int):
        self.server = SessionServer(CONTENT)
        players = GAMES[game]
        self.view = self.send("open", game=game, players=players, seed=seed,
                              computer=list(range(1, players)), bot="random")["view"]

    def send(self, op: str, **fields) -> dict:
        answer = json.loads(self.server.handle(json.dumps({"op": op, "widget": "w", **fields})))
        assert "error" not in answer, answer["error"]
        if answer.get("view"):
            self.view = answer["view"]
        return answer

    def focus_start(self) -> str:
        """Where the page's focus ring starts: a piece that can move, else the first place."""
        arrows = self.view["arrows"]
        movable = next((entry["c"][0] for entry in self.view["legal"] if entry["c"] and entry["c"][0] in arrows), None)
        return movable or next(iter(arrows))

    def play_by_clicks(self, path: list[str]) -> list[str]:
        """Send the clicks of `path` (a chooser's pick last, "=notation"); the hints met on the way."""
        selected, parts, hints = None, [], []
        for step in path:
            if step.startswith("="):
                self.send("act", action=step[1:])
                break
            answer = self.send("click", cell=step, selected=selected, parts=parts)
            assert not answer.get("refused"), f"click on {step} refused: {answer['refused']}"
            if "choose" in answer:
                selected, parts = answer["choose"]["selected"], answer["choose"]["parts"]
                hints.append(answer["choose"]["hint"])
        return hints


def reader_part(view: dict, logged: str) -> str:
    """The reader's own part of a logged action (a beat lists every seat's, in seat order)."""
    parts = logged.split(" & ")
    return parts[view["viewer"] or 0] if len(parts) > 1 else logged


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_move_on_the_board_can_be_made_by_clicks_and_reached_by_keys(game):
    rng = random.Random(f"clicks {game}")
    engine_id = ENGINE_IDS.get(game, (0, None))[1]
    checked = played = 0
    for seed in range(SEEDS):
        reader = Reader(game, seed)
        for _ in range(DECISIONS):
            view = reader.view
            if view["result"] or not view["legal"]:
                break
            on_board = [entry for entry in view["legal"] if entry["c"]]
            if not on_board:  # only moves without a place: the page's "Other moves" buttons
                reader.send("act", action=rng.choice(view["legal"])["n"])
                continue
            keys_reach = reachable(view["arrows"], reader.focus_start())
            paths = {}
            for entry in on_board:
                path = click_path(view["legal"], entry)
                assert path is not None, f"{game} seed {seed}: no way by clicks to {entry['n']} ({entry})"
                cells = [step for step in path if not step.startswith("=")]
                assert set(cells) <= keys_reach, \
                    f"{game} seed {seed}: {entry['n']} needs {sorted(set(cells) - keys_reach)}, which the keys never reach"
                paths[entry["n"]] = path
                checked += 1
            chosen = rng.choice(on_board)
            logged = len(view["log"])
            hints = reader.play_by_clicks(paths[chosen["n"]])
            assert len(reader.view["log"]) > logged, f"{game}: the clicks {paths[chosen['n']]} played nothing"
            assert reader_part(reader.view, reader.view["log"][logged]) == chosen["n"], \
                f"{game}: the clicks {paths[chosen['n']]} played {reader.view['log'][logged]!r}, not {chosen['n']!r}"
            for hint in hints:
                assert engine_id is None or not engine_id.search(hint), f"{game}: a hint names an engine id: {hint!r}"
            played += 1
    assert checked >= 100 and played >= 10, (checked, played)


def test_a_plain_pass_never_goes_by_the_dolphins_and_a_fake_out_bluffs_there_first():
    """SPLASH!: a card, then the left-hand neighbour, passes it; the dolphins, marked with what they
    do, start a fake-out that still needs where the card goes; a card then the dolphins passes nothing."""
    reader = Reader("splash", 7)
    fake = next(entry for entry in reader.view["legal"] if entry["n"].startswith("fake"))
    card, neighbour = fake["c"][0], fake["c"][1]
    chosen = reader.send("click", cell=card)["choose"]
    assert {mark[0]: mark[2:] for mark in chosen["marks"]} == {neighbour: [], "dolphins": ["bluff a grab as you pass"]}
    logged = len(reader.view["log"])
    bluff = reader.send("click", cell="dolphins", selected=card)["choose"]
    assert len(reader.view["log"]) == logged, "the dolphins alone pass no card"
    assert [mark[0] for mark in bluff["marks"]] == [neighbour] and "bluff" in bluff["hint"]
    reader.send("click", cell=neighbour, selected=card, parts=bluff["parts"])
    assert reader_part(reader.view, reader.view["log"][logged]) == fake["n"]
