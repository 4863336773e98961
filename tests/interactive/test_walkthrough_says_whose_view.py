"""A walkthrough says whose view it shows (issue 40.1): in a game that hides something, every hand
face up by default (it teaches), or one seat's view with `view:` until the game ends; a game that
hides nothing says nothing of it, and asking it for a view is an error that says why."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.interactive.widgets import walkthrough_html
from generator.play import load_engine
from generator.play.match import Match
from generator.play.walkthrough import WalkthroughError, replay_walkthrough

CONTENT = Path(__file__).resolve().parents[2] / "content"
ROUND = {"setup": "four-players-round", "title": "A passing round",
         "steps": [{"do": "pass S & pass 10 & pass S & pass 9"}, {"do": "grab & pass 8 & grab & pass 10"}]}


def html(game: str, spec: dict) -> str:
    engine = load_engine(CONTENT / game / "engine.py")
    return walkthrough_html(engine, game, "bundle.zip", "w", replay_walkthrough(engine, spec))


def cards_of(page: str, seat: str) -> set[str]:
    return set(re.findall(rf'data-cell="({seat}\.[^"?]+)"', page))


def test_a_walkthrough_of_a_game_with_secrets_shows_every_hand_and_says_so():
    page = html("splash", ROUND)
    assert "Everything face up, as a teacher shows it" in page
    assert cards_of(page, "P1") and cards_of(page, "P2"), "every hand's cards are drawn"


def test_view_shows_the_walkthrough_as_that_seat_sees_it():
    page = html("splash", {**ROUND, "view": 2})
    assert "As P2 sees it" in page
    assert cards_of(page, "P2"), "P2's own cards are drawn"
    before_the_grab = "".join(page.split('<li class="rp-frame"')[1:3])  # the start and the first beat
    assert not cards_of(before_the_grab, "P1") and not cards_of(before_the_grab, "P3"), "another hand's cards are not"
    beat = before_the_grab.split('id="w-step-1"')[1]
    assert "pass S &amp; pass 10 &amp; pass a card &amp; pass a card" in beat, \
        "the beat is told as P2 saw it: the S P1 hands over and P2's own 10, the others only as cards"
    assert not re.search(r'data-cells="[^"]*P[134]\.', beat), "no unseen card among the step's places"
    assert html("splash", {**ROUND, "view": "P2"}) == page, "a seat by its player's name"


def test_a_game_that_hides_nothing_says_nothing_of_whose_view():
    engine = load_engine(CONTENT / "splut" / "engine.py")
    first = engine.notation(engine.legal_actions(Match(engine, 2, {}, 1).state, 0)[0])
    walk = replay_walkthrough(engine, {"players": 2, "steps": [first]})
    assert 'class="rp-seen"' not in walkthrough_html(engine, "splut", "b.zip", "w", walk)
    with pytest.raises(WalkthroughError, match="hides something"):
        replay_walkthrough(engine, {"players": 2, "view": 1, "steps": [first]})


def test_a_view_of_no_seat_is_an_error_naming_the_seats():
    with pytest.raises(WalkthroughError, match=r"'view: 9' names no seat: expected all, 1, 2, 3, 4"):
        html("splash", {**ROUND, "view": 9})
