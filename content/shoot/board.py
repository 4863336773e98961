"""Splatter SHOOT: the table and the Medical Record, what the rules and the drawing share.

The tables game.toml declares (`TABLES`, read once here for every module of
the game), and from them what the table measures and reports: distance
bands, cover, jump heights. Then the Medical Record's body locations with
their place on the diagram, the damage that kills, the game modes, player
names and colours, and how lengths are written. The decks are in cards.py.

Standard library only: this module runs in the browser under Pyodide.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from generator.play.tables import game_tables

HERE = os.path.dirname(os.path.abspath(__file__))

# One source of truth: the tables game.toml declares, read once for the whole game.
TABLES = game_tables(HERE)


# -- what the table measures and reports --------------------------------------------------
BANDS = ("0", "1", "inf")
BAND_WORDS = {"0": "touching", "1": "within 1 card length", "inf": "beyond 1 card length"}
COVERS = tuple(r["cover"] for r in TABLES["covers"].rows)
COVER_LETS_COUNTER = {r["cover"]: r["counter"] for r in TABLES["covers"].rows}
ATTACKER_COVERS = tuple(c for c in COVERS if COVER_LETS_COUNTER[c])  # an attacker's head must show to aim
JUMPS = {r["key"]: (r["cards"], r["death"], r["height"]) for r in TABLES["jumps"].rows}
DAMAGING_JUMPS = tuple(k for k, (cards, death, _) in JUMPS.items() if cards or death)


# -- the Medical Record --------------------------------------------------------------------
@dataclass(frozen=True)
class Location:
    key: str
    label: str
    side: str
    zone: str
    shows: frozenset  # cover levels this location can be hit through
    x: float  # where the diagram draws it, in the record's own units
    y: float


LOCATIONS: tuple[Location, ...] = tuple(
    Location(r["location"], r["label"], r["side"], r["zone"],
             frozenset(["none"] + [c for c in ("low", "high", "over") if r[c]]),
             r["x"], r["y"])
    for r in TABLES["medical"].rows
)
LOCATION_INDEX = {loc.key: loc for loc in LOCATIONS}
DEATH_DAMAGE = 10  # the end of the damage track


# -- modes and players ----------------------------------------------------------------------
MODES = ("flag", "hill", "frags", "last", "instant")
FRAGS_TO_WIN = 3
HIDDEN = "?"  # a Weapon or Gadget its viewer may not see (engine.view)
LIVES = {"last": 3, "instant": 1}
PLAYER_COLOURS = (("Red", "#c0392b"), ("Blue", "#2e6fd0"), ("Green", "#267a31"), ("Yellow", "#c99a06"))


def pname(player: int) -> str:
    """The rules' name for a player: P1, P2, ..."""
    return f"P{player + 1}"


def lengths(value: float) -> str:
    """A distance as events and the diagram write it: "1 card length", "2.5 card lengths"."""
    text = f"{value:g}"
    return f"{text} card length" + ("" if value == 1 else "s")
