"""Balance notes' self-play as the build's jobs (issue 44.5): before the pages render, each
`balance` block of a game's pages whose figures the user cache does not hold yet is played in
parts on every core (jobs.Scheduler), outside page rendering. Each game is seeded alone (game i
plays seed i), so the parts merged are the figures one run of every seed counts: the same
whatever the number of cores (play/balance.merged). The figures go into the user cache and
into `played` (key -> figures), where the page's `balance` block finds them.

The jobs start with the build (`start_self_play`, from the stage's `start`), not game by game
after each kit: a first build spends its first seconds waiting for Node (the bundles' bytecode,
the "Try it" snapshot) with a core to spare, and self-play fills it. Parts of PART_GAMES games
(not one a core) keep the cores even at the end: the last part of a slow game is short.

A block this cannot read (a bad option, no engine) is left to the page, which says why."""
from __future__ import annotations

from functools import partial

from generator.errors import ContentError
from generator.gamecode import call, unwatched
from generator.interactive.balance import block_spec, figures_key, store, stored
from generator.jobs import Job
from generator.markdown.directives import DirectiveContext, parse_options
from generator.play.balance import merged, parts, self_play

QUEUE = "self-play"
NAME = "balance"  # the directive
PART_GAMES = 50  # games a part plays: a second or so of the slowest catalogue game
WAITING = 32  # parts started per core before the build waits for the oldest: the catalogue's 50 all
# start at once (a waiting part is a sleeping fork), so the build never stops to wait for self-play


def start_self_play(site, build, played: dict) -> None:
    """Hand the build (`build.start_job`) the self-play of every game's balance blocks at once."""
    for game in site.games:
        if game.has_engine:
            for job in self_play_jobs(site, game, build, played):
                build.start_job(job)


def self_play_jobs(site, game, build, played: dict) -> list[Job]:
    """The jobs that play the figures of `game`'s balance blocks the user cache lacks; each
    spec once per build (`played` holds what is planned or done)."""
    jobs = []
    for context, options in balance_blocks(site, game, build):
        try:
            figures_game, engine = build.replays.engine(options, context)
            spec = block_spec(options, context, engine)
        except ContentError:  # the page reports it
            continue
        key = figures_key(figures_game, spec)
        repairs: list[str] = []
        if key in played or stored(key, spec, repairs) is not None:
            continue
        build.notes.extend(note for note in repairs if note not in build.notes)  # a damaged entry: said once
        played[key] = None  # planned
        ranges = parts(spec.games, max(build.workers, -(-spec.games // PART_GAMES)))
        found: dict[int, object] = {}
        doing = f"playing {spec.games} games of {engine.name} for its balance notes ({len(ranges)} parts)"
        for index, seeds in enumerate(ranges):
            done = partial(collect, played, key, spec, found, index, len(ranges))
            work = partial(play_part, engine, spec, seeds, figures_game.folder)
            jobs.append(Job(doing, work, QUEUE, done=done, before_pages=True, waiting=WAITING,
                            items=len(seeds), unit="games"))
    return jobs


def play_part(engine, spec, seeds: range, folder):
    """The part's figures, or None when the engine fails: the page plays the block itself then,
    and says at the block's line what went wrong (as it did before self-play ran here). Each
    step of a game (the bot's choice and the engine's answer) is one call under the watchdog
    (gamecode.call: its time limit, its checks), made on the engine itself, not on its watched
    twin, whose every method would be a watched call of its own: twice self-play's time."""
    guard = partial(call, f"a move of {engine.name}'s self-play ({spec.bot})", folder)
    try:
        return self_play(unwatched(engine), spec, seeds, guard)
    except Exception:
        return None


def collect(played: dict, key: str, spec, found: dict, index: int, count: int, stats) -> None:
    """One part's figures; with the last of them, the whole, kept for the pages and the next build."""
    found[index] = stats
    if len(found) == count and all(part is not None for part in found.values()):
        whole = merged(spec, [found[i] for i in range(count)])
        played[key] = whole
        store(key, whole)


def balance_blocks(site, game, build):
    """(the block's DirectiveContext, its options) for each `balance` block of the game's pages."""
    from generator.markdown.render import make_markdown

    md = make_markdown(site.raw_html, {})
    for page in game.pages:
        if NAME not in page.body:
            continue
        env = {"page": page, "game": game, "site": site, "medium": "web", "build": build}
        for token in md.parse(page.body, env):
            if token.type == "fence" and token.info.strip().split(" ")[0] == NAME and token.map:
                context = DirectiveContext(env=env, line=page.body_line + token.map[0], name=NAME)
                try:
                    yield context, parse_options(token.content, context)
                except ContentError:
                    continue
