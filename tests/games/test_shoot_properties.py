"""Property tests for the Splatter SHOOT engine: random legal play keeps the invariants,
always ends (or reaches the documented turn limit, C23), replays exactly from its seed and
log, and round-trips through JSON and notation."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator.play import load_engine

ROOT = Path(__file__).resolve().parents[2]
ENGINE = load_engine(ROOT / "content" / "shoot")
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
SHOOT = sys.modules[type(ENGINE).__module__]  # the rules: states and card_total
SHOOT_CARDS = sys.modules[GAME_PACKAGE + ".cards"]  # the decks
SHOOT_BOTS = sys.modules[GAME_PACKAGE + ".bots"]
MODES = ("flag", "frags", "last", "instant", "hill")
TURN_CAP = 24  # short games keep the suite fast; the cap is the engine's max_turns option (C23)


def totals(cards: str) -> tuple[int, int, int]:
    state = ENGINE.initial_state(2, {"cards": cards})
    return sum(state.deck), sum(state.weapon_deck), sum(state.gadget_deck)


TOTALS = {cards: totals(cards) for cards in ("normal", "beginner")}


def check_invariants(state) -> None:
    splatter, weapons, gadgets = TOTALS[state.cards]
    for hero in state.heroes:
        assert 0 <= hero.damage <= 10
        assert hero.alive or hero.damage == 10 or hero.out
        if hero.alive:
            assert hero.damage < 10
        assert all(SHOOT_CARDS.card(c).is_hit for c in hero.record)
    assert min(state.deck) >= 0 and min(state.discard) >= 0
    assert SHOOT.card_total(state) == splatter  # the Splattercards are all somewhere, never doubled
    held = sum(1 for h in state.heroes if h.weapon) + sum(1 for n, _ in state.field if n in SHOOT_CARDS.WEAPON_INDEX)
    assert sum(state.weapon_deck) + sum(state.weapon_discard) + held == weapons
    placed = sum(1 for n, _ in state.field if n in SHOOT_CARDS.GADGET_INDEX)
    in_hands = sum(len(h.gadgets) for h in state.heroes)
    assert sum(state.gadget_deck) + len(state.gadget_discard) + in_hands + placed == gadgets
    if state.flag >= 0:
        assert state.heroes[state.flag].alive


def random_game(seed: int, players: int, *, checks: bool = True, short: bool = False, full: bool = False):
    """Play one random game; return (options, log, final state). `full`: the game's own length
    (the engine's default turn limit), not a short cap."""
    rng = random.Random(seed)
    options = {"mode": MODES[seed % len(MODES)], "cards": "beginner" if seed % 4 == 3 else "normal"}
    if not full:
        options["max_turns"] = 12 if short else TURN_CAP
    state = ENGINE.initial_state(players, options)
    log = []
    for step in range(20000):
        turn = ENGINE.turn(state)
        if turn.kind == "over":
            break
        if turn.kind == "chance":
            outcomes = ENGINE.chance_outcomes(state)
            total = sum(p for _, p in outcomes)
            assert abs(total - 1) < 1e-9
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = ENGINE.legal_actions(state, turn.player)
            assert legal, "a player to move always has a legal action"
            if checks and step % 7 == 0:
                for candidate in legal:
                    text = ENGINE.notation(candidate)
                    assert ENGINE.parse(state, text) == candidate, text
            action = rng.choice(legal)
        log.append(ENGINE.notation(action))
        before = ENGINE.state_to_json(state) if checks and step % 5 == 0 else None
        previous = state
        state, _ = ENGINE.apply(state, action)
        if before is not None:
            assert ENGINE.state_to_json(previous) == before  # apply never changed the old state
            assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
        if checks:
            check_invariants(state)
    else:
        raise AssertionError("a game did not end")
    return options, log, state


def replay(players: int, options: dict, log: list[str]):
    state = ENGINE.initial_state(players, options)
    for text in log:
        state, _ = ENGINE.apply(state, ENGINE.parse(state, text))
    return state


GAMES_PER_COUNT = int(os.environ.get("SHOOT_GAMES", "1000"))
FULL_GAMES = int(os.environ.get("SHOOT_FULL_GAMES", "200"))


def test_random_games_keep_the_invariants_and_end():
    """Damage stays 0-10, every card stays accounted for, and every game ends (or hits the cap, C23)."""
    endings = {}
    for players in (2, 3, 4):
        for seed in range(30):
            _, _, state = random_game(1000 * players + seed, players)
            result = ENGINE.result(state)
            assert result is not None
            assert state.turn_no <= TURN_CAP + 1
            endings[result.text.split(" ")[-1]] = endings.get(result.text.split(" ")[-1], 0) + 1
    assert len(endings) > 1  # games end in more than one way


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_short_random_games_keep_the_invariants(players):
    """A thousand random games per player count, capped at 12 turns (C23's max_turns), keep every
    invariant after every action: damage 0-10, every Splattercard, Weapon and Gadget accounted for;
    each replays exactly from its options and log."""
    for seed in range(GAMES_PER_COUNT):
        options, log, state = random_game(50_000 * players + seed, players, short=True)
        assert ENGINE.result(state) is not None
        assert replay(players, options, log) == state, f"seed {seed}: the log does not replay the game"


def test_two_hundred_full_length_games_keep_the_invariants_and_replay():
    """Issue 16.11: games at their full length (the engine's own turn limit, no short cap) keep
    every invariant after every action, end, and replay exactly from options and log."""
    lengths = []
    for seed in range(FULL_GAMES):
        players = 2 + seed % 3
        options, log, state = random_game(90_000 + seed, players, full=True)
        assert "max_turns" not in options and ENGINE.result(state) is not None
        assert replay(players, options, log) == state, f"seed {seed}: the log does not replay the game"
        lengths.append(state.turn_no)
    assert max(lengths) > 24  # longer than any capped soak game


def test_replaying_the_log_reproduces_the_game():
    """A game replays exactly from its options and notation log (the chance draws are in the log)."""
    for players in (2, 3, 4):
        options, log, final = random_game(77 + players, players, checks=False)
        assert replay(players, options, log) == final


def test_state_json_round_trips_mid_game():
    """state_to_json / state_from_json round-trip exactly, including mid-attack states."""
    state = ENGINE.setups()["crossfire"]
    for text in ("stand", "attack P2 @0 none/none", "add P3 @1 low/none", "fire"):
        state, _ = ENGINE.apply(state, ENGINE.parse(state, text))
        assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


@settings(max_examples=30, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_hypothesis_games_end_and_replay(seed, players):
    """Any seed and player count: the game ends and its log replays to the same state."""
    options, log, final = random_game(seed, players, checks=False)
    assert ENGINE.result(final) is not None
    assert replay(players, options, log) == final


def test_observation_never_shows_hidden_cards_of_others():
    """Hidden hands: another player's unused Weapon and Gadgets never appear in an observation."""
    rng = random.Random(5)
    state = ENGINE.initial_state(3)
    for _ in range(400):
        turn = ENGINE.turn(state)
        if turn.kind == "over":
            break
        if turn.kind == "chance":
            outcomes = ENGINE.chance_outcomes(state)
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(ENGINE.legal_actions(state, turn.player))
        state, _ = ENGINE.apply(state, action)
        seen = ENGINE.observation(state, 0)
        for p in (1, 2):
            hero = state.heroes[p]
            if hero.alive:
                assert all(g == "?" for g in seen["heroes"][p]["gadgets"])
                if hero.weapon and not hero.weapon_shown:
                    assert seen["heroes"][p]["weapon"] == "?"
        guess = ENGINE.determinize(state, 0, rng)
        check_invariants(guess)
        assert guess.heroes[0] == state.heroes[0]


def test_heuristic_bot_plays_whole_games():
    """BOTS["heuristic"] always returns a legal action and finishes games."""
    bot = SHOOT_BOTS.BOTS["heuristic"]
    for seed in range(6):
        rng = random.Random(seed)
        state = ENGINE.initial_state(2 + seed % 3, {"max_turns": 40})
        while ENGINE.turn(state).kind != "over":
            turn = ENGINE.turn(state)
            if turn.kind == "chance":
                outcomes = ENGINE.chance_outcomes(state)
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = bot(ENGINE, state, turn.player, rng)
                assert action in ENGINE.legal_actions(state, turn.player)
            state, _ = ENGINE.apply(state, action)
        assert ENGINE.result(state) is not None
