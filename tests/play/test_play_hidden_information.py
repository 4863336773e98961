"""Honest play (issue 40): what the Play page's session answers a reader who plays one seat.

Until the game ends an answer carries only what that seat may see (no other hand, no
card dealt to another player, no hidden Weapon or Gadget, no position string, which
holds every card); at the end everything is shown. The computer's seats choose from
their own view: two states that differ only in what a seat cannot see get the same choice.
"""
from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

from generator.browser.session import SessionServer
from generator.play import load_engine
from generator.play.bots import bot_names, make_bot

CONTENT = Path(__file__).resolve().parents[2] / "content"
SPLASH_RANK = r"(?:10|[2-9]|S)"
HIDDEN_ONLY_PATTERNS = {  # SPLASH!: words that would name a card the reader (P1) did not see
    "another hand's card as a place": re.compile(r'data-cell=\\"P[2-6]\.'),
    "another hand's card among a step's places": re.compile(rf'"P[2-6]\.{SPLASH_RANK}"'),
    "a card dealt, in notation": re.compile(rf"\bdeal {SPLASH_RANK}\b"),
    "a card drawn, in notation": re.compile(rf"\bdraw {SPLASH_RANK}\b"),
    "a card dealt to another player": re.compile(r"P[2-6] is dealt (?!a card)"),
}
PASSED = re.compile(r"(P\d) passes (an? (?:10|[2-9])|a SPLASH! card|a card) to (P\d)")


def play_through(game: str, players: int, seed: int, bot: str = "club"):
    """Every answer of a seeded game played to its end from seat P1, the reader asking the
    computer for each of P1's moves (the Play page's "Computer move"), with the true state
    behind each answer."""
    server = SessionServer(CONTENT)
    request = {"op": "open", "widget": "w", "game": game, "players": players, "seed": seed,
               "computer": list(range(1, players)), "bot": bot}
    answers = []
    for _ in range(2000):
        answer = json.loads(server.handle(json.dumps(request)))
        assert answer["ok"], answer
        match = server.sessions["w"].match
        answers.append((json.dumps(answer), answer["view"], match.state))
        if answer["view"]["result"]:
            return answers
        request = {"op": "bot", "widget": "w"}
    raise AssertionError(f"{game} seed {seed} did not end")


@pytest.mark.parametrize("seed", range(12))
def test_splash_answers_show_p1_no_card_it_may_not_see_until_the_end(seed):
    answers = play_through("splash", 4, seed)
    *playing, (end_text, end, _) = answers
    for text, view, state in playing:
        for what, pattern in HIDDEN_ONLY_PATTERNS.items():
            assert not pattern.search(text), f"seed {seed}, after {len(view['log'])} steps: {what}"
        for passer, card, to in PASSED.findall(text):
            assert card == "a card" or "P1" in (passer, to), f"{passer} passes {card} to {to}"
        assert view["position"] is None and view["hidden"]
        backs = view["svg"].count('data-role="card-back"') // 2  # two shapes a card
        assert backs == sum(len(hand) for hand in state.hands[1:])
        for entry in view["log"]:
            if " & " in entry:  # a beat: P1's card and the one P4 hands to P1 are seen, the others not
                parts = entry.split(" & ")
                assert all(part.endswith("a card") or part == "grab" for part in parts[1:-1]), entry
    assert end["position"] and not end["hidden"]
    assert re.search(r'data-cell="P[2-4]\.', end["svg"]), "the end shows every hand"
    assert any(entry.startswith("deal ") for entry in end["log"]), "the end's log names every card"
    assert 'data-role="card-back"' not in end["svg"]


def test_splash_log_tells_p1_its_own_cards_and_the_others_only_as_cards():
    answers = play_through("splash", 3, 5)
    first = answers[0][1]["log"]
    dealt = [entry for entry in first if " is dealt " in entry]
    assert len(dealt) == 12
    assert all(entry.endswith("a card") for entry in dealt if not entry.startswith("P1"))
    assert not any(entry.endswith("a card") for entry in dealt if entry.startswith("P1"))


def _shoot_module():
    """SHOOT's engine module, as the loader imported it (its classes are the ones states are made of)."""
    return sys.modules[type(load_engine(CONTENT / "shoot")).__module__]


def _shoot_seen_names(state, seen: set[str]) -> None:
    """Every Weapon and Gadget name P1 has had in sight so far: its own, shown Weapons, corpses,
    the battlefield and the discard piles."""
    WEAPONS = _shoot_module().WEAPONS  # noqa: N806 (the game's own table)
    for p, hero in enumerate(state.heroes):
        if p == 0 or not hero.alive:
            seen.update(hero.gadgets)
            if hero.weapon:
                seen.add(hero.weapon)
        elif hero.weapon and hero.weapon_shown:
            seen.add(hero.weapon)
    seen.update(name for name, _ in state.field)
    seen.update(state.gadget_discard)
    seen.update(w.name for w, n in zip(WEAPONS, state.weapon_discard) if n)


@pytest.mark.parametrize("seed", range(8))
def test_shoot_answers_never_name_a_weapon_or_gadget_hidden_in_another_hand(seed):
    players = 2 + seed % 3
    answers = play_through("shoot", players, seed)
    seen: set[str] = set()
    permanent = {g.name for g in _shoot_module().GADGETS if g.duration == "permanent"}
    for text, view, state in answers[:-1]:
        _shoot_seen_names(state, seen)
        # a permanent Gadget is shown when it works ("the Helmet stops it"), as the rules say
        seen.update(name for name in permanent for step in view["steps"] for event in step["events"]
                    if f"the {name} " in event)
        hidden = set()
        for hero in state.heroes[1:]:
            if hero.alive:
                hidden.update(hero.gadgets)
                if hero.weapon and not hero.weapon_shown:
                    hidden.add(hero.weapon)
        for name in hidden - seen:
            assert name not in text, f"seed {seed}, after {len(view['log'])} steps: {name} shows"
        assert view["position"] is None
    assert answers[-1][1]["position"]


def test_a_seed_fixes_a_play_game():
    logs = [play_through("splash", 4, 77)[-1][1]["log"] for _ in range(2)]
    assert logs[0] == logs[1]
    assert play_through("splash", 4, 78)[-1][1]["log"] != logs[0]


def test_try_it_where_the_reader_plays_every_seat_shows_every_hand():
    server = SessionServer(CONTENT)
    answer = json.loads(server.handle(json.dumps({"op": "open", "widget": "w", "game": "splash", "players": 3,
                                                  "seed": 1})))
    assert answer["view"]["position"] and re.search(r'data-cell="P3\.', answer["view"]["svg"])


def test_replay_before_the_end_shows_the_readers_view():
    server = SessionServer(CONTENT)
    server.handle(json.dumps({"op": "open", "widget": "w", "game": "splash", "players": 4, "seed": 4,
                              "computer": [1, 2, 3]}))
    for step in (3, 16, 17):
        replay = json.loads(server.handle(json.dumps({"op": "replay", "widget": "w", "step": step})))["replay"]
        assert not re.search(r'data-cell="P[2-4]\.', replay["svg"])
        assert not re.search(rf"\bdeal {SPLASH_RANK}\b", replay["notation"])


# -- bots that do not peek ----------------------------------------------------------------
def _splash_twins():
    """A SPLASH! beat, and the same beat with P2's and P3's hands swapped: P1 sees no difference."""
    engine = load_engine(CONTENT / "splash")
    state = engine.position(["9 9 10 S", "8 8 10 S", "8 9 10 S", "8 9 10 S"], dealer=3)
    twin = engine.position(["9 9 10 S", "8 9 10 S", "8 8 10 S", "8 9 10 S"], dealer=3)
    return engine, state, twin


def _shoot_twins():
    """P1's turn, and the same turn with P2's hidden Weapon and Gadget traded for others from the decks."""
    engine = load_engine(CONTENT / "shoot")
    build_state = _shoot_module().build_state
    state = build_state(engine, [{"weapon": "Revolver", "gadgets": ("Medicine",)},
                                 {"weapon": "Shotgun", "gadgets": ("Helmet",)}])
    twin = build_state(engine, [{"weapon": "Revolver", "gadgets": ("Medicine",)},
                                {"weapon": "Pistol", "gadgets": ("Fog",)}])
    return engine, state, twin


@pytest.mark.parametrize("twins", [_splash_twins, _shoot_twins], ids=["splash", "shoot"])
def test_each_bot_chooses_alike_when_only_what_it_cannot_see_differs(twins):
    engine, state, twin = twins()
    assert engine.view(state, 0) == engine.view(twin, 0) and state != twin
    for name in bot_names(engine):
        bot = make_bot(engine, "mcts:60" if name == "mcts" else name)
        for seed in range(4):
            chosen = [engine.notation(bot.choose(engine, s, 0, random.Random(seed))) for s in (state, twin)]
            assert chosen[0] == chosen[1], f"{name} (seed {seed}) peeks: {chosen}"


def test_the_views_of_perfect_information_games_are_the_whole_state():
    for slug in ("splat", "splut", "sitters"):
        engine = load_engine(CONTENT / slug)
        assert engine.hidden_information is False
        state = engine.initial_state(engine.min_players)
        assert engine.view(state, 0) is state


def test_no_message_names_a_splash_card_by_its_engine_id():
    server = SessionServer(CONTENT)
    opened = json.loads(server.handle(json.dumps({"op": "open", "widget": "w", "game": "splash", "players": 4,
                                                  "seed": 9, "computer": [1, 2, 3]})))
    card = opened["view"]["legal"][0]["c"][0]  # one of P1's cards, passed across the table to P3
    refused = json.loads(server.handle(json.dumps({"op": "attempt", "widget": "w", "from": card, "to": "P3"})))
    message = refused["refused"]["message"]
    assert not re.search(r"\bP\d\.\w", message), message
    assert "in P1's hand" in message
