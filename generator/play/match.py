"""A game in progress: the match driver every page widget, bot and test uses.

A `Match` is the engine's state plus everything needed to rebuild it:
(game, rules version, players, options, seed, start, action log). The log
holds *notations*, never objects, so a match travels as JSON or as a short
URL-safe position string and replays exactly anywhere the engine runs.

Chance is resolved here, not in the engine. The generator for a chance turn
is derived from (seed, number of actions so far): replaying a log never needs
the generator at all (the outcomes are in the log), and undoing a die roll and
rolling again gives the same number, so undo cannot be used to re-roll.

Standard library only: this module runs under Pyodide in the browser.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import random
import sys
import zlib
from typing import Any, Mapping, Sequence

from ..errors import describe_value, type_name
from . import GAME_PACKAGE_PREFIX
from .api import CHANCE, JOINT, OVER, PLAYER, Engine, Event, IllegalAction, Joint, Result, Turn, joint_notation
from .modules import game_modules

POSITION_FORMAT = "rp1"  # bump when the payload's layout changes


class PositionError(ValueError):
    """A position string or match JSON that cannot be read for this engine."""


# -- notation helpers ------------------------------------------------------
def action_notation(engine: Engine, action) -> str:
    """The notation of any action, joint actions included ("a & b & c")."""
    if isinstance(action, Joint):
        return joint_notation(engine, action)
    return engine.notation(action)


def parse_action(engine: Engine, state, text: str):
    """Read `text` as an action in `state`; a joint turn's parts are joined by '&'.

    Each part of a joint action is parsed on its own, in `Turn.players` order.
    An engine that prefers to read the whole joint text itself may return a
    `Joint` from `parse`.
    """
    text = text.strip()
    turn = engine.turn(state)
    if turn.kind != JOINT:
        return engine.parse(state, text)
    parts = [part.strip() for part in text.split("&")]
    if len(parts) == len(turn.players):
        return Joint(tuple(engine.parse(state, part) for part in parts))
    parsed = engine.parse(state, text)
    if isinstance(parsed, Joint):
        return parsed
    raise IllegalAction(
        "joint turn",
        f"players {', '.join(map(str, turn.players))} choose at once: write {len(turn.players)} "
        f"actions joined by ' & ', not {text!r}",
    )


def draw_outcome(outcomes: Sequence[tuple[Any, float]], rng: random.Random):
    """One outcome drawn with its probability (probabilities need not sum to 1)."""
    if not outcomes:
        raise IllegalAction("chance", "a chance turn with no outcomes")
    total = sum(p for _, p in outcomes)
    x = rng.random() * total
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]  # rounding left x a hair above zero


def rules_version_of(engine: Engine) -> str:
    """The engine's declared `rules_version` (or `version`), else a hash of its source.

    A position string records it, so a link made under old rules is refused
    rather than replayed into a position the new rules never allowed. The
    source is the engine's file and, for a game split into modules (board.py,
    drawing.py, bots.py, ...), every other module of its game's package: the
    rules may live in any of them.
    """
    for attribute in ("rules_version", "version"):
        declared = getattr(engine, attribute, None)
        if declared:
            return str(declared)
    module = sys.modules.get(type(engine).__module__)
    path = getattr(module, "__file__", None)
    if path:
        try:
            in_game_package = (getattr(module, "__package__", "") or "").startswith(GAME_PACKAGE_PREFIX)
            return _source_hash(path, in_game_package)
        except OSError:
            pass
    return "unversioned"


def _source_hash(path: str, in_package: bool) -> str:
    """The engine file's bytes, then each other module of the engine (by name) when the
    engine is one module of a game's package (`generator.play.game_package`): those it
    imports (play/modules.py), which are the ones its bundle ships. A one-file engine hashes exactly as it always did, so its old links still
    open. The browser bundle holds the same files byte for byte
    (generator/interactive/bundle.py), so a link made at build time opens there."""
    with open(path, "rb") as source:
        digest = hashlib.sha256(source.read())
    if in_package:
        engine_file = os.path.abspath(path)
        folder = os.path.dirname(engine_file)
        for name in game_modules(folder):  # the modules the bundle ships: the browser hashes the same
            other = os.path.join(folder, name)
            if other != engine_file:
                with open(other, "rb") as source:
                    digest.update(b"\0" + name.encode("utf-8") + b"\0" + source.read())
    return digest.hexdigest()[:12]


def turn_json(turn: Turn) -> dict:
    return {"kind": turn.kind, "players": list(turn.players)}


def events_json(events: Sequence[Event]) -> list[dict]:
    return [event.to_json() for event in events]


# -- the match -------------------------------------------------------------
class Match:
    """One game: state, log, undo/redo, chance resolution and serialisation.

    `start` is None for a fresh game (`engine.initial_state(players, options)`),
    the name of one of `engine.setups()`, or a state JSON dict.
    """

    def __init__(self, engine: Engine, players: int | None = None, options: Mapping[str, Any] | None = None,
                 seed: int = 0, *, start: str | Mapping[str, Any] | None = None,
                 rules_version: str | None = None):
        self.engine = engine
        self.players = players
        self.options = dict(options or {})
        self.seed = int(seed)
        self.start = start if isinstance(start, (str, type(None))) else dict(start)
        self.rules_version = rules_version or rules_version_of(engine)
        self._initial = self._initial_state()
        self._state = self._initial
        self._log: list[str] = []
        self._events: list[list[Event]] = []
        self._redo: list[str] = []

    def _initial_state(self):
        engine = self.engine
        engine.options(self.options)  # refuses unknown option names
        if self.start is None:
            if self.players is None:
                raise IllegalAction("player count", f"say how many players play {engine.name}")
            engine.check_players(self.players)
            return engine.initial_state(self.players, self.options)
        if isinstance(self.start, str):
            setups = engine.setups()
            if self.start not in setups:
                known = ", ".join(sorted(setups)) or "none"
                raise IllegalAction("setup", f"{engine.name} has no setup {self.start!r} (known: {known})")
            setup = setups[self.start]
            return engine.state_from_json(setup) if isinstance(setup, Mapping) else setup
        return engine.state_from_json(self.start)

    # -- reading ------------------------------------------------------------
    @property
    def state(self):
        return self._state

    @property
    def initial_state(self):
        return self._initial

    @property
    def turn(self) -> Turn:
        return self.engine.turn(self._state)

    @property
    def log(self) -> list[str]:
        return list(self._log)

    @property
    def events(self) -> list[list[Event]]:
        """The events of each logged step, in log order."""
        return [list(step) for step in self._events]

    @property
    def last_events(self) -> list[Event]:
        return list(self._events[-1]) if self._events else []

    @property
    def result(self) -> Result | None:
        return self.engine.result(self._state)

    @property
    def over(self) -> bool:
        return self.turn.kind == OVER

    def legal_actions(self, player: int) -> list:
        return self.engine.legal_actions(self._state, player)

    def legal_notations(self, player: int) -> list[str]:
        return [self.engine.notation(action) for action in self.legal_actions(player)]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return self.engine.chance_outcomes(self._state) if self.turn.kind == CHANCE else []

    def can_undo(self) -> bool:
        return bool(self._log)

    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- acting -------------------------------------------------------------
    def apply(self, action_or_notation) -> list[Event]:
        """Play one action (object or notation) for whoever must act now.

        The engine judges legality; a refused action raises `IllegalAction`
        and leaves the match unchanged. Clears the redo list.
        """
        events = self._push(action_or_notation)
        self._redo.clear()
        return events

    def _push(self, action_or_notation) -> list[Event]:
        engine, state = self.engine, self._state
        turn = engine.turn(state)
        if turn.kind == OVER:
            raise IllegalAction("game over", "the game is over; no more actions")
        if isinstance(action_or_notation, str):
            action = parse_action(engine, state, action_or_notation)
        else:
            action = action_or_notation
        if turn.kind == JOINT and not isinstance(action, Joint):
            raise IllegalAction("joint turn", f"players {list(turn.players)} choose at once: give one action each")
        if turn.kind == PLAYER and isinstance(action, Joint):
            raise IllegalAction("turn", f"only player {turn.player} acts now, not several players at once")
        notation = action_notation(engine, action)
        if turn.kind == CHANCE:
            possible = [engine.notation(outcome) for outcome, _ in engine.chance_outcomes(state)]
            if notation not in possible:
                raise IllegalAction("chance", f"{notation!r} cannot happen now (possible: {', '.join(possible)})")
        new_state, events = engine.apply(state, action)
        self._state = new_state
        self._log.append(notation)
        self._events.append(list(events))
        return list(events)

    def chance_rng(self) -> random.Random:
        """The generator for the chance turn at the current step (see module docstring)."""
        return random.Random(f"{self.seed}:chance:{len(self._log)}")

    def bot_rng(self) -> random.Random:
        """A generator for a bot choosing at the current step: the same match asks the same question."""
        return random.Random(f"{self.seed}:bot:{len(self._log)}")

    def resolve_chance(self) -> list[Event] | None:
        """Draw and apply one chance outcome if chance acts now; None otherwise."""
        if self.turn.kind != CHANCE:
            return None
        outcome = draw_outcome(self.engine.chance_outcomes(self._state), self.chance_rng())
        return self.apply(outcome)

    def advance(self) -> list[str]:
        """Resolve chance until a player must act (or the game ends); the notations drawn."""
        drawn = []
        while self.turn.kind == CHANCE:
            self.resolve_chance()
            drawn.append(self._log[-1])
        return drawn

    def bot_action(self, bot, player: int | None = None):
        """What `bot` would play for `player` (default: the one player to act) now."""
        turn = self.turn
        if player is None:
            if turn.kind != PLAYER:
                raise IllegalAction("turn", f"no single player acts now ({turn.kind} turn)")
            player = turn.player
        return bot.choose(self.engine, self._state, player, self.bot_rng())

    def play_bots(self, bots: Mapping[int, Any]) -> list[Event] | None:
        """Let the bots act if the current turn is theirs: chance is resolved,
        a joint turn needs a bot for every player in it. None if a human must act."""
        turn = self.turn
        if turn.kind == CHANCE:
            return self.resolve_chance()
        if turn.kind == PLAYER and turn.player in bots:
            return self.apply(self.bot_action(bots[turn.player], turn.player))
        if turn.kind == JOINT and all(p in bots for p in turn.players):
            rng = self.bot_rng()
            parts = tuple(bots[p].choose(self.engine, self._state, p, rng) for p in turn.players)
            return self.apply(Joint(parts))
        return None

    # -- undo and redo --------------------------------------------------------
    def undo(self, steps: int = 1) -> list[str]:
        """Take back the last `steps` actions (replaying the rest from the start); the notations taken back."""
        steps = min(steps, len(self._log))
        if steps <= 0:
            return []
        taken = self._log[len(self._log) - steps:]
        self._replay(self._log[: len(self._log) - steps])
        self._redo.extend(reversed(taken))
        return taken

    def redo(self, steps: int = 1) -> list[str]:
        """Play again actions taken back by `undo`; the notations replayed."""
        done = []
        for _ in range(min(steps, len(self._redo))):
            notation = self._redo.pop()
            self._push(notation)
            done.append(notation)
        return done

    def _replay(self, notations: Sequence[str]) -> None:
        self._state = self._initial
        self._log, self._events = [], []
        for index, notation in enumerate(notations):
            try:
                self._push(notation)
            except IllegalAction as error:
                raise IllegalAction(error.rule, f"step {index + 1} ({notation!r}): {error.message}") from error

    def goto(self, step: int) -> None:
        """Show the position after `step` actions (0 = the start); later actions stay redoable."""
        if step < len(self._log):
            self.undo(len(self._log) - step)
        else:
            self.redo(step - len(self._log))

    # -- serialisation --------------------------------------------------------
    def to_json(self) -> dict:
        """The match as JSON: replaying `log` from the rest rebuilds it exactly."""
        data = {
            "game": self.engine.name,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "log": list(self._log),
        }
        if self.start is not None:
            data["start"] = self.start
        return data

    @classmethod
    def from_json(cls, engine: Engine, data: Mapping[str, Any], *, rules_version: str | None = None,
                  check_version: bool = True) -> "Match":
        """Rebuild a match from `to_json()` output; PositionError if it does not fit this engine."""
        if not isinstance(data, Mapping):
            raise PositionError("a match must be a JSON object")
        _expect(data, "game", str)
        _expect(data, "rules_version", str)
        _expect(data, "seed", int)
        _expect(data, "log", list)
        if data["game"] != engine.name:
            raise PositionError(f"this position is for the game {data['game']!r}, not {engine.name!r}")
        current = rules_version or rules_version_of(engine)
        if check_version and data["rules_version"] != current:
            raise PositionError(
                f"this position was saved under rules version {data['rules_version']!r}; "
                f"{engine.name} is now at {current!r}, so its moves may no longer be legal"
            )
        players = data.get("players")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise PositionError(f"players must be a whole number, not {players!r}")
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise PositionError("options must be a JSON object")
        start = data.get("start")
        if start is not None and not isinstance(start, (str, Mapping)):
            raise PositionError("start must be a setup name or a state object")
        if not all(isinstance(n, str) for n in data["log"]):
            raise PositionError("the action log must be a list of notations")
        try:
            match = cls(engine, players, options, data["seed"], start=start, rules_version=current)
            match._replay(data["log"])
        except IllegalAction as error:
            raise PositionError(f"cannot replay this position: {error}") from error
        except (KeyError, TypeError, ValueError) as error:
            raise PositionError(f"cannot rebuild this position's start: {error}") from error
        return match

    def log_json(self) -> str:
        """The match (with its log) as pretty JSON text, for saving or bug reports."""
        return json.dumps(self.to_json(), indent=2, sort_keys=True)

    def to_position(self) -> str:
        """A compact URL-safe string (for a link's fragment) that `from_position` reopens."""
        payload = {"g": self.engine.name, "v": self.rules_version, "s": self.seed, "a": self._log}
        if self.players is not None:
            payload["p"] = self.players
        if self.options:
            payload["o"] = self.options
        if self.start is not None:
            payload["u" if isinstance(self.start, str) else "j"] = self.start
        raw = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode("utf-8")
        packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode("ascii")
        return f"{POSITION_FORMAT}.{packed}"

    @classmethod
    def from_position(cls, engine: Engine, text: str, *, rules_version: str | None = None,
                      check_version: bool = True) -> "Match":
        """Reopen a match from `to_position()`; PositionError if it is corrupted or for another game."""
        payload = decode_position(text)
        data = {
            "game": payload.get("g"),
            "rules_version": payload.get("v"),
            "players": payload.get("p"),
            "options": payload.get("o") or {},
            "seed": payload.get("s"),
            "log": payload.get("a"),
        }
        if "u" in payload or "j" in payload:
            data["start"] = payload.get("u", payload.get("j"))
        return cls.from_json(engine, data, rules_version=rules_version, check_version=check_version)


def decode_position(text: str) -> dict:
    """The raw payload of a position string (any game); PositionError if it is not one."""
    if not isinstance(text, str):
        raise PositionError("a position string must be text")
    text = text.strip().lstrip("#")
    head, dot, body = text.partition(".")
    if not dot or not head.startswith("rp"):
        raise PositionError("this is not a Rulepress position string (it should start with 'rp1.')")
    if head != POSITION_FORMAT:
        raise PositionError(f"position format {head!r} is not readable by this version (it reads {POSITION_FORMAT!r})")
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
        payload = json.loads(zlib.decompress(packed).decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
        raise PositionError(f"this position string is damaged (was the link cut short?): {error}") from error
    if not isinstance(payload, dict):
        raise PositionError("this position string is damaged: its content is not a match")
    return payload


def _expect(data: Mapping[str, Any], key: str, kind: type) -> None:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PositionError(f"{key!r} is missing or not {type_name(kind)}: {describe_value(value)}")
