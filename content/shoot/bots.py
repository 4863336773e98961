"""Splatter SHOOT: the game's own computer player, offered to the site as `BOTS`.

`heuristic` heals when hurt, re-arms when unarmed, attacks when the damage
it expects to deal beats the counterattack it expects to take, and grabs and
brings home the Flag. The generic `random` and `mcts` bots come from
generator/play/bots.py; the loader imports this module beside engine.py.

Standard library only: this module runs in the browser under Pyodide.
"""
from __future__ import annotations

from generator.play.api import IllegalAction
from generator.play.levels import Level

from .board import COVER_LETS_COUNTER, DEATH_DAMAGE, LOCATION_INDEX, pname
from .cards import CARDS, card, gadget, lost_locations, weapon
from .engine import Act, Combat, ShootEngine, ShootState


def expected_card_damage(state: ShootState, victim: int, cover: str, full: bool) -> float:
    """Mean damage one card from the current deck does to `victim` (the bot's quick estimate)."""
    total = sum(state.deck) or 1
    hero = state.heroes[victim]
    lost = lost_locations(hero)
    value = 0.0
    for count, c in zip(state.deck, CARDS):
        if count and c.is_hit and cover in LOCATION_INDEX[c.hit].shows and c.hit not in lost:
            value += count * (DEATH_DAMAGE if c.death else c.action + (c.still if full else 0))
    return value / total


def heuristic_bot(engine: ShootEngine, state: ShootState, player: int, rng) -> Act:
    """Heal when hurt, re-arm when unarmed, attack when the expected damage beats the expected
    counterattack, grab and bring home the Flag, otherwise end the turn."""
    actions = engine.legal_actions(state, player)
    if not actions:
        raise IllegalAction("turn", f"{pname(player)} has nothing to do")
    by_text = {engine.notation(a): a for a in actions}
    hero = state.heroes[player]
    head = state.tasks[0] if state.tasks else None
    if isinstance(head, Combat) and head.stage == "react":
        for a in actions:
            if a.verb == "use" and gadget(a.name).kind in ("sidestep", "pepper", "ambush", "jam-bomb"):
                return a
            if a.verb == "use" and gadget(a.name).kind == "heal" and hero.damage >= 4:
                return a
        return by_text["pass"]
    if isinstance(head, Combat) and head.stage == "aim":
        return by_text["fire"]
    if state.phase == "start":
        # Standing doubles the damage that counts; move only to heal, re-arm or run with the Flag.
        wants_to_move = hero.damage >= 5 or hero.weapon is None or state.flag == player \
            or (state.flag == -1 and rng.random() < 0.5)
        return by_text["move" if wants_to_move else "stand"]
    if hero.damage >= 4:
        for a in actions:
            if a.verb == "use" and gadget(a.name).kind in ("heal", "heal-draw"):
                return a
        if "token heal" in by_text and state.moving:
            return by_text["token heal"]
    if hero.weapon is None and "token weapon" in by_text:
        return by_text["token weapon"]
    best, best_value = None, 0.6
    for a in actions:
        if a.verb != "attack" or a.name or a.cover != a.back:
            continue
        w = weapon(hero.weapon)
        dealt = w.draw(a.band) * expected_card_damage(state, a.who[0], a.cover, not state.moving)
        foe = state.heroes[a.who[0]]
        received = 0.0
        if foe.weapon and weapon(foe.weapon).draw(a.band) and COVER_LETS_COUNTER[a.cover]:
            received = weapon(foe.weapon).draw(a.band) * expected_card_damage(state, player, a.back, not state.moving)
        value = dealt - 0.8 * received + (1.5 if foe.damage + dealt >= DEATH_DAMAGE else 0.0)
        if value > best_value:
            best, best_value = a, value
    if best is not None:
        return best
    for key in ("capture", "take flag"):
        if key in by_text and state.moving:  # reaching the Flag or the Base takes movement
            return by_text[key]
    return by_text["end"]


BOTS = {"heuristic": heuristic_bot}

LEVELS = (
    Level("beginner", bot="heuristic", blunders=0.5,
          about="Heals, re-arms and shoots like the strong level, but half its choices are picked at random."),
    Level("club", bot="heuristic", blunders=0.2,
          about="Plays like the strong level, except that one choice in five is picked at random."),
    Level("strong", bot="heuristic",
          about="Heals when hurt, re-arms when unarmed, and attacks when it expects to deal more than it takes."),
)


def deciding_card(notation: str, events) -> str | None:
    """For the balance notes: the Splattercard whose draw killed a HERO (a round is
    one of a HERO's lives), as "S07 Title"."""
    if notation.startswith("card ") and any(event.kind == "killed" for event in events):
        drawn = notation.split()[1]
        return f"{drawn} {card(drawn).title}"
    return None


DECIDING_CARD = deciding_card
