"""The `balance` directive: balance notes for designers, from self-play at build time.

````markdown
```balance
bot: club          # a level or bot without a time limit (default: the middle level)
players: 2         # default: the game's fewest (at least 2)
games: 500         # 10 to 5000 (default 500)
options: {}        # the game's options, as for `play`
```
````

Self-play is slow next to the rest of a build, so it is off unless site.toml
says `balance_notes = true` (the catalogue does; an author's site shows a note
saying how to turn it on). The figures are cached in the user cache
(~/.cache/rulepress/balance), keyed by the game's code, the engine runtime
(generator/play and what it imports) and the settings: a later build, or another site with the same
game, reads them back. Games are seeded and the bot must not read the clock,
so the same sources always give the same page.

An entry is used only if it is whole (the sha256 of its key and figures matches) and its
figures are possible for the settings (as many games as asked, every game counted once,
no count below zero: see `impossible`); any other is played again, and the build says so.
"""
from __future__ import annotations

import hashlib
import json
import os
import tomllib
from html import escape

from generator.browser.diagram import player_name, slim
from generator.draw.svg import to_svg
from generator.errors import describe_value
from generator.interactive.balance_charts import PIXELS_PER_MM, cards_chart, lengths_chart, seats_chart
from generator.interactive.bundle import bundle_contents, bundle_key
from generator.i18n.interface import gettext, ngettext, percent_text, reader_language
from generator.markdown.directives import DirectiveContext, check_keys
from generator.play.balance import MAX_MOVES, BalanceSpec, BalanceStats, self_play, wilson
from generator.play.bots import make_bot
from generator.play.levels import game_levels
from generator.usercache import REPAIRED_USE, repaired, user_cache

BALANCE_KEYS = {"game", "bot", "players", "games", "options"}
DEFAULT_GAMES = 500
CACHE_VERSION = "balance-2"  # bump when self_play counts differently, or its entries change form


def balance_notes(options: dict, context: DirectiveContext, game, engine, played: dict | None = None) -> str:
    """The block's notes; `played`: figures the build played before the pages (selfplay.py), by key."""
    spec = block_spec(options, context, engine)
    site = context.env["site"]
    if not getattr(site, "balance_notes", False):
        return balance_off(reader_language(game, site), spec.games, engine.name)
    repairs: list[str] = []
    stats = (played or {}).get(figures_key(game, spec)) or cached_stats(game, engine, spec, repairs)
    for note in repairs:  # the build says it (the page may render in a worker process)
        context.use(REPAIRED_USE, note)
    from generator.i18n.engine import translations_of
    from generator.play.words import speaking

    with speaking(translations_of(game)):  # the seats' names ("Rot") in the game's catalogue, as its pages say them
        return render(engine, spec, stats, prefix=f"balance-{game.slug}", language=reader_language(game, site))


def balance_off(language: str, games: int, name: str) -> str:
    """The note a balance block shows on a site that makes no balance notes, in `language`."""
    n_ = ngettext(language)
    words = n_("Balance notes are made only when the site asks for them: add %(setting)s to site.toml, and the build "
               "plays %(num)s game of %(game)s against itself (once; the figures are cached).",
               "Balance notes are made only when the site asks for them: add %(setting)s to site.toml, and the build "
               "plays %(num)s games of %(game)s against itself (once; the figures are cached).", games)
    return (f'<p class="rp-balance-off">{escape(words, quote=False)}</p>\n'
            % {"setting": "<code>balance_notes = true</code>", "num": games, "game": escape(name)})


def block_spec(options: dict, context: DirectiveContext, engine) -> BalanceSpec:
    """What a `balance` block asks to play; a ContentError at the block for a bad option."""
    check_keys(options, context, BALANCE_KEYS)
    levels = game_levels(engine)
    bot = str(options.get("bot") or (levels[len(levels) // 2].name if levels else "random"))
    try:
        make_bot(engine, bot)
    except ValueError as error:
        raise context.error(str(error), found=bot) from None
    players = options.get("players", max(2, engine.min_players))
    if not isinstance(players, int) or isinstance(players, bool) or not (
            engine.min_players <= players <= engine.max_players):
        raise context.error("players out of range", expected=f"a whole number from {engine.min_players} to "
                            f"{engine.max_players}", found=describe_value(players))
    game_options = options.get("options") or {}
    if not isinstance(game_options, dict):
        raise context.error("options must be a mapping", expected="name: value lines", found=describe_value(game_options))
    try:
        return BalanceSpec(bot, players, options.get("games", DEFAULT_GAMES), tuple(sorted(game_options.items())))
    except ValueError as error:
        raise context.error(str(error), expected="games: a whole number from 10 to 5000",
                            found=describe_value(options.get("games"))) from None


def figures_key(game, spec: BalanceSpec) -> str:
    """The key of `spec`'s figures for this exact game code: the game's code and what self-play
    runs of the engine runtime; not the page's session (generator/browser) or svgwrite, which
    would retire the figures on every front-end edit."""
    played = {name: _as_played(name, data) for name, data in bundle_contents(game.folder).items()
              if not name.startswith(("generator/browser/", "svgwrite/"))}
    return hashlib.sha256(json.dumps([CACHE_VERSION, bundle_key(played), spec.bot,
                                      spec.players, spec.games, [list(o) for o in spec.options]],
                                     default=str).encode("utf-8")).hexdigest()


def cached_stats(game, engine, spec: BalanceSpec, repairs: list[str] | None = None) -> BalanceStats:
    """The self-play figures for `spec`, from the user cache when this exact game code played them
    before and the entry holds them whole; a damaged entry is played again, and named in `repairs`."""
    digest = figures_key(game, spec)
    stats = stored(digest, spec, repairs)
    if stats is None:
        stats = self_play(engine, spec)
        store(digest, stats)
    return stats


def cache_path(digest: str):
    folder = user_cache("balance")
    return folder / f"{digest}.json" if folder else None


def stored(digest: str, spec: BalanceSpec, repairs: list[str] | None = None) -> BalanceStats | None:
    """The figures the user cache holds whole under `digest`, else None (a damaged entry named in `repairs`)."""
    path = cache_path(digest)
    if path is None or not (path.exists() or path.is_symlink()):
        return None
    stats, damage = _cached(path, digest, spec)
    if stats is None and repairs is not None:
        repairs.append(repaired(f"the balance figures {path} ({damage})"))
    return stats


def store(digest: str, stats: BalanceStats) -> None:
    """Keep the figures in the user cache (a cache that cannot keep them: played again next time)."""
    path = cache_path(digest)
    if path is None:
        return
    figures = stats.to_json()
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        temporary.write_text(json.dumps({"figures": figures, "sha256": _seal(digest, figures)}, sort_keys=True),
                             encoding="utf-8")
        temporary.replace(path)
    except OSError:
        temporary.unlink(missing_ok=True)


def _seal(key: str, figures: dict) -> str:
    return hashlib.sha256(json.dumps([key, figures], sort_keys=True).encode("utf-8")).hexdigest()


def _cached(path, key: str, spec: BalanceSpec) -> tuple[BalanceStats | None, str]:
    """The entry's figures, or None and what is wrong with them."""
    try:
        entry = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError):  # UnicodeDecodeError too
        return None, "not JSON"
    if not isinstance(entry, dict) or not isinstance(entry.get("figures"), dict):
        return None, "not balance figures"
    figures = entry["figures"]
    if entry.get("sha256") != _seal(key, figures):
        return None, "its figures do not match their checksum"
    try:
        stats = BalanceStats.from_json(figures)
    except TypeError:
        return None, "not balance figures"
    problem = impossible(stats, spec)
    return (None, problem) if problem else (stats, "")


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def impossible(stats: BalanceStats, spec: BalanceSpec) -> str:
    """Why these figures cannot be what self_play counted for `spec` ("" if they can): the
    charts divide by them and index seats with them."""
    if not (_count(stats.players) and _count(stats.games)) or \
            (stats.bot, stats.players, stats.games) != (spec.bot, spec.players, spec.games):
        return f"figures for {stats.games!r} games of {stats.players!r} players by {stats.bot!r}, not the page's"
    counts = [stats.shared, stats.unfinished, stats.rounds]
    if not (isinstance(stats.seat_wins, list) and isinstance(stats.lengths, list) and isinstance(stats.deciding, dict)):
        return "figures of the wrong kind"
    if not all(_count(n) for n in counts + stats.seat_wins + stats.lengths + list(stats.deciding.values())):
        return "a count that is not a whole number from 0"
    if len(stats.seat_wins) != stats.players:
        return f"wins for {len(stats.seat_wins)} seats, not {stats.players}"
    if sum(stats.seat_wins) + stats.shared + stats.unfinished != stats.games:
        return f"wins, shared and unfinished games add up to {sum(stats.seat_wins) + stats.shared + stats.unfinished}, " \
               f"not {stats.games}"
    if len(stats.lengths) != stats.games - stats.unfinished or any(n > MAX_MOVES for n in stats.lengths):
        return "a length for each finished game, none over the move limit"
    if not all(isinstance(card, str) for card in stats.deciding) or sum(stats.deciding.values()) != stats.rounds:
        return f"cards deciding {sum(n for n in stats.deciding.values() if _count(n))} rounds, not {stats.rounds!r}"
    return ""


def _as_played(name: str, data: bytes) -> bytes:
    """What of a bundled file self-play can read: of game.toml, only its [data.*] tables
    (the engine reads nothing else there), so a new title, summary or release keeps the figures."""
    if name.rsplit("/", 1)[-1] != "game.toml":
        return data
    declared = tomllib.loads(data.decode("utf-8")).get("data", {})
    return json.dumps(declared, sort_keys=True, default=str).encode("utf-8")


def render(engine, spec: BalanceSpec, stats: BalanceStats, prefix: str, language: str = "en") -> str:
    """The notes in `language` (Rulepress's words in it; the figures as they are)."""
    _ = gettext(language)
    state = engine.initial_state(spec.players, dict(spec.options))
    names = [player_name(engine, state, seat) for seat in range(spec.players)]
    finished = stats.games - stats.unfinished
    parts = [f'<p class="rp-balance-summary">{_summary(stats, names, language)}</p>\n',
             _figure(seats_chart(stats, names, _, language), f"{prefix}-seats",
                     _("Games won outright from each seat over %(games)s games, with 95%% intervals; %(shared)s "
                       "shared or drawn, %(unfinished)s unfinished.")
                     % {"games": stats.games, "shared": stats.shared, "unfinished": stats.unfinished})]
    if stats.lengths:
        ordered = sorted(stats.lengths)
        parts.append(_figure(lengths_chart(stats, _), f"{prefix}-lengths",
                             _("Length of the %(games)s finished games in moves: median %(median)s, shortest "
                               "%(shortest)s, longest %(longest)s.")
                             % {"games": finished, "median": ordered[len(ordered) // 2], "shortest": ordered[0],
                                "longest": ordered[-1]}))
    if stats.rounds:
        parts.append(_figure(cards_chart(stats, words=_, language=language), f"{prefix}-cards",
                             _("The card that decided each of %(rounds)s rounds, as a share of them all.")
                             % {"rounds": stats.rounds}))
    return "".join(parts)


def _summary(stats: BalanceStats, names: list[str], language: str = "en") -> str:
    _ = gettext(language)
    wins = stats.seat_wins[0]
    low, high = wilson(wins, stats.games)
    words = _("%(games)s seeded games of %(players)s players, every seat played by the %(bot)s computer player. "
              "The first seat (%(seat)s) won %(share)s of them (95%% interval %(low)s–%(high)s); an even share "
              "is %(even)s.")
    # a level's name in the page's words (Rulepress's catalogue names its levels: play/levels.py)
    return escape(words, quote=False) % {
        "games": stats.games, "players": stats.players, "bot": f"<strong>{escape(_(stats.bot))}</strong>",
        "seat": escape(names[0]), "share": percent_text(language, wins / stats.games), "low": percent_text(language, low),
        "high": percent_text(language, high), "even": percent_text(language, 1 / stats.players)}


def _figure(drawing, figure_id: str, caption: str) -> str:
    """The chart as inline SVG, at most PIXELS_PER_MM px a millimetre wide and narrower on a
    narrow column (the theme's `svg {max-width: 100%}`), with an accessible name."""
    width = f"{round(drawing.width * PIXELS_PER_MM)}"
    height = f"{round(drawing.height * PIXELS_PER_MM)}"
    svg = slim(to_svg(drawing, width=width, height=height, id_prefix=figure_id, css_class="rp-chart"))
    svg = svg.replace("<svg ", f'<svg aria-labelledby="{escape(figure_id)}-caption" focusable="false" ', 1)
    return (f'<div class="rp-balance" id="{escape(figure_id)}" role="figure" '
            f'aria-labelledby="{escape(figure_id)}-caption">\n{svg}\n'
            f'<p class="rp-caption" id="{escape(figure_id)}-caption">{escape(caption)}</p>\n</div>\n')
