"""Walkthrough and position blocks replayed once per build (issue 27.4), whoever shows them:
the page's widget (interactive/stage.py) and the rulebook's strip (rulebook/directives.py).

The Builder makes one `Replays` per build and hands it to every stage in the StageContext.
A replay's outcome is kept, failures included: the second reader gets the same result, or
the same error at the same line, without running the engine again. The rulebook reads a
block first (its preflight runs in the stages' check), and its typesetting children and
the page workers, forked after, inherit what it replayed.

An outcome is keyed by the kind of block, the engine's game folder, the game's language (a
translation's narration is in its own) and the block's options (as parsed from its YAML):
the same text on two pages is replayed once, and each page reports a failure at its own line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.errors import ContentError

if TYPE_CHECKING:
    from generator.content.model import Game
    from generator.markdown.directives import DirectiveContext

# kind -> (the list an illegal step is in, what the engine was doing: for messages)
KINDS = {"walkthrough": ("steps", "replaying"), "position": ("do", "setting up")}


@dataclass(frozen=True)
class Replayed:
    """A block's replay: the game whose engine replayed it, the engine, and the Walkthrough
    (or PositionDiagram) it made."""

    game: Game
    engine: Any
    result: Any


class Replays:
    """The engines loaded and blocks replayed in one build (see the module's docstring)."""

    def __init__(self):
        self._engines: dict[str, Any] = {}  # game folder -> its engine, or the exception loading it raised
        self._outcomes: dict[tuple[str, str, str, str], Any] = {}  # (kind, folder, language, options) -> outcome
        self._words: dict[str, Any] = {}  # a translated game's slug -> what its engine says (gettext translations)

    def engine(self, options: dict, context: DirectiveContext) -> tuple[Game, Any]:
        """The game the block names (`game:`, else the page's) and its engine, loaded once per build;
        a ContentError at the block's line when there is no such game or engine."""
        from generator.gamecode import fresh_engine

        site = context.env["site"]
        slug = options.get("game") or context.game.slug
        game = site.game(str(slug))
        if game is None:
            raise context.error(f"no game '{slug}' in this site", expected="one of: " + ", ".join(
                g.slug for g in site.games), found=str(slug))
        if not game.has_engine:
            raise context.error(f"{game.title} has no rule engine", expected=f"{game.folder / 'engine.py'}",
                                found="no such file")
        folder = str(game.folder)
        if folder not in self._engines:
            try:
                self._engines[folder] = fresh_engine(game.folder)
            except Exception as error:  # kept: every block of the game reports it, none loads it again
                self._engines[folder] = error
        engine = self._engines[folder]
        if isinstance(engine, ContentError):  # an author's error with its own file and line: said once, there
            raise engine
        if isinstance(engine, SyntaxError) and engine.filename and engine.lineno:  # in one of the game's modules
            from generator.gamecode import syntax_error

            raise syntax_error(engine, engine.filename)
        if isinstance(engine, Exception):  # the engine's own bug: say where, not a traceback
            raise context.error(f"the engine of {game.title} failed to load: {type(engine).__name__}: {engine}",
                                found=str(game.folder / "engine.py"))
        return game, engine

    def walkthrough(self, options: dict, context: DirectiveContext) -> Replayed:
        """A ```walkthrough block replayed (a Walkthrough), or its ContentError at its line."""
        return self._replayed("walkthrough", options, context)

    def position(self, options: dict, context: DirectiveContext) -> Replayed:
        """A ```position block set up (a PositionDiagram), or its ContentError at its line."""
        return self._replayed("position", options, context)

    def _replayed(self, kind: str, options: dict, context: DirectiveContext) -> Replayed:
        game, engine = self.engine(options, context)
        spec = {name: value for name, value in options.items() if name != "game"}
        # repr: the same YAML text parses to equal options with the same repr (they hold plain values)
        key = (kind, str(game.folder), game.language, repr(spec))
        if key not in self._outcomes:  # a translated game's narration in its language
            from generator.play.words import speaking

            with speaking(self.words(game)):
                self._outcomes[key] = replay(kind, engine, spec)
        outcome = self._outcomes[key]
        if isinstance(outcome, Exception):
            raise replay_error(outcome, context, kind) from None
        return Replayed(game, engine, outcome)


    def words(self, game: Game):
        """What the engine says for `game`'s pages: None (English) unless it is a translation, then its
        catalogue's engine messages (generator/i18n/engine.py), read once per build."""
        if not game.translation_of:
            return None
        if game.slug not in self._words:
            from generator.i18n.engine import translations_of

            self._words[game.slug] = translations_of(game)
        return self._words[game.slug]


def replay(kind: str, engine, spec: dict):
    """The block's Walkthrough or PositionDiagram, or the exception that stopped it."""
    from generator.play.walkthrough import position_from_spec, replay_walkthrough

    make = replay_walkthrough if kind == "walkthrough" else position_from_spec
    try:
        return make(engine, spec)
    except Exception as error:  # kept as the outcome: each reader raises it at its own line
        return error


def replay_error(error: Exception, context: DirectiveContext, kind: str) -> ContentError:
    """The author's error for a failed replay: an illegal step at its line in the block's list,
    a bug in the engine at the block's line."""
    from generator.play.walkthrough import WalkthroughError

    key, doing = KINDS[kind]
    if isinstance(error, WalkthroughError):
        line = None if error.step_index is None else step_line(context, error.step_index, key)
        return context.error(str(error), line=line)
    return context.error(f"the engine failed while {doing}: {type(error).__name__}: {error}")


def step_line(context: DirectiveContext, index: int, key: str = "steps") -> int | None:
    """The file line of item `index` of the block's `key:` list (None if not found)."""
    page = context.page
    if context.line is None:
        return None
    lines = page.body.splitlines()
    fence_at = context.line - page.body_line  # the opening fence, as an index into the body
    if not 0 <= fence_at < len(lines):
        return None
    fence = re.match(r"\s*(`{3,}|~{3,})", lines[fence_at])
    if not fence:
        return None
    body = []
    for text in lines[fence_at + 1:]:
        if text.strip().startswith(fence.group(1)) and set(text.strip()) == {fence.group(1)[0]}:
            break
        body.append(text)
    import yaml

    try:
        root = yaml.compose("\n".join(body))
    except yaml.YAMLError:
        return None
    if not isinstance(root, yaml.MappingNode):
        return None
    for key_node, value in root.value:
        if key_node.value == key and isinstance(value, yaml.SequenceNode) and index < len(value.value):
            return context.line + 1 + value.value[index].start_mark.line
    return None
