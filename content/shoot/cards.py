"""Splatter SHOOT: the three decks, and what the cards a HERO holds or carries mean.

Splattercards, Weapons (with their JAM tables) and Gadgets, read from the
tables game.toml declares (board.TABLES); lookups by name; which rows a card
set uses. Then what the rules and the drawing both read off a HERO: the
lasting wounds in the Medical Record (minus movement, minus attack, lost
body parts), Gadgets by kind, and the movement allowance of the turn.

A HERO and a state are taken duck-typed (the records are engine.Hero and
engine.ShootState): this module is imported by the engine, not the reverse.
Standard library only: this module runs in the browser under Pyodide.
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import BANDS, LOCATION_INDEX, TABLES


# -- the card data --------------------------------------------------------------------------
@dataclass(frozen=True)
class Splattercard:
    id: str
    title: str
    set: str
    qty: int
    move: int
    arrow: int
    heal: int
    answer: str
    hit: str  # a location of the Medical Record, or "none"
    action: int  # striped damage: counts even when the shooter moved
    still: int  # plain damage: counts only under full damage
    jam: str  # "A", "B", "C" or "-"
    push: bool
    minus_move: int
    minus_attack: bool
    severs: bool
    death: bool
    effect: str

    @property
    def is_jam(self) -> bool:
        return self.jam != "-"

    @property
    def is_hit(self) -> bool:
        return self.hit != "none"


@dataclass(frozen=True)
class JamBox:
    result: str  # "empty" (miss, go on), "yellow" (attack lost) or "red" (attack and Weapon lost)
    damage: int  # Splattercards of full damage the shooter gives himself
    push: bool  # the shooter is pushed back 1 card length

    @classmethod
    def read(cls, text: str) -> "JamBox":
        words = text.split()
        damage = int(words[words.index("dmg") + 1]) if "dmg" in words else 0
        return cls(words[0], damage, "push" in words)

    def short(self) -> str:
        return self.result + (f" dmg{self.damage}" if self.damage else "") + (" push" if self.push else "")

    def describe(self) -> str:
        parts = [{"empty": "empty box", "yellow": "yellow JAM", "red": "red JAM"}[self.result]]
        if self.damage:
            parts.append(f"{self.damage} cards of damage to the shooter")
        if self.push:
            parts.append("shooter pushed back")
        return ", ".join(parts)


@dataclass(frozen=True)
class Weapon:
    name: str
    set: str
    qty: int
    draws: tuple[int, int, int]  # Splattercards per band 0, 1, inf; 0 = cannot attack at that band
    firearm: bool
    special: str  # none | full | area | dual | push | cannon
    jams: tuple[JamBox, JamBox, JamBox]
    jam_note: str
    effect: str

    def draw(self, band: str) -> int:
        return self.draws[BANDS.index(band)]

    def jam(self, letter: str) -> JamBox:
        return self.jams["ABC".index(letter)]


@dataclass(frozen=True)
class Gadget:
    name: str
    set: str
    qty: int
    timing: str  # white | white-red | red
    duration: str  # one-time | one-round | permanent | environment | pop-up
    kind: str  # what the engine does with it
    value: int
    effect: str


CARDS: tuple[Splattercard, ...] = tuple(
    Splattercard(
        r["id"], r["title"], r["set"], r["qty"], r["move"], r["arrow"], r["heal"],
        r["answer"], r["hit"], r["action"], r["still"], r["jam"], r["push"],
        r["minus_move"], r["minus_attack"], r["severs"], r["death"], r["effect"],
    )
    for r in TABLES["splattercards"].rows
)
CARD_INDEX = {card.id: i for i, card in enumerate(CARDS)}
WEAPONS: tuple[Weapon, ...] = tuple(
    Weapon(
        r["name"], r["set"], r["qty"], (r["draw_0"], r["draw_1"], r["draw_inf"]),
        r["firearm"], r["special"], tuple(JamBox.read(r[k]) for k in ("jam_a", "jam_b", "jam_c")),
        r["jam_note"], r["effect"],
    )
    for r in TABLES["weapons"].rows
)
WEAPON_INDEX = {w.name: i for i, w in enumerate(WEAPONS)}
GADGETS: tuple[Gadget, ...] = tuple(
    Gadget(r["name"], r["set"], r["qty"], r["timing"], r["duration"], r["kind"], r["value"], r["effect"])
    for r in TABLES["gadgets"].rows
)
GADGET_INDEX = {g.name: i for i, g in enumerate(GADGETS)}
CARD_IDS = tuple(c.id for c in CARDS)  # the keys of a deck's counts in JSON
WEAPON_NAMES = tuple(w.name for w in WEAPONS)
GADGET_NAMES = tuple(g.name for g in GADGETS)

CARD_SETS = ("normal", "beginner")  # normal: all 130 cards; beginner: only rows marked "both" (95)


def in_set(row_set: str, cards: str) -> bool:
    """Whether a row marked `row_set` belongs to the card set `cards`."""
    return cards == "normal" or row_set == "both"


def full_deck(cards: str, rows) -> tuple[int, ...]:
    """A whole deck of the card set `cards`: copies per row of CARDS, WEAPONS or GADGETS."""
    return tuple(r.qty if in_set(r.set, cards) else 0 for r in rows)


def gadget(name: str) -> Gadget:
    return GADGETS[GADGET_INDEX[name]]


def weapon(name: str) -> Weapon:
    return WEAPONS[WEAPON_INDEX[name]]


def card(card_id: str) -> Splattercard:
    return CARDS[CARD_INDEX[card_id]]


# -- what a HERO's cards mean ---------------------------------------------------------------
def record_cards(hero) -> list[Splattercard]:
    return [CARDS[CARD_INDEX[c]] for c in hero.record]


def minus_movement(hero) -> int:
    return sum(c.minus_move for c in record_cards(hero))


def lost_locations(hero) -> set[str]:
    return {c.hit for c in record_cards(hero) if c.severs}


def cannot_attack(hero) -> bool:
    """Two minus-attack cards on opposite sides (a right and a left one) stop attacks (C14)."""
    sides = {LOCATION_INDEX[c.hit].side for c in record_cards(hero) if c.minus_attack}
    return "right" in sides and "left" in sides


def holds_kind(hero, kind: str) -> Gadget | None:
    for name in hero.gadgets:
        if gadget(name).kind == kind:
            return gadget(name)
    return None


def movement_allowance(state, player: int) -> float:
    """Card lengths this turn: action card minus wounds plus boots/Mushrooms, never under half (C5)."""
    hero = state.heroes[player]
    if not state.moving or state.action_card is None:
        return 0.0
    if hero.trap_turns:
        return 0.0
    # a Gadget its viewer may not see (engine.view's "?") adds nothing that viewer knows of
    boots = sum(gadget(g).value for g in hero.gadgets if g in GADGET_INDEX and gadget(g).kind == "boots")
    return max(0.5, card(state.action_card).move - minus_movement(hero) + boots + state.bonus_move)


