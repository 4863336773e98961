"""Statistical check of Splatter SHOOT attack resolution (Rules §Attack and counterattack, §Cover,
§JAM, C3, C9, C11): the mean damage the engine deals over many seeded attacks matches the exact
expectation computed here, independently of the engine, from the deck data in splattercards.csv
and weapons.csv, within 2%."""
from __future__ import annotations

import csv
import random
import sys
from functools import lru_cache
from pathlib import Path

from generator.play import load_engine

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "content" / "shoot"
ENGINE = load_engine(GAME)
SHOOT = sys.modules[type(ENGINE).__module__]
SAMPLES = 6000


def read(name: str) -> list[dict]:
    with open(GAME / name, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def visible(cover: str) -> set[str]:
    """Locations that show behind `cover`, straight from medical.csv."""
    rows = read("medical.csv")
    if cover == "none":
        return {r["location"] for r in rows}
    return {r["location"] for r in rows if r[cover] == "true"}


def exact_expected_damage(weapon: str, band: str, cover: str, full: bool, removed: tuple[str, ...] = ()) -> float:
    """E[target damage] after one attack on an unhurt, unprotected target, by exhaustive recursion
    over the deck: cards are drawn without replacement; a yellow or red JAM ends the attack, an
    empty box is a miss; hidden or lost locations miss; damage is capped at 10 (death ends it)."""
    w = next(r for r in read("weapons.csv") if r["name"] == weapon)
    cards_to_draw = int(w["draw_" + band])
    jam_stops = {letter: w["jam_" + letter.lower()].split()[0] != "empty" for letter in "ABC"}
    shows = visible(cover)
    groups: dict[tuple, int] = {}  # cards with the same effect share a group: fewer branches
    for row in read("splattercards.csv"):
        count = int(row["qty"]) - removed.count(row["id"])
        if row["jam"] != "-":
            key = ("stop",) if jam_stops[row["jam"]] else ("miss",)
        elif row["hit"] == "none" or row["hit"] not in shows:
            key = ("miss",)
        elif row["death"] == "true":
            key = ("death",)
        else:
            amount = int(row["action"]) + (int(row["still"]) if full else 0)
            key = ("hit", amount, row["hit"], row["severs"] == "true") if amount else ("miss",)
        groups[key] = groups.get(key, 0) + count
    keys = list(groups)

    @lru_cache(maxsize=None)
    def expect(counts: tuple[int, ...], left: int, damage: int, lost: frozenset) -> float:
        if left == 0:
            return float(damage)
        total = sum(counts)
        value = 0.0
        for g, n in enumerate(counts):
            if not n:
                continue
            p = n / total
            rest = counts[:g] + (n - 1,) + counts[g + 1:]
            key = keys[g]
            if key[0] == "stop":
                value += p * damage
            elif key[0] == "death":
                value += p * 10
            elif key[0] == "hit" and key[2] not in lost:
                after = min(10, damage + key[1])
                if after >= 10:
                    value += p * 10
                else:
                    value += p * expect(rest, left - 1, after, lost | {key[2]} if key[3] else lost)
            else:
                value += p * expect(rest, left - 1, damage, lost)
        return value

    return expect(tuple(groups[k] for k in keys), cards_to_draw, 0, frozenset())


def simulated_mean_damage(state, attack: str, seed: int) -> float:
    """Mean damage the engine deals to P2 over SAMPLES attacks, each draw a seeded chance outcome."""
    rng = random.Random(seed)
    declared, _ = ENGINE.apply(state, ENGINE.parse(state, attack))
    total = 0
    for _ in range(SAMPLES):
        current = declared
        while current.tasks and isinstance(current.tasks[0], SHOOT.Combat) and current.tasks[0].stage == "attack":
            outcomes = ENGINE.chance_outcomes(current)
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            current, _ = ENGINE.apply(current, action)
        total += current.heroes[1].damage
    return total / SAMPLES


def test_standing_attack_matches_the_exact_expected_full_damage():
    """C3 full damage, Rules §JAM: an Assault rifle from beyond 1 card length (3 cards) at an open target."""
    state = SHOOT.build_state(ENGINE, [{"weapon": "Assault rifle"}, {"weapon": "Combat knife"}], phase="act")
    exact = exact_expected_damage("Assault rifle", "inf", "none", full=True)
    simulated = simulated_mean_damage(state, "attack P2 @inf none/none", seed=2024)
    print(f"standing Assault rifle: exact {exact:.4f}, simulated {simulated:.4f}")
    assert abs(simulated - exact) <= 0.02 * exact


def test_moving_attack_into_cover_matches_the_exact_expected_action_damage():
    """C3 action damage, C10 cover: a moving Submachine gun at close range against low cover."""
    state = SHOOT.build_state(ENGINE, [{"weapon": "Submachine gun"}, {"weapon": "Combat knife"}], phase="act",
                              moving=True, action_card="S05")
    exact = exact_expected_damage("Submachine gun", "0", "low", full=False, removed=("S05",))
    simulated = simulated_mean_damage(state, "attack P2 @0 low/none", seed=7)
    print(f"moving Submachine gun into low cover: exact {exact:.4f}, simulated {simulated:.4f}")
    assert abs(simulated - exact) <= 0.02 * exact


def test_exact_expectation_sees_the_difference_between_standing_and_moving():
    """The exact computation itself distinguishes full from action damage (so the checks above can fail)."""
    assert exact_expected_damage("Assault rifle", "inf", "none", full=True) > \
        1.5 * exact_expected_damage("Assault rifle", "inf", "none", full=False)
