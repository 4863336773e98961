"""Replaying a rules page's ```walkthrough and ```position blocks through the game's engine.

The site build calls `replay_walkthrough` for every walkthrough block: each
step is checked by the engine (an illegal or unreadable step raises
`WalkthroughError` naming the step and the engine's reason) and comes back
with what the page needs to draw and narrate it.

A walkthrough spec is the block's YAML body, already parsed:

    title: A troll throws a rock      # optional
    view: 2                           # optional, in a game that hides something: show the game as
                                      # the second player sees it (by number, or by name); default
                                      # "all": every hand face up, as a teacher lays them out
    setup: throw-demo                 # a name in engine.setups(), or
    position: {...}                   # a state as JSON, or a Match position string, or
    players: 2                        # a fresh game (with optional seed: and options:)
    seed: 7
    steps:
      - do: "roll 4"                  # names the chance outcome: the die shows four
        say: The troll's player rolls a four.
      - do: "T e3-e4"
        say: The troll steps onto the rock's square and throws it.
        expect: {winner: Red}         # optional: what must hold after the step

Every chance outcome is the author's: a step at a chance turn names the outcome, unless
the block gives an explicit `seed:`, which then draws the outcomes its steps do not name.
A step that leaves a chance turn to an unfixed draw is an error listing the outcomes
that were possible, so a mistyped step cannot shift every later step in silence.
`expect:` holds a caption's claim to the position: `winner`/`winners`, `over`, `turn`
(whose turn is next, by name; where the next turn opens with a throw or a draw, the player
who acts after it, whatever it brings, and `turn: chance` says the dice or the deck decide
next), or a dotted path into the state's JSON (`scores.1: 3`).

Standard library only (the same code can run in the browser).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..errors import describe_value, did_you_mean
from .api import CHANCE, OVER, Engine, IllegalAction
from .match import Match, PositionError, draw_outcome, events_json, parse_action, turn_json

START_KEYS = ("setup", "position", "players", "seed", "options")
WALKTHROUGH_KEYS = frozenset(("game", "title", "steps", "view", *START_KEYS))
STEP_KEYS = frozenset(("do", "say", "expect"))
POSITION_KEYS = frozenset(("game", "title", "caption", "highlight", "move", "do", *START_KEYS))


class WalkthroughError(ValueError):
    """A walkthrough that cannot be replayed. `step_index` counts spec steps from 0
    (None for a problem with the block itself); the message counts from 1."""

    def __init__(self, step_index: int | None, notation: str | None, reason: str):
        self.step_index = step_index
        self.notation = notation
        self.reason = reason
        if step_index is None:
            where = "walkthrough"
        else:
            where = f"step {step_index + 1}" + (f" ({notation!r})" if notation else "")
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class Frame:
    """The board at one moment: the start, or the position after a step."""

    state: Any
    state_json: dict
    turn: dict  # whose turn now: {"kind": ..., "players": [...]}
    position: str  # a Match position string that reopens this moment ("try it from here")


@dataclass(frozen=True)
class WalkthroughStep:
    """One action of a walkthrough and the board after it."""

    index: int | None  # the spec step it comes from; None for a chance turn drawn from the seed
    notation: str  # the engine's own notation (canonical, may differ in spelling from the spec)
    caption: str
    actor: dict  # who acted: {"kind": "player"|"joint"|"chance", "players": [...]}
    events: list[dict]  # Event.to_json() of each event, for narration
    cells: tuple[str, ...]  # engine.cells(before, action): the cells to highlight
    after: Frame

    @property
    def state(self):
        return self.after.state

    @property
    def state_json(self) -> dict:
        return self.after.state_json

    @property
    def turn(self) -> dict:
        return self.after.turn

    def to_json(self) -> dict:
        return {
            "index": self.index,
            "notation": self.notation,
            "caption": self.caption,
            "actor": self.actor,
            "events": self.events,
            "cells": list(self.cells),
            "state": self.after.state_json,
            "turn": self.after.turn,
            "position": self.after.position,
        }


@dataclass(frozen=True)
class Walkthrough:
    title: str
    start: Frame
    steps: tuple[WalkthroughStep, ...] = field(default_factory=tuple)
    viewer: int | None = None  # whose view its frames show (None: everything, as a teacher shows it)

    def __iter__(self):
        return iter(self.steps)

    def __len__(self):
        return len(self.steps)

    def to_json(self) -> dict:
        return {
            "title": self.title,
            "start": {"state": self.start.state_json, "turn": self.start.turn, "position": self.start.position},
            "steps": [step.to_json() for step in self.steps],
        }


@dataclass(frozen=True)
class PositionDiagram:
    """What a ```position block shows: a state and the cells to highlight."""

    title: str
    caption: str
    state: Any
    state_json: dict
    turn: dict
    highlight: tuple[str, ...]
    position: str


def replay_walkthrough(engine: Engine, spec: Mapping[str, Any], *, rules_version: str | None = None) -> Walkthrough:
    """Replay every step of `spec` through `engine`; WalkthroughError on the first bad one."""
    _check_keys(spec, WALKTHROUGH_KEYS, "walkthrough")
    steps = spec.get("steps")
    if not isinstance(steps, list) or not steps:
        raise WalkthroughError(None, None, "a walkthrough needs a non-empty 'steps:' list")
    match = start_match(engine, spec, rules_version=rules_version)
    viewer = _viewer(engine, match, spec.get("view", "all"))
    seeded = "seed" in spec  # an explicit seed: the author lets it draw what the steps do not name
    start = _frame(match)
    played: list[WalkthroughStep] = []
    for index, step in enumerate(steps):
        notation, caption, expect = _read_step(index, step)
        if match.turn.kind == CHANCE and not _is_outcome(match, notation) and not seeded:
            raise WalkthroughError(index, notation, _unnamed_chance(match))
        played.extend(_resolve_unwritten_chance(match, notation))
        played.append(_play(match, index, notation, caption))
        _check_expect(match, index, notation, expect)
    return Walkthrough(str(spec.get("title") or ""), start, tuple(played), viewer)


def _viewer(engine: Engine, match: Match, view) -> int | None:
    """`view:` read: "all" (None), a seat by its number counting from 1, or by its player's name."""
    if view in (None, "all"):
        return None
    if not getattr(engine, "hidden_information", False):
        raise WalkthroughError(None, None, f"'view: {view}' needs a game that hides something; "
                                           f"{engine.name} shows everything to everyone, so leave 'view:' out")
    seats = range(match.players or engine.max_players)
    names = {}
    named = getattr(engine, "player_name", None)
    for seat in seats:
        names[str(seat + 1)] = seat
        if callable(named):
            names[str(named(match.state, seat))] = seat
    found = names.get(str(view).strip())
    if found is None:
        raise WalkthroughError(None, None, f"'view: {view}' names no seat: expected all, "
                                           f"{', '.join(sorted(names, key=lambda n: (not n.isdigit(), n)))}")
    return found


def position_from_spec(engine: Engine, spec: Mapping[str, Any], *, rules_version: str | None = None) -> PositionDiagram:
    """The state a ```position block shows: its start, after any `do:` actions,
    with `highlight:` cells (a list) and/or the cells of one legal `move:`."""
    _check_keys(spec, POSITION_KEYS, "position")
    match = start_match(engine, spec, rules_version=rules_version)
    actions = spec.get("do") or []
    if isinstance(actions, str):
        actions = [actions]
    for index, notation in enumerate(actions):
        try:
            match.apply(str(notation))
        except IllegalAction as error:
            raise WalkthroughError(index, str(notation), error.message + f" ({error.rule})") from error
    highlight = spec.get("highlight") or []
    if isinstance(highlight, str):
        highlight = highlight.split()
    if not isinstance(highlight, list):
        raise WalkthroughError(None, None, "'highlight:' must be a list of cell names")
    cells = [str(cell) for cell in highlight]
    move = spec.get("move")
    if move is not None:
        try:
            action = parse_action(engine, match.state, str(move))
            engine.apply(match.state, action)  # only to check it is legal here
        except IllegalAction as error:
            raise WalkthroughError(None, str(move), f"move: {error.message} ({error.rule})") from error
        cells.extend(c for c in engine.cells(match.state, action) if c not in cells)
    frame = _frame(match)
    return PositionDiagram(str(spec.get("title") or ""), str(spec.get("caption") or ""), frame.state,
                           frame.state_json, frame.turn, tuple(cells), frame.position)


def start_match(engine: Engine, spec: Mapping[str, Any], *, rules_version: str | None = None) -> Match:
    """The match a walkthrough or position block starts from."""
    setup, position = spec.get("setup"), spec.get("position")
    if setup is not None and position is not None:
        raise WalkthroughError(None, None, "give either 'setup:' or 'position:', not both")
    players, seed, options = spec.get("players"), spec.get("seed", 0), spec.get("options") or {}
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise WalkthroughError(None, None, f"'players:' must be a whole number, not {describe_value(players)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise WalkthroughError(None, None, f"'seed:' must be a whole number, not {describe_value(seed)}")
    if not isinstance(options, Mapping):
        raise WalkthroughError(None, None, "'options:' must be a mapping of option names to values")
    try:
        if isinstance(position, str):
            return Match.from_position(engine, position, rules_version=rules_version)
        if position is not None and not isinstance(position, Mapping):
            raise WalkthroughError(None, None, "'position:' must be a state (a mapping) or a position string")
        if setup is not None and not isinstance(setup, str):
            raise WalkthroughError(None, None, f"'setup:' must be a setup name, not {describe_value(setup)}")
        if setup is None and position is None and players is None:
            raise WalkthroughError(None, None, "say where the walkthrough starts: 'setup:', 'position:' or 'players:'")
        return Match(engine, players, options, seed, start=setup if setup is not None else position,
                     rules_version=rules_version)
    except IllegalAction as error:
        raise WalkthroughError(None, None, f"cannot start: {error.message} ({error.rule})") from error
    except PositionError as error:
        raise WalkthroughError(None, None, f"cannot start from this position: {error}") from error
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, WalkthroughError):
            raise
        raise WalkthroughError(None, None, f"cannot read the starting state: {error}") from error


# -- helpers ---------------------------------------------------------------------
def _check_keys(spec: Mapping[str, Any], known: frozenset, what: str) -> None:
    if not isinstance(spec, Mapping):
        raise WalkthroughError(None, None, f"a {what} block's body must be a YAML mapping")
    unknown = sorted(str(key) for key in spec if key not in known)
    if unknown:
        raise WalkthroughError(None, None, f"unknown key {unknown[0]!r}{did_you_mean(unknown[0], known)} in a {what} "
                                           f"block; known: {', '.join(sorted(known))}")


def _read_step(index: int, step) -> tuple[str, str, Mapping[str, Any]]:
    if isinstance(step, str):
        return step, "", {}
    if not isinstance(step, Mapping):
        raise WalkthroughError(index, None, "a step must be a mapping with 'do:' (and 'say:', 'expect:')")
    unknown = sorted(str(key) for key in step if key not in STEP_KEYS)
    if unknown:
        raise WalkthroughError(index, None, f"unknown key {unknown[0]!r}{did_you_mean(unknown[0], STEP_KEYS)} in a step; "
                                            "known: do, say, expect")
    notation = step.get("do")
    if not isinstance(notation, (str, int)) or str(notation).strip() == "":
        raise WalkthroughError(index, None, "a step needs 'do:' with the action's notation")
    expect = step.get("expect") or {}
    if not isinstance(expect, Mapping):
        raise WalkthroughError(index, str(notation), "'expect:' must be a mapping, e.g. {winner: Red} or {scores.1: 3}")
    return str(notation), str(step.get("say") or ""), expect


def _unnamed_chance(match: Match) -> str:
    """Why a step cannot be played at a chance turn it does not name, and what it could name."""
    outcomes = [match.engine.notation(outcome) for outcome, _ in match.chance_outcomes()]
    shown = ", ".join(outcomes[:12]) + (f" and {len(outcomes) - 12} more" if len(outcomes) > 12 else "")
    return (f"the dice or the deck decide here (a chance turn), and this step is not one of its outcomes: "
            f"possible were {shown}. Name the outcome in 'do:', or give the walkthrough an explicit "
            f"'seed:' to draw the outcomes its steps leave out")


def _whose_turn(match: Match, depth: int = 4, budget: int = 256) -> list[str]:
    """The names of the players whose turn it is. At a chance turn (a turn that opens with a
    throw or a draw), the players who act after it, whatever it brings: the same after every
    outcome (looking through up to `depth` chance turns in a row), else nobody's. At most
    `budget` outcomes are tried (a deck of 50 drawn four times over is 6 million): past it,
    and as soon as two outcomes disagree, nobody's."""
    engine, state, turn = match.engine, match.state, match.turn
    if turn.kind != CHANCE:
        return [engine.player_name(state, p) for p in turn.players]
    found: set[tuple[str, ...]] = set()
    waiting = [(state, outcome, depth) for outcome, _p in match.chance_outcomes()]
    while waiting:
        budget -= 1
        if budget < 0:
            return []
        before, outcome, left = waiting.pop()
        after, _events = engine.apply(before, outcome)
        turn = engine.turn(after)
        if turn.kind == CHANCE and left > 1:
            waiting.extend((after, o, left - 1) for o, _p in engine.chance_outcomes(after))
            continue
        found.add(tuple(engine.player_name(after, p) for p in turn.players))
        if len(found) > 1:
            return []
    return list(found.pop()) if len(found) == 1 else []


def _turn_in_words(match: Match) -> str:
    """Whose turn it is, as a caption would say it ("it is Blue's turn")."""
    turn = match.turn
    if turn.kind == CHANCE:
        names = _whose_turn(match)
        return f"it is {' and '.join(names)}'s turn, which opens with a chance turn" if names else \
            "it is a chance turn, after which it depends on the outcome whose turn it is"
    if turn.kind == OVER:
        return "the game is over"
    names = [match.engine.player_name(match.state, p) for p in turn.players]
    return f"it is {' and '.join(names)}'s turn" if names else "it is nobody's turn"


def _check_expect(match: Match, index: int, notation: str, expect: Mapping[str, Any]) -> None:
    """Each `expect:` claim against the position after the step: the game's result, whose
    turn it is, or a value in the state's JSON."""
    engine, state = match.engine, match.state
    for key, wanted in expect.items():
        key = str(key)
        if key in ("winner", "winners"):
            result = match.result
            found = "no winner yet" if result is None else (
                ", ".join(engine.player_name(state, p) for p in result.winners) or "nobody")
            wanted_names = [str(w) for w in (wanted if isinstance(wanted, list) else [wanted])]
            ok = result is not None and sorted(engine.player_name(state, p) for p in result.winners) == sorted(
                wanted_names)
        elif key == "over":
            found, ok = ("over" if match.over else "not over"), bool(wanted) == match.over
        elif key == "turn":
            found = _turn_in_words(match)
            names = _whose_turn(match)
            ok = str(wanted) in names or (str(wanted) == "chance" and match.turn.kind == CHANCE)
        else:
            value, found_it = _at_path(engine.state_to_json(state), key)
            found = f"{key} is {value!r}" if found_it else f"no {key!r} in the state"
            ok = found_it and (value == wanted or str(value) == str(wanted))
        if not ok:
            raise WalkthroughError(index, notation, f"expected {key}: {wanted!r} after this step, but {found}")


def _at_path(data, path: str) -> tuple[Any, bool]:
    """The value at a dotted path ("scores.1", "board.e4") of a state's JSON."""
    for part in path.split("."):
        if isinstance(data, Mapping) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.lstrip("-").isdigit() and -len(data) <= int(part) < len(data):
            data = data[int(part)]
        else:
            return None, False
    return data, True


def _resolve_unwritten_chance(match: Match, notation: str) -> list[WalkthroughStep]:
    """Chance turns the spec does not name (its next step is not one of their outcomes), in
    a walkthrough with an explicit seed, are drawn from it, as steps of their own without a caption."""
    drawn = []
    while match.turn.kind == CHANCE and not _is_outcome(match, notation):
        before = match.state
        outcome = draw_outcome(match.chance_outcomes(), match.chance_rng())  # as Match.resolve_chance does
        match.apply(outcome)
        drawn.append(_step(match, None, "", before, outcome, {"kind": CHANCE, "players": []}))
    return drawn


def _is_outcome(match: Match, notation: str) -> bool:
    engine = match.engine
    possible = {engine.notation(outcome) for outcome, _ in match.chance_outcomes()}
    if notation.strip() in possible:
        return True
    try:
        return engine.notation(engine.parse(match.state, notation)) in possible
    except (IllegalAction, ValueError, KeyError, TypeError):
        return False


def _play(match: Match, index: int, notation: str, caption: str) -> WalkthroughStep:
    engine, before = match.engine, match.state
    actor = turn_json(match.turn)
    def whose() -> str:  # a roll written where a player's move is due reads plainly; only on a failure:
        return f" ({_turn_in_words(match)})"  # at a chance turn it looks through every outcome (a deck: many)
    try:
        action = parse_action(engine, before, notation)
        match.apply(action)
    except IllegalAction as error:
        raise WalkthroughError(index, notation, f"{error.message} ({error.rule}){whose()}") from error
    except (ValueError, KeyError, TypeError) as error:
        raise WalkthroughError(index, notation, f"the engine could not read this action: {error}{whose()}") from error
    return _step(match, index, caption, before, action, actor)


def _step(match: Match, index, caption, before, action, actor) -> WalkthroughStep:
    return WalkthroughStep(index, match.log[-1], caption, actor, events_json(match.last_events),
                           tuple(match.engine.cells(before, action)), _frame(match))


def _frame(match: Match) -> Frame:
    return Frame(match.state, match.engine.state_to_json(match.state), turn_json(match.turn), match.to_position())
