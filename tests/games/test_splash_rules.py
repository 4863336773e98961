"""SPLASH! rules, one scenario per rule and per clarification (content/splash/rules.md).

Each test builds an explicit position, plays actions in the engine's notation
and checks the result or the refusal. Docstrings cite the rule or C-number.
"""
from __future__ import annotations

import csv
import random
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from generator.play import load_engine
from generator.play.api import IllegalAction, Joint

GAME = Path(__file__).resolve().parents[2] / "content" / "splash"
ENGINE = load_engine(GAME)
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
SPLASH = sys.modules[type(ENGINE).__module__]  # <its package>.engine: its action classes
SPLASH_BOARD = sys.modules[GAME_PACKAGE + ".board"]  # the deck and seats
SPLASH_BOTS = sys.modules[GAME_PACKAGE + ".bots"]  # the computer players


def rows(name: str) -> list[dict]:
    with open(GAME / name, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def play(state, *notations):
    """Apply notations in order; return the final state and every event."""
    events = []
    for text in notations:
        state, step_events = ENGINE.apply(state, ENGINE.parse(state, text))
        events += step_events
    return state, events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def dealt(players: int, variant: str = "standard", seed: int = 0):
    """A fresh game with the deal played out from a seeded generator."""
    rng = random.Random(seed)
    state = ENGINE.initial_state(players, {"variant": variant})
    while state.phase == "deal":
        outcomes = ENGINE.chance_outcomes(state)
        state, _ = ENGINE.apply(state, rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
    return state


# -- Components and setup -------------------------------------------------------------
def test_c1_deck_has_nine_numbered_sets_and_one_splash_set():
    """C1: ten sets of four: numbered 2-10 and one SPLASH! set (S); 40 cards."""
    deck = rows("deck.csv")
    assert [r["rank"] for r in deck] == [str(n) for n in range(2, 11)] + ["S"]
    assert all(int(r["qty"]) == 4 for r in deck)
    assert sum(int(r["qty"]) for r in deck) == 40
    assert Counter(SPLASH_BOARD.FULL_DECK) == {r["rank"]: 4 for r in deck}


def test_c2_cards_travel_to_the_next_seat_and_p1_deals_first():
    """C2: P1 deals the first round; a card passed by the last seat reaches P1."""
    assert ENGINE.initial_state(4).dealer == 0
    state = ENGINE.setups()["four-players-round"]
    after, events = play(state, "pass S & pass 10 & pass S & pass 9")
    passed = {(e.data["player"], e.data["to"]) for e in events if e.kind == "passed"}
    assert passed == {(0, 1), (1, 2), (2, 3), (3, 0)}
    assert after.hands[0] == ("9", "9", "9", "9")  # P4's Nine reached P1


def test_c3_deck_is_splash_set_plus_highest_numbered_sets():
    """C3 and Setup: one set per player, always the SPLASH! set, the highest numbers; one fewer dolphin than players."""
    for players in range(3, 7):
        state = ENGINE.initial_state(players)
        ranks = sorted(set(state.deck), key=SPLASH_BOARD.RANK_INDEX.__getitem__)
        expected = [str(n) for n in range(12 - players, 11)] + ["S"]
        assert ranks == expected
        assert len(state.deck) == 4 * players
        assert Counter(state.deck) == {r: 4 for r in expected}
        assert len(state.aside) == 40 - 4 * players
        assert state.dolphins == players - 1


def test_players_table_matches_the_rules():
    """Setup table (players.csv): deck size, dolphins and advanced dealer's deck for each count."""
    for row in rows("players.csv"):
        players = int(row["players"])
        assert int(row["dolphins"]) == players - 1
        assert int(row["deck_cards"]) == 4 * players == 4 * len(row["sets"].split())
        assert "S" in row["sets"].split()
        assert int(row["advanced_dealers_deck"]) == 40 - 5 * players


def test_c4_deal_starts_left_of_dealer_one_card_at_a_time():
    """C4: the deal starts on the dealer's left, one card each in turn, the dealer last; outcomes weighted by the cards left."""
    state = ENGINE.initial_state(4, {"dealer": 2})
    outcomes = dict((ENGINE.notation(o), p) for o, p in ENGINE.chance_outcomes(state))
    assert outcomes == {"deal 8": 0.25, "deal 9": 0.25, "deal 10": 0.25, "deal S": 0.25}
    receivers = []
    for rank in ["8", "8", "9", "10", "S", "8"]:
        state, events = play(state, f"deal {rank}")
        receivers.append(events[0].data["player"])
    assert receivers == [3, 0, 1, 2, 3, 0]
    outcomes = dict((ENGINE.notation(o), p) for o, p in ENGINE.chance_outcomes(state))
    assert outcomes["deal 8"] == pytest.approx(1 / 10)
    state, _ = play(state, "deal 8")
    with pytest.raises(IllegalAction):  # all four Eights are gone
        play(state, "deal 8")


def test_deal_ends_when_every_hand_holds_four_and_passing_begins():
    """Setup §Deal: four cards each; then the first beat."""
    state = dealt(5, seed=3)
    assert state.phase == "beat"
    assert [len(h) for h in state.hands] == [4] * 5
    assert state.deck == ()


# -- Passing ------------------------------------------------------------------------
def test_c5_a_beat_moves_exactly_one_card_from_every_hand():
    """C5 and Passing: in a beat everyone hands one card to the left at once; hands stay at four."""
    state = ENGINE.setups()["fake-out"]
    after, _ = play(state, "pass 10 & pass S & pass 9 & pass 8")
    assert after.hands == (("8", "8", "9", "S"), ("8", "8", "9", "10"), ("10", "10", "S", "S"), ("9", "9", "10", "S"))
    assert all(len(h) == 4 for h in after.hands)
    assert after.beats == state.beats + 1


def test_c5_a_beat_needs_a_choice_from_every_player():
    """C5: a beat is one joint action with a part for every player; a lone pass is refused."""
    state = ENGINE.setups()["fake-out"]
    with pytest.raises(IllegalAction) as missing:
        ENGINE.apply(state, Joint((SPLASH.Pass("8"), SPLASH.Pass("8"), SPLASH.Pass("9"))))
    assert "Passing" in missing.value.rule
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, SPLASH.Pass("8"))


def test_passing_a_card_you_do_not_hold_is_refused():
    """Passing: you can only hand on a card from your own hand."""
    state = ENGINE.setups()["fake-out"]
    with pytest.raises(IllegalAction) as refused:
        play(state, "pass 8 & pass 10 & pass 9 & pass 8")  # P2 holds no Ten
    assert "Passing" in refused.value.rule and "P2" in refused.value.message


def test_observation_shows_only_your_own_hand():
    """Passing: hands are secret; a player sees their own cards and only the size of the others'."""
    state = ENGINE.setups()["four-players-round"]
    seen = ENGINE.observation(state, 1)
    assert seen["hand"] == ["8", "8", "10", "S"]
    assert seen["hand_sizes"] == [4, 4, 4, 4]
    assert "hands" not in seen and "deck" not in seen and "discard" not in seen


# -- Four of a kind and the race ----------------------------------------------------------
def test_c6_four_of_a_kind_holder_must_grab():
    """C6: a player holding four of a kind can only grab; passing instead is refused."""
    state, _ = play(ENGINE.setups()["four-players-round"], "pass S & pass 10 & pass S & pass 9")
    assert ENGINE.legal_actions(state, 0) == [SPLASH.Grab()]
    assert SPLASH.Grab() in ENGINE.legal_actions(state, 1)  # others may grab too
    with pytest.raises(IllegalAction) as refused:
        play(state, "pass 9 & pass 8 & pass 8 & pass 10")
    assert "C6" in refused.value.rule


def test_grab_with_four_of_a_kind_ends_the_round_one_player_short_of_a_dolphin():
    """Four of a kind / Scoring: the grab ends the round; with one fewer dolphin than players one misses out; holders gain a letter."""
    state, _ = play(ENGINE.setups()["four-players-round"], "pass S & pass 10 & pass S & pass 9")
    raced, events = play(state, "grab & pass 8 & pass 8 & pass 10")
    assert raced.phase == "race"
    assert ENGINE.turn(raced).kind == "chance"
    assert {ENGINE.notation(o) for o, _ in ENGINE.chance_outcomes(raced)} == {"miss P2", "miss P3", "miss P4"}
    assert raced.hands == state.hands  # the grab stopped the passing
    scored, events = play(raced, "miss P3")
    assert scored.letters == (1, 1, 0, 1)
    assert [e.data["player"] for e in events if e.kind == "missed"] == [2]


def test_next_round_is_dealt_by_the_player_on_the_dealers_left():
    """Next round: the dealer's left neighbour deals; the dolphins and cards come back."""
    state, events = play(ENGINE.setups()["four-players-round"], "pass S & pass 10 & pass S & pass 9",
                         "grab & pass 8 & grab & pass 10", "miss P4")
    assert "round" in kinds(events)
    assert state.round == 2 and state.dealer == 0  # P4 dealt round 1
    assert state.phase == "deal" and state.holders == ()
    assert sorted(state.deck) == sorted(ENGINE.initial_state(4).deck)
    assert all(h == () for h in state.hands)


def test_c7_same_beat_grabber_beats_the_slow_players():
    """C7: after the four-of-a-kind grabber, players who grabbed in the same beat are served before the rest."""
    state, _ = play(ENGINE.setups()["four-players-round"], "pass S & pass 10 & pass S & pass 9")
    raced, events = play(state, "grab & pass 8 & grab & pass 10")
    assert raced.holders == (0, 2)
    assert {ENGINE.notation(o) for o, _ in ENGINE.chance_outcomes(raced)} == {"miss P2", "miss P4"}
    assert "fake-out" not in kinds(events)  # P3's touch was a reaction, not early
    with pytest.raises(IllegalAction) as refused:
        play(raced, "miss P3")
    assert "C7" in refused.value.rule


def test_c7_race_outcomes_are_equally_likely():
    """C7: where a group has more players than dolphins left, every way to split it is equally likely."""
    state = ENGINE.position(["7 7 7 7", "8 8 9 10", "6 6 8 10", "9 9 10 S", "6 8 S S", "6 9 10 S"])
    raced, _ = play(state, "grab & pass 8 & pass 6 & pass 9 & pass 6 & pass 6")
    outcomes = ENGINE.chance_outcomes(raced)
    assert sorted(ENGINE.notation(o) for o, _ in outcomes) == ["miss P2", "miss P3", "miss P4", "miss P5", "miss P6"]
    assert all(p == pytest.approx(1 / 5) for _, p in outcomes)
    # Two four-of-a-kind grabbers and only two dolphins in a 3-player tie-breaker: nobody else is served.
    tie = ENGINE.position(["9 9 9 9", "10 10 10 10", "S S S S"], tied=[0, 1, 2], letters=[6, 6, 6],
                          tie_base=[6, 6, 6])
    raced, _ = play(tie, "grab & grab & grab")
    assert sorted(ENGINE.notation(o) for o, _ in ENGINE.chance_outcomes(raced)) == ["miss P1", "miss P2", "miss P3"]


# -- Fake-outs ------------------------------------------------------------------------------
def test_c8_early_touch_gives_every_other_player_a_letter():
    """C8 and Fake-outs: a touch while nobody has four of a kind: all others (the bluffer too) gain a letter, no card moves, play goes on."""
    state = ENGINE.setups()["fake-out"]
    after, events = play(state, "pass 10 & fake S & grab & pass 8")
    assert after.letters == (2, 2, 0, 3)
    assert after.hands == state.hands
    assert after.phase == "beat" and after.round == state.round and after.holders == ()
    assert "feinted" in kinds(events) and "fake-out" in kinds(events)


def test_c8_two_early_touchers_still_give_one_letter_each():
    """C8: however many players touch early, each non-toucher gains one letter; touchers gain none."""
    state = ENGINE.setups()["fake-out"]
    after, _ = play(state, "grab & pass S & grab & pass 8")
    assert after.letters == (1, 2, 0, 3)


def test_bluffing_alone_is_not_a_fake_out():
    """Fake-outs: pretending without touching costs nothing; the card is handed on as usual."""
    state = ENGINE.setups()["fake-out"]
    bluffed, events = play(state, "fake 10 & fake S & fake 9 & fake 8")
    passed, _ = play(state, "pass 10 & pass S & pass 9 & pass 8")
    assert bluffed.hands == passed.hands and bluffed.letters == state.letters
    assert kinds(events).count("feinted") == 4


# -- Scoring and the end ----------------------------------------------------------------------
def test_c9_splash_set_and_dolphin_score_two_letters():
    """C9 and Scoring: a dolphin plus all four SPLASH! cards scores a bonus letter."""
    state, events = play(ENGINE.setups()["splash-bonus"], "pass S & pass 9 & pass 8 & pass 8",
                         "pass 9 & grab & pass 10 & pass 9", "miss P1")
    assert state.letters == (2, 3, 4, 3)  # P2: +2, P3 and P4: +1, P1 missed
    reasons = [e.data["reason"] for e in events if e.kind == "letter" and e.data["player"] == 1]
    assert reasons == ["dolphin", "SPLASH! cards"]


def test_splash_cards_without_a_dolphin_score_nothing():
    """C9: the bonus needs a dolphin too (a SPLASH! set holder who loses the race for a dolphin gets nothing)."""
    tie = ENGINE.position(["9 9 9 9", "10 10 10 10", "S S S S"], tied=[0, 1, 2], letters=[6, 6, 6],
                          tie_base=[6, 6, 6])
    raced, _ = play(tie, "grab & grab & grab")
    after, _ = play(raced, "miss P3")
    assert after.letters[2] == 6


def test_first_to_spell_splash_wins():
    """End of the game: the first player to complete six letters wins."""
    state = ENGINE.position(["9 9 9 S", "8 8 10 S", "8 8 10 S", "9 10 10 S"], dealer=3, letters=[5, 2, 4, 1])
    state, events = play(state, "pass S & pass 10 & pass S & pass 9", "grab & pass 8 & pass 8 & pass 10", "miss P2")
    assert state.phase == "over" and state.winner == 0
    assert ENGINE.result(state).winners == (0,)
    assert ENGINE.turn(state).kind == "over"
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, ENGINE.parse(state, "deal 9"))


def test_c10_a_fake_out_letter_can_end_the_game_mid_round():
    """C10: a fake-out letter that completes SPLASH wins at once."""
    state = ENGINE.position(["8 9 10 S", "8 8 9 S", "9 10 10 S", "8 9 10 S"], dealer=3, letters=[5, 1, 0, 2])
    state, events = play(state, "pass 10 & pass S & grab & pass 8")
    assert ENGINE.result(state).winners == (0,)
    assert "won" in kinds(events)


def test_c11_completing_together_is_a_tie_even_with_a_bonus():
    """C11: players finishing SPLASH in the same scoring tie, even if one of them took a bonus letter."""
    state = ENGINE.position(["8 8 9 S", "S S S 9", "8 9 10 10", "8 9 10 10"], dealer=3, letters=[0, 4, 5, 0])
    state, events = play(state, "pass S & pass 9 & pass 8 & pass 8", "pass 9 & grab & pass 10 & pass 9", "miss P1")
    assert state.letters[1] == 6 and state.letters[2] == 6
    assert ENGINE.result(state) is None
    assert state.tied == (1, 2)
    assert state.phase == "deal" and state.dolphins == 2  # tie-breaker rounds have two dolphins


def test_c11_tie_breaker_uses_two_dolphins_and_only_tied_players_can_win():
    """C11 and Tie-breaker: two dolphins; only letters gained by tied players since the tie count; others cannot win."""
    start = ENGINE.setups()["tie-breaker"]
    assert start.dolphins == 2
    state, _ = play(start, "pass 10 & pass 7 & pass S & pass S & pass 9", "pass 8 & pass 9 & grab & pass 10 & pass S")
    # P2 (5 letters) takes the second dolphin and reaches six, but is not in the tie: P3 still wins.
    won, _ = play(state, "miss P1 P4 P5")
    assert won.letters[1] == 6
    assert ENGINE.result(won).winners == (2,)
    # If P1 takes the second dolphin the tied players gain alike and the tie goes on.
    level, _ = play(state, "miss P2 P4 P5")
    assert ENGINE.result(level) is None
    assert level.tied == (0, 2) and level.dolphins == 2


def test_c11_tie_made_by_a_fake_out_starts_a_new_round():
    """C11: a fake-out that ties two players stops the round; a tie-breaker round is dealt by the next dealer."""
    state = ENGINE.position(["8 9 10 S", "8 8 9 S", "9 10 10 S", "8 9 10 S"], dealer=3, letters=[5, 5, 0, 2])
    state, events = play(state, "pass 10 & pass S & grab & pass 8")
    assert state.tied == (0, 1)
    assert state.phase == "deal" and state.round == 2 and state.dealer == 0 and state.dolphins == 2
    assert "tie" in kinds(events)


def test_tie_narrows_when_a_tied_player_falls_behind():
    """C11: a tied player who falls behind drops out; the leaders play on."""
    state = ENGINE.position(["9 9 9 9", "10 10 10 S", "8 8 S S", "8 8 10 S"], letters=[6, 6, 6, 2],
                            tied=[0, 1, 2], tie_base=[6, 6, 6, 2])
    state, _ = play(state, "grab & pass S & pass 8 & pass 8", "miss P3 P4")  # P1 and P2 gain, P3 does not
    assert state.tied == (0, 1) and ENGINE.result(state) is None
    state = ENGINE.position(["8 9 10 S", "8 8 9 S", "9 10 10 S", "8 9 10 S"], letters=[6, 6, 6, 2],
                            tied=[0, 1, 2], tie_base=[6, 6, 6, 2])
    state, _ = play(state, "pass 10 & pass S & grab & pass 8")  # fake-out by P3
    assert state.tied == (0, 1) and ENGINE.result(state) is None


# -- Advanced play --------------------------------------------------------------------------------
def test_c12_advanced_play_deals_five_from_all_forty_cards():
    """C12 and Advanced play: all 40 cards, five each, the rest is the dealer's deck."""
    for players in range(3, 7):
        state = ENGINE.initial_state(players, {"variant": "advanced"})
        assert len(state.deck) == 40 and state.aside == ()
        state = dealt(players, "advanced", seed=players)
        assert [len(h) for h in state.hands] == [5] * players
        assert len(state.deck) == 40 - 5 * players


def test_c13_dealer_draws_after_the_beat():
    """C13 and Advanced play: the dealer's right discards, the dealer draws right after the beat; nobody holds six."""
    state = ENGINE.setups()["advanced-round"]
    after, events = play(state, "pass 7 & pass 9 & pass 10 & pass 10")
    assert after.phase == "draw" and ENGINE.turn(after).kind == "chance"
    assert len(after.hands[0]) == 4 and after.discard == ("10",)
    assert [len(h) for h in after.hands[1:]] == [5, 5, 5]
    assert "discarded" in kinds(events)
    outcomes = dict((ENGINE.notation(o), p) for o, p in ENGINE.chance_outcomes(after))
    assert outcomes["draw 9"] == pytest.approx(3 / 20)
    drawn, _ = play(after, "draw 2")
    assert drawn.hands[0] == ("2", "2", "2", "2", "S")
    assert ENGINE.legal_actions(drawn, 0) == [SPLASH.Grab()]  # four of a kind in a five-card hand


def test_c14_empty_dealers_deck_is_refilled_from_the_discards():
    """C14: with the dealer's deck empty, the dealer draws from the shuffled discard pile."""
    state = ENGINE.position(
        ["2 2 2 7 S", "3 3 5 7 9", "4 4 6 6 10", "5 8 8 S 10"], variant="advanced",
        deck="", discard="2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 9 10 10 S S",
    )
    after, _ = play(state, "pass 7 & pass 9 & pass 10 & pass 10")
    outcomes = dict((ENGINE.notation(o), p) for o, p in ENGINE.chance_outcomes(after))
    assert outcomes["draw 10"] == pytest.approx(3 / 21)  # the Ten just discarded can come back
    drawn, events = play(after, "draw 10")
    assert "reshuffled" in kinds(events)
    assert drawn.discard == () and len(drawn.deck) == 20


def test_advanced_hands_never_exceed_five():
    """Advanced play: at most five cards in hand."""
    state = dealt(6, "advanced", seed=1)
    rng = random.Random(5)
    for _ in range(40):
        if state.phase == "beat":
            parts = tuple(SPLASH.Pass(rng.choice(h)) if not SPLASH.four_of_a_kind(h) else SPLASH.Grab() for h in state.hands)
            state, _ = ENGINE.apply(state, Joint(parts))
        elif state.phase != "over":
            outcomes = ENGINE.chance_outcomes(state)
            state, _ = ENGINE.apply(state, rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        assert all(len(h) <= 5 for h in state.hands)


# -- The engine's limit, notation and options ------------------------------------------------------
def test_c15_game_is_drawn_at_the_beat_limit():
    """C15: after `max_beats` beats the game ends as a draw."""
    state = replace(ENGINE.setups()["fake-out"], max_beats=2)
    state, _ = play(state, "pass 10 & pass S & pass 9 & pass 8")
    assert ENGINE.result(state) is None
    state, _ = play(state, "pass 8 & pass 8 & pass 10 & pass 9")
    result = ENGINE.result(state)
    assert result is not None and result.winners == ()
    assert ENGINE.initial_state(3).max_beats == 3000


def test_notation_reads_case_insensitively_and_refuses_nonsense():
    """Notation: 'pass s' is read as 'pass S'; unreadable text is refused with the 'notation' rule."""
    state = ENGINE.setups()["fake-out"]
    joint = ENGINE.parse(state, "PASS 10 & fake s & grab & pass 8")
    assert ENGINE.notation(joint) == "pass 10 & fake S & grab & pass 8"
    for text in ["pass 11", "jump", "pass 8 & pass 8", "miss P9", ""]:
        with pytest.raises(IllegalAction) as refused:
            ENGINE.parse(state, text)
        assert refused.value.rule == "notation"


def test_player_count_and_options_are_checked():
    """Overview: 3 to 6 players; the variant is 'standard' or 'advanced'."""
    for players in (2, 7):
        with pytest.raises(IllegalAction):
            ENGINE.initial_state(players)
    with pytest.raises(IllegalAction):
        ENGINE.initial_state(4, {"variant": "expert"})
    with pytest.raises(IllegalAction):
        ENGINE.initial_state(4, {"speed": 3})


def test_bots_keep_their_biggest_set():
    """Bots: the collector passes away a card of a rank it holds least and keeps its biggest set."""
    state = ENGINE.setups()["four-players-round"]
    rng = random.Random(1)
    for name in ("collector", "heuristic"):
        action = SPLASH_BOTS.BOTS[name](ENGINE, state, 0, rng)
        assert action == SPLASH.Pass("S")
    # On a tie the heuristic keeps the SPLASH! cards (they are worth a bonus letter).
    tie = ENGINE.position(["8 8 S S", "8 9 10 S", "9 9 10 S", "8 9 10 10"])
    assert all(SPLASH_BOTS.BOTS["heuristic"](ENGINE, tie, 0, random.Random(s)) == SPLASH.Pass("8") for s in range(10))
    passer = {SPLASH_BOTS.BOTS["random-passer"](ENGINE, state, 0, random.Random(s)) for s in range(40)}
    assert passer == {SPLASH.Pass("9"), SPLASH.Pass("S")}
    done, _ = play(state, "pass S & pass 10 & pass S & pass 9")
    assert all(SPLASH_BOTS.BOTS[n](ENGINE, done, 0, rng) == SPLASH.Grab() for n in SPLASH_BOTS.BOTS)


def test_render_marks_cells_and_highlights():
    """Diagram: every card, seat and pile is a named cell, and highlighted cells are drawn differently."""
    state = ENGINE.setups()["advanced-round"]

    def cells(shapes):
        return {s.cell: s for s in shapes if getattr(s, "cell", "")}

    plain = cells(ENGINE.render(state).shapes)
    lit = cells(ENGINE.render(state, ["P1.2", "discard"]).shapes)
    assert {"P1", "P4", "P1.2", "P4.S", "dolphins", "deck", "discard"} <= set(plain)
    assert lit["P1.2"].style != plain["P1.2"].style and lit["discard"].style != plain["discard"].style
    assert lit["P2"].style == plain["P2"].style
    joint = ENGINE.parse(state, "pass 7 & pass 9 & pass 10 & pass 10")
    assert ENGINE.cells(state, joint) == ("P1.7", "P2", "P2.9", "P3", "P3.10", "P4", "P4.10", "discard")


def test_a_grabbers_set_is_shown_while_the_race_is_settled():
    """C6: the grabber shows the set, so every player's view (and a bot's guess) includes it during the race."""
    state, _ = play(ENGINE.setups()["four-players-round"], "pass S & pass 10 & pass S & pass 9", "grab & pass 8 & pass 8 & pass 10")
    assert state.phase == "race"
    view = ENGINE.observation(state, 3)
    assert view["shown"] == {"P1": ["9", "9", "9", "9"]}
    for seed in range(5):
        guess = ENGINE.determinize(state, 3, random.Random(seed))
        assert guess.hands[0] == ("9", "9", "9", "9") and guess.hands[3] == state.hands[3]
