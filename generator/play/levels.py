"""Named computer levels: what a Play page offers a reader to play against.

A game declares its levels in bots.py, easiest first:

    from generator.play.levels import Level

    LEVELS = (
        Level("beginner", bot="heuristic", blunders=0.5, about="Plays a sensible move half the time."),
        Level("club", bot="heuristic", about="Takes the best move one step ahead."),
        Level("strong", bot="search", about="Searches a few hundred positions ahead."),
    )

`bot` is any name `make_bot` knows ("random", "mcts:200", or one of the
game's own `BOTS`); `blunders` is the share of moves the level plays at
random instead, an easy way to make a gentler opponent out of a good bot.
A level's name works wherever a bot name does (the play directive's `bot:`,
the session's `sides` request). Standard library only: runs under Pyodide.
"""
from __future__ import annotations

import random
import re
import sys
from dataclasses import dataclass
from typing import Any

from .api import Engine, IllegalAction
from .words import N_, _

LEVEL_NAME = re.compile(r"[a-z][a-z0-9-]*")
# The level names above, which the catalogue's games use: named so that Rulepress's catalogues
# say them in every language it speaks (the Play page's level select). A level named otherwise
# shows its name, in the reader's language where the game marks it (N_) in its own catalogue.
NAMED_LEVELS = (N_("beginner"), N_("club"), N_("strong"))


@dataclass(frozen=True)
class Level:
    """One named opponent: a bot, how often it blunders, and a sentence for the reader."""

    name: str
    bot: str
    about: str = ""
    blunders: float = 0.0

    def __post_init__(self):
        if not isinstance(self.name, str) or not LEVEL_NAME.fullmatch(self.name):
            raise ValueError(f"a level's name is lower-case words joined by hyphens (e.g. 'club'), not {self.name!r}")
        if not isinstance(self.bot, str) or not self.bot:
            raise ValueError(f"level {self.name!r}: bot must name a bot (e.g. 'heuristic' or 'mcts:200'), "
                             f"not {self.bot!r}")
        if isinstance(self.blunders, bool) or not isinstance(self.blunders, (int, float)) \
                or not 0.0 <= self.blunders <= 1.0:
            raise ValueError(f"level {self.name!r}: blunders is a share of moves from 0 to 1, not {self.blunders!r}")
        if not isinstance(self.about, str):
            raise ValueError(f"level {self.name!r}: about is a sentence, not {self.about!r}")

    def to_json(self) -> dict:
        """What the Play page's worker sends for the level select."""
        # its title and sentence in the page's language where they are marked (N_)
        return {"name": self.name, "title": _(self.name), "about": _(self.about)}


@dataclass(frozen=True)
class BlunderingBot:
    """Another bot that, `blunders` of the time, plays a random legal action instead.

    The coin comes from the match's `rng`, so a seeded game still replays exactly.
    """

    inner: Any
    blunders: float
    name: str = "blundering"

    def choose(self, engine: Engine, state, player: int, rng: random.Random):
        if self.blunders and rng.random() < self.blunders:
            actions = engine.legal_actions(state, player)
            if not actions:
                raise IllegalAction("turn", f"player {player} has no legal action now")
            return rng.choice(actions)
        return self.inner.choose(engine, state, player, rng)


def game_attribute(engine: Engine, attribute: str):
    """`attribute` of the game's bots.py, or for a one-file engine its engine.py (None if neither has it)."""
    module = sys.modules.get(type(engine).__module__)
    package = getattr(module, "__package__", "") or ""
    found = getattr(sys.modules.get(package + ".bots"), attribute, None)
    return found if found is not None else getattr(module, attribute, None)


def game_levels(engine: Engine) -> tuple[Level, ...]:
    """The levels the game declares in `LEVELS` (easiest first), checked; () if none."""
    declared = game_attribute(engine, "LEVELS") or ()
    if not isinstance(declared, (list, tuple)):
        raise ValueError(f"{engine.name}: LEVELS in bots.py is a list of Level(...), not {type(declared).__name__}")
    levels = []
    for index, level in enumerate(declared):
        if isinstance(level, dict):
            try:
                level = Level(**level)
            except TypeError as error:
                raise ValueError(f"{engine.name}: LEVELS[{index}] has keys name, bot, about, blunders: {error}") from None
        if not isinstance(level, Level):
            raise ValueError(f"{engine.name}: LEVELS[{index}] is a Level(...) or a dict, not {level!r}")
        levels.append(level)
    names = [level.name for level in levels]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError(f"{engine.name}: LEVELS names {repeated[0]!r} twice")
    return tuple(levels)


def find_level(engine: Engine, name: str) -> Level | None:
    return next((level for level in game_levels(engine) if level.name == name), None)
