"""Splatter SHOOT: the card side of a table-top shooter, on the Rulepress engine API.

The table keeps what only the table can judge: line of sight, measuring,
climbing, where Tokens land. Everything a card decides lives here: the
action card and its movement, attacks drawn by distance band, striped
(action) versus full damage, cover, the JAM table, counterattacks, lasting
wounds (minus movement, minus attack, lost body parts), healing, death at
10, looting, respawning and the kill bonus.

What the table decides enters as explicit parameters of an action:
``attack P2 @1 low/none`` names the target, the distance band (0, 1 or inf),
what of the target shows past its cover and what of the attacker shows to the
target (for the counterattack). Moving or standing is the first choice of
every turn (``move`` draws the action card, ``stand`` does not).

Decks are multisets: every draw is a chance outcome (``card S07``,
``weapon Shotgun``, ``gadget Helmet``) weighted by the copies left, which is
the same as drawing from a shuffled deck and replays exactly from a log.
Rule names in refusals point at sections and clarifications of rules.md.

The game is a small package: board.py holds the table's measures and the
Medical Record, cards.py the decks and what a HERO's cards mean, this module
the rules (states, actions, resolving them, `ENGINE`), drawing.py the status
diagram and bots.py the computer player.

Standard library only: this module runs in the browser under Pyodide.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Mapping

from generator.draw.shapes import Drawing
from generator.play.api import Engine, Event, IllegalAction, Result, Turn

from .board import (
    ATTACKER_COVERS, BAND_WORDS, BANDS, COVER_LETS_COUNTER, COVERS, DAMAGING_JUMPS, DEATH_DAMAGE,
    FRAGS_TO_WIN, HIDDEN, JUMPS, LIVES, LOCATION_INDEX, MODES, lengths, pname,
)
from .cards import (
    CARD_IDS, CARD_INDEX, CARD_SETS, CARDS, GADGET_INDEX, GADGET_NAMES, GADGETS, WEAPON_INDEX, WEAPON_NAMES,
    WEAPONS, JamBox, Splattercard, Weapon, cannot_attack, card, full_deck, gadget, holds_kind, lost_locations,
    minus_movement, movement_allowance, record_cards, weapon,
)
from .drawing import LAYOUTS, PRINT_LAYOUTS, draw_status


def rule(section: str, clarification: str = "") -> str:
    """The rules.md section (and clarification) a refusal names."""
    return f"Rules §{section}" + (f", {clarification}" if clarification else "")


# -- states -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hero:
    """One player's HERO, Medical Record and hand. A dead HERO is a corpse until its next turn."""

    alive: bool = True
    out: bool = False  # no lives left (last-man-standing modes)
    damage: int = 0  # the rubber band on the damage track, 0-10
    record: tuple[str, ...] = ()  # Splattercards in the Medical Record (they carry lasting wounds)
    weapon: str | None = None
    weapon_shown: bool = False  # everyone has seen this Weapon (it was used or lay on a corpse)
    gadgets: tuple[str, ...] = ()
    kills: int = 0
    deaths: int = 0
    trap_turns: int = 0  # own turn ends left while caught in a Trap
    boosts: tuple[str, ...] = ()  # this turn only: prophecy, multitool, jammed, paralysed


@dataclass(frozen=True)
class Aim:
    """One target of an attack: the band and cover the table reports."""

    target: int
    band: str
    cover: str  # what of the target the attacker can see
    back: str  # what of the attacker the target can see (for the counterattack)


@dataclass(frozen=True)
class Combat:
    """An attack being resolved: declared aims, then reactions, ambushes, the attack, the counterattacks."""

    attacker: int
    weapon: str
    aims: tuple[Aim, ...]
    stage: str = "react"  # aim | react | ambush | attack | counter
    index: int = 0  # which aim the stage is at
    left: int = -1  # cards still to draw in the running salvo; -1: no salvo running
    drawn: int = 0  # cards drawn in the attack stage so far (a JAM as the first one cancels counterattacks)
    earned: tuple[bool, ...] = ()  # per aim: this target was attacked and may counterattack
    reactions: tuple[tuple[str, ...], ...] = ()  # per aim: ambush, pepper, sidestep played by the target
    extra: int = 0  # Prophecy: extra cards per attack salvo


@dataclass(frozen=True)
class Task:
    """A pending draw. kind: start | weapon | gadget | action-card | token | heal | harm | ask."""

    kind: str
    player: int = -1
    count: int = 0  # harm: cards still to draw
    why: str = ""
    credit: int = -1  # harm: who gets the kill bonus (-1 nobody)


@dataclass(frozen=True)
class ShootState:
    players: int
    mode: str
    cards: str
    max_turns: int
    flag_returns: bool
    heroes: tuple[Hero, ...]
    deck: tuple[int, ...]  # Splattercards per CARDS row still in the deck
    discard: tuple[int, ...]
    weapon_deck: tuple[int, ...]
    weapon_discard: tuple[int, ...]
    gadget_deck: tuple[int, ...]
    gadget_discard: tuple[str, ...]  # face up, last one on top (Recycle takes it)
    field: tuple[tuple[str, int], ...] = ()  # cards on the battlefield: (name, who put it there)
    current: int = 0
    phase: str = "setup"  # setup | start | act | over
    action_card: str | None = None
    moving: bool = False
    bonus_move: int = 0
    attacked: bool = False
    used: tuple[str, ...] = ()  # once-a-turn things done: ask, lazaret, a corpse's Weapon swapped ("swap P2")
    pushed: tuple[tuple[int, int], ...] = ()  # (victim, pusher or -1) this turn
    effects: tuple[tuple[str, int], ...] = ()  # one-round Gadgets: (kind, owner) until the owner's next turn
    flag: int = -1  # who carries the Flag (-1: nobody)
    flag_turn: int = 0  # the turn the carrier picked it up
    tasks: tuple = ()  # Task and Combat records; the first is resolved next
    turn_no: int = 0
    winners: tuple[int, ...] | None = None
    ending: str = ""
    last_cards: tuple[str, ...] = ()  # Splattercards drawn by the latest action (for the diagram)


@dataclass(frozen=True)
class Act:
    """Every action, player or chance. verb names it; the other fields are its parameters."""

    verb: str
    name: str = ""
    who: tuple[int, ...] = ()
    band: str = ""
    cover: str = ""
    back: str = ""


CARD_ACTS = tuple(Act("card", c.id) for c in CARDS)  # the chance outcomes of a Splattercard draw


# -- small helpers over states and decks ----------------------------------------------------
def _weapon_swap(victim: int) -> str:
    """The `used` mark of a Weapon swapped with this corpse: once a turn, or a turn could swap back for ever."""
    return f"swap P{victim + 1}"


def evolve(obj, **changes):
    """A copy of a frozen record with some fields changed (dataclasses.replace, without its
    per-call introspection: states are copied on every action)."""
    new = object.__new__(type(obj))
    fields = dict(obj.__dict__)
    fields.update(changes)
    new.__dict__.update(fields)
    return new


def _set(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _add(counts: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return _set(counts, index, counts[index] + amount)


def _merge(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def has_effect(state: ShootState, kind: str, owner: int | None = None) -> bool:
    return any(k == kind and (owner is None or o == owner) for k, o in state.effects)


def card_total(state: ShootState) -> int:
    """Every Splattercard of the game, wherever it is (deck, discard, records, action card)."""
    total = sum(state.deck) + sum(state.discard) + sum(len(h.record) for h in state.heroes)
    return total + (1 if state.action_card else 0)


# -- the engine --------------------------------------------------------------------------
class ShootEngine(Engine):
    name = "Splatter SHOOT"
    min_players = 2
    max_players = 4
    option_defaults = {"mode": "flag", "cards": "normal", "max_turns": 200, "flag_returns": False}
    rules_version = "shoot-1"

    def player_name(self, state, player: int) -> str:
        return f"P{player + 1}"  # the rules' player names

    # -- setting up ---------------------------------------------------------------------
    def initial_state(self, players: int, options: Mapping | None = None) -> ShootState:
        self.check_players(players)
        opts = self.options(options)
        if opts["mode"] not in MODES:
            raise IllegalAction("options", f"mode must be one of {', '.join(MODES)}")
        if opts["cards"] not in CARD_SETS:
            raise IllegalAction("options", "cards must be 'normal' (130 cards) or 'beginner' (95 cards)")
        tasks = []
        for p in range(players):
            tasks += [Task("weapon", p, why="setup"), Task("gadget", p, why="setup")]
        tasks.append(Task("start"))
        return ShootState(
            players=players, mode=opts["mode"], cards=opts["cards"], max_turns=int(opts["max_turns"]),
            flag_returns=bool(opts["flag_returns"]), heroes=tuple(Hero() for _ in range(players)),
            deck=full_deck(opts["cards"], CARDS), discard=tuple(0 for _ in CARDS),
            weapon_deck=full_deck(opts["cards"], WEAPONS), weapon_discard=tuple(0 for _ in WEAPONS),
            gadget_deck=full_deck(opts["cards"], GADGETS), gadget_discard=(), tasks=tuple(tasks),
        )

    def setups(self) -> dict:
        return _walkthrough_setups(self)

    # -- whose turn -----------------------------------------------------------------------
    def turn(self, state: ShootState) -> Turn:
        if state.winners is not None:
            return Turn.over()
        if state.tasks:
            head = state.tasks[0]
            if isinstance(head, Combat):
                if head.stage == "aim":
                    return Turn.of(head.attacker)
                if head.stage == "react":
                    return Turn.of(head.aims[head.index].target)
            return Turn.chance()
        return Turn.of(state.current)

    def result(self, state: ShootState) -> Result | None:
        if state.winners is None:
            return None
        return Result(state.winners, tuple(float(h.kills) for h in state.heroes), state.ending)

    # -- chance -----------------------------------------------------------------------------
    def chance_outcomes(self, state: ShootState) -> list[tuple[Act, float]]:
        if self.turn(state).kind != "chance":
            return []
        head = state.tasks[0]
        if isinstance(head, Task) and head.kind == "start":
            return [(Act("start", who=(p,)), 1.0 / state.players) for p in range(state.players)]
        if isinstance(head, Task) and head.kind == "weapon":
            total = sum(state.weapon_deck)
            return [(Act("weapon", w.name), n / total) for w, n in zip(WEAPONS, state.weapon_deck) if n]
        if isinstance(head, Task) and head.kind == "gadget":
            total = sum(state.gadget_deck)
            return [(Act("gadget", g.name), n / total) for g, n in zip(GADGETS, state.gadget_deck) if n]
        total = sum(state.deck)
        return [(act, n / total) for act, n in zip(CARD_ACTS, state.deck) if n]

    # -- legal actions ------------------------------------------------------------------------
    def legal_actions(self, state: ShootState, player: int) -> list[Act]:
        turn = self.turn(state)
        if turn.kind != "player" or turn.player != player:
            return []
        legal = [a for a in self._candidates(state, player) if self._refuse_now(state, player, a) is None]
        return legal + list(self._legal_aims(state, player))

    def _legal_aims(self, state: ShootState, player: int) -> Iterable[Act]:
        """Attacks (and extra targets) expanded only where the parameter-free checks pass: fast."""
        head = state.tasks[0] if state.tasks else None
        if isinstance(head, Combat):
            if head.stage != "aim":
                return
            verb, withs, w = "add", [""], weapon(head.weapon)
            if w.special == "dual" and len(head.aims) >= 2:
                return
            taken = {aim.target for aim in head.aims}
        elif state.phase == "act":
            verb, taken = "attack", set()
            withs = [""] + (["Cannon"] if any(n == "Cannon" for n, _ in state.field) else [])
        else:
            return
        for with_ in withs:
            if verb == "attack":
                if self._refuse_attack_at_all(state, player, with_):
                    continue
                w = weapon(with_ or state.heroes[player].weapon)
            for p in range(state.players):
                if p in taken or self._refuse_target(state, player, p):
                    continue
                for band in BANDS:
                    if w.draw(band) == 0 or (w.special == "area" and band == "inf"):
                        continue
                    for cover in COVERS:
                        for back in ATTACKER_COVERS:
                            yield Act(verb, with_, (p,), band, cover, back)

    def _candidates(self, state: ShootState, player: int) -> Iterable[Act]:
        head = state.tasks[0] if state.tasks else None
        if isinstance(head, Combat) and head.stage == "react":
            yield Act("pass")
            for name in dict.fromkeys(state.heroes[player].gadgets):
                g = gadget(name)
                if g.kind == "jam-bomb":
                    yield Act("use", name, (head.attacker,))
                else:
                    yield Act("use", name)
            return
        if isinstance(head, Combat) and head.stage == "aim":
            yield Act("fire")
            return
        if state.phase == "start":
            yield from (Act("move"), Act("stand"), Act("bleed"), Act("ask"), Act("shuffle"))
            return
        hero = state.heroes[player]
        others = [p for p in range(state.players) if p != player]
        yield from (Act("end"), Act("shuffle"), Act("ask"), Act("suicide"), Act("take"), Act("capture"))
        for kind in ("weapon", "gadget", "heal"):
            yield Act("token", kind)
        for key in DAMAGING_JUMPS:
            yield Act("jump", key)
        for p in others:
            yield Act("loot", "", (p,))
            yield Act("loot", "weapon", (p,))
        for p in range(state.players):
            yield Act("fall", "", (p,))
        for name in dict.fromkeys(hero.gadgets):
            yield from self._gadget_candidates(state, player, name)
        for name in dict.fromkeys(n for n, _ in state.field):
            yield from self._field_candidates(state, player, name)

    def _gadget_candidates(self, state: ShootState, player: int, name: str) -> Iterable[Act]:
        kind = gadget(name).kind
        others = [p for p in range(state.players) if p != player]
        if kind in ("swap-weapon", "paralyse", "swap-gadgets", "jam-bomb"):
            for p in others:
                yield Act("use", name, (p,))
        elif kind == "bomb":
            for subset in _subsets(others):
                yield Act("use", name, subset)
        else:
            yield Act("use", name)

    def _field_candidates(self, state: ShootState, player: int, name: str) -> Iterable[Act]:
        kind = gadget(name).kind if name in GADGET_INDEX else "weapon"
        everyone = list(range(state.players))
        if kind in ("hazard", "barrel"):
            for subset in _subsets(everyone):
                if subset:
                    yield Act("trigger", name, subset)
        elif kind == "trap":
            for p in everyone:
                yield Act("trigger", name, (p,))
        elif kind == "lazaret":
            yield Act("trigger", name)

    # -- why an action is refused (None: it is legal) ----------------------------------------
    def _refusal(self, state: ShootState, player: int, a: Act) -> IllegalAction | None:
        turn = self.turn(state)
        if turn.kind == "over":
            return IllegalAction(rule("Winning"), "the game is over")
        if turn.kind != "player" or turn.player != player:
            return IllegalAction(rule("A turn step by step"), f"it is not {pname(player)}'s decision now")
        return self._refuse_now(state, player, a)

    def _refuse_now(self, state: ShootState, player: int, a: Act) -> IllegalAction | None:
        """The refusal for `a`, knowing it is `player`'s decision."""
        head = state.tasks[0] if state.tasks else None
        if isinstance(head, Combat) and head.stage == "react":
            return self._refuse_reaction(state, player, head, a)
        if isinstance(head, Combat) and head.stage == "aim":
            return self._refuse_aiming(state, head, a)
        hero = state.heroes[player]
        if state.phase == "start":
            if a.verb == "move" or a.verb == "stand":
                return None
            if a.verb == "bleed":
                if minus_movement(hero) < 3:
                    return IllegalAction(rule("Minus movement", "C13"),
                                         "bleeding to death needs minus movement of 3 or more")
                return None
            if a.verb in ("ask", "shuffle"):
                return self._refuse_any_time(state, a)
            return IllegalAction(rule("A turn step by step"), "first decide: move (draw an action card) or stand")
        if a.verb in ("move", "stand", "bleed"):
            return IllegalAction(rule("A turn step by step"), "moving or standing is decided at the start of the turn")
        if a.verb in ("pass", "fire", "add"):
            return IllegalAction(rule("Attack and counterattack"), "there is no attack being declared")
        if a.verb in ("end", "suicide"):
            return None
        if a.verb in ("ask", "shuffle"):
            return self._refuse_any_time(state, a)
        if a.verb == "take":
            if state.flag != -1:
                return IllegalAction(rule("Winning"), f"{pname(state.flag)} already carries the Flag")
            return None
        if a.verb == "capture":
            if state.flag != player:
                return IllegalAction(rule("Winning"), "you do not carry the Flag")
            if state.mode != "flag":
                return IllegalAction(rule("Modes"), "this mode is not won by bringing the Flag home")
            if state.flag_turn >= state.turn_no:
                return IllegalAction(rule("Winning", "C23"), "the Flag cannot be taken and brought home in one turn")
            return None
        if a.verb == "token":
            if a.name not in ("weapon", "gadget", "heal"):
                return IllegalAction("notation", f"no {a.name!r} Token")
            if a.name == "heal" and hero.damage == 0:
                return IllegalAction(rule("Healing"), "a healing Token heals damage, and you have none")
            return None
        if a.verb == "jump":
            if a.name not in JUMPS:
                return IllegalAction("notation", f"no jump height {a.name!r}")
            return None
        if a.verb == "loot":
            return self._refuse_loot(state, player, a)
        if a.verb == "fall":
            return self._refuse_fall(state, player, a)
        if a.verb == "use":
            return self._refuse_gadget(state, player, a)
        if a.verb == "trigger":
            return self._refuse_trigger(state, player, a)
        if a.verb == "attack":
            return self._refuse_attack(state, player, a)
        return IllegalAction("notation", f"{a.verb!r} is not an action of {self.name}")

    def _refuse_any_time(self, state: ShootState, a: Act) -> IllegalAction | None:
        if a.verb == "ask" and "ask" in state.used:
            return IllegalAction(rule("Ask the cards", "C20"), "the cards answer one question per turn")
        if a.verb == "shuffle" and not sum(state.discard):
            return IllegalAction(rule("The Splattercard", "C4"), "the discard pile is empty: nothing to shuffle in")
        return None

    def _refuse_loot(self, state: ShootState, player: int, a: Act) -> IllegalAction | None:
        (victim,) = a.who
        corpse = state.heroes[victim] if 0 <= victim < state.players else None
        if corpse is None or victim == player:
            return IllegalAction(rule("Death"), "loot another player's corpse")
        if corpse.alive:
            return IllegalAction(rule("Death"), f"{pname(victim)} is alive: only corpses can be looted")
        if a.name == "weapon" and corpse.weapon is None:
            return IllegalAction(rule("Death", "C22"), f"{pname(victim)}'s corpse has no Weapon")
        if a.name == "weapon" and _weapon_swap(victim) in state.used:
            return IllegalAction(rule("Death", "C22"), f"you have already swapped Weapons with {pname(victim)}'s corpse this turn")
        if a.name == "" and not corpse.gadgets:
            return IllegalAction(rule("Death", "C22"), f"{pname(victim)}'s corpse has no Gadgets")
        return None

    def _refuse_fall(self, state: ShootState, player: int, a: Act) -> IllegalAction | None:
        (victim,) = a.who
        if not 0 <= victim < state.players or not state.heroes[victim].alive:
            return IllegalAction(rule("Death"), "only a living HERO can go over the edge")
        if not any(v == victim for v, _ in state.pushed):
            return IllegalAction(rule("Death", "C15"), f"{pname(victim)} was not pushed this turn")
        return None

    def _refuse_gadget(self, state: ShootState, player: int, a: Act, reacting: bool = False) -> IllegalAction | None:
        hero = state.heroes[player]
        if a.name not in GADGET_INDEX or a.name not in hero.gadgets:
            return IllegalAction(rule("Gadgets"), f"{pname(player)} holds no {a.name}")
        g = gadget(a.name)
        if not reacting and g.timing == "red":
            return IllegalAction(rule("Gadget timing", "C16"), f"{g.name} is red: only when you are attacked")
        kind = g.kind
        if kind in ("boots", "jetpack", "armour-head", "armour-torso", "backpack"):
            return IllegalAction(rule("Gadgets"), f"{g.name} works by itself while you hold it")
        targeted = kind in ("swap-weapon", "paralyse", "swap-gadgets", "jam-bomb")
        if targeted:
            if len(a.who) != 1 or a.who[0] == player or not 0 <= a.who[0] < state.players:
                return IllegalAction(rule("Gadgets"), f"{g.name} needs one opponent")
            if not state.heroes[a.who[0]].alive:
                return IllegalAction(rule("Gadgets"), f"{pname(a.who[0])} is dead")
        elif kind == "bomb":
            if player in a.who or len(set(a.who)) != len(a.who):
                return IllegalAction(rule("Gadgets"), "name each other HERO near the blast once")
            if any(not 0 <= p < state.players or not state.heroes[p].alive for p in a.who):
                return IllegalAction(rule("Gadgets"), "the blast can only hurt living HEROES")
        elif a.who:
            return IllegalAction(rule("Gadgets"), f"{g.name} takes no target")
        if kind in ("heal", "heal-draw") and hero.damage == 0:
            return IllegalAction(rule("Healing"), "you have no damage to heal")
        if kind == "recycle" and not state.gadget_discard:
            return IllegalAction(rule("Gadgets"), "the Gadget discard pile is empty")
        if kind == "extra-card" and (state.attacked or "prophecy" in hero.boosts):
            return IllegalAction(rule("Gadgets"), "Prophecy must come before this turn's attack")
        if kind == "extra-move" and not state.moving:
            return IllegalAction(rule("Gadgets"), "Mushrooms add to an action card, and you stood still")
        if kind == "cure" and not any(c.minus_move or c.minus_attack for c in record_cards(hero)):
            return IllegalAction(rule("Gadgets"), "no minus movement or minus attack card to remove")
        if kind == "multitool" and "multitool" in hero.boosts:
            return IllegalAction(rule("Gadgets"), "a Multi tool is already ready")
        if kind == "jam-bomb" and "jammed" in state.heroes[a.who[0]].boosts:
            return IllegalAction(rule("Gadgets"), f"{pname(a.who[0])} is already jammed")
        return None

    def _refuse_reaction(self, state: ShootState, player: int, combat: Combat, a: Act) -> IllegalAction | None:
        if a.verb == "pass":
            return None
        if a.verb != "use":
            return IllegalAction(rule("Gadget timing", "C16"),
                                 "while attacked you may only play red or white/red Gadgets, or pass")
        if a.name in GADGET_INDEX and gadget(a.name).timing == "white":
            return IllegalAction(rule("Gadget timing", "C16"), f"{a.name} is white: not during an attack")
        refusal = self._refuse_gadget(state, player, a, reacting=True)
        if refusal:
            return refusal
        g = gadget(a.name)
        done = combat.reactions[combat.index]
        if g.kind in ("ambush", "pepper", "sidestep") and g.kind in done:
            return IllegalAction(rule("Gadget timing", "C16"), f"{g.name} already works against this attack")
        if g.kind == "ambush" and not self._can_counter(state, combat, combat.index):
            return IllegalAction(rule("Attack and counterattack", "C16"),
                                 "Ambush needs a counterattack you could make")
        if g.kind == "jam-bomb" and a.who != (combat.attacker,):
            return IllegalAction(rule("Gadget timing", "C16"), "when attacked, jam the attacker")
        return None

    def _refuse_aiming(self, state: ShootState, combat: Combat, a: Act) -> IllegalAction | None:
        if a.verb == "fire":
            return None
        if a.verb != "add":
            return IllegalAction(rule("Weapon notes", "C7"), "name another target (add ...) or fire")
        w = weapon(combat.weapon)
        if w.special == "dual" and len(combat.aims) >= 2:
            return IllegalAction(rule("Weapon notes", "C7"), "the 9 mm fires at two opponents at most")
        if any(aim.target == a.who[0] for aim in combat.aims):
            return IllegalAction(rule("Weapon notes", "C7"), f"{pname(a.who[0])} is already a target")
        return self._refuse_aim(state, combat.attacker, w, a)

    def _refuse_target(self, state: ShootState, player: int, target: int) -> IllegalAction | None:
        if target == player or not 0 <= target < state.players:
            return IllegalAction(rule("Attack and counterattack"), "attack an opponent")
        if not state.heroes[target].alive:
            return IllegalAction(rule("Attack and counterattack"), f"{pname(target)} is dead")
        if has_effect(state, "invisible", target):
            return IllegalAction(rule("Gadgets"), f"{pname(target)} is invisible until their next turn")
        return None

    def _refuse_aim(self, state: ShootState, player: int, w: Weapon, a: Act) -> IllegalAction | None:
        refusal = self._refuse_target(state, player, a.who[0])
        if refusal:
            return refusal
        if a.band not in BANDS or a.cover not in COVERS or a.back not in COVERS:
            return IllegalAction("notation", "band is 0, 1 or inf; cover is none, low, high or over")
        if a.back not in ATTACKER_COVERS:
            return IllegalAction(rule("Cover", "C10"), "you cannot aim with your own head hidden")
        if w.draw(a.band) == 0:
            return IllegalAction(rule("Weapons"), f"the {w.name} cannot attack {BAND_WORDS[a.band]}")
        if w.special == "area" and a.band == "inf":
            return IllegalAction(rule("Weapon notes"), "the Flame gun reaches 1 card length only")
        return None

    def _refuse_attack(self, state: ShootState, player: int, a: Act) -> IllegalAction | None:
        refusal = self._refuse_attack_at_all(state, player, a.name)
        if refusal:
            return refusal
        w = weapon(a.name or state.heroes[player].weapon)
        return self._refuse_aim(state, player, w, a)

    def _refuse_attack_at_all(self, state: ShootState, player: int, with_: str) -> IllegalAction | None:
        """Whether `player` may attack now with their Weapon ("") or a Cannon, whatever the target."""
        hero = state.heroes[player]
        if state.attacked:
            return IllegalAction(rule("Attack and counterattack"), "you can attack only once per turn")
        if has_effect(state, "peace"):
            return IllegalAction(rule("Gadgets"), "Peacetime: nobody may attack this round")
        if cannot_attack(hero):
            return IllegalAction(rule("Minus attack", "C14"), "minus attack on your right and left: you cannot attack")
        if with_ == "Cannon":
            if not any(n == "Cannon" for n, _ in state.field):
                return IllegalAction(rule("Weapon notes"), "there is no Cannon on the battlefield")
        elif with_:
            return IllegalAction("notation", f"you can attack with your Weapon or a Cannon, not {with_!r}")
        elif hero.weapon is None:
            return IllegalAction(rule("Weapons"), "you have no Weapon")
        return None

    def _refuse_trigger(self, state: ShootState, player: int, a: Act) -> IllegalAction | None:
        if a.name in WEAPON_INDEX:
            return IllegalAction(rule("Weapon notes"), f"fire a {a.name} with 'attack ... with {a.name}'")
        if not any(n == a.name for n, _ in state.field):
            return IllegalAction(rule("Pop-ups and environment cards"), f"no {a.name} lies on the battlefield")
        kind = gadget(a.name).kind
        if any(not 0 <= p < state.players or not state.heroes[p].alive for p in a.who) or \
                len(set(a.who)) != len(a.who):
            return IllegalAction(rule("Pop-ups and environment cards"), "name living HEROES, each once")
        if kind in ("hazard", "barrel") and not a.who:
            return IllegalAction(rule("Pop-ups and environment cards"), f"name the HEROES the {a.name} hits")
        if kind == "trap" and len(a.who) != 1:
            return IllegalAction(rule("Pop-ups and environment cards"), "name the one HERO who touched the Trap")
        if kind == "lazaret":
            if a.who:
                return IllegalAction(rule("Pop-ups and environment cards"), "the Lazaret heals the HERO touching it")
            if "lazaret" in state.used:
                return IllegalAction(rule("Pop-ups and environment cards", "C18"), "the Lazaret heals once a turn")
            if state.heroes[player].damage == 0:
                return IllegalAction(rule("Healing"), "you have no damage to heal")
        if kind in ("place",):
            return IllegalAction(rule("Gadgets"), f"the {a.name} does nothing by itself")
        if kind == "barrel":
            hero = state.heroes[player]
            if state.attacked:
                return IllegalAction(rule("Pop-ups and environment cards", "C18"),
                                     "shooting the Oil barrel is your attack, and you have attacked")
            if has_effect(state, "peace"):
                return IllegalAction(rule("Gadgets"), "Peacetime: nobody may attack this round")
            if hero.weapon is None or not weapon(hero.weapon).firearm:
                return IllegalAction(rule("Pop-ups and environment cards", "C18"), "only a firearm sets off the barrel")
        return None

    # -- applying --------------------------------------------------------------------------
    def apply(self, state: ShootState, action: Act):
        turn = self.turn(state)
        if turn.kind == "over":
            raise IllegalAction(rule("Winning"), "the game is over")
        if not isinstance(action, Act):
            raise IllegalAction("notation", f"not an action of {self.name}: {action!r}")
        if turn.kind == "chance":
            state, events = self._apply_chance(state, action)
        else:
            refusal = self._refusal(state, turn.player, action)
            if refusal:
                raise refusal
            state = evolve(state, last_cards=())
            state, events = self._apply_player(state, turn.player, action)
        state, more = self._settle(state)
        return state, events + more

    # chance ----------------------------------------------------------------------------------
    def _apply_chance(self, state: ShootState, a: Act):
        outcomes = [o for o, _ in self.chance_outcomes(state)]
        if a not in outcomes:
            what = {"card": "Splattercard", "weapon": "Weapon", "gadget": "Gadget"}.get(a.verb, "outcome")
            raise IllegalAction("chance", f"{self.notation(a)} is not a possible {what} draw now")
        head = state.tasks[0]
        rest = state.tasks[1:]
        if a.verb == "start":
            (first,) = a.who
            state = evolve(state, tasks=rest, current=first, phase="start", turn_no=1)
            return state, [Event("started", f"The first card's arrow points at {pname(first)}, who starts.",
                                 {"player": first})]
        if a.verb == "weapon":
            return self._weapon_drawn(evolve(state, tasks=rest), head, a.name)
        if a.verb == "gadget":
            return self._gadget_drawn(evolve(state, tasks=rest), head, a.name)
        # a Splattercard
        index = CARD_INDEX[a.name]
        state = evolve(state, deck=_add(state.deck, index, -1), last_cards=state.last_cards + (a.name,))
        c = CARDS[index]
        if isinstance(head, Combat):
            return self._combat_card(state, head, c)
        state = evolve(state, tasks=rest)
        if head.kind == "harm":
            return self._harm_card(state, head, c)
        if head.kind == "action-card":
            state = evolve(state, action_card=c.id)
            allowance = movement_allowance(state, head.player)
            return state, [Event("drew", f"{pname(head.player)} draws action card {c.id}: move up to "
                                         f"{lengths(allowance)}.", {"card": c.id, "move": allowance})]
        state = evolve(state, discard=_add(state.discard, index, 1))
        if head.kind == "token":
            return state, [Event("moved", f"Flipped {c.id}: the {head.why} Token moves {lengths(c.move)} "
                                          f"where the card's arrow points.", {"card": c.id, "lengths": c.move})]
        if head.kind == "ask":
            return state, [Event("answered", f"The cards say {c.answer} ({c.id}).", {"card": c.id, "answer": c.answer})]
        if head.kind == "heal":
            return self._heal(state, head.player, c.heal, f"{c.id} heals {c.heal}")
        raise AssertionError(head)

    def _weapon_drawn(self, state: ShootState, task: Task, name: str):
        index = WEAPON_INDEX[name]
        state = evolve(state, weapon_deck=_add(state.weapon_deck, index, -1))
        p = task.player
        w = WEAPONS[index]
        if w.special == "cannon":
            state = evolve(state, field=state.field + ((name, p),))
            events = [Event("placed", f"{pname(p)} draws the {name}: it pops up on the battlefield"
                                      + (" under the Base." if task.why in ("setup", "respawn") else "."),
                            {"player": p, "card": name})]
            if task.why in ("setup", "respawn"):  # C2: draw again so every HERO holds a Weapon
                state = evolve(state, tasks=(Task("weapon", p, why=task.why),) + state.tasks)
            return state, events
        hero = state.heroes[p]
        events = [Event("drew", f"{pname(p)} draws a Weapon.", {"player": p})]
        if hero.weapon is not None:
            state = evolve(state, weapon_discard=_add(state.weapon_discard, WEAPON_INDEX[hero.weapon], 1))
            events.append(Event("discarded", f"{pname(p)} gives up the {hero.weapon} for the new Weapon.",
                                {"player": p, "card": hero.weapon}))
        hero = evolve(hero, weapon=name, weapon_shown=False)
        return evolve(state, heroes=_set(state.heroes, p, hero)), events

    def _gadget_drawn(self, state: ShootState, task: Task, name: str):
        index = GADGET_INDEX[name]
        state = evolve(state, gadget_deck=_add(state.gadget_deck, index, -1))
        p = task.player
        g = GADGETS[index]
        if g.duration == "pop-up":
            state = evolve(state, field=state.field + ((name, p),))
            where = "under the Base" if task.why in ("setup", "respawn") else "where the Token was"
            events = [Event("placed", f"{pname(p)} draws the {name}, a pop-up: it goes on the battlefield {where}.",
                            {"player": p, "card": name})]
            if task.why in ("setup", "respawn"):
                state = evolve(state, tasks=(Task("gadget", p, why=task.why),) + state.tasks)
            return state, events
        hero = state.heroes[p]
        hero = evolve(hero, gadgets=hero.gadgets + (name,))
        why = {"kill": " as the kill bonus"}.get(task.why, "")
        return evolve(state, heroes=_set(state.heroes, p, hero)), [
            Event("drew", f"{pname(p)} draws a Gadget{why}.", {"player": p})]

    # damage, healing and death ------------------------------------------------------------------
    def _heal(self, state: ShootState, player: int, amount: int, why: str):
        hero = state.heroes[player]
        healed = min(amount, hero.damage)
        hero = evolve(hero, damage=hero.damage - healed)
        return evolve(state, heroes=_set(state.heroes, player, hero)), [
            Event("healed", f"{pname(player)} heals {healed} ({why}); damage now {hero.damage}.",
                  {"player": player, "healed": healed})]

    def _damage_of(self, state: ShootState, victim: int, c: Splattercard, cover: str, full: bool) -> tuple[int, str]:
        """Damage card `c` does to `victim`, and why it misses when it does (0, reason)."""
        hero = state.heroes[victim]
        if not c.is_hit:
            return 0, "no hit"
        label = LOCATION_INDEX[c.hit].label.lower()
        if cover not in LOCATION_INDEX[c.hit].shows:
            return 0, f"the {label} is behind cover"
        if c.hit in lost_locations(hero):
            return 0, f"the {label} is already gone"
        if c.death:
            return DEATH_DAMAGE, "Death"
        amount = c.action + (c.still if full else 0)
        if amount == 0:
            return 0, "only plain damage, and the attacker moved this turn"
        for name in hero.gadgets:
            g = gadget(name)
            if g.kind == "armour-" + c.hit:
                amount = max(0, amount - g.value)
                if amount == 0:
                    return 0, f"the {g.name} stops it"
        return amount, ""

    def _wound(self, state: ShootState, victim: int, c: Splattercard, amount: int, pusher: int, credit: int,
               source: str):
        """A hit lands: the card goes into the Medical Record, the band moves, pushes and death follow."""
        hero = state.heroes[victim]
        new_damage = DEATH_DAMAGE if c.death else min(DEATH_DAMAGE, hero.damage + amount)
        hero = evolve(hero, record=hero.record + (c.id,), damage=new_damage)
        state = evolve(state, heroes=_set(state.heroes, victim, hero))
        label = LOCATION_INDEX[c.hit].label.lower()
        what = "Death" if c.death else str(amount)
        events = [Event("hit", f"{c.id} {c.title}: {source} hits {pname(victim)} in the {label} for {what}; "
                               f"damage {new_damage}.",
                        {"player": victim, "card": c.id, "location": c.hit, "damage": new_damage})]
        extras = []
        if c.minus_move:
            extras.append(f"minus movement {c.minus_move}")
        if c.minus_attack:
            extras.append("minus attack")
        if c.severs:
            extras.append(f"the {label} is lost")
        if extras:
            events.append(Event("wounded", f"{pname(victim)} suffers " + ", ".join(extras) + ".",
                                {"player": victim, "card": c.id}))
        if c.push:
            state, more = self._push(state, victim, pusher)
            events += more
        if new_damage >= DEATH_DAMAGE:
            state, more = self._kill(state, victim, credit, "Death card" if c.death else "10 damage")
            events += more
        return state, events

    def _push(self, state: ShootState, victim: int, pusher: int):
        state = evolve(state, pushed=state.pushed + ((victim, pusher),))
        return state, [Event("pushed", f"{pname(victim)} is pushed back 1 card length "
                                       f"(over the edge? then play 'fall {pname(victim)}').",
                             {"player": victim, "by": pusher})]

    def _harm_card(self, state: ShootState, task: Task, c: Splattercard):
        """One card of full damage that ignores cover: JAM damage, jumps, Gadgets (C12)."""
        left = task.count - 1
        rest = state.tasks
        if left > 0:
            rest = (evolve(task, count=left),) + rest
        state = evolve(state, tasks=rest)
        victim = task.player
        if c.is_jam:
            state = evolve(state, discard=_add(state.discard, CARD_INDEX[c.id], 1))
            return state, [Event("missed", f"{c.id}: a JAM here is a miss.", {"card": c.id})]
        amount, why = self._damage_of(state, victim, c, "none", True)
        if not amount:
            state = evolve(state, discard=_add(state.discard, CARD_INDEX[c.id], 1))
            return state, [Event("missed", f"{c.id} {c.title}: no damage to {pname(victim)} ({why}).",
                                 {"card": c.id})]
        state, events = self._wound(state, victim, c, amount, task.credit, task.credit, task.why)
        if not state.heroes[victim].alive:  # the dead draw no more
            state = evolve(state, tasks=tuple(t for t in state.tasks
                                               if not (isinstance(t, Task) and t.kind == "harm" and t.player == victim)))
        return state, events

    def _kill(self, state: ShootState, victim: int, credit: int, cause: str):
        hero = state.heroes[victim]
        if not hero.alive:
            return state, []
        discard = state.discard
        for cid in hero.record:
            discard = _add(discard, CARD_INDEX[cid], 1)
        deaths = hero.deaths + 1
        out = state.mode in LIVES and deaths >= LIVES[state.mode]
        hero = evolve(hero, alive=False, out=out, record=(), damage=DEATH_DAMAGE, deaths=deaths, boosts=(),
                       weapon_shown=True, trap_turns=0)
        heroes = _set(state.heroes, victim, hero)
        events = [Event("killed", f"{pname(victim)} dies ({cause}). The Medical Record is emptied and the "
                                  f"Splattercards are reshuffled.", {"player": victim, "by": credit})]
        state = evolve(state, heroes=heroes, deck=_merge(state.deck, discard), discard=tuple(0 for _ in CARDS))
        if state.flag == victim:
            where = "goes back to its start" if state.flag_returns else "stays where the HERO fell"
            state = evolve(state, flag=-1)
            events.append(Event("dropped", f"The Flag {where}.", {"player": victim}))
        if out:
            events.append(Event("eliminated", f"{pname(victim)} has no lives left.", {"player": victim}))
        if victim == state.current:  # C21: dying ends your turn; only others' draws go on
            state = evolve(state, tasks=tuple(t for t in state.tasks if isinstance(t, Task)
                                               and t.player != victim and t.kind in ("harm", "gadget")))
        # C17: the kill counts for whoever laid or set off the card even while that HERO is dead;
        # the bonus Gadget needs a living HERO to hold it (a corpse's things are discarded).
        if 0 <= credit != victim:
            killer = state.heroes[credit]
            killer = evolve(killer, kills=killer.kills + 1)
            bonus = (Task("gadget", credit, why="kill"),) if killer.alive else ()
            state = evolve(state, heroes=_set(state.heroes, credit, killer), tasks=state.tasks + bonus)
            reward = "earns a Gadget" if bonus else "draws no Gadget, being dead"
            events.append(Event("bonus", f"{pname(credit)} scores the kill and {reward}.", {"player": credit}))
            if state.mode == "frags" and killer.kills >= FRAGS_TO_WIN:
                state, more = self._win(state, (credit,), f"{pname(credit)} reaches {FRAGS_TO_WIN} kills.")
                events += more
        if state.mode in LIVES and state.winners is None:
            standing = [p for p, h in enumerate(state.heroes) if not h.out]
            if len(standing) <= 1:
                text = f"{pname(standing[0])} is the last HERO standing." if standing else "Nobody is left standing."
                state, more = self._win(state, tuple(standing), text)
                events += more
        return state, events

    def _win(self, state: ShootState, winners: tuple[int, ...], text: str):
        state = evolve(state, winners=winners, ending=text, phase="over", tasks=())
        return state, [Event("won", text, {"winners": list(winners)})]

    # combat ------------------------------------------------------------------------------------
    def _shooter_victim(self, combat: Combat) -> tuple[int, int, Aim]:
        aim = combat.aims[combat.index]
        if combat.stage == "attack":
            return combat.attacker, aim.target, aim
        return aim.target, combat.attacker, aim

    def _can_counter(self, state: ShootState, combat: Combat, index: int) -> bool:
        aim = combat.aims[index]
        hero = state.heroes[aim.target]
        if not hero.alive or not state.heroes[combat.attacker].alive or hero.weapon is None:
            return False
        if weapon(hero.weapon).draw(aim.band) == 0 or not COVER_LETS_COUNTER[aim.cover]:
            return False
        return not cannot_attack(hero) and "paralysed" not in hero.boosts

    def _salvo_size(self, state: ShootState, combat: Combat, w: Weapon, aim: Aim, victim: int) -> int:
        size = w.draw(aim.band)
        less = 0
        if combat.stage == "attack":
            size += combat.extra
            if "pepper" in combat.reactions[combat.index]:
                less += gadget("Pepper spray").value
        if has_effect(state, "fog", victim):
            less += gadget("Fog").value
        return max(1, size - less) if less else size

    def _start_salvo(self, state: ShootState, combat: Combat):
        """Open the salvo of the current stage and aim, or skip it; returns (state, combat, events)."""
        shooter, victim, aim = self._shooter_victim(combat)
        hero = state.heroes[shooter]
        events: list[Event] = []
        if combat.stage == "attack":
            if not state.heroes[victim].alive:
                return state, evolve(combat, index=combat.index + 1), events
            w = weapon(combat.weapon)
            earned = _set(combat.earned, combat.index, True)
            combat = evolve(combat, earned=earned)
            verb = "attacks"
        else:
            if combat.stage == "counter" and (not combat.earned[combat.index]
                                              or "ambush" in combat.reactions[combat.index]):
                return state, evolve(combat, index=combat.index + 1), events
            if combat.stage == "ambush" and "ambush" not in combat.reactions[combat.index]:
                return state, evolve(combat, index=combat.index + 1), events
            if not self._can_counter(state, combat, combat.index):
                if state.heroes[shooter].alive and state.heroes[victim].alive:
                    events.append(Event("no-counter", f"{pname(shooter)} cannot counterattack "
                                                      f"({self._no_counter_reason(state, combat)}).",
                                        {"player": shooter}))
                return state, evolve(combat, index=combat.index + 1), events
            w = weapon(hero.weapon)
            verb = "ambushes" if combat.stage == "ambush" else "counterattacks"
            state = evolve(state, heroes=_set(state.heroes, shooter, evolve(hero, weapon_shown=True)))
            hero = state.heroes[shooter]
        if "jammed" in hero.boosts:  # JAM-bomb: this attack or counterattack ends before its first card
            hero = evolve(hero, boosts=tuple(b for b in hero.boosts if b != "jammed"))
            state = evolve(state, heroes=_set(state.heroes, shooter, hero))
            events.append(Event("jammed", f"{pname(shooter)}'s Weapon is jammed by a JAM-bomb: the "
                                          f"{'attack' if combat.stage == 'attack' else 'counterattack'} is lost.",
                                {"player": shooter}))
            if combat.stage == "attack":
                return state, evolve(combat, stage="counter", index=0, earned=(False,) * len(combat.aims)), events
            return state, evolve(combat, index=combat.index + 1), events
        size = self._salvo_size(state, combat, w, aim, victim)
        full = self._is_full(state, w)
        mode = "full damage" if full else "action damage (striped only)"
        events.append(Event("attack", f"{pname(shooter)} {verb} {pname(victim)} with the {w.name}, "
                                      f"{BAND_WORDS[aim.band]}: {size} card{'s' if size != 1 else ''}, {mode}.",
                            {"player": shooter, "target": victim, "cards": size, "full": full}))
        return state, evolve(combat, left=size), events

    def _no_counter_reason(self, state: ShootState, combat: Combat) -> str:
        aim = combat.aims[combat.index]
        hero = state.heroes[aim.target]
        if hero.weapon is None:
            return "no Weapon"
        if weapon(hero.weapon).draw(aim.band) == 0:
            return f"the {hero.weapon} cannot reach {BAND_WORDS[aim.band]}"
        if not COVER_LETS_COUNTER[aim.cover]:
            return "the head is behind cover"
        if cannot_attack(hero):
            return "minus attack on both sides"
        if "paralysed" in hero.boosts:
            return "paralysed by a Blowgun"
        return "dead"

    def _is_full(self, state: ShootState, w: Weapon) -> bool:
        if w.special in ("full", "area"):
            return True
        # C8: attack and counterattack alike follow the turn's attacker: full damage only if it stood still
        return not state.moving

    def _advance_combat(self, state: ShootState):
        """Walk the combat at the head of the tasks forward until it needs a card or a decision."""
        events: list[Event] = []
        while state.tasks and isinstance(state.tasks[0], Combat) and state.winners is None:
            combat = state.tasks[0]
            rest = state.tasks[1:]
            if combat.stage == "aim" or combat.left > 0:
                break
            if combat.left == 0:
                combat = evolve(combat, left=-1, index=combat.index + 1)
            if combat.index >= len(combat.aims):
                nxt = {"react": "ambush", "ambush": "attack", "attack": "counter"}.get(combat.stage)
                if nxt is None:
                    state = evolve(state, tasks=rest)
                    continue
                combat = evolve(combat, stage=nxt, index=0)
                state = evolve(state, tasks=(combat,) + rest)
                continue
            if combat.stage == "react":
                target = combat.aims[combat.index].target
                state = evolve(state, tasks=(combat,) + rest)
                if any(self._refuse_reaction(state, target, combat, a) is None
                       for a in self._candidates(state, target) if a.verb != "pass"):
                    break
                combat = evolve(combat, index=combat.index + 1)
                state = evolve(state, tasks=(combat,) + rest)
                continue
            if not state.heroes[combat.attacker].alive:
                state = evolve(state, tasks=rest)
                continue
            state, combat, more = self._start_salvo(state, combat)
            events += more
            state = evolve(state, tasks=(combat,) + rest)
        return state, events

    def _combat_card(self, state: ShootState, combat: Combat, c: Splattercard):
        rest = state.tasks[1:]
        shooter, victim, aim = self._shooter_victim(combat)
        own = combat.weapon if combat.stage == "attack" else state.heroes[shooter].weapon
        w = weapon(own)
        if combat.stage == "attack":
            combat = evolve(combat, drawn=combat.drawn + 1)
        combat = evolve(combat, left=combat.left - 1)
        index = CARD_INDEX[c.id]
        events: list[Event] = []
        if c.is_jam:
            state = evolve(state, discard=_add(state.discard, index, 1))
            hero = state.heroes[shooter]
            box = w.jam(c.jam)
            if box.result != "empty" and "multitool" in hero.boosts:
                hero = evolve(hero, boosts=tuple(b for b in hero.boosts if b != "multitool"))
                state = evolve(state, heroes=_set(state.heroes, shooter, hero))
                events.append(Event("fixed", f"{c.id}: JAM {c.jam}, but {pname(shooter)}'s Multi tool clears it: "
                                             f"an empty box.", {"player": shooter, "card": c.id}))
                box = JamBox("empty", 0, False)
            else:
                note = f" ({w.jam_note})" if box.damage or box.push or box.result == "red" else ""
                events.append(Event("jammed", f"{c.id}: JAM {c.jam} on the {w.name}: {box.describe()}{note}.",
                                    {"player": shooter, "card": c.id, "box": box.result}))
            first = combat.stage == "attack" and combat.drawn == 1
            if box.result != "empty":
                combat = evolve(combat, left=0)
                if combat.stage == "attack":  # the rest of the attack is lost (C11)
                    earned = (False,) * len(combat.aims) if first else combat.earned
                    combat = evolve(combat, stage="counter", index=0, left=-1, earned=earned)
                    if first:
                        events.append(Event("no-counter", "The JAM was the attack's first card: no counterattack.",
                                            {"player": shooter}))
            if box.result == "red":
                state, more = self._destroy_weapon(state, shooter, own, combat)
                events += more
            new_tasks = (combat,) + rest
            if box.damage:
                new_tasks = (Task("harm", shooter, box.damage, f"the {w.name}'s JAM"),) + new_tasks
            state = evolve(state, tasks=new_tasks)
            if box.push:
                state, more = self._push(state, shooter, -1)
                events += more
            return state, events
        cover = aim.cover if combat.stage == "attack" else aim.back
        full = self._is_full(state, w)
        amount, why = self._damage_of(state, victim, c, cover, full)
        if amount and "sidestep" in combat.reactions[combat.index] and combat.stage == "attack" \
                and "sidestep-used" not in combat.reactions[combat.index]:
            reactions = _set(combat.reactions, combat.index, combat.reactions[combat.index] + ("sidestep-used",))
            combat = evolve(combat, reactions=reactions)
            amount, why = 0, "Sidestep dodges it"
        if not amount:
            state = evolve(state, discard=_add(state.discard, index, 1), tasks=(combat,) + rest)
            return state, [Event("missed", f"{c.id} {c.title}: a miss ({why}).", {"card": c.id, "target": victim})]
        state = evolve(state, tasks=(combat,) + rest)
        state, events = self._wound(state, victim, c, amount, shooter, shooter, pname(shooter))
        if w.special == "push" and state.heroes[victim].alive:
            state, more = self._push(state, victim, shooter)
            events += more
        if not state.heroes[victim].alive and state.tasks and isinstance(state.tasks[0], Combat):
            head = state.tasks[0]
            if head.left > 0:  # C9: nothing more is drawn against a dead HERO
                state = evolve(state, tasks=(evolve(head, left=0),) + state.tasks[1:])
        return state, events

    def _destroy_weapon(self, state: ShootState, shooter: int, name: str, combat: Combat):
        """A red JAM destroys the Weapon that fired: the HERO's own, or else the
        field Weapon (a mounted Cannon) it was fired from."""
        hero = state.heroes[shooter]
        mounted = [i for i, (n, _) in enumerate(state.field) if n == name]
        if hero.weapon == name:
            state = evolve(state, heroes=_set(state.heroes, shooter, evolve(hero, weapon=None)))
        elif mounted:
            field = list(state.field)
            del field[mounted[0]]
            state = evolve(state, field=tuple(field))
        else:
            return state, []  # nothing left to destroy (it was already lost)
        state = evolve(state, weapon_discard=_add(state.weapon_discard, WEAPON_INDEX[name], 1))
        return state, [Event("destroyed", f"Red JAM: the {name} is destroyed.", {"player": shooter, "card": name})]

    # player actions -------------------------------------------------------------------------------
    def _apply_player(self, state: ShootState, player: int, a: Act):
        hero = state.heroes[player]
        v = a.verb
        if v == "pass":
            combat = state.tasks[0]
            combat = evolve(combat, index=combat.index + 1)
            return evolve(state, tasks=(combat,) + state.tasks[1:]), [
                Event("passed", f"{pname(player)} plays no Gadget against the attack.", {"player": player})]
        if v == "fire":
            combat = evolve(state.tasks[0], stage="react", index=0)
            targets = ", ".join(pname(aim.target) for aim in combat.aims)
            return evolve(state, tasks=(combat,) + state.tasks[1:]), [
                Event("fired", f"{pname(player)} opens fire on {targets}.", {"player": player})]
        if v == "add":
            combat = state.tasks[0]
            aim = Aim(a.who[0], a.band, a.cover, a.back)
            combat = evolve(combat, aims=combat.aims + (aim,), earned=combat.earned + (False,),
                             reactions=combat.reactions + ((),))
            return evolve(state, tasks=(combat,) + state.tasks[1:]), [
                Event("aimed", f"{pname(player)} also aims at {pname(aim.target)}.", {"target": aim.target})]
        if v == "move":
            state = evolve(state, phase="act", moving=True, tasks=(Task("action-card", player),) + state.tasks)
            return state, [Event("moving", f"{pname(player)} will move this turn.", {"player": player})]
        if v == "stand":
            return evolve(state, phase="act", moving=False), [
                Event("standing", f"{pname(player)} stands still: full damage this turn.", {"player": player})]
        if v == "bleed":
            state, events = self._kill(state, player, -1, "bled to death")
            return state, [Event("bleeding", f"{pname(player)} spends the turn bleeding to death.",
                                 {"player": player})] + events
        if v == "suicide":
            return self._kill(state, player, -1, "suicide")
        if v == "end":
            return self._next_turn(state)
        if v == "shuffle":
            state = evolve(state, deck=_merge(state.deck, state.discard), discard=tuple(0 for _ in CARDS))
            return state, [Event("reshuffled", "The discard pile is shuffled back into the Splattercard deck.", {})]
        if v == "ask":
            state = evolve(state, used=state.used + ("ask",), tasks=(Task("ask", player),) + state.tasks)
            return state, []
        if v == "take":
            state = evolve(state, flag=player, flag_turn=state.turn_no)
            events = [Event("flag", f"{pname(player)} grabs the Flag.", {"player": player})]
            if state.mode == "hill":
                state, more = self._win(state, (player,), f"{pname(player)} reaches the Flag on the hill.")
                events += more
            return state, events
        if v == "capture":
            return self._win(state, (player,), f"{pname(player)} brings the Flag home.")
        if v == "token":
            if a.name == "heal":
                tasks = (Task("heal", player, why="token"), Task("token", player, why="healing"))
            else:
                tasks = (Task("token", player, why=a.name), Task(a.name, player, why="token"))
                if a.name == "gadget" and holds_kind(hero, "backpack"):
                    tasks += (Task("gadget", player, why="backpack"),)
            return evolve(state, tasks=tasks + state.tasks), [
                Event("token", f"{pname(player)} collects a {a.name} Token.", {"player": player})]
        if v == "jump":
            cards, death, height = JUMPS[a.name]
            if holds_kind(hero, "jetpack"):
                return state, [Event("jumped", f"{pname(player)} jumps {height.lower()}; the Jetpack "
                                               f"makes it harmless.", {"player": player})]
            events = [Event("jumped", f"{pname(player)} jumps down {height.lower()}.", {"player": player})]
            if death:
                state, more = self._kill(state, player, -1, "a fatal jump")
                return state, events + more
            return evolve(state, tasks=(Task("harm", player, cards, "the fall"),) + state.tasks), events
        if v == "loot":
            return self._loot(state, player, a)
        if v == "fall":
            (victim,) = a.who
            pusher = [p for v_, p in state.pushed if v_ == victim][-1]
            return self._kill(state, victim, pusher, "pushed over the edge")
        if v == "use":
            return self._use_gadget(state, player, a)
        if v == "trigger":
            return self._trigger(state, player, a)
        if v == "attack":
            return self._declare_attack(state, player, a)
        raise AssertionError(a)

    def _declare_attack(self, state: ShootState, player: int, a: Act):
        hero = state.heroes[player]
        name = a.name or hero.weapon
        w = weapon(name)
        extra = 0
        if "prophecy" in hero.boosts:
            extra = gadget("Prophecy").value
            hero = evolve(hero, boosts=tuple(b for b in hero.boosts if b != "prophecy"))
        if not a.name:
            hero = evolve(hero, weapon_shown=True)
        aim = Aim(a.who[0], a.band, a.cover, a.back)
        stage = "aim" if w.special in ("dual", "area") else "react"
        combat = Combat(player, name, (aim,), stage=stage, earned=(False,), reactions=((),), extra=extra)
        state = evolve(state, heroes=_set(state.heroes, player, hero), attacked=True,
                        tasks=(combat,) + state.tasks)
        return state, [Event("aimed", f"{pname(player)} aims the {name} at {pname(aim.target)} "
                                      f"({BAND_WORDS[aim.band]}, cover {aim.cover}; own cover {aim.back}).",
                             {"player": player, "target": aim.target})]

    def _loot(self, state: ShootState, player: int, a: Act):
        (victim,) = a.who
        corpse = state.heroes[victim]
        hero = state.heroes[player]
        if a.name == "weapon":
            mine = hero.weapon
            hero = evolve(hero, weapon=corpse.weapon, weapon_shown=True)
            corpse = evolve(corpse, weapon=mine, weapon_shown=True)
            text = f"{pname(player)} takes the {hero.weapon} from {pname(victim)}'s corpse" + \
                   (f" and leaves the {mine}." if mine else ".")
            state = evolve(state, used=state.used + (_weapon_swap(victim),))
        else:
            hero = evolve(hero, gadgets=hero.gadgets + corpse.gadgets)
            text = f"{pname(player)} takes {len(corpse.gadgets)} Gadget(s) from {pname(victim)}'s corpse."
            corpse = evolve(corpse, gadgets=())
        heroes = _set(_set(state.heroes, player, hero), victim, corpse)
        return evolve(state, heroes=heroes), [Event("looted", text, {"player": player, "from": victim})]

    def _discard_gadget(self, state: ShootState, player: int, name: str) -> ShootState:
        hero = state.heroes[player]
        gadgets = list(hero.gadgets)
        gadgets.remove(name)
        hero = evolve(hero, gadgets=tuple(gadgets))
        return evolve(state, heroes=_set(state.heroes, player, hero), gadget_discard=state.gadget_discard + (name,))

    def _use_gadget(self, state: ShootState, player: int, a: Act):
        g = gadget(a.name)
        kind = g.kind
        head = state.tasks[0] if state.tasks else None
        events = [Event("gadget", f"{pname(player)} plays {g.name}: {g.effect}", {"player": player, "card": g.name})]
        if kind == "recycle":
            top = state.gadget_discard[-1]
            hero = state.heroes[player]
            state = evolve(state, gadget_discard=state.gadget_discard[:-1],
                            heroes=_set(state.heroes, player, evolve(hero, gadgets=hero.gadgets + (top,))))
            events.append(Event("drew", f"{pname(player)} takes back the {top}.", {"player": player, "card": top}))
        if g.duration in ("environment",):
            hero = state.heroes[player]
            gadgets = list(hero.gadgets)
            gadgets.remove(g.name)
            state = evolve(state, heroes=_set(state.heroes, player, evolve(hero, gadgets=tuple(gadgets))),
                            field=state.field + ((g.name, player),))
            events.append(Event("placed", f"The {g.name} now lies on the battlefield.", {"card": g.name}))
            return state, events
        if kind != "bomb":
            state = self._discard_gadget(state, player, g.name)
        hero = state.heroes[player]
        if kind == "heal":
            state, more = self._heal(state, player, g.value, g.name)
            events += more
        elif kind == "heal-draw":
            state = evolve(state, tasks=(Task("heal", player, why=g.name),) + state.tasks)
        elif kind == "extra-card":
            state = evolve(state, heroes=_set(state.heroes, player, evolve(hero, boosts=hero.boosts + ("prophecy",))))
        elif kind == "multitool":
            state = evolve(state, heroes=_set(state.heroes, player, evolve(hero, boosts=hero.boosts + ("multitool",))))
        elif kind == "extra-move":
            state = evolve(state, bonus_move=state.bonus_move + g.value)
            events.append(Event("moving", f"Movement now {lengths(movement_allowance(state, player))}.", {}))
        elif kind == "cure":
            keep = tuple(c for c in hero.record if not (card(c).minus_move or card(c).minus_attack))
            gone = [c for c in hero.record if c not in keep]
            discard = state.discard
            for cid in gone:
                discard = _add(discard, CARD_INDEX[cid], 1)
            state = evolve(state, discard=discard,
                            heroes=_set(state.heroes, player, evolve(hero, record=keep)))
        elif kind == "swap-weapon":
            (other,) = a.who
            them = state.heroes[other]
            heroes = _set(state.heroes, player, evolve(hero, weapon=them.weapon, weapon_shown=them.weapon_shown))
            heroes = _set(heroes, other, evolve(them, weapon=hero.weapon, weapon_shown=hero.weapon_shown))
            state = evolve(state, heroes=heroes)
        elif kind == "swap-gadgets":
            (other,) = a.who
            them = state.heroes[other]
            heroes = _set(state.heroes, player, evolve(hero, gadgets=them.gadgets))
            heroes = _set(heroes, other, evolve(them, gadgets=hero.gadgets))
            state = evolve(state, heroes=heroes)
        elif kind == "draw-gadgets":
            state = evolve(state, tasks=tuple(Task("gadget", player, why="delivery") for _ in range(g.value))
                            + state.tasks)
        elif kind in ("paralyse", "jam-bomb"):
            (other,) = a.who
            them = state.heroes[other]
            boost = "paralysed" if kind == "paralyse" else "jammed"
            state = evolve(state, heroes=_set(state.heroes, other, evolve(them, boosts=them.boosts + (boost,))))
        elif kind in ("peace", "fog", "invisible"):
            state = evolve(state, effects=state.effects + ((kind, player),))
        elif kind in ("ambush", "pepper", "sidestep"):
            combat = head
            reactions = _set(combat.reactions, combat.index, combat.reactions[combat.index] + (kind,))
            state = evolve(state, tasks=(evolve(combat, reactions=reactions),) + state.tasks[1:])
        elif kind == "bomb":
            state = self._discard_gadget(state, player, g.name)
            harms = tuple(Task("harm", p, g.value, "the Bomb vest", player) for p in a.who)
            state = evolve(state, tasks=harms + state.tasks)
            state, more = self._kill(state, player, -1, "the Bomb vest")
            events += more
        # "table" Gadgets: the table carries out the effect; the card is simply spent.
        return state, events

    def _trigger(self, state: ShootState, player: int, a: Act):
        g = gadget(a.name)
        owner = next(o for n, o in state.field if n == a.name)
        events = [Event("triggered", f"The {g.name} goes off: {g.effect}", {"card": g.name})]
        if g.kind == "lazaret":
            state = evolve(state, used=state.used + ("lazaret",), tasks=(Task("heal", player, why="Lazaret"),)
                            + state.tasks)
            return state, events
        removed = g.kind in ("trap", "barrel")
        if removed:
            field = list(state.field)
            field.remove((a.name, owner))
            state = evolve(state, field=tuple(field), gadget_discard=state.gadget_discard + (a.name,))
        if g.kind == "trap":
            (victim,) = a.who
            hero = state.heroes[victim]
            turns = 2 if victim == state.current else 1
            state = evolve(state, heroes=_set(state.heroes, victim, evolve(hero, trap_turns=turns)))
            events.append(Event("trapped", f"{pname(victim)} is caught and cannot move until the end of "
                                           f"their next turn.", {"player": victim}))
            return state, events
        # damage cards: Gas, Barbed wire, Minefield and the Oil barrel (C17 names who gets the kill)
        credit = owner if g.duration == "environment" else player
        if g.kind == "barrel":
            state = evolve(state, attacked=True)
        harms = tuple(Task("harm", p, g.value, f"the {g.name}", credit if credit != p else -1) for p in a.who)
        return evolve(state, tasks=harms + state.tasks), events

    # settling: empty decks, finished turns ---------------------------------------------------------
    def _settle(self, state: ShootState):
        events: list[Event] = []
        for _ in range(1000):
            if state.winners is not None:
                return state, events
            state, more = self._advance_combat(state)
            events += more
            if state.winners is not None:
                return state, events
            head = state.tasks[0] if state.tasks else None
            if isinstance(head, Task) and head.kind == "harm" and not state.heroes[head.player].alive:
                state = evolve(state, tasks=state.tasks[1:])  # the dead take no more damage
                continue
            if head is not None:
                needs = self._needs(head)
                if needs == "card" and not sum(state.deck):
                    if sum(state.discard):
                        state = evolve(state, deck=_merge(state.deck, state.discard), discard=tuple(0 for _ in CARDS))
                        events.append(Event("reshuffled", "The Splattercard deck is empty: the discard pile "
                                                          "is shuffled in.", {}))
                        continue
                    events.append(Event("empty", "No Splattercard is left to draw.", {}))
                    state = self._skip_draw(state, head)
                    continue
                if needs == "weapon" and not sum(state.weapon_deck):
                    if sum(state.weapon_discard):
                        state = evolve(state, weapon_deck=state.weapon_discard,
                                        weapon_discard=tuple(0 for _ in WEAPONS))
                        events.append(Event("reshuffled", "The Weapon deck is empty: its discards are shuffled in.", {}))
                        continue
                    events.append(Event("empty", "No Weapon is left to draw.", {}))
                    state = evolve(state, tasks=state.tasks[1:])
                    continue
                if needs == "gadget" and not sum(state.gadget_deck):
                    if state.gadget_discard:
                        deck = state.gadget_deck
                        for name in state.gadget_discard:
                            deck = _add(deck, GADGET_INDEX[name], 1)
                        state = evolve(state, gadget_deck=deck, gadget_discard=())
                        events.append(Event("reshuffled", "The Gadget deck is empty: its discards are shuffled in.", {}))
                        continue
                    events.append(Event("empty", "No Gadget is left to draw.", {}))
                    state = evolve(state, tasks=state.tasks[1:])
                    continue
                return state, events
            if state.phase == "act" and not state.heroes[state.current].alive:
                state, more = self._next_turn(state)
                events += more
                continue
            if state.phase == "start" and not state.heroes[state.current].alive:
                state, more = self._next_turn(state)
                events += more
                continue
            return state, events
        raise RuntimeError("settling did not finish")

    @staticmethod
    def _needs(head) -> str:
        if isinstance(head, Combat):
            return "card" if head.left > 0 else ""
        if head.kind in ("weapon", "gadget"):
            return head.kind
        if head.kind == "start":
            return ""
        return "card"

    @staticmethod
    def _skip_draw(state: ShootState, head) -> ShootState:
        if isinstance(head, Combat):
            return evolve(state, tasks=(evolve(head, left=0),) + state.tasks[1:])
        return evolve(state, tasks=state.tasks[1:])

    def _next_turn(self, state: ShootState):
        """End the current turn and begin the next living (or respawning) player's."""
        events: list[Event] = []
        me = state.heroes[state.current]
        discard = state.discard
        if state.action_card:
            discard = _add(discard, CARD_INDEX[state.action_card], 1)
        me = evolve(me, trap_turns=max(0, me.trap_turns - 1))
        heroes = _set(state.heroes, state.current, me)
        heroes = tuple(evolve(h, boosts=()) for h in heroes)
        state = evolve(state, heroes=heroes, discard=discard, action_card=None, moving=False, bonus_move=0,
                        attacked=False, used=(), pushed=(), phase="start")
        player = state.current
        for _ in range(state.players):
            player = (player + 1) % state.players
            hero = state.heroes[player]
            if hero.out:
                if hero.weapon or hero.gadgets:
                    state, more = self._clear_corpse(state, player)
                    events += more
                continue
            break
        else:  # nobody can play
            return self._win(state, (), "Nobody is left to play.")
        state = evolve(state, current=player, turn_no=state.turn_no + 1,
                        effects=tuple(e for e in state.effects if e[1] != player))
        if state.turn_no > state.max_turns:
            return self._win(state, (), f"The turn limit ({state.max_turns}) is reached: a draw (C23).")
        events.append(Event("turn", f"Turn {state.turn_no}: {pname(player)}.", {"player": player}))
        if not state.heroes[player].alive:
            state, more = self._clear_corpse(state, player)
            events += more
            hero = evolve(state.heroes[player], alive=True, damage=0, record=(), boosts=(), trap_turns=0,
                           weapon=None, weapon_shown=False)
            state = evolve(state, heroes=_set(state.heroes, player, hero),
                            tasks=(Task("weapon", player, why="respawn"), Task("gadget", player, why="respawn")))
            events.append(Event("respawned", f"{pname(player)} spawns at the Base with a new Weapon and Gadget.",
                                {"player": player}))
        return state, events

    def _clear_corpse(self, state: ShootState, player: int):
        hero = state.heroes[player]
        weapon_discard = state.weapon_discard
        if hero.weapon:
            weapon_discard = _add(weapon_discard, WEAPON_INDEX[hero.weapon], 1)
        state = evolve(state, weapon_discard=weapon_discard, gadget_discard=state.gadget_discard + hero.gadgets,
                        heroes=_set(state.heroes, player, evolve(hero, weapon=None, gadgets=())))
        return state, [Event("cleared", f"{pname(player)}'s corpse is cleared away with its things.",
                             {"player": player})]

    # -- notation -----------------------------------------------------------------------------
    def notation(self, a: Act) -> str:
        v = a.verb
        if v in ("move", "stand", "bleed", "end", "shuffle", "ask", "suicide", "capture", "pass", "fire"):
            return v
        if v == "take":
            return "take flag"
        if v in ("token", "jump"):
            return f"{v} {a.name}"
        if v in ("use", "trigger"):
            text = f"{v} {a.name}"
            return text + (" on " + " ".join(pname(p) for p in a.who) if a.who else "")
        if v in ("attack", "add"):
            text = f"{v} {pname(a.who[0])} @{a.band} {a.cover}/{a.back}"
            return text + (f" with {a.name}" if a.name else "")
        if v == "loot":
            return f"loot {pname(a.who[0])}" + (" weapon" if a.name else "")
        if v in ("fall", "start"):
            return f"{v} {pname(a.who[0])}"
        if v in ("card", "weapon", "gadget"):
            return f"{v} {a.name}"
        raise ValueError(f"unknown action {a!r}")

    def parse(self, state: ShootState, text: str) -> Act:
        words = text.strip().split()
        if not words:
            raise IllegalAction("notation", "empty action")
        verb = words[0].lower()
        rest = " ".join(words[1:])

        def bad(why: str = "") -> IllegalAction:
            return IllegalAction("notation", f"cannot read {text!r}" + (f": {why}" if why else ""))

        def player(word: str) -> int:
            m = re.fullmatch(r"[pP](\d)", word)
            if not m or not 1 <= int(m.group(1)) <= state.players:
                raise bad(f"{word!r} is not a player (P1-P{state.players})")
            return int(m.group(1)) - 1

        def named(name: str, table: Mapping[str, int]) -> str:
            for key in table:
                if key.lower() == name.strip().lower():
                    return key
            raise bad(f"no card called {name.strip()!r}")

        simple = ("move", "stand", "bleed", "end", "shuffle", "ask", "suicide", "capture", "pass", "fire")
        if verb in simple and not rest:
            return Act(verb)
        if verb == "take" and rest.lower() == "flag":
            return Act("take")
        if verb == "token" and rest.lower() in ("weapon", "gadget", "heal"):
            return Act("token", rest.lower())
        if verb == "jump" and rest.lower() in JUMPS:
            return Act("jump", rest.lower())
        if verb in ("use", "trigger") and rest:
            parts = re.split(r"\s+on\s+", rest, maxsplit=1)
            who = tuple(player(w) for w in parts[1].split()) if len(parts) > 1 else ()
            return Act(verb, named(parts[0], GADGET_INDEX), who)
        if verb in ("attack", "add"):
            m = re.fullmatch(r"(\S+)\s+@(0|1|inf)\s+(\w+)/(\w+)(?:\s+with\s+(.+))?", rest, re.IGNORECASE)
            if not m:
                raise bad("write attack P2 @1 low/none (band 0, 1 or inf; target's cover/your cover)")
            cover, back = m.group(3).lower(), m.group(4).lower()
            if cover not in COVERS or back not in COVERS:
                raise bad("cover is none, low, high or over")
            name = named(m.group(5), WEAPON_INDEX) if m.group(5) else ""
            return Act(verb, name, (player(m.group(1)),), m.group(2).lower(), cover, back)
        if verb == "loot" and len(words) in (2, 3):
            if len(words) == 3 and words[2].lower() != "weapon":
                raise bad("loot P2 or loot P2 weapon")
            return Act("loot", "weapon" if len(words) == 3 else "", (player(words[1]),))
        if verb in ("fall", "start") and len(words) == 2:
            return Act(verb, "", (player(words[1]),))
        if verb == "card" and len(words) == 2:
            return Act("card", named(words[1], CARD_INDEX))
        if verb == "weapon" and rest:
            return Act("weapon", named(rest, WEAPON_INDEX))
        if verb == "gadget" and rest:
            return Act("gadget", named(rest, GADGET_INDEX))
        raise bad()

    # -- serialisation ----------------------------------------------------------------------------
    def state_to_json(self, state: ShootState) -> dict:
        return {
            "players": state.players, "mode": state.mode, "cards": state.cards, "max_turns": state.max_turns,
            "flag_returns": state.flag_returns,
            "heroes": [_hero_json(h) for h in state.heroes],
            "deck": _counts_json(state.deck, CARD_IDS), "discard": _counts_json(state.discard, CARD_IDS),
            "weapon_deck": _counts_json(state.weapon_deck, WEAPON_NAMES),
            "weapon_discard": _counts_json(state.weapon_discard, WEAPON_NAMES),
            "gadget_deck": _counts_json(state.gadget_deck, GADGET_NAMES),
            "gadget_discard": list(state.gadget_discard),
            "field": [[n, o] for n, o in state.field],
            "current": state.current, "phase": state.phase, "action_card": state.action_card,
            "moving": state.moving, "bonus_move": state.bonus_move, "attacked": state.attacked,
            "used": list(state.used), "pushed": [list(p) for p in state.pushed],
            "effects": [[k, o] for k, o in state.effects], "flag": state.flag, "flag_turn": state.flag_turn,
            "tasks": [_task_json(t) for t in state.tasks], "turn_no": state.turn_no,
            "winners": None if state.winners is None else list(state.winners), "ending": state.ending,
            "last_cards": list(state.last_cards),
        }

    def state_from_json(self, data: Mapping) -> ShootState:
        try:
            return ShootState(
                players=int(data["players"]), mode=data["mode"], cards=data["cards"],
                max_turns=int(data["max_turns"]), flag_returns=bool(data["flag_returns"]),
                heroes=tuple(_hero_from(h) for h in data["heroes"]),
                deck=_counts_from(data["deck"], CARD_IDS), discard=_counts_from(data["discard"], CARD_IDS),
                weapon_deck=_counts_from(data["weapon_deck"], WEAPON_NAMES),
                weapon_discard=_counts_from(data["weapon_discard"], WEAPON_NAMES),
                gadget_deck=_counts_from(data["gadget_deck"], GADGET_NAMES),
                gadget_discard=tuple(data["gadget_discard"]),
                field=tuple((n, int(o)) for n, o in data["field"]),
                current=int(data["current"]), phase=data["phase"], action_card=data["action_card"],
                moving=bool(data["moving"]), bonus_move=int(data["bonus_move"]), attacked=bool(data["attacked"]),
                used=tuple(data["used"]), pushed=tuple((int(v), int(p)) for v, p in data["pushed"]),
                effects=tuple((k, int(o)) for k, o in data["effects"]), flag=int(data["flag"]),
                flag_turn=int(data["flag_turn"]), tasks=tuple(_task_from(t) for t in data["tasks"]),
                turn_no=int(data["turn_no"]),
                winners=None if data["winners"] is None else tuple(int(w) for w in data["winners"]),
                ending=data["ending"], last_cards=tuple(data["last_cards"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise IllegalAction("state", f"not a Splatter SHOOT state: {error}") from error

    # -- hidden information ---------------------------------------------------------------------
    # "Keep your Weapon hidden from the others and reveal it only when you fire it"; a Gadget stays in
    # the hand until played. Splattercards are drawn and discarded face up; a corpse's things lie open.
    hidden_information = True

    def _hides(self, state: ShootState, p: int, player: int | None) -> bool:
        return player is not None and p != player and state.heroes[p].alive

    def view(self, state: ShootState, player: int | None) -> ShootState:
        """Another living HERO's unshown Weapon and every Gadget in their hand as unknowns ("?"). The
        Weapon and Gadget decks count every card `player` has not seen, in a deck or in a hand: the
        decks' own counts would give the hands away."""
        if player is None:
            return state
        weapon_deck, gadget_deck = list(state.weapon_deck), list(state.gadget_deck)
        heroes = []
        for p, hero in enumerate(state.heroes):
            if self._hides(state, p, player):
                if hero.weapon and not hero.weapon_shown:
                    weapon_deck[WEAPON_INDEX[hero.weapon]] += 1
                    hero = evolve(hero, weapon=HIDDEN)
                for name in hero.gadgets:
                    gadget_deck[GADGET_INDEX[name]] += 1
                hero = evolve(hero, gadgets=(HIDDEN,) * len(hero.gadgets))
            heroes.append(hero)
        return evolve(state, heroes=tuple(heroes), weapon_deck=tuple(weapon_deck), gadget_deck=tuple(gadget_deck))

    def view_action(self, state: ShootState, action: Act, player: int | None) -> str:
        if player is not None and action.verb in ("weapon", "gadget") and state.tasks:
            head = state.tasks[0]
            drawer = head.player if isinstance(head, Task) else -1
            pop_up = (action.verb == "weapon" and weapon(action.name).special == "cannon") or \
                     (action.verb == "gadget" and gadget(action.name).duration == "pop-up")
            if drawer != player and not pop_up:  # a pop-up goes on the battlefield for all to see
                return f"{pname(drawer)} draws a {action.verb.capitalize()}"
        return self.notation(action)

    def view_events(self, state: ShootState, action: Act, events, player: int | None) -> list[Event]:
        # a draw into a hand is told as "draws a Weapon" already: only the cards' data names it
        if player is None:
            return list(events)
        seen = []
        for e in events:
            who = e.data.get("player", -1)
            if e.kind == "drew" and who != player:
                e = Event(e.kind, e.text, {k: v for k, v in e.data.items() if k != "card"})
            elif e.kind == "no-counter" and self._hides(state, who, player) and not state.heroes[who].weapon_shown:
                # out of reach says what the Weapon cannot do, as a player at the table would; not its name
                e = Event(e.kind, e.text.replace(f"the {state.heroes[who].weapon} ", "their Weapon "), dict(e.data))
            seen.append(e)
        return seen

    def observation(self, state: ShootState, player: int) -> dict:
        """Other players' Weapons stay hidden until used (and Gadgets always); so do the Weapon
        and Gadget decks, whose contents would give hands away. Corpses lie face up."""
        data = self.state_to_json(state)
        for p, hero in enumerate(data["heroes"]):
            if p == player or not state.heroes[p].alive:
                continue
            if hero["weapon"] is not None and not hero["weapon_shown"]:
                hero["weapon"] = "?"
            hero["gadgets"] = ["?"] * len(hero["gadgets"])
        data["weapon_deck"] = {"?": sum(state.weapon_deck)}
        data["gadget_deck"] = {"?": sum(state.gadget_deck)}
        return data

    def determinize(self, state: ShootState, player: int, rng) -> ShootState:
        hidden = [p for p in range(state.players) if p != player and state.heroes[p].alive]
        weapons = [w.name for w, n in zip(WEAPONS, state.weapon_deck) for _ in range(n) if w.special != "cannon"]
        gadgets = [g.name for g, n in zip(GADGETS, state.gadget_deck) for _ in range(n) if g.duration != "pop-up"]
        for p in hidden:
            hero = state.heroes[p]
            if hero.weapon and not hero.weapon_shown:
                weapons.append(hero.weapon)
            gadgets.extend(hero.gadgets)
        # sorted first: two states that differ only in what `player` cannot see re-deal alike
        weapons.sort(key=WEAPON_INDEX.__getitem__)
        gadgets.sort(key=GADGET_INDEX.__getitem__)
        rng.shuffle(weapons)
        rng.shuffle(gadgets)
        heroes = list(state.heroes)
        weapon_deck = list(state.weapon_deck)
        gadget_deck = list(state.gadget_deck)
        for p in hidden:
            hero = heroes[p]
            if hero.weapon and not hero.weapon_shown:
                weapon_deck[WEAPON_INDEX[hero.weapon]] += 1
                new = weapons.pop()
                weapon_deck[WEAPON_INDEX[new]] -= 1
                hero = evolve(hero, weapon=new)
            for name in hero.gadgets:
                gadget_deck[GADGET_INDEX[name]] += 1
            new_gadgets = tuple(gadgets.pop() for _ in hero.gadgets)
            for name in new_gadgets:
                gadget_deck[GADGET_INDEX[name]] -= 1
            heroes[p] = evolve(hero, gadgets=new_gadgets)
        return evolve(state, heroes=tuple(heroes), weapon_deck=tuple(weapon_deck), gadget_deck=tuple(gadget_deck))

    def place_name(self, state: ShootState, cell: str) -> str:
        """ "P2" is P2's HERO; "P2.head" P2's head on the Medical Record; "P2.damage" the damage track."""
        owner, dot, part = cell.partition(".")
        if not dot:
            return f"{owner}'s HERO" if re.fullmatch(r"P\d", owner) else cell
        if part == "damage":
            return f"{owner}'s damage track"
        location = LOCATION_INDEX.get(part)
        return f"{owner}'s {location.label.lower()}" if location else cell

    # -- diagrams -----------------------------------------------------------------------------
    def cells(self, state: ShootState, a: Act) -> tuple[str, ...]:
        turn = self.turn(state)
        if turn.kind == "chance":
            head = state.tasks[0]
            if a.verb == "card" and isinstance(head, Combat) and head.left > 0:
                c = card(a.name)
                _, victim, _ = self._shooter_victim(head)
                return (f"{pname(victim)}.{c.hit}",) if c.is_hit else (pname(victim),)
            if a.verb == "card" and isinstance(head, Task) and head.kind == "harm":
                c = card(a.name)
                return (f"{pname(head.player)}.{c.hit}",) if c.is_hit else (pname(head.player),)
            if isinstance(head, Task) and head.player >= 0:
                return (pname(head.player),)
            return ()
        actor = turn.player
        return (pname(actor),) + tuple(pname(p) for p in a.who if p != actor)

    layouts = LAYOUTS
    print_layouts = PRINT_LAYOUTS  # drawn for a rulebook only (generator/rulebook/figures.py)
    # a choice on the board that fits no legal move is refused under the rule for moves
    moves_rule = "Rules §Attack and counterattack"

    def render(self, state: ShootState, highlight=(), layout: str = "") -> Drawing:
        return draw_status(state, tuple(highlight), layout)


# -- JSON helpers ---------------------------------------------------------------------------
def _counts_json(counts, keys: tuple[str, ...]) -> dict:
    return {k: n for k, n in zip(keys, counts) if n}


def _counts_from(data, keys: tuple[str, ...]) -> tuple[int, ...]:
    unknown = [k for k in data if k not in keys]
    if unknown:
        raise ValueError(f"unknown cards {sorted(unknown)}")
    return tuple(int(data.get(k, 0)) for k in keys)


def _hero_json(h: Hero) -> dict:
    return {"alive": h.alive, "out": h.out, "damage": h.damage, "record": list(h.record), "weapon": h.weapon,
            "weapon_shown": h.weapon_shown, "gadgets": list(h.gadgets),
            "kills": h.kills, "deaths": h.deaths, "trap_turns": h.trap_turns, "boosts": list(h.boosts)}


def _hero_from(d) -> Hero:
    return Hero(alive=bool(d["alive"]), out=bool(d["out"]), damage=int(d["damage"]), record=tuple(d["record"]),
                weapon=d["weapon"], weapon_shown=bool(d["weapon_shown"]), gadgets=tuple(d["gadgets"]),
                kills=int(d["kills"]), deaths=int(d["deaths"]),
                trap_turns=int(d["trap_turns"]), boosts=tuple(d["boosts"]))


def _task_json(t) -> dict:
    if isinstance(t, Combat):
        return {"type": "combat", "attacker": t.attacker, "weapon": t.weapon,
                "aims": [[a.target, a.band, a.cover, a.back] for a in t.aims], "stage": t.stage,
                "index": t.index, "left": t.left, "drawn": t.drawn, "earned": list(t.earned),
                "reactions": [list(r) for r in t.reactions], "extra": t.extra}
    return {"type": "task", "kind": t.kind, "player": t.player, "count": t.count, "why": t.why, "credit": t.credit}


def _task_from(d):
    if d["type"] == "combat":
        return Combat(int(d["attacker"]), d["weapon"], tuple(Aim(int(a[0]), a[1], a[2], a[3]) for a in d["aims"]),
                      d["stage"], int(d["index"]), int(d["left"]), int(d["drawn"]),
                      tuple(bool(e) for e in d["earned"]), tuple(tuple(r) for r in d["reactions"]), int(d["extra"]))
    return Task(d["kind"], int(d["player"]), int(d["count"]), d["why"], int(d["credit"]))


def _subsets(items: list[int]) -> list[tuple[int, ...]]:
    """Every subset of `items` (the HEROES a blast may catch), smallest first."""
    out: list[tuple[int, ...]] = [()]
    for item in items:
        out += [s + (item,) for s in out]
    return sorted(out, key=lambda s: (len(s), s))


# -- named positions for walkthroughs and tests ---------------------------------------------------------
def build_state(engine: "ShootEngine", heroes: list[dict], *, current: int = 0, phase: str = "start",
                cards: str = "normal", mode: str = "flag", moving: bool = False, action_card: str | None = None,
                field: tuple = (), turn_no: int = 3, max_turns: int = 200, effects: tuple = ()) -> ShootState:
    """A position from readable parts: each hero dict may set damage, record, weapon, gadgets, alive.
    Cards in hands, records and the action card are taken out of the decks."""
    state = engine.initial_state(len(heroes), {"cards": cards, "mode": mode, "max_turns": max_turns})
    deck, weapon_deck, gadget_deck = list(state.deck), list(state.weapon_deck), list(state.gadget_deck)
    built = []
    for spec in heroes:
        hero = Hero(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in spec.items()})
        for cid in hero.record:
            deck[CARD_INDEX[cid]] -= 1
        if hero.weapon:
            weapon_deck[WEAPON_INDEX[hero.weapon]] -= 1
        for name in hero.gadgets:
            gadget_deck[GADGET_INDEX[name]] -= 1
        built.append(hero)
    for name, _ in field:
        if name in GADGET_INDEX:
            gadget_deck[GADGET_INDEX[name]] -= 1
        else:
            weapon_deck[WEAPON_INDEX[name]] -= 1
    if action_card:
        deck[CARD_INDEX[action_card]] -= 1
    if min(deck + weapon_deck + gadget_deck) < 0:
        raise ValueError("a position uses more copies of a card than the game has")
    return evolve(state, heroes=tuple(built), deck=tuple(deck), weapon_deck=tuple(weapon_deck),
                   gadget_deck=tuple(gadget_deck), tasks=(), current=current, phase=phase, moving=moving,
                   action_card=action_card, field=tuple(field), turn_no=turn_no, effects=tuple(effects))


def _walkthrough_setups(engine: "ShootEngine") -> dict:
    return {
        # P1 (Revolver) faces P2 (Pistol).
        "duel": build_state(engine, [{"weapon": "Revolver", "gadgets": ("Medicine",)},
                                     {"weapon": "Pistol", "gadgets": ("Fog",)}]),
        # P1 carries a Chainsaw into close combat with P2's Shotgun.
        "chainsaw": build_state(engine, [{"weapon": "Chainsaw"}, {"weapon": "Shotgun"}]),
        # P2 is wounded and stands beside a healing Token.
        "wounded": build_state(engine, [{"weapon": "Sniper rifle", "damage": 6, "record": ("S12", "S13", "S14")},
                                        {"weapon": "Pistol", "gadgets": ("Whiskey",)}], current=0),
        # Three HEROES: P1 holds the 9 mm, P3 hides behind low cover.
        "crossfire": build_state(engine, [{"weapon": "9 mm"}, {"weapon": "Combat knife"},
                                          {"weapon": "Assault rifle", "gadgets": ("Sidestep",)}]),
        # P2 lies dead beside P1; the corpse still holds its things.
        "corpse": build_state(engine, [{"weapon": "Crossbow"},
                                       {"weapon": "Machine gun", "gadgets": ("Helmet", "Medicine"), "alive": False,
                                        "damage": 10, "weapon_shown": True}], phase="act"),
    }


ENGINE = ShootEngine()
