"""The build stage for walkthroughs, diagrams and play (see generator/build.py).

Directives (fenced blocks, YAML body):

    ```walkthrough        replay steps through the engine; a strip of diagrams
    ```position           one diagram
    ```play               a full game against the computer

Every walkthrough is replayed at build time (CPython), once per build
whoever shows it (the page, the rulebook: generator/replays.py): an illegal
or unreadable step fails the build with the page's file, the step's line and
the engine's reason. A page that holds a widget gets play.css and play.js in
its <head> and `uses` ("play", slug); every game with an engine gets its
bundle (`_play/<slug>.<hash>.zip`, see bundle.py); and when any page uses
play, the output gets Pyodide (`_pyodide/<version>/`, unless site.toml's
`pyodide_url` points elsewhere) and, beside it, the memory snapshot a cold
"Try it" starts from (snapshot.py; named in the worker's URL). A site without
widgets gets no runtime.
"""
from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

from generator.content.model import Game, Site
from generator.errors import ContentError, describe_value
from generator.interactive.paper import engine_drawing, play_on_paper, position_on_paper, walkthrough_on_paper
from generator.interactive.reads import watch_reads
from generator.interactive.runtime import (RuntimeMissing, copy_runtime, find_pyodide,
                                          runtime_location)
from generator.markdown.directives import DirectiveContext, check_keys
from generator.markdown.links import relative
from generator.stages import Directive, GameOutput, Stage, StageContext

if TYPE_CHECKING:
    from generator.interactive.snapshot import BootFiles

PLAY_KEYS = {"game", "title", "players", "seats", "bot", "setup", "options", "tables", "choose"}
SCRIPT = "play.js"
WORKER = "play-worker.js"
STYLE = "play.css"
USE = "play"  # the `uses` kind: the slugs of the games pages run
PLAY_TEMPLATE = "play-section.html"  # the play widget's HTML (a site may override it)


def without_runtime(site: Site) -> str:
    """The build's note when the Python runtime is missing, with the commands that add it."""
    from generator.suggest import command

    return ("built without the Python runtime: walkthroughs step, but 'Try it' and Play need it. "
            f"Add it with `{command('runtime', site.root)}` (it needs Node.js and npm), then build again "
            f"(`{command('build', site.root)}`).")


def inherited_files(site: Site, game: Game) -> tuple[str, ...]:
    """For an earlier release, the `[engine] files` its current release declares (published.py)."""
    current = site.game(game.release_of) if game.release_of else None
    if current is None:
        return ()
    from generator.interactive.published import engine_files

    return engine_files(current.folder)


def bundle():
    """bundle.py, imported when a game has an engine: a site without any (a one-page edit of
    it) imports none of the bundles' modules (zipfile, ast, published.py, the compiler's)."""
    from generator.interactive import bundle as module

    return module


def compiler(pyodide):
    from generator.interactive.bytecode import compiler_for

    return compiler_for(pyodide)


def engine_sources(site: Site) -> dict[str, dict[str, bytes]]:
    """Each engine's bundle's source files, by its game's slug (bundle.py)."""
    engines = [game for game in site.games if game.has_engine]
    return {game.slug: bundle().bundle_contents(game.folder, inherited_files(site, game)) for game in engines}


class InteractiveStage(Stage):
    # for progress and the build cache: what it writes per game (not `play`, the engines' runtime package)
    name = "engine bundles"

    def __init__(self):
        self._bundles: dict[str, str] = {}  # slug -> bundle path in the output, per build
        self._sources: dict[str, dict[str, bytes]] = {}  # slug -> its bundle's source files, per build
        self._contents: dict[str, dict[str, bytes]] = {}  # slug -> what its bundle holds, per build
        self._compiler = None  # Pyodide under Node, for bytecode (None: sources only)
        self._boot = None  # the memory snapshot "Try it" starts from (snapshot.py; None: the plain boot)
        self._boot_note = ""  # why there is none, for the build's notes
        self._played: dict = {}  # balance figures played by this build's jobs, by key (selfplay.py)

    # -- the build protocol ---------------------------------------------------
    def start(self, site: Site, context: StageContext) -> None:
        super().start(site, context)
        self._bundles, self._contents, self._played = {}, {}, {}  # sources may have changed since the last build
        self._sources = engine_sources(site)
        for game in site.games:
            if game.has_engine:  # what the engine may open while the build runs it: what its download holds
                watch_reads(game.folder, {name.split("/", 2)[2] for name in self._sources[game.slug]
                                          if name.startswith("games/")})
        for game in site.games:
            if game.has_engine and game.translation_of:  # its Play download speaks its language
                from generator.i18n.engine import compiled_words

                self._sources[game.slug].update(compiled_words(game))
        if getattr(site, "balance_notes", False) and context.start_job is not None:
            from generator.interactive.selfplay import start_self_play

            start_self_play(site, context, self._played)  # on every core while Node works below
        try:
            pyodide = find_pyodide(site.root)
        except RuntimeMissing:
            pyodide = None
        self._compiler = compiler(pyodide) if self._sources else None
        if self._compiler is not None:  # every game's new modules in one run of Node, not one per game
            self._compiler.compile({name: data for files in self._sources.values() for name, data in files.items()})
        self._boot, self._boot_note = self._boot_files(site, pyodide)
        # damaged user-cache entries this build made again: said once, by this build
        context.notes.extend(self._compiler.repaired if self._compiler is not None else [])
        if self._boot is not None and self._boot.repaired:
            context.notes.append(self._boot.repaired)

    def _boot_files(self, site: Site, pyodide) -> tuple[BootFiles | None, str]:
        """The snapshot and stdlib a cold "Try it" starts from, or why the site boots Python plainly
        (it still works, slower: a reader is better served by a site than by a failed build).
        Made before pages render: their worker URL names both."""
        if not self._sources or pyodide is None or site.pyodide_url:  # another Pyodide: not this snapshot
            return None, ""
        from generator.interactive.snapshot import SnapshotUnavailable, boot_files

        # the runtime as the bundles hold it (with bytecode when they have it): the worker unpacks
        # a bundle over what the snapshot imported
        runtime = bundle().with_bytecode(bundle().runtime_contents(), self._compiler)
        try:
            return boot_files(pyodide, runtime), ""
        except SnapshotUnavailable as error:
            return None, (f"'Try it' starts Python without a memory snapshot (3 s to a live board instead of "
                          f"under 1 s): {error}")

    def check(self, site: Site, game: Game) -> list[ContentError]:
        """What game.toml declares for the Play download that cannot be published (published.py)."""
        return bundle().published_files(game.folder, inherited_files(site, game))[1] if game.has_engine else []

    def directives(self, site: Site) -> dict[str, Directive]:
        # on paper: a walkthrough's strip of diagrams, a position's diagram, a play block's QR
        # code to the Play page; balance notes are the web's (self-play statistics)
        return {"walkthrough": Directive(self.walkthrough, paper=walkthrough_on_paper, draws=True),
                "position": Directive(self.position, paper=position_on_paper, draws=True),
                "play": Directive(self.play, paper=play_on_paper, from_web_pages=True),
                "balance": Directive(self.balance)}

    def game_key(self, site: Site, game: Game) -> str | None:
        """What the game's bundle and its pages' widgets depend on (None: no engine, no bundle)."""
        if not game.has_engine:
            return None
        try:
            runtime = runtime_location(site)
        except RuntimeMissing:
            runtime = "missing"  # reported by the first widget that needs it
        boot = f"{self._boot.snapshot_name}|{self._boot.stdlib_name}" if self._boot else ""
        return f"{self.bundle_path(game)}|{runtime}|{boot}"

    def write_game(self, site: Site, game: Game, output, context: StageContext) -> GameOutput:
        path = self.bundle_path(game)
        if output.dry:  # `check`: named, not zipped
            output.record(path)
        else:  # (the balance notes' self-play started with the build: `start`)
            output.write(path, bundle().bundle_bytes(self._contents[game.slug]))
        try:
            runtime = runtime_location(site)
        except RuntimeMissing:
            runtime = ""
        return GameOutput(bundle=path, runtime=runtime)  # pages name both: a change renders them again

    def write_site(self, site: Site, output, context, uses: dict) -> None:
        if not uses.get(USE):
            return
        try:
            copy_runtime(site, output)
        except RuntimeMissing:
            context.notes.append(without_runtime(site))
            return
        if self._boot_note:
            context.notes.append(self._boot_note)
        if self._boot is not None:  # beside the runtime it was made from
            folder = runtime_location(site)
            for name, data in ((self._boot.snapshot_name, self._boot.snapshot),
                               (self._boot.stdlib_name, self._boot.stdlib)):
                if output.dry:
                    output.record(folder + name, len(data))
                else:
                    output.write(folder + name, data)

    def bundle_path(self, game: Game) -> str:
        if game.slug not in self._bundles:
            self._contents[game.slug] = bundle().with_bytecode(self._sources[game.slug], self._compiler)
            self._bundles[game.slug] = bundle().bundle_name(game.slug, bundle().bundle_key(self._contents[game.slug]))
        return self._bundles[game.slug]

    def head_tags(self, site: Site, url: str, context: DirectiveContext) -> str:
        """play.css and play.js with the worker and runtime URLs (relative to the page)."""
        assets = self.context.assets  # the Builder's hashed names
        try:
            runtime = runtime_location(site)
        except RuntimeMissing:  # built without it: the steppers work, the widgets say how to add it
            runtime = ""
        if runtime and not re.match(r"^[a-z][a-z0-9+.-]*:|^/", runtime):
            runtime = relative(url, runtime.rstrip("/")) + "/"
        worker = relative(url, assets[WORKER])
        if self._boot is not None and runtime:  # the files it starts from, beside the runtime
            worker += f"?snapshot={self._boot.snapshot_name}&stdlib={self._boot.stdlib_name}"
        return (
            f'<link rel="stylesheet" href="{escape(relative(url, assets[STYLE]))}">\n'
            f'<script src="{escape(relative(url, assets[SCRIPT]))}" defer '
            f'data-worker="{escape(worker)}" '
            f'data-pyodide="{escape(runtime)}"></script>'
        )

    # -- directives -----------------------------------------------------------
    # The play modules load only when a page has a widget: an edit to a page
    # without one must not pay for them.
    def walkthrough(self, options: dict, context: DirectiveContext) -> str:
        replayed = self.context.replays.walkthrough(options, context)  # the rulebook's replay, if it came first
        game, engine, walkthrough = replayed.game, replayed.engine, replayed.result
        widget = self._widget_id(context, "wt", walkthrough.title)
        bundle = self._used(context, game)
        from generator.interactive import widgets  # svgwrite and friends: only for pages with widgets

        # the engine's folder in the bundle (an earlier release's slug is "<game>/<version>": generator/releases)
        return self._draw(context, lambda: widgets.walkthrough_html(engine, game.folder.name, bundle, widget, walkthrough,
                                                                      rules=self._rules_link(context, game)), game)

    def position(self, options: dict, context: DirectiveContext) -> str:
        replayed = self.context.replays.position(options, context)  # the rulebook's, if it came first
        game, engine, diagram = replayed.game, replayed.engine, replayed.result
        widget = self._widget_id(context, "pos", diagram.title)
        bundle = self._used(context, game)
        from generator.interactive import widgets  # svgwrite and friends: only for pages with widgets

        return self._draw(context, lambda: widgets.position_html(engine, game.folder.name, bundle, widget, diagram,
                                                                   rules=self._rules_link(context, game)), game)

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
        tables = self._tables(options, context, engine, players, seats)
        if setup and len(tables) > 1:
            raise context.error("a play block with a setup plays that setup's table",
                                expected="tables or setup, not both", found=f"setup: {setup}")
        choices = self._choices(options, context, engine, tables, game_options)
        title = str(options.get("title") or f"Play {engine.name} against the computer")
        widget = self._widget_id(context, "play", title)
        bundle = self._used(context, game)
        from generator.interactive import widgets  # svgwrite and friends: only for pages with widgets

        return self._draw(context, lambda: self.context.render(PLAY_TEMPLATE, {**widgets.play_data(
            engine, game.folder.name, bundle, widget, title=title, state=start.state, players=players, seats=seats,
            bot=str(bot), setup=str(setup), options=game_options, rules=self._rules_link(context, game),
            tables=tables, choices=choices), "game": game}), game)  # the game: its words' language

    @staticmethod
    def _tables(options: dict, context: DirectiveContext, engine, players: int, seats: list) -> list[int]:
        """`tables`: the numbers of players (the reader's seat counted) a reader may pick, `players` first."""
        tables = options.get("tables", [players])
        if (not isinstance(tables, list) or players not in tables or not all(
                isinstance(n, int) and not isinstance(n, bool) and engine.min_players <= n <= engine.max_players
                and n > max(seats) for n in tables)):
            raise context.error("tables are the numbers of players a reader may pick",
                                expected=f"a list of whole numbers from {max(engine.min_players, max(seats) + 1)} to "
                                         f"{engine.max_players} that holds players ({players})",
                                found=describe_value(tables))
        return sorted(set(tables))

    @staticmethod
    def _choices(options: dict, context: DirectiveContext, engine, tables: list[int], game_options: dict) -> list[dict]:
        """`choose`: game options the reader picks in the bar, {option: [values]} or {option: {label, values}};
        every value must start a game at every table size."""
        from generator.play.walkthrough import WalkthroughError, position_from_spec

        chosen = options.get("choose") or {}
        if not isinstance(chosen, dict):
            raise context.error("choose is a mapping of a game option to the values a reader picks",
                                expected="option: [value, value]", found=describe_value(chosen))
        found = []
        for name, spec in chosen.items():
            label, values = (spec.get("label", name), spec.get("values")) if isinstance(spec, dict) else (name, spec)
            if not isinstance(values, list) or len(values) < 2 or not all(isinstance(v, (str, int)) for v in values):
                raise context.error(f"choose: {name} needs at least two values", expected="[value, value]",
                                    found=describe_value(values))
            for value, players in ((v, n) for v in values for n in tables):
                try:
                    position_from_spec(engine, {"players": players, "options": {**game_options, name: value}})
                except WalkthroughError as error:
                    raise context.error(f"cannot start {engine.name} with {name}: {value}: {error.reason}") from None
            found.append({"option": str(name), "label": str(label), "values": values,
                          "value": game_options.get(name, values[0])})
        return found

    def balance(self, options: dict, context: DirectiveContext) -> str:
        """Balance notes from self-play (generator/interactive/balance.py)."""
        from generator.interactive.balance import balance_notes

        game, engine = self._engine(options, context)
        return self._draw(context, lambda: balance_notes(options, context, game, engine, self._played))

    # -- helpers ----------------------------------------------------------------
    def _engine(self, options: dict, context: DirectiveContext) -> tuple[Game, object]:
        """The game the block names and its engine, loaded once per build (StageContext.replays)."""
        return self.context.replays.engine(options, context)

    def _draw(self, context: DirectiveContext, render, game: Game | None = None) -> str:
        """`render`'s HTML, the engine speaking `game`'s language (a translated game's captions and names)."""
        from generator.play.words import speaking

        with speaking(self.context.replays.words(game) if game is not None else None):
            return engine_drawing(context, render)  # on the page as on paper

    def _used(self, context: DirectiveContext, game: Game) -> str:
        """Note the page runs this game; return the bundle's URL for the widget."""
        site = context.env["site"]
        context.use(USE, game.slug)
        context.add_head(USE, self.head_tags(site, context.page.url, context))
        return relative(context.page.url, self.bundle_path(game))

    @staticmethod
    def _rules_link(context: DirectiveContext, game: Game) -> str:
        """The game's rules page from this page: a refusal links to the rule it applies there."""
        rules = game.page("rules") or game.pages[0]
        return relative(context.page.url, rules.url)

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
