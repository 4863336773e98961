"""The page's worker says what the computer would play and how long it thought, without
playing it (`think`): scripts/bench_levels.py --browser times the strongest levels with it
inside Chromium's Python (issue 28.3, "thinking time at most 1 s per move in the browser")."""
from __future__ import annotations

import json

import pytest

from generator.browser.session import SessionServer
from tests.browser.harness import ROOT


@pytest.mark.parametrize("game,players", [("splut", 2), ("splash", 4)])
def test_think_names_a_move_the_reader_could_play_and_leaves_the_game_as_it_was(game, players):
    server = SessionServer(ROOT / "content")

    def ask(op, **fields):
        return json.loads(server.handle(json.dumps({"op": op, "widget": "b", **fields})))
    before = ask("open", game=game, players=players, seed=4, computer=[], bot="strong")["view"]
    thought = ask("think")
    assert thought["ok"] and thought["ms"] >= 0
    assert ask("view")["view"]["log"] == before["log"], "nothing is played"
    after = ask("act", action=thought["action"])
    assert after["ok"] and len(after["view"]["log"]) > len(before["log"])
