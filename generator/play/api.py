"""The engine protocol every game's `content/<slug>/engine.py` implements.

Standard library only: this module, the match driver and every engine run
unchanged under Pyodide in the reader's browser.

The shape follows OpenSpiel and boardgame.io:

* A *state* is immutable and belongs to the engine (usually a frozen
  dataclass). `apply` returns a new state and never touches the old one.
* *Whose turn* is a `Turn`: one player, several players choosing at once
  (a joint action), chance (dice, shuffles) or over.
* *Chance* is explicit: `chance_outcomes` lists outcomes with probabilities;
  the `Match` draws one from its seeded generator and applies it like any
  other action. A game therefore replays exactly from (options, seed, log),
  and a walkthrough can fix a die roll simply by writing the outcome's
  notation ("roll 4") in its action list.
* Every action has a notation that prints (`notation`) and parses back
  (`parse`). Logs, URLs and walkthroughs store notations, never objects.
* `apply` reports what happened as `Event`s for narration and animation, and
  refuses an illegal action with `IllegalAction`, naming the rule.
"""
from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Mapping, Sequence

from generator.play.words import _


class TurnKind(StrEnum):
    """Whose turn it is; a str, so it reads and serialises as "player", "joint"..."""

    PLAYER = "player"  # one player chooses
    JOINT = "joint"  # several players choose at once
    CHANCE = "chance"  # the dice or the deck decide
    OVER = "over"  # nobody: the game has ended


PLAYER, JOINT, CHANCE, OVER = TurnKind.PLAYER, TurnKind.JOINT, TurnKind.CHANCE, TurnKind.OVER


@dataclass(frozen=True)
class Turn:
    """Who acts next. `players` is empty for chance and over."""

    kind: TurnKind
    players: tuple[int, ...] = ()

    def __post_init__(self):
        if self.kind not in TurnKind.__members__.values():
            raise ValueError(f"unknown turn kind {self.kind!r}")
        object.__setattr__(self, "kind", TurnKind(self.kind))
        if self.kind == PLAYER and len(self.players) != 1:
            raise ValueError("a player turn names exactly one player")

    @classmethod
    def of(cls, player: int) -> "Turn":
        return cls(PLAYER, (player,))

    @classmethod
    def joint(cls, players: Sequence[int]) -> "Turn":
        return cls(JOINT, tuple(players))

    @classmethod
    def chance(cls) -> "Turn":
        return cls(CHANCE)

    @classmethod
    def over(cls) -> "Turn":
        return cls(OVER)

    @property
    def player(self) -> int | None:
        return self.players[0] if self.kind == PLAYER else None


@dataclass(frozen=True)
class Joint:
    """A simultaneous choice: one action per player, in `Turn.players` order."""

    actions: tuple[Any, ...]


@dataclass(frozen=True)
class Event:
    """Something an action caused, for narration ("moved", "thrown", "crushed", ...).

    `kind` is a short machine word, `text` a sentence for readers, `data` any
    JSON-able details (piece, from, to, player ...).
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}


@dataclass(frozen=True)
class Result:
    """The end of a game: winners (empty when everyone loses) and scores per player."""

    winners: tuple[int, ...]
    scores: tuple[float, ...] = ()
    text: str = ""


class IllegalAction(ValueError):
    """An action the rules forbid. `rule` names the rule, written "Rules §<section
    heading>[, C<n>]" ("Rules §Moving a piece, C5"): the page links each part to
    its place in the rules (`rule_anchors`)."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message

    @property
    def anchors(self) -> list[dict]:
        return rule_anchors(self.rule)


# Refusals that name no section of a game's rules but a page section every rules page has
SHARED_RULE_ANCHORS = {"notation": ("Notation", "#notation")}
_SECTION = re.compile(r"§\s*([^,:;(]+)")
_CLARIFICATION = re.compile(r"\bC(\d+)\b")


def rule_anchors(rule: str) -> list[dict]:
    """Where in the rules page a refusal's rule is written, as [{text, anchor}]:
    "Rules §Moving a piece, C5" -> the section "#moving-a-piece" and clarification
    "#c5", their words in the language spoken (generator/play/words.py). The anchors are the
    ids the rules page gives its headings (a heading's slug, as generator/markdown/slugs.py
    makes it; a translated page keeps the source's) and its clarifications (c<n>);
    tests/interactive/test_refusal_anchors.py checks every engine's against the built site."""
    if rule in SHARED_RULE_ANCHORS:
        text, anchor = SHARED_RULE_ANCHORS[rule]
        return [{"text": _(text), "anchor": anchor}]
    found = []
    section = _SECTION.search(rule)
    if section:
        title = section.group(1).strip()
        # the heading's words in the reader's language; its id the source's (a translated page keeps them)
        found.append({"text": _(title), "anchor": "#" + heading_slug(title)})
    for number in _CLARIFICATION.findall(rule[section.end():] if section else rule):
        found.append({"text": _("Clarification C{number}").format(number=number), "anchor": f"#c{number}"})
    return found


def heading_slug(text: str) -> str:
    """A heading's id as the rules page makes it (the same steps as generator/markdown/slugs.py,
    which this package cannot import: it runs in the browser with the standard library only)."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = re.sub(r"[^\w\s-]", "", text)
    text = re.sub(r"[\s_]+", "-", text.strip())
    return re.sub(r"-{2,}", "-", text).strip("-") or "section"


class Engine(ABC):
    """Base class of a game engine. Every abstract method must be written: an
    engine missing one fails as soon as it is created, naming the method.

    Class attributes describe the game; methods take and return the engine's
    own immutable states. Players are numbered 0..players-1.
    """

    name: str = ""
    min_players: int = 2
    max_players: int = 2
    option_defaults: Mapping[str, Any] = {}
    # Other arrangements `render` can draw besides its own, by name: "narrow" is a board
    # drawn for a narrow screen (a phone held upright), asked for where the usual drawing
    # would be wider than the screen at readable text
    layouts: tuple[str, ...] = ()
    # The rule (as a refusal names it, "Rules §Moving") that a choice of places on the board
    # fitting no legal action is refused under, when nothing nearer explains it: the reader's
    # "why can't I?" then links to how moves are made
    moves_rule: str = ""

    # -- setting up -------------------------------------------------------
    @abstractmethod
    def initial_state(self, players: int, options: Mapping[str, Any] | None = None):
        raise NotImplementedError

    def setups(self) -> Mapping[str, Any]:
        """Named starting positions for walkthroughs: name -> state or position dict."""
        return {}

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                "player count",
                f"{self.name} takes {self.min_players}-{self.max_players} players, not {players}",
            )

    def options(self, options: Mapping[str, Any] | None) -> dict:
        """Defaults merged with `options`; unknown option names are refused."""
        merged = dict(self.option_defaults)
        for key, value in (options or {}).items():
            if key not in merged:
                raise IllegalAction("options", f"{self.name} has no option {key!r}")
            merged[key] = value
        return merged

    # -- playing ----------------------------------------------------------
    @abstractmethod
    def turn(self, state) -> Turn:
        raise NotImplementedError

    @abstractmethod
    def legal_actions(self, state, player: int) -> list:
        """Every legal action for `player` now (empty when it is not their turn)."""
        raise NotImplementedError

    def chance_outcomes(self, state) -> list[tuple[Any, float]]:
        """(outcome action, probability) pairs when `turn(state).kind == CHANCE`."""
        return []

    @abstractmethod
    def apply(self, state, action) -> tuple[Any, list[Event]]:
        """The new state and the events caused; raise IllegalAction if forbidden.

        For a JOINT turn `action` is a `Joint`. For a CHANCE turn it is one of
        the outcomes from `chance_outcomes`.
        """
        raise NotImplementedError

    @abstractmethod
    def result(self, state) -> Result | None:
        """None while the game goes on."""
        raise NotImplementedError

    # -- hidden information ---------------------------------------------------
    # A game of perfect information (every piece on the board, nothing in a hand or a
    # shuffled deck) keeps the defaults below. A game with secrets sets this and writes
    # `view`, `view_action` and `view_events`: the Play page then shows the reader only
    # what their seat may see until the game ends (boardgame.io's playerView; OpenSpiel's
    # observation), and the computer's seats choose from what theirs may see (`determinize`).
    hidden_information: bool = False

    def view(self, state, player: int | None):
        """`state` as `player` sees it: a state of the same kind that `render` draws, with
        what `player` may not see (another hand, a face-down card, the deck's order)
        replaced by unknowns the drawing shows face down. `player` None is an onlooker who
        sees everything (the game is over, or the reader plays every seat). It is for
        drawing and reading, never for `apply`. Default: the whole state."""
        return state

    def view_action(self, state, action, player: int | None) -> str:
        """How `action`, taken in `state`, reads in `player`'s log: its notation, or words
        that leave out what `player` did not see ("P3 is dealt a card" for "deal 9"). Default:
        the notation."""
        return self.notation(action)

    def view_events(self, state, action, events: Sequence[Event], player: int | None) -> list[Event]:
        """The narration of `action` (taken in `state`) as `player` saw it: events that
        name a card `player` did not see are retold without it. Default: every event."""
        return list(events)

    def place_name(self, state, cell: str) -> str:
        """A board place (a `cell` name, an engine id like "P2.8") in the rules' words, for
        refusals, hints and announcements ("the 8s in P2's hand"). Default: the cell's name,
        which suits coordinates the rules use themselves ("e4")."""
        return cell

    def move_parts(self, state, action, player: int | None = None):
        """A move the board makes in parts (a Troll's step, then his throw), as ((cell, kind), ...) in
        order, or ((cell, kind, words), ...) where a part needs saying; None: one part. The Play page
        offers it part by part (generator/browser/clicks.py): a piece's first click marks only the
        first parts' places; choosing one marks the next parts' with their own kind of mark, and so on.
        kind: "place" (a ring: where the piece goes), "direction" (an arrow: which way) or "take" (a
        dashed ring: a piece the move takes along). `player`: whose move, for a part of a joint turn.
        Default None: the move is one part, its piece and its last cell."""
        return None

    def observation(self, state, player: int) -> dict:
        """What `player` may see, as JSON: `view` written out. Games without hidden
        information return the whole state."""
        return self.state_to_json(self.view(state, player))

    def determinize(self, state, player: int, rng):
        """A state the `player` cannot tell apart from `state`, with everything
        hidden from them (other hands, deck order) re-dealt using `rng`.
        Search bots plan on these so they never peek. Perfect-information
        games keep the default."""
        return state

    # -- notation and serialisation ---------------------------------------
    @abstractmethod
    def notation(self, action) -> str:
        raise NotImplementedError

    @abstractmethod
    def parse(self, state, text: str):
        """The action written as `text` in `state`; IllegalAction("notation", ...) if unreadable."""
        raise NotImplementedError

    @abstractmethod
    def state_to_json(self, state) -> dict:
        raise NotImplementedError

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]):
        raise NotImplementedError

    def player_name(self, state, player: int) -> str:
        """How readers call a seat ("Red", "Goodies"); captions and controls use it."""
        return f"Player {player + 1}"

    # -- interaction and diagrams -----------------------------------------
    def cells(self, state, action) -> tuple[str, ...]:
        """The board cells an action touches, in order: the acting piece's
        cell first, then its path, the target last. Used to highlight moves
        and to let a reader click a piece, then a target. Empty for actions
        with no place on a board (dice, cards)."""
        return ()

    def player_cells(self, state, player: int, action) -> tuple[str, ...]:
        """The board cells `player`'s action touches, as `cells` names them. The
        session asks this for the reader's legal actions: a part of a joint
        action (a card passed in a beat) does not say whose it is, so `cells`
        alone cannot place it. By default, `cells(state, action)`."""
        return self.cells(state, action)

    def render(self, state, highlight: Sequence[str] = ()):
        """A diagram of `state` as a `generator.draw.shapes.Drawing` in mm.
        Cells named in `highlight` are marked; every cell shape carries
        `cell=<name>` so the browser can map clicks back to cells. Optional:
        a game with no board to draw (a dice game) has no diagrams. An engine
        that lists `layouts` also takes `layout=<one of them>`."""
        raise NotImplementedError


def joint_notation(engine: Engine, joint: Joint) -> str:
    """Joint actions print as their parts joined by ' & ' (in player order)."""
    return " & ".join(engine.notation(a) for a in joint.actions)
