"""Scenario tests for the Splatter SHOOT engine: one or more per rule and per clarification
of content/shoot/rules.md. Each test builds an explicit position, plays notations (card draws
included, so nothing is left to chance) and checks the result or the refusal."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from generator.play import load_engine
from generator.play.api import IllegalAction

ROOT = Path(__file__).resolve().parents[2]
ENGINE = load_engine(ROOT / "content" / "shoot")
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
SHOOT = sys.modules[type(ENGINE).__module__]  # the rules: states, build_state, evolve
SHOOT_CARDS = sys.modules[GAME_PACKAGE + ".cards"]  # the decks and what a HERO's cards mean
SHOOT_BOTS = sys.modules[GAME_PACKAGE + ".bots"]
build = SHOOT.build_state


def play(state, *steps):
    """Apply notations in order; return the final state and every event text."""
    texts = []
    for step in steps:
        state, events = ENGINE.apply(state, ENGINE.parse(state, step))
        texts += [e.text for e in events]
    return state, texts


def kinds(state, *steps):
    events = []
    for step in steps:
        state, more = ENGINE.apply(state, ENGINE.parse(state, step))
        events += more
    return state, [e.kind for e in events], events


def refused(state, step, rule_part):
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, ENGINE.parse(state, step))
    assert rule_part in caught.value.rule, caught.value.rule
    return caught.value


def duel(p1=None, p2=None, **kw):
    heroes = [dict({"weapon": "Revolver"}, **(p1 or {})), dict({"weapon": "Pistol"}, **(p2 or {}))]
    return build(ENGINE, heroes, **kw)


def turn_player(state):
    return ENGINE.turn(state).player


# -- setting up ---------------------------------------------------------------------------
def test_c1_first_player_is_drawn_and_play_passes_to_the_next_seat():
    """C1: the first player is drawn at random (each equally likely); play then goes P1, P2, P3 ..."""
    state = ENGINE.initial_state(3)
    state, _ = play(state, "weapon Pistol", "gadget Medicine", "weapon Revolver", "gadget Fog",
                    "weapon Katana", "gadget Crane")
    outcomes = ENGINE.chance_outcomes(state)
    assert sorted(ENGINE.notation(a) for a, _ in outcomes) == ["start P1", "start P2", "start P3"]
    assert all(abs(p - 1 / 3) < 1e-9 for _, p in outcomes)
    state, _ = play(state, "start P2")
    assert turn_player(state) == 1
    state, _ = play(state, "stand", "end")
    assert turn_player(state) == 2
    state, _ = play(state, "stand", "end")
    assert turn_player(state) == 0


def test_setup_deals_one_weapon_and_one_gadget_to_each_player():
    """Setting up: each player draws one Weapon and one Gadget before the first turn."""
    state = ENGINE.initial_state(2)
    state, _ = play(state, "weapon Shotgun", "gadget Helmet", "weapon Pistol", "gadget Fog", "start P1")
    assert [h.weapon for h in state.heroes] == ["Shotgun", "Pistol"]
    assert [h.gadgets for h in state.heroes] == [("Helmet",), ("Fog",)]


def test_c2_popup_drawn_at_setup_goes_under_the_base_and_is_replaced():
    """C2: a pop-up drawn at setup goes under the Base and the player draws again."""
    state = ENGINE.initial_state(2)
    state, _ = play(state, "weapon Cannon")
    assert ("Cannon", 0) in state.field and state.heroes[0].weapon is None
    assert ENGINE.chance_outcomes(state)[0][0].verb == "weapon"  # P1 draws again
    state, _ = play(state, "weapon Pistol", "gadget Gas")
    assert ("Gas", 0) in state.field and state.heroes[0].gadgets == ()
    state, _ = play(state, "gadget Medicine")
    assert state.heroes[0].weapon == "Pistol" and state.heroes[0].gadgets == ("Medicine",)


def test_beginner_game_has_95_cards_and_normal_game_130():
    """Components: the beginner game uses 95 cards, the normal game all 130 (64 + 26 + 40)."""
    def total(state):
        return sum(state.deck) + sum(state.weapon_deck) + sum(state.gadget_deck)
    normal = ENGINE.initial_state(2)
    beginner = ENGINE.initial_state(2, {"cards": "beginner"})
    assert (sum(normal.deck), sum(normal.weapon_deck), sum(normal.gadget_deck)) == (64, 26, 40)
    assert total(normal) == 130 and total(beginner) == 95


# -- the Splattercard and damage ---------------------------------------------------------------
def test_c3_moving_attacker_counts_striped_damage_only():
    """C3, Attack A: after drawing an action card only striped damage counts (plain is a miss)."""
    state, _ = play(duel(), "move", "card S16", "attack P2 @1 none/none", "card S13")
    assert state.heroes[1].damage == 0  # Gut shot: 2 plain
    state, _ = play(state, "card S09")
    assert state.heroes[1].damage == 1  # Ear clipped: 1 striped + 1 plain
    assert state.heroes[1].record == ("S09",)


def test_c3_standing_attacker_counts_striped_and_plain():
    """C3, Attack A: a HERO who stood still does full damage: striped plus plain."""
    state, _ = play(duel(), "stand", "attack P2 @1 none/none", "card S13", "card S09")
    assert state.heroes[1].damage == 4
    assert state.heroes[1].record == ("S13", "S09")


def test_c4_empty_deck_takes_in_the_discard_pile():
    """C4: a draw from an empty deck first shuffles the discard pile back in."""
    state = duel()
    index = SHOOT_CARDS.CARD_INDEX
    deck = [0] * len(state.deck)
    deck[index["S16"]] = 1
    discard = list(state.deck)
    discard[index["S16"]] -= 1
    state = SHOOT.evolve(state, deck=tuple(deck), discard=tuple(discard))
    state, events = play(state, "move", "card S16")
    state, texts = play(state, "token weapon")
    assert any("shuffled in" in t for t in texts)
    assert sum(state.deck) == sum(discard) and sum(state.discard) == 0


def test_c4_shuffle_needs_a_discard_pile():
    """C4, Shuffling: shuffling gathers the discard pile into the deck; with none there is nothing to do."""
    state = duel(phase="act")
    refused(state, "shuffle", "C4")
    state, _ = play(state, "ask", "card S04")
    assert sum(state.discard) == 1
    state, _ = play(state, "shuffle")
    assert sum(state.discard) == 0 and sum(state.deck) == 64


# -- a turn ---------------------------------------------------------------------------------------
def test_turn_starts_with_move_or_stand():
    """A turn step by step: the turn opens with the choice to stand or move; nothing else comes first."""
    state = duel()
    refused(state, "attack P2 @1 none/none", "A turn step by step")
    state, _ = play(state, "stand")
    refused(state, "move", "A turn step by step")


def test_c5_movement_is_card_minus_wounds_never_below_half():
    """C5, Minus movement: action card minus wounds plus bonuses, never below half a card length."""
    state = duel({"record": ("S43", "S40")})  # minus movement 3 + 1
    state, _ = play(state, "move", "card S07")  # move 2
    assert SHOOT_CARDS.movement_allowance(state, 0) == 0.5
    boots = duel({"gadgets": ("Rocket boots",)})
    boots, _ = play(boots, "move", "card S07")
    assert SHOOT_CARDS.movement_allowance(boots, 0) == 3
    still, _ = play(duel(), "stand")
    assert SHOOT_CARDS.movement_allowance(still, 0) == 0


def test_action_card_is_discarded_at_the_end_of_the_turn():
    """A turn step by step, 3: the action card goes face up on the discard pile."""
    state, _ = play(duel(), "move", "card S16")
    assert state.action_card == "S16"
    state, _ = play(state, "end")
    assert state.action_card is None and state.discard[SHOOT_CARDS.CARD_INDEX["S16"]] == 1


# -- Tokens --------------------------------------------------------------------------------------
def test_c6_weapon_token_moves_before_the_draw():
    """C6, Tokens: flip a Splattercard to move the Token, then draw the Weapon, which replaces yours."""
    state, _ = play(duel(), "move", "card S16", "token weapon")
    assert ENGINE.chance_outcomes(state)[0][0].verb == "card"
    state, texts = play(state, "card S05")
    assert any("moves 4 card lengths" in t for t in texts)
    assert ENGINE.chance_outcomes(state)[0][0].verb == "weapon"
    state, _ = play(state, "weapon Shotgun")
    assert state.heroes[0].weapon == "Shotgun"
    assert state.weapon_discard[SHOOT_CARDS.WEAPON_INDEX["Revolver"]] == 1  # one Weapon at a time


def test_c6_healing_token_heals_before_it_moves():
    """C6, Healing: draw and heal first, then flip to move the Token."""
    state = duel({"damage": 6, "record": ("S12", "S13", "S14")})
    state, _ = play(state, "move", "card S20", "token heal", "card S17")
    assert state.heroes[0].damage == 1
    assert ENGINE.turn(state).kind == "chance"  # the Token still has to move
    state, texts = play(state, "card S05")
    assert any("Token moves" in t for t in texts)


def test_healing_token_needs_damage():
    """Healing: a healing Token heals damage; an unhurt HERO cannot use one."""
    state, _ = play(duel(), "stand")
    refused(state, "token heal", "Healing")


def test_gadget_token_with_backpack_draws_two():
    """Gadgets (Backpack): each Gadget Token gives one extra Gadget."""
    state, _ = play(duel({"gadgets": ("Backpack",)}), "stand", "token gadget", "card S04",
                    "gadget Medicine", "gadget Fog")
    assert state.heroes[0].gadgets == ("Backpack", "Medicine", "Fog")


# -- climbing and jumping ------------------------------------------------------------------------
def test_jump_down_takes_full_damage_by_height():
    """Climbing and jumping: 2-3 HERO heights draw 1 card, 3-4 draw 2, over 4 is death."""
    state, _ = play(duel(phase="act"), "jump 3-4", "card S13", "card S09")
    assert state.heroes[0].damage == 4  # full damage: 2 plain + 1 + 1
    state, _ = play(duel(phase="act"), "jump over-4")
    assert not state.heroes[0].alive
    jetpack, _ = play(duel({"gadgets": ("Jetpack",)}, phase="act"), "jump over-4")
    assert jetpack.heroes[0].alive and ENGINE.turn(jetpack).player == 0


# -- weapons, attacks and counterattacks ------------------------------------------------------------
def test_weapon_draws_its_number_for_the_band():
    """Weapons: the crosshairs give the cards per band; a band without a number cannot be attacked."""
    state, _ = play(duel(), "stand")
    assert ENGINE.legal_actions(state, 0)
    _, texts = play(state, "attack P2 @1 none/none")
    assert any("3 cards" in t for t in texts)  # Revolver: 2 / 3 / 2
    knife, _ = play(duel({"weapon": "Combat knife"}), "stand")
    refused(knife, "attack P2 @1 none/none", "Weapons")


def test_attack_only_once_per_turn():
    """Attack and counterattack: a HERO attacks only once per turn."""
    state, _ = play(duel(), "stand", "attack P2 @inf none/none", "card S04", "card S04", "card S06", "card S06")
    assert ENGINE.turn(state).player == 0
    refused(state, "attack P2 @inf none/none", "Attack and counterattack")


def test_every_attack_triggers_a_counterattack_even_a_miss():
    """Attack C: the counterattack follows even when the attack hit nothing."""
    state, texts = play(duel(), "stand", "attack P2 @1 none/none", "card S04", "card S05", "card S06")
    assert any("P2 counterattacks P1" in t for t in texts)


def test_counterattack_needs_a_weapon_that_reaches():
    """Attack C: no counterattack when the target's Weapon cannot attack from that distance."""
    state, texts = play(duel(p2={"weapon": "Combat knife"}), "stand", "attack P2 @1 none/none",
                        "card S04", "card S05", "card S06")
    assert any("cannot counterattack" in t for t in texts)
    assert ENGINE.turn(state).player == 0


def test_c7_nine_mm_attacks_two_then_both_counterattack():
    """C7, Weapon notes (9 mm): two targets, both attacked first, then both counterattack in order."""
    state = build(ENGINE, [{"weapon": "9 mm"}, {"weapon": "Combat knife"}, {"weapon": "Assault rifle"}])
    state, _ = play(state, "stand", "attack P2 @0 none/none")
    refused(state, "add P2 @0 none/none", "C7")
    state, _ = play(state, "add P3 @1 none/none")
    assert not [a for a in ENGINE.legal_actions(state, 0) if a.verb == "add"]  # two at most
    state, _, events = kinds(state, "fire", "card S12", "card S04", "card S07", "card S05",
                             "card S05", "card S06", "card S06", "card S04", "card S01", "card S01")
    order = [(e.data["player"], e.data["target"]) for e in events if e.kind == "attack"]
    assert order == [(0, 1), (0, 2), (1, 0), (2, 0)]
    assert state.heroes[1].damage == 2 and state.heroes[2].damage == 3


def test_c7_flame_gun_gives_full_damage_to_every_named_hero():
    """C7, Weapon notes (Flame gun): full area damage to each named HERO within 1 card length."""
    state = build(ENGINE, [{"weapon": "Flame gun"}, {"weapon": "Combat knife"}, {"weapon": "Combat knife"}])
    state, _ = play(state, "move", "card S16")
    refused(state, "attack P2 @inf none/none", "Weapon")
    state, _ = play(state, "attack P2 @0 none/none", "add P3 @1 none/none", "fire",
                    "card S13", "card S04", "card S19", "card S04")
    assert state.heroes[1].damage == 2 and state.heroes[2].damage == 3  # plain damage counts though moving


def test_c7_cannon_is_fired_by_whoever_touches_it():
    """C7, Weapon notes (Cannon): any HERO may fire a Cannon on the battlefield, keeping its own Weapon."""
    state = duel(p2={"weapon": "Sniper rifle"}, field=(("Cannon", 1),))
    state, texts = play(state, "stand", "attack P2 @inf none/none with Cannon")
    assert any("5 cards" in t for t in texts)
    state, texts = play(state, "card S04", "card S04", "card S05", "card S05", "card S06")
    assert any("P2 counterattacks P1 with the Sniper rifle" in t for t in texts)
    assert state.heroes[0].weapon == "Revolver"
    refused(duel(phase="act"), "attack P2 @inf none/none with Cannon", "Weapon notes")


def test_c8_counterattack_strength_follows_the_attackers_turn():
    """C8: when the turn's attacker moved, the counterattack against it does action damage; if it stood, full."""
    stood, _ = play(duel(), "stand", "attack P2 @1 none/none", "card S04", "card S05", "card S06",
                    "card S13", "card S04")
    assert stood.heroes[0].damage == 2  # the gut shot's plain 2 counts
    moved, texts = play(duel(), "move", "card S16", "attack P2 @1 none/none", "card S04", "card S05", "card S06",
                        "card S13", "card S04")
    assert moved.heroes[0].damage == 0  # the same plain 2 misses
    assert any("P2 counterattacks" in t and "action damage" in t for t in texts)


def test_c9_no_more_cards_and_no_counterattack_from_a_dead_target():
    """C9, Death: a target killed mid-attack gets no more cards and no counterattack; the killer earns a Gadget."""
    state = duel(p2={"damage": 8, "record": ("S12", "S13", "S14")})
    state, _, events = kinds(state, "stand", "attack P2 @1 none/none", "card S07")
    assert not state.heroes[1].alive and "killed" in [e.kind for e in events]
    assert "attack" not in [e.kind for e in events if e.data.get("player") == 1]
    assert [a.verb for a, _ in ENGINE.chance_outcomes(state)][0] == "gadget"  # the kill bonus
    state, _ = play(state, "gadget Medicine")
    assert state.heroes[0].kills == 1 and state.heroes[0].gadgets == ("Medicine",)
    assert ENGINE.turn(state).player == 0


# -- cover ---------------------------------------------------------------------------------------------
def test_c10_hidden_locations_are_misses():
    """C10, Cover: a hit on a location hidden behind cover is a miss."""
    low, _ = play(duel(), "stand", "attack P2 @1 low/none", "card S32", "card S12")
    assert low.heroes[1].record == ("S12",)  # the shin is hidden, the chest shows
    high, _ = play(duel(), "stand", "attack P2 @1 high/none", "card S12", "card S07")
    assert high.heroes[1].record == ("S07",)
    state, _ = play(duel(), "stand")
    refused(state, "attack P2 @1 none/over", "C10")


def test_c10_head_behind_cover_cannot_counterattack():
    """C10, Cover: only a HERO whose head is clear of cover can counterattack."""
    state, texts = play(duel(), "stand", "attack P2 @1 over/none", "card S32", "card S04", "card S04")
    assert any("head is behind cover" in t for t in texts)
    assert state.heroes[1].record == ("S32",) and ENGINE.turn(state).player == 0


def test_lost_body_part_cannot_be_hit_again():
    """Attack B: no damage to a body part that is already gone."""
    state = duel(p2={"record": ("S52",), "damage": 3})  # left arm blown off
    state, texts = play(state, "stand", "attack P2 @1 none/none", "card S24")
    assert state.heroes[1].damage == 3 and any("already gone" in t for t in texts)


# -- JAM ----------------------------------------------------------------------------------------------
def test_c11_jam_as_first_card_cancels_the_counterattack():
    """C11, JAM: a JAM that ends the attack on its first card means no counterattack."""
    state, kinds_, _ = kinds(duel(), "stand", "attack P2 @inf none/none", "card S03")
    assert "no-counter" in kinds_
    assert ENGINE.turn(state).player == 0 and state.heroes[0].weapon == "Revolver"  # yellow: kept


def test_c11_later_jam_keeps_the_counterattack():
    """C11, JAM: a jam after the first card still lets the target counterattack."""
    state, texts = play(duel(), "stand", "attack P2 @inf none/none", "card S12", "card S03")
    assert any("P2 counterattacks" in t for t in texts)


def test_red_jam_destroys_the_weapon_and_empty_box_goes_on():
    """JAM: red loses the attack and the Weapon; an empty box is a miss and the attack goes on."""
    state = duel({"weapon": "Pistol"}, {"weapon": "Revolver"})
    state, texts = play(state, "stand", "attack P2 @1 none/none", "card S01")  # Pistol box A: empty
    assert any("empty box" in t for t in texts) and state.tasks  # still attacking
    state, texts = play(state, "card S03")  # Pistol box C: red
    assert state.heroes[0].weapon is None and any("destroyed" in t for t in texts)
    assert state.weapon_discard[SHOOT_CARDS.WEAPON_INDEX["Pistol"]] == 1


def test_c7_red_jam_on_a_field_cannon_destroys_that_cannon_not_the_heros_weapon():
    """C7 and JAM: a red JAM while firing a Cannon from the field destroys the Cannon;
    the HERO keeps the Weapon in hand, and every Weapon card stays accounted for."""
    state = duel(field=(("Cannon", 0),))
    state, texts = play(state, "stand", "attack P2 @1 none/none with Cannon", "card S02")
    assert any("Cannon is destroyed" in t for t in texts)
    assert all(name != "Cannon" for name, _ in state.field)
    assert state.heroes[0].weapon == "Revolver"
    assert state.weapon_discard[SHOOT_CARDS.WEAPON_INDEX["Cannon"]] == 1


def test_jam_push_pushes_the_shooter_back():
    """JAM (push backwards): the Shotgun's backfire pushes its user back 1 card length."""
    state, kinds_, events = kinds(duel({"weapon": "Shotgun"}), "stand", "attack P2 @1 none/none", "card S12",
                                  "card S03")
    pushes = [e for e in events if e.kind == "pushed"]
    assert pushes and pushes[0].data["player"] == 0
    assert (0, -1) in state.pushed


def test_c12_self_damage_is_full_ignores_cover_and_jams_miss():
    """C12, JAM damage: self-inflicted cards are full damage, ignore the shooter's cover, and a JAM misses."""
    state, _ = play(build(ENGINE, [{"weapon": "Chainsaw"}, {"weapon": "Pistol"}]), "move", "card S16",
                    "attack P2 @0 none/high", "card S03")
    state, texts = play(state, "card S01", "card S32", "card S13", "card S05")
    assert any("a JAM here is a miss" in t for t in texts)
    assert state.heroes[0].damage == 4  # shin 1+1 (a leg, though P1 showed only its head), gut 2 plain
    assert state.heroes[0].weapon is None


# -- more problems ------------------------------------------------------------------------------------
def test_c13_bleeding_to_death_needs_minus_three():
    """C13, Minus movement: with minus movement 3 or more a HERO may bleed to death; nobody scores."""
    refused(duel({"record": ("S40",)}), "bleed", "C13")
    state, _ = play(duel({"record": ("S43",)}), "bleed")
    assert not state.heroes[0].alive and state.heroes[1].kills == 0
    assert ENGINE.turn(state).player == 1


def test_c14_right_and_left_minus_attack_stop_attacks_and_counterattacks():
    """C14, Minus attack: a right and a left minus-attack card stop attacks and counterattacks."""
    state, _ = play(duel({"record": ("S44", "S45")}), "stand")
    refused(state, "attack P2 @1 none/none", "C14")
    same_side, _ = play(duel({"record": ("S44", "S46")}), "stand")
    assert any(a.verb == "attack" for a in ENGINE.legal_actions(same_side, 0))
    state, texts = play(duel(p2={"record": ("S44", "S45")}), "stand", "attack P2 @1 none/none",
                        "card S04", "card S04", "card S05")
    assert any("minus attack on both sides" in t for t in texts)


def test_c15_pushed_hero_over_the_edge_dies_and_the_pusher_scores():
    """C15, Push backwards: a HERO pushed this turn may go over the edge; the pusher earns the kill."""
    state = duel({"weapon": "Hand cannon"}, phase="act")
    refused(state, "fall P2", "C15")
    state, _ = play(state, "attack P2 @1 none/none", "card S12", "card S04", "card S05", "card S06")
    assert (1, 0) in state.pushed
    state, _ = play(state, "fall P2")
    assert not state.heroes[1].alive and state.heroes[0].kills == 1


def test_push_card_pushes_the_victim():
    """Push backwards: a hit with the push symbol knocks the target back."""
    state, _ = play(duel(), "stand", "attack P2 @1 none/none", "card S48")
    assert (1, 0) in state.pushed


def test_death_card_kills_outright():
    """Death: the Death Splattercard kills at once, even from a moving shooter."""
    state, _ = play(duel(), "move", "card S16", "attack P2 @1 none/none", "card S51")
    assert not state.heroes[1].alive


# -- Gadgets ------------------------------------------------------------------------------------------
def test_c16_red_gadgets_only_when_attacked():
    """C16, Gadget timing: a red Gadget cannot be played in your own turn; a white one not while attacked."""
    state, _ = play(duel({"gadgets": ("Sidestep",)}), "stand")
    refused(state, "use Sidestep", "C16")
    attacked, _ = play(duel(p2={"gadgets": ("Pepper spray", "Medicine")}), "stand", "attack P2 @1 none/none")
    refused(attacked, "use Medicine", "C16")


def test_c16_reactions_come_before_the_first_card():
    """C16: the target answers right after the declaration, before any card; Pepper spray cuts the draw."""
    state, _ = play(duel(p2={"gadgets": ("Pepper spray",)}), "stand", "attack P2 @1 none/none")
    assert ENGINE.turn(state).player == 1 and sum(state.deck) == 64
    state, texts = play(state, "use Pepper spray")
    assert any("1 card," in t for t in texts)  # Revolver 3 - 2


def test_sidestep_dodges_the_first_damaging_card():
    """Gadgets (Sidestep): the first card that would damage you is a miss."""
    state, _ = play(duel(p2={"gadgets": ("Sidestep",)}), "stand", "attack P2 @1 none/none", "use Sidestep",
                    "card S04", "card S07", "card S12")
    assert state.heroes[1].record == ("S12",)


def test_ambush_counterattacks_before_the_attack():
    """Gadgets (Ambush): the ambusher's counterattack comes first, and there is no second one."""
    state, _, events = kinds(duel(p2={"gadgets": ("Ambush",)}), "stand", "attack P2 @1 none/none",
                             "use Ambush", "card S04", "card S05", "card S06", "card S06", "card S05")
    order = [e.data["player"] for e in events if e.kind == "attack"]
    assert order == [1, 0]
    assert ENGINE.turn(state).player == 0


def test_multi_tool_clears_a_jam():
    """Gadgets (Multi tool): the next JAM counts as an empty box."""
    state, texts = play(duel({"gadgets": ("Multi tool",)}), "stand", "use Multi tool",
                        "attack P2 @inf none/none", "card S03")
    assert any("Multi tool clears it" in t for t in texts) and state.tasks


def test_jam_bomb_and_blowgun_stop_the_counterattack():
    """Gadgets (JAM-bomb, Blowgun): a jammed or paralysed target does not counterattack."""
    for gadget, word in (("JAM-bomb", "jammed"), ("Blowgun", "paralysed")):
        state, texts = play(duel({"gadgets": (gadget,)}), "stand", f"use {gadget} on P2",
                            "attack P2 @1 none/none", "card S04", "card S05", "card S06")
        assert not any("P2 counterattacks" in t for t in texts)
        assert any(word in t for t in texts)


def test_peacetime_and_invisibility_stop_attacks_until_the_owners_next_turn():
    """Gadgets (Peacetime, Invisibility): one-round effects last until their owner's next turn."""
    state, _ = play(duel(p2={"gadgets": ("Peacetime",)}, current=1), "stand", "use Peacetime", "end", "stand")
    refused(state, "attack P2 @1 none/none", "Gadgets")
    state, _ = play(state, "end")
    assert not state.effects
    state, _ = play(duel(p2={"gadgets": ("Invisibility",)}, current=1), "stand", "use Invisibility", "end",
                    "stand")
    refused(state, "attack P2 @1 none/none", "Gadgets")


def test_fog_and_prophecy_change_the_number_of_cards():
    """Gadgets (Fog, Prophecy): Fog takes a card off attacks on you, Prophecy adds one to your attack."""
    state, _ = play(duel(p2={"gadgets": ("Fog",)}, current=1), "stand", "use Fog", "end", "stand")
    _, texts = play(state, "attack P2 @1 none/none")
    assert any("2 cards" in t for t in texts)
    _, texts = play(duel({"gadgets": ("Prophecy",)}), "stand", "use Prophecy", "attack P2 @1 none/none")
    assert any("4 cards" in t for t in texts)


def test_helmet_softens_head_hits():
    """Gadgets (Helmet): each head hit does 1 less."""
    state, _ = play(duel(p2={"gadgets": ("Helmet",)}), "stand", "attack P2 @1 none/none", "card S07")
    assert state.heroes[1].damage == 2


def test_homing_missile_always_does_full_damage():
    """Weapon notes (Homing missile): full damage even when moving."""
    state, _ = play(duel({"weapon": "Homing missile"}), "move", "card S16", "attack P2 @1 none/none",
                    "card S13")
    assert state.heroes[1].damage == 2


def test_c17_environment_owner_scores_the_kill():
    """C17, Damage from Gadgets: a Minefield kill counts for the player who laid it."""
    state = duel({"damage": 9, "record": ("S12", "S13", "S19", "S17")}, field=(("Minefield", 1),), phase="act")
    state, _ = play(state, "trigger Minefield on P1", "card S12")
    assert not state.heroes[0].alive and state.heroes[1].kills == 1
    state, _ = play(state, "gadget Medicine")
    assert state.heroes[1].gadgets == ("Medicine",)


def test_c17_environment_kill_counts_while_its_owner_waits_to_respawn():
    """C17: the player who laid an environment card scores its kill while dead, but draws no Gadget."""
    state = duel({"damage": 9, "record": ("S12", "S13", "S19", "S17")}, {"alive": False},
                 field=(("Minefield", 1),), phase="act")
    state, texts = play(state, "trigger Minefield on P1", "card S12")
    assert not state.heroes[0].alive and state.heroes[1].kills == 1
    assert "P2 scores the kill and draws no Gadget, being dead." in texts
    assert all(t.why != "kill" for t in state.tasks)  # a corpse holds no bonus Gadget


def test_c18_oil_barrel_is_the_turns_attack_and_needs_a_firearm():
    """C18, Pop-ups (Oil barrel): only a firearm sets it off; it is the turn's attack and has no counterattack."""
    knife = duel({"weapon": "Combat knife"}, field=(("Oil barrel", 1),), phase="act")
    refused(knife, "trigger Oil barrel on P2", "C18")
    state = duel(field=(("Oil barrel", 1),), phase="act")
    state, _ = play(state, "trigger Oil barrel on P2", "card S12", "card S13", "card S04")
    assert state.heroes[1].damage == 4 and state.field == () and state.attacked
    refused(state, "attack P2 @1 none/none", "Attack and counterattack")


def test_c18_lazaret_heals_once_a_turn():
    """C18, Pop-ups (Lazaret): a HERO touching it heals (draw, heal the number) once a turn."""
    state = duel({"damage": 5, "record": ("S12", "S19")}, field=(("Lazaret", 1),), phase="act")
    state, _ = play(state, "trigger Lazaret", "card S15")
    assert state.heroes[0].damage == 3
    refused(state, "trigger Lazaret", "C18")


def test_c18_trap_stops_movement_until_the_end_of_the_next_turn():
    """C18, Pop-ups (Trap): the trapped HERO moves 0 on its next turn, yet may attack; then it is free."""
    state = duel(field=(("Trap", 0),), phase="act")
    state, _ = play(state, "trigger Trap on P2", "end", "move", "card S05")
    assert SHOOT_CARDS.movement_allowance(state, 1) == 0
    assert any(a.verb == "attack" for a in ENGINE.legal_actions(state, 1))
    state, _ = play(state, "end", "stand", "end", "move", "card S05")
    assert SHOOT_CARDS.movement_allowance(state, 1) == 4


def test_environment_gadget_goes_onto_the_battlefield():
    """Gadgets (environment): played in your turn, it stays on the battlefield."""
    state, _ = play(duel({"gadgets": ("Ladder",)}), "stand", "use Ladder")
    assert state.field == (("Ladder", 0),) and state.heroes[0].gadgets == ()


def test_weapon_swap_and_gadget_swap_trade_with_an_opponent():
    """Gadgets (Weapon swap, Gadget swap): trade with one opponent."""
    state, _ = play(duel({"gadgets": ("Weapon swap", "Gadget swap", "Fog")}, {"gadgets": ("Helmet",)}),
                    "stand", "use Weapon swap on P2", "use Gadget swap on P2")
    assert [h.weapon for h in state.heroes] == ["Pistol", "Revolver"]
    assert state.heroes[0].gadgets == ("Helmet",) and state.heroes[1].gadgets == ("Fog",)


# -- healing --------------------------------------------------------------------------------------------
def test_c19_healing_keeps_lasting_wounds():
    """C19, Healing: healing lowers the band; the cards and their wounds stay until Vitamins or death."""
    state = duel({"damage": 2, "record": ("S43",), "gadgets": ("Medicine", "Vitamins")})
    state, _ = play(state, "stand", "use Medicine")
    assert state.heroes[0].damage == 0 and state.heroes[0].record == ("S43",)
    assert SHOOT_CARDS.minus_movement(state.heroes[0]) == 3
    state, _ = play(state, "use Vitamins")
    assert state.heroes[0].record == () and SHOOT_CARDS.minus_movement(state.heroes[0]) == 0


# -- ask the cards ----------------------------------------------------------------------------------------
def test_c20_the_cards_answer_once_a_turn():
    """C20, Ask the cards: the answer is the card's YES or NO; one question per turn."""
    state, texts = play(duel(), "ask", "card S07")
    assert any("say YES" in t for t in texts)
    refused(state, "ask", "C20")


# -- death --------------------------------------------------------------------------------------------------
def test_death_at_ten_empties_the_record_and_reshuffles():
    """Death: at 10 damage the HERO dies, the record is emptied and the deck reshuffled."""
    state = duel(p2={"damage": 7, "record": ("S12", "S19", "S10", "S16")})
    state, _ = play(state, "ask", "card S04", "stand", "attack P2 @1 none/none", "card S07")
    dead = state.heroes[1]
    assert not dead.alive and dead.record == () and dead.deaths == 1
    assert sum(state.discard) == 0 and sum(state.deck) == 64


def test_flag_drops_when_its_carrier_dies():
    """Death: the Flag stays where its carrier fell and can be taken by others."""
    state = duel(p2={"damage": 8, "record": ("S12", "S19", "S10")})
    state = SHOOT.evolve(state, flag=1)
    state, _ = play(state, "stand", "attack P2 @1 none/none", "card S07", "gadget Fog")
    assert state.flag == -1
    state, _ = play(state, "take flag")
    assert state.flag == 0


def test_respawn_brings_a_new_weapon_and_gadget_and_clears_the_corpse():
    """Death: on its next turn the dead player discards its things and spawns with a new Weapon and Gadget."""
    state = duel(p2={"damage": 8, "record": ("S12", "S19", "S10"), "gadgets": ("Helmet",)})
    state, _ = play(state, "stand", "attack P2 @1 none/none", "card S07", "gadget Fog", "end")
    assert ENGINE.turn(state).kind == "chance"
    state, _ = play(state, "weapon Katana", "gadget Crane")
    hero = state.heroes[1]
    assert hero.alive and hero.damage == 0 and hero.weapon == "Katana" and hero.gadgets == ("Crane",)
    assert state.weapon_discard[SHOOT_CARDS.WEAPON_INDEX["Pistol"]] == 1 and "Helmet" in state.gadget_discard
    assert ENGINE.turn(state).player == 1


def test_c21_dying_in_your_own_turn_ends_it():
    """C21, Death: a HERO that dies in its own turn ends the turn; the rest of its attack is lost."""
    state = build(ENGINE, [{"weapon": "Chainsaw", "damage": 8, "record": ("S12", "S19", "S10")},
                           {"weapon": "Shotgun"}])
    state, texts = play(state, "stand", "attack P2 @0 none/none", "card S03", "card S12")
    assert not state.heroes[0].alive
    assert not any("counterattacks" in t for t in texts)
    assert ENGINE.turn(state).player == 1 and state.phase == "start"


def test_c22_looting_takes_gadgets_or_trades_weapons():
    """C22, Death (looting): take a corpse's Gadgets, or leave your Weapon for its Weapon."""
    state = ENGINE.setups()["corpse"]
    refused(state, "loot P1", "Death")
    state, _ = play(state, "loot P2", "loot P2 weapon")
    assert state.heroes[0].gadgets == ("Helmet", "Medicine") and state.heroes[0].weapon == "Machine gun"
    assert state.heroes[1].weapon == "Crossbow" and state.heroes[1].gadgets == ()
    refused(state, "loot P2", "C22")
    refused(state, "loot P2 weapon", "C22")  # once a turn: swapping back and forth would never end a turn


def test_suicide_kills_without_a_kill_bonus():
    """Death (suicide): a HERO may take its own life; nobody scores."""
    state, _ = play(duel(phase="act"), "suicide")
    assert not state.heroes[0].alive and state.heroes[1].kills == 0


# -- winning and modes --------------------------------------------------------------------------------------
def test_c23_flag_cannot_come_home_the_turn_it_is_taken():
    """C23, Winning: capture is accepted only on a later turn than the pick-up; then it wins."""
    state, _ = play(duel(phase="act"), "take flag")
    refused(state, "capture", "C23")
    state, _ = play(state, "end", "stand", "end", "stand", "capture")
    assert ENGINE.result(state).winners == (0,)


def test_c23_turn_limit_ends_in_a_draw():
    """C23: after the turn limit the game ends in a draw."""
    state = duel(max_turns=3)
    state, _ = play(state, "stand", "end")
    result = ENGINE.result(state)
    assert result is not None and result.winners == () and "draw" in result.text


def test_frag_hunt_is_won_at_three_kills():
    """Modes (Frag hunt): the first to 3 kills wins."""
    state = duel({"kills": 2}, {"damage": 8, "record": ("S12", "S19", "S10")}, mode="frags")
    state, _ = play(state, "stand", "attack P2 @1 none/none", "card S07")
    assert ENGINE.result(state).winners == (0,)


def test_last_man_standing_counts_lives():
    """Modes (Last man standing, Instant death): a HERO out of lives is out; the last one wins."""
    state = duel(p2={"damage": 8, "record": ("S12", "S19", "S10"), "deaths": 2}, mode="last")
    state, _ = play(state, "stand", "attack P2 @1 none/none", "card S07")
    assert ENGINE.result(state).winners == (0,)
    instant = build(ENGINE, [{"weapon": "Revolver"}, {"weapon": "Pistol", "damage": 8, "record": ("S12", "S19")},
                             {"weapon": "Pistol"}], mode="instant")
    instant, _ = play(instant, "stand", "attack P2 @1 none/none", "card S07", "gadget Fog", "end")
    assert instant.heroes[1].out and ENGINE.result(instant) is None
    assert ENGINE.turn(instant).player == 2  # P2 is skipped for good


def test_run_to_the_hill_is_won_by_reaching_the_flag():
    """Modes (Run to the Hill): reaching the Flag on the hill wins."""
    state, _ = play(duel(mode="hill", phase="act"), "take flag")
    assert ENGINE.result(state).winners == (0,)


# -- engine contract --------------------------------------------------------------------------------------
def test_unreadable_notation_is_refused_as_notation():
    """Playing with the rules engine: text that is not an action is refused under "notation"."""
    for text in ("shoot P2", "attack P9 @1 none/none", "attack P2 @2 none/none", "use Banana", "card S99", ""):
        with pytest.raises(IllegalAction) as caught:
            ENGINE.parse(duel(), text)
        assert caught.value.rule == "notation"


def test_chance_draw_must_be_in_the_deck():
    """The Splattercard: a drawn card must still be in the deck."""
    state, _ = play(duel(), "stand", "attack P2 @1 none/none", "card S07")
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, ENGINE.parse(state, "card S07"))
    assert caught.value.rule == "chance"


def test_hidden_weapons_and_gadgets_stay_hidden_until_used():
    """Weapons: keep your Weapon hidden; it shows once used. Observations and determinize respect that."""
    state = duel({"gadgets": ("Medicine",)}, {"gadgets": ("Fog",)})
    seen = ENGINE.observation(state, 0)
    assert seen["heroes"][1]["weapon"] == "?" and seen["heroes"][1]["gadgets"] == ["?"]
    assert seen["heroes"][0]["weapon"] == "Revolver"
    shot, _ = play(state, "stand", "attack P2 @1 none/none", "card S04", "card S05", "card S06")
    assert ENGINE.observation(shot, 0)["heroes"][1]["weapon"] == "Pistol"  # it counterattacked
    guess = ENGINE.determinize(state, 0, random.Random(3))
    assert guess.heroes[0] == state.heroes[0]
    assert sum(guess.weapon_deck) == sum(state.weapon_deck) and len(guess.heroes[1].gadgets) == 1


def test_render_draws_every_player_and_marks_highlighted_cells():
    """render(): one panel per player with named location cells; highlighted cells are marked."""
    state = ENGINE.setups()["crossfire"]
    drawing = ENGINE.render(state, highlight=("P2.head",))

    def walk(shapes):
        for shape in shapes:
            yield shape
            yield from walk(getattr(shape, "shapes", ()))
    shapes = list(walk(drawing.shapes))
    cells = {s.cell for s in shapes if getattr(s, "cell", "")}
    assert {"P1", "P2", "P3", "P2.head", "P3.left-foot"} <= cells
    assert any(getattr(s, "role", "") == "highlight" for s in shapes)
    assert 100 <= drawing.width <= 190


def test_cells_name_the_attacker_then_the_target():
    """cells(): an attack touches the attacker's panel first and the target's last."""
    state, _ = play(duel(), "stand")
    attack = ENGINE.parse(state, "attack P2 @1 none/none")
    assert ENGINE.cells(state, attack) == ("P1", "P2")


def test_heuristic_bot_heals_when_hurt_and_attacks_when_it_pays():
    """BOTS["heuristic"]: a hurt HERO heals first; a healthy one shoots a fragile target."""
    bot = SHOOT_BOTS.BOTS["heuristic"]
    hurt, _ = play(duel({"damage": 7, "record": ("S12", "S19", "S17"), "gadgets": ("Medicine",)}), "stand")
    assert ENGINE.notation(bot(ENGINE, hurt, 0, random.Random(1))) == "use Medicine"
    ready, _ = play(duel(p2={"damage": 8, "record": ("S12", "S19", "S10")}), "stand")
    choice = bot(ENGINE, ready, 0, random.Random(1))
    assert choice.verb == "attack" and choice.who == (1,)
