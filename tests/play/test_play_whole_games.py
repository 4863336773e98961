"""Whole games on the SPLASH! and Splatter SHOOT Play pages (issue 28, item 5), played
through the worker's session API in CPython: the reader, P1, picks one of the legal
moves the page offers each time; the computer plays every other seat at a level,
until the game is over."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.browser.session import SessionServer

CONTENT = Path(__file__).resolve().parents[2] / "content"
MAX_REQUESTS = 3000


def play_to_the_end(game: str, players: int, level: str, seed: int, options=None, choose=None) -> dict:
    """Open the Play widget as the page does and answer every move with one of the offered ones."""
    server = SessionServer(CONTENT)
    rng = random.Random(seed)

    def send(op, **fields):
        answer = json.loads(server.handle(json.dumps({"op": op, "widget": "play", **fields})))
        assert answer["ok"], answer
        return answer["view"]

    view = send("open", game=game, players=players, seed=seed, options=options or {},
                computer=list(range(1, players)), bot=level)
    for _ in range(MAX_REQUESTS):
        if view["result"] is not None:
            return view
        assert view["seat"] == 0, f"the page waits for the reader, but it is not P1's move: {view['prompt']}"
        offered = [entry["n"] for entry in view["legal"]]
        view = send("act", action=(choose or rng.choice)(offered))
    pytest.fail(f"{game}: no result after {MAX_REQUESTS} moves of the reader")


def plain_passer(rng: random.Random):
    """A reader who grabs only when the page offers nothing else (four of a kind) and
    otherwise passes a card at random, never feinting or grabbing early."""
    return lambda offered: rng.choice([n for n in offered if n.startswith("pass")] or offered)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_reader_plays_a_whole_game_of_splash_against_three_computer_players(seed):
    view = play_to_the_end("splash", 4, "club", seed, choose=plain_passer(random.Random(seed)))
    assert [p["computer"] for p in view["players"]] == [False, True, True, True]
    assert view["level"] == "club"
    assert len(view["result"]["winners"]) == 1


def test_splash_letters_carry_from_round_to_round_until_someone_spells_splash():
    """One round gives at most one letter each (two with the SPLASH! bonus), so a
    winner with six letters took several rounds, each dealt afresh."""
    view = play_to_the_end("splash", 3, "strong", 5, choose=plain_passer(random.Random(5)))
    winner = view["result"]["winners"][0]
    deals = sum(1 for step in view["log"] if step.startswith("deal"))
    assert deals >= 3 * 12, "at least three rounds of twelve cards were dealt"
    assert view["result"]["text"] == f"P{winner + 1} wins."


@pytest.mark.parametrize("players, cards, level", [(2, "beginner", "strong"), (4, "normal", "club"), (3, "normal", "beginner")])
def test_a_reader_plays_a_whole_shoot_skirmish_against_computer_heroes(players, cards, level):
    view = play_to_the_end("shoot", players, level, 7, options={"cards": cards, "max_turns": 60})
    assert view["result"] is not None
    assert [p["computer"] for p in view["players"]] == [False] + [True] * (players - 1)
