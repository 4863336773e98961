"""SPLASH! properties over many seeded games (Rule engines II, "Property tests").

For 3 to 6 players and both variants, random and bot games are played
through the Match driver. After every action: every card is in exactly one
place, no hand is over its limit, letters only grow, dolphins never exceed
the round's supply. Every game ends (a win, or the C15 beat limit), replays
exactly from (options, seed, log), and its states round-trip through JSON.
Every legal action's notation parses back to the same action.
"""
from __future__ import annotations

import os
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator.play import load_engine
from generator.play.api import Joint
from generator.play.match import Match, action_notation, parse_action

GAME = Path(__file__).resolve().parents[2] / "content" / "splash"
ENGINE = load_engine(GAME)
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
SPLASH = sys.modules[type(ENGINE).__module__]  # <its package>.engine: its action classes
SPLASH_BOARD = sys.modules[GAME_PACKAGE + ".board"]  # the deck and seats
SPLASH_BOTS = sys.modules[GAME_PACKAGE + ".bots"]  # the computer players
ALL_CARDS = Counter(SPLASH_BOARD.FULL_DECK)
COUNTS = [3, 4, 5, 6]
VARIANTS = ["standard", "advanced"]


def uniform(engine, state, player, rng):
    return rng.choice(engine.legal_actions(state, player))


def jittery(engine, state, player, rng):
    """Random passing with bluffs, and an early grab now and then (fake-outs without ending every game at once)."""
    actions = engine.legal_actions(state, player)
    if len(actions) == 1:
        return actions[0]
    roll = rng.random()
    if roll < 0.01:
        return SPLASH.Grab()
    return SPLASH.Pass(rng.choice(state.hands[player]), feint=roll < 0.2)


def check_invariants(before, after):
    """Rules §Components, §Passing, §Scoring, C5, C12, C13."""
    places = list(after.deck) + list(after.discard) + list(after.aside) + [c for h in after.hands for c in h]
    assert Counter(places) == ALL_CARDS, "every card is in exactly one place"
    limit = after.hand_limit
    assert all(len(h) <= limit for h in after.hands), "no hand over its limit"
    if after.phase == "beat":
        assert all(len(h) == limit for h in after.hands), "every hand is full when a beat starts (C5)"
    if after.variant == "standard":
        assert after.discard == () and len(after.aside) == 40 - 4 * after.players
    assert all(a >= b for a, b in zip(after.letters, before.letters)), "letters only grow"
    assert len(after.holders) <= after.dolphins, "no more dolphins held than the round has"
    if after.phase != "over":
        assert after.dolphins == (2 if after.tied else after.players - 1), "one fewer dolphin than players; two in a tie-breaker"
    assert len(set(after.holders)) == len(after.holders)
    assert after.beats >= before.beats


def check_notation_round_trip(state):
    turn = ENGINE.turn(state)
    if turn.kind == "chance":
        for outcome, _ in ENGINE.chance_outcomes(state):
            assert ENGINE.parse(state, ENGINE.notation(outcome)) == outcome
    elif turn.kind == "joint":
        for player in turn.players:
            for action in ENGINE.legal_actions(state, player):
                assert ENGINE.parse(state, ENGINE.notation(action)) == action


def check_hidden_information(state, rng):
    """Observation shows a player only their own hand; determinize keeps it and re-deals the rest."""
    player = rng.randrange(state.players)
    seen = ENGINE.observation(state, player)
    assert seen["hand"] == list(state.hands[player])
    guess = ENGINE.determinize(state, player, random.Random(rng.random()))
    assert ENGINE.observation(guess, player) == seen
    assert Counter(c for h in guess.hands for c in h) + Counter(guess.deck) + Counter(guess.discard) == \
        Counter(c for h in state.hands for c in h) + Counter(state.deck) + Counter(state.discard)


def run_game(players, variant, seed, bots, max_beats=3000, deep_every=1):
    """Play one game through a Match, checking invariants after every action."""
    match = Match(ENGINE, players, {"variant": variant, "max_beats": max_beats}, seed)
    rng = random.Random(f"{seed}:test")
    steps = 0
    while match.turn.kind != "over":
        before = match.state
        if steps % deep_every == 0:
            check_notation_round_trip(before)
            assert ENGINE.state_from_json(ENGINE.state_to_json(before)) == before
            check_hidden_information(before, rng)
        if match.turn.kind == "chance":
            match.resolve_chance()
        else:
            match.apply(Joint(tuple(bots[p](ENGINE, before, p, rng) for p in match.turn.players)))
        check_invariants(before, match.state)
        steps += 1
        assert steps < 200_000
    return match


def check_finished(match, replay=True):
    state, result = match.state, match.result
    assert result is not None
    if result.winners:
        assert state.letters[result.winners[0]] >= 6
    else:
        assert state.beats >= state.max_beats, "only the C15 limit ends a game without a winner"
    if replay:
        replayed = Match.from_json(ENGINE, match.to_json())
        assert replayed.state == state and replayed.log == match.log
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", COUNTS)
def test_random_games_keep_the_invariants_and_replay(players, variant):
    """Random passing with bluffs and the odd early grab, through the Match: 20 games per count and variant."""
    bots = [jittery] * players
    fake_outs = races = 0
    for seed in range(20):
        match = run_game(players, variant, seed, bots, max_beats=400, deep_every=1 if seed < 2 else 9)
        check_finished(match, replay=seed % 3 == 0)
        events = [e.kind for step in match.events for e in step]
        fake_outs += "fake-out" in events
        races += "grabbed" in events
    assert fake_outs > 5 and races >= 1  # the loop really reaches both kinds of grab


GAMES_PER_VARIANT = int(os.environ.get("SPLASH_GAMES", "1000"))


@pytest.mark.parametrize("players", COUNTS)
def test_thousands_of_uniformly_random_games_keep_the_invariants(players):
    """Uniformly random legal play straight on the engine: 1,000 games per variant, invariants after every action, every game ends."""
    for variant in VARIANTS:
        for seed in range(GAMES_PER_VARIANT):
            rng = random.Random(f"{players}:{variant}:{seed}")
            state = ENGINE.initial_state(players, {"variant": variant})
            log = []
            for _ in range(100_000):
                if state.phase == "over":
                    break
                turn = ENGINE.turn(state)
                if turn.kind == "chance":
                    outcomes = ENGINE.chance_outcomes(state)
                    action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                else:
                    action = Joint(tuple(uniform(ENGINE, state, p, rng) for p in turn.players))
                log.append(action_notation(ENGINE, action))
                before = state
                state, _ = ENGINE.apply(state, action)
                check_invariants(before, state)
            result = ENGINE.result(state)
            assert result is not None and (result.winners or state.beats >= state.max_beats)
            again = ENGINE.initial_state(players, {"variant": variant})  # issue 16.11: replay from the log
            for text in log:
                again, _ = ENGINE.apply(again, parse_action(ENGINE, again, text))
            assert again == state, f"{variant} seed {seed}: the log does not replay the game"


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", COUNTS)
def test_bot_games_end_and_exercise_whole_games(players, variant):
    """The game's own bots play full games (several rounds, ties): they end by a win or the C15 limit."""
    names = ["collector", "heuristic", "random-passer"]
    rounds = []
    for seed in range(6):
        bots = [SPLASH_BOTS.BOTS[names[(p + seed) % 3]] for p in range(players)]
        match = run_game(players, variant, 1000 + seed, bots, max_beats=500, deep_every=11)
        check_finished(match)
        rounds.append(match.state.round)
    assert max(rounds) >= 4


def test_tie_breakers_happen_in_bot_games_and_end():
    """C11: collector games reach tie-breakers, which are played with two dolphins and end with one winner."""
    ties = 0
    for seed in range(24):
        players = COUNTS[seed % 4]
        bots = [SPLASH_BOTS.BOTS["collector"]] * players
        match = run_game(players, "standard", 5000 + seed, bots, deep_every=50)
        check_finished(match)
        tie_steps = [step for step in match.events if any(e.kind == "tie" for e in step)]
        if tie_steps:
            ties += 1
            assert len(match.result.winners) == 1
    assert ties >= 3


@settings(max_examples=40, deadline=None, derandomize=True)
@given(players=st.integers(3, 6), variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6))
def test_any_seeded_random_game_replays_from_its_log(players, variant, seed):
    """Replay: the same (options, seed, log) rebuilds the same final state; the notation log is all it takes."""
    match = run_game(players, variant, seed, [uniform] * players, deep_every=5)
    check_finished(match)
    state = ENGINE.initial_state(players, {"variant": variant, "max_beats": 3000})
    for text in match.log:
        state, _ = ENGINE.apply(state, ENGINE.parse(state, text))
    assert state == match.state


@settings(max_examples=100, deadline=None, derandomize=True)
@given(rank=st.sampled_from(SPLASH_BOARD.RANKS), feint=st.booleans(), count=st.integers(3, 6),
       missing=st.sets(st.integers(0, 5), min_size=1))
def test_every_action_prints_and_parses_back(rank, feint, count, missing):
    """Notation: each kind of action prints and parses back to itself, joint beats too."""
    state = ENGINE.initial_state(count)
    singles = [SPLASH.Pass(rank, feint), SPLASH.Grab(), SPLASH.Deal(rank), SPLASH.Draw(rank)]
    for action in singles:
        assert ENGINE.parse(state, ENGINE.notation(action)) == action
    miss = SPLASH.Miss(tuple(sorted(p for p in missing if p < count)) or (0,))
    assert ENGINE.parse(state, ENGINE.notation(miss)) == miss
    joint = Joint(tuple(SPLASH.Pass(rank, feint) if p % 2 else SPLASH.Grab() for p in range(count)))
    assert ENGINE.parse(state, ENGINE.notation(joint)) == joint
