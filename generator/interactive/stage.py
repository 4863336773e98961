"""The build stage for walkthroughs, diagrams and play (see generator/build.py).

Directives (fenced blocks, YAML body):

    ```walkthrough        replay steps through the engine; a strip of diagrams
    ```position           one diagram
    ```play               a full game against the computer

Every walkthrough is replayed at build time (CPython): an illegal or
unreadable step fails the build with the page's file, the step's line and
the engine's reason. A page that holds a widget gets play.css and play.js in
its <head> and `uses` ("play", slug); every game with an engine gets its
bundle (`_play/<slug>.<hash>.zip`, see bundle.py); and when any page uses
play, the output gets Pyodide (`_pyodide/<version>/`, unless site.toml's
`pyodide_url` points elsewhere). A site without widgets gets no runtime.
"""
from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

from generator.content.model import Game, Site
from generator.errors import ContentError, describe_value
from generator.interactive.bundle import bundle_bytes, bundle_contents, bundle_key, bundle_name, with_bytecode
from generator.interactive.bytecode import compiler_for
from generator.interactive.runtime import (RUNTIME_FILES, RuntimeMissing, copy_runtime, find_pyodide,
                                          runtime_location)
from generator.markdown.directives import DirectiveContext, check_keys
from generator.markdown.links import relative
from generator.stages import Stage

if TYPE_CHECKING:
    from generator.play.walkthrough import WalkthroughError

PLAY_KEYS = {"game", "title", "players", "seats", "bot", "setup", "options"}
SCRIPT = "play.js"
WORKER = "play-worker.js"
STYLE = "play.css"
USE = "play"  # the `uses` kind: the slugs of the games pages run
def without_runtime(site: Site) -> str:
    """The build's note when the Python runtime is missing, with the commands that add it."""
    from generator.suggest import command

    return ("built without the Python runtime: walkthroughs step, but 'Try it' and Play need it. "
            f"Add it with `{command('runtime', site.root)}` (it needs Node.js and npm), then build again "
            f"(`{command('build', site.root)}`).")


class InteractiveStage(Stage):
    name = "play"

    def __init__(self):
        self._bundles: dict[str, str] = {}  # slug -> bundle path in the output, per build
        self._sources: dict[str, dict[str, bytes]] = {}  # slug -> its bundle's source files, per build
        self._contents: dict[str, dict[str, bytes]] = {}  # slug -> what its bundle holds, per build
        self._compiler = None  # Pyodide under Node, for bytecode (None: sources only)
        self._assets: dict[str, str] | None = None

    # -- the build protocol ---------------------------------------------------
    def start(self, site: Site) -> None:
        self._bundles, self._contents, self._assets = {}, {}, None  # sources may have changed since the last build
        self._sources = {game.slug: bundle_contents(game.folder) for game in site.games if game.has_engine}
        try:
            pyodide = find_pyodide(site.root)
        except RuntimeMissing:
            pyodide = None
        self._compiler = compiler_for(pyodide) if self._sources else None
        if self._compiler is not None:  # every game's new modules in one run of Node, not one per game
            self._compiler.compile({name: data for files in self._sources.values() for name, data in files.items()})

    def directives(self, site: Site) -> dict:
        return {"walkthrough": self.walkthrough, "position": self.position, "play": self.play}

    def game_key(self, site: Site, game: Game) -> str | None:
        """What the game's bundle and its pages' widgets depend on (None: no engine, no bundle)."""
        if not game.has_engine:
            return None
        try:
            runtime = runtime_location(site)
        except RuntimeMissing:
            runtime = "missing"  # reported by the first widget that needs it
        return f"{self.bundle_path(game)}|{runtime}"

    def write_game(self, site: Site, game: Game, output, context) -> dict:
        path = self.bundle_path(game)
        output.write(path, bundle_bytes(self._contents[game.slug]))
        try:
            runtime = runtime_location(site)
        except RuntimeMissing:
            runtime = ""
        return {"bundle": path, "runtime": runtime}  # pages name both: a change renders them again

    def plan_game(self, site: Site, game: Game, context) -> dict:
        """The files write_game writes, without writing them (for `check`)."""
        return {"files": [self.bundle_path(game)]} if game.has_engine else {}

    def plan_site(self, site: Site, uses: dict) -> list[str]:
        """The files write_site writes, without writing them (for `check`)."""
        if not uses.get(USE) or site.pyodide_url:
            return []
        try:
            folder = runtime_location(site)
        except RuntimeMissing:
            return []  # every widget that needs it says so
        return [folder + name for name in RUNTIME_FILES]

    def write_site(self, site: Site, output, context, uses: dict) -> None:
        if not uses.get(USE):
            return
        try:
            copy_runtime(site, output)
        except RuntimeMissing:
            context.notes.append(without_runtime(site))

    def bundle_path(self, game: Game) -> str:
        if game.slug not in self._bundles:
            self._contents[game.slug] = with_bytecode(self._sources[game.slug], self._compiler)
            self._bundles[game.slug] = bundle_name(game.slug, bundle_key(self._contents[game.slug]))
        return self._bundles[game.slug]

    def head_tags(self, site: Site, url: str, context: DirectiveContext) -> str:
        """play.css and play.js with the worker and runtime URLs (relative to the page)."""
        if self._assets is None:
            from generator.site.assets import site_assets
            self._assets = {name: target for name, (target, _) in site_assets(site).items()}
        try:
            runtime = runtime_location(site)
        except RuntimeMissing:  # built without it: the steppers work, the widgets say how to add it
            runtime = ""
        if runtime and not re.match(r"^[a-z][a-z0-9+.-]*:|^/", runtime):
            runtime = relative(url, runtime.rstrip("/")) + "/"
        return (
            f'<link rel="stylesheet" href="{escape(relative(url, self._assets[STYLE]))}">\n'
            f'<script src="{escape(relative(url, self._assets[SCRIPT]))}" defer '
            f'data-worker="{escape(relative(url, self._assets[WORKER]))}" '
            f'data-pyodide="{escape(runtime)}"></script>'
        )

    # -- directives -----------------------------------------------------------
    # The play modules load only when a page has a widget: an edit to a page
    # without one must not pay for them.
    def walkthrough(self, options: dict, context: DirectiveContext) -> str:
        from generator.play.walkthrough import replay_walkthrough

        game, engine, walkthrough = self._from_spec(options, context, replay_walkthrough, "steps", "replaying")
        widget = self._widget_id(context, "wt", walkthrough.title)
        bundle = self._used(context, game)
        from generator.interactive import widgets  # svgwrite and friends: only for pages with widgets

        return self._draw(context, lambda: widgets.walkthrough_html(engine, game.slug, bundle, widget, walkthrough))

    def position(self, options: dict, context: DirectiveContext) -> str:
        from generator.play.walkthrough import position_from_spec

        game, engine, diagram = self._from_spec(options, context, position_from_spec, "do", "setting up")
        widget = self._widget_id(context, "pos", diagram.title)
        bundle = self._used(context, game)
        from generator.interactive import widgets  # svgwrite and friends: only for pages with widgets

        return self._draw(context, lambda: widgets.position_html(engine, game.slug, bundle, widget, diagram))

    def _from_spec(self, options: dict, context: DirectiveContext, make, key: str, doing: str):
        """(game, engine, make(engine, spec)): a replayed walkthrough or a set-up
        position, with an illegal step reported at its line in the `key` list."""
        from generator.play.walkthrough import WalkthroughError

        game, engine = self._engine(options, context)
        spec = {name: value for name, value in options.items() if name != "game"}
        try:
            return game, engine, make(engine, spec)
        except WalkthroughError as error:
            raise self._replay_error(error, context, key=key) from None
        except Exception as error:  # a bug in the engine, not in the page: still say where
            raise context.error(f"the engine failed while {doing}: {type(error).__name__}: {error}") from None

    def play(self, options: dict, context: DirectiveContext) -> str:
        from generator.play.bots import bot_names, make_bot
        from generator.play.walkthrough import WalkthroughError, position_from_spec

        check_keys(options, context, PLAY_KEYS)
        game, engine = self._engine(options, context)
        players = options.get("players", engine.min_players)
        if not isinstance(players, int) or isinstance(players, bool) or not (
                engine.min_players <= players <= engine.max_players):
            raise context.error("players out of range",
                                expected=f"a whole number from {engine.min_players} to {engine.max_players}",
                                found=describe_value(players))
        seats = options.get("seats", [0])
        seats = [seats] if isinstance(seats, int) and not isinstance(seats, bool) else seats
        if (not isinstance(seats, list) or not seats
                or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in seats)):
            raise context.error("seats are the players the reader may play",
                                expected=f"a list of seat numbers from 0 to {players - 1}", found=describe_value(seats))
        bot = options.get("bot")
        if bot is None:
            from generator.browser.session import default_bot
            bot = default_bot(engine)
        try:
            make_bot(engine, str(bot))
        except ValueError:
            raise context.error(f"{engine.name} has no bot {bot!r}", expected="one of: " + ", ".join(bot_names(engine)),
                                found=str(bot)) from None
        setup, game_options = options.get("setup") or "", options.get("options") or {}
        if not isinstance(game_options, dict):
            raise context.error("options must be a mapping", expected="name: value lines", found=describe_value(game_options))
        spec = {"setup": setup} if setup else {"players": players}
        if game_options:
            spec["options"] = game_options
        try:
            start = position_from_spec(engine, spec)
        except WalkthroughError as error:
            raise context.error(f"cannot start {engine.name}: {error.reason}") from None
        title = str(options.get("title") or f"Play {engine.name} against the computer")
        widget = self._widget_id(context, "play", title)
        bundle = self._used(context, game)
        from generator.interactive import widgets  # svgwrite and friends: only for pages with widgets

        return self._draw(context, lambda: widgets.play_html(
            engine, game.slug, bundle, widget, title=title, state=start.state, players=players, seats=seats,
            bot=str(bot), setup=str(setup), options=game_options))

    # -- helpers ----------------------------------------------------------------
    def _engine(self, options: dict, context: DirectiveContext) -> tuple[Game, object]:
        site: Site = context.env["site"]
        slug = options.get("game") or context.game.slug
        game = site.game(str(slug))
        if game is None:
            raise context.error(f"no game '{slug}' in this site", expected="one of: " + ", ".join(
                g.slug for g in site.games), found=str(slug))
        if not game.has_engine:
            raise context.error(f"{game.title} has no rule engine", expected=f"{game.folder / 'engine.py'}",
                                found="no such file")
        try:
            return game, fresh_engine(game)
        except Exception as error:  # the engine's own bug: say where, not a traceback
            raise context.error(f"the engine of {game.title} failed to load: {type(error).__name__}: {error}",
                                found=str(game.folder / "engine.py")) from None

    def _draw(self, context: DirectiveContext, render) -> str:
        try:
            return render()
        except ContentError:
            raise
        except Exception as error:
            raise context.error(f"the engine could not draw this diagram: {type(error).__name__}: {error}") from None

    def _used(self, context: DirectiveContext, game: Game) -> str:
        """Note the page runs this game; return the bundle's URL for the widget."""
        site = context.env["site"]
        context.use(USE, game.slug)
        context.add_head(USE, self.head_tags(site, context.page.url, context))
        return relative(context.page.url, self.bundle_path(game))

    @staticmethod
    def _widget_id(context: DirectiveContext, kind: str, title: str) -> str:
        """A page-unique id, from the title when there is one (stable as pages grow)."""
        taken = context.env.setdefault("rp_widget_ids", set())
        base = f"{kind}-" + (re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40] or "1")
        widget, n = base, 1
        while widget in taken:
            n += 1
            widget = f"{base}-{n}"
        taken.add(widget)
        return widget

    def _replay_error(self, error: WalkthroughError, context: DirectiveContext, key: str = "steps") -> ContentError:
        line = None
        if error.step_index is not None:
            line = step_line(context, error.step_index, key)
        return context.error(str(error), line=line)


def fresh_engine(game: Game):
    """The game's ENGINE, imported again if its folder changed since it was imported
    in this process (`serve` and repeated builds edit engines between builds)."""
    from generator.play import fresh_game_package, load_engine

    fresh_game_package(game.folder)
    return load_engine(game.folder)


def step_line(context: DirectiveContext, index: int, key: str = "steps") -> int | None:
    """The file line of item `index` of the block's `key:` list (None if not found)."""
    page = context.page
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
