"""Walkthroughs compared across two releases: each walkthrough is replayed as each release has it
(its own steps, under its own engine), and the first step where the moves or the position after
them differ is reported. A walkthrough is matched across releases by its page and title (or, untitled,
by its place among the page's untitled ones). The engines' rules versions are compared too
(generator.play.match.rules_version_of: declared, or a hash of the rules' source)."""
from __future__ import annotations

from dataclasses import dataclass

from generator.content.model import Game
from generator.releases.changes import Changes, readings

STATE_PATHS_SHOWN = 3  # differing values named per changed step


@dataclass(frozen=True)
class WalkthroughChange:
    page: str  # the page's name in the newer release (the older's, when it was removed)
    page_title: str
    title: str
    kind: str  # "moves" or "outcome" (at `step`), "added", "removed" or "unplayable"
    step: int = 0  # 1-based, counting every step played (chance ones drawn from a seed too)
    before: str = ""  # the step's notation in the older release ("" : none)
    after: str = ""
    details: tuple[str, ...] = ()  # what differs after the step: "scores.1: 3 → 5"


def add_walkthroughs(changes: Changes, before: Game, after: Game) -> None:
    """Fill `changes` with the walkthroughs that changed and the engines' rules versions."""
    old_engine, new_engine = engine_of(before), engine_of(after)
    changes.rules_before, changes.rules_after = rules_version(old_engine), rules_version(new_engine)
    old, new = walkthrough_specs(before), walkthrough_specs(after)
    for key, (page, spec) in new.items():
        title = spec.get("title") or key[1]
        if key not in old:
            changes.walkthroughs.append(WalkthroughChange(page.name, page.title, title, "added"))
            continue
        found = compare_replays(replayed(old_engine, old[key][1]), replayed(new_engine, spec))
        if found is not None:
            changes.walkthroughs.append(WalkthroughChange(page.name, page.title, title, *found))
    changes.walkthroughs += [WalkthroughChange(page.name, page.title, spec.get("title") or key[1], "removed")
                             for key, (page, spec) in old.items() if key not in new]


def engine_of(game: Game):
    if not game.has_engine:
        return None
    from generator.gamecode import fresh_engine

    try:
        return fresh_engine(game.folder)
    except Exception:  # the build reports a broken engine at its pages' blocks; here it compares as none
        return None


def rules_version(engine) -> str:
    from generator.play.match import rules_version_of

    return "" if engine is None else rules_version_of(engine)


def walkthrough_specs(game: Game) -> dict[tuple[str, str], tuple]:
    """(page name, title or "walkthrough N") -> (page, spec) of every walkthrough block."""
    from generator.content.yamlload import load_yaml

    pages = {page.name: page for page in game.pages}
    specs = {}
    for reading in readings(game):
        untitled = 0
        for block in (b for b in reading.blocks if b.kind == "walkthrough"):
            try:
                spec = load_yaml(block.text) or {}
            except Exception:  # the page's own build reports bad YAML at its line
                continue
            if not isinstance(spec, dict) or spec.get("game"):
                continue  # another game's walkthrough is that game's to compare
            if not spec.get("title"):
                untitled += 1
            name = str(spec.get("title") or f"walkthrough {untitled}")
            specs[(block.page, name)] = (pages[block.page], spec)
    return specs


def replayed(engine, spec: dict):
    """The Walkthrough, or the message of why it could not be replayed."""
    from generator.play.walkthrough import replay_walkthrough

    if engine is None:
        return "the release has no working engine"
    try:
        return replay_walkthrough(engine, spec)
    except Exception as error:
        return str(error)


def compare_replays(before, after) -> tuple | None:
    """(kind, step, before's notation, after's, details) at the first step that differs, or None."""
    if isinstance(before, str) or isinstance(after, str):
        return ("unplayable", 0, "", "", (before if isinstance(before, str) else after,))
    if before.start.state_json != after.start.state_json:
        return ("outcome", 0, "", "", state_details(before.start.state_json, after.start.state_json))
    for number in range(max(len(before.steps), len(after.steps))):
        old = before.steps[number] if number < len(before.steps) else None
        new = after.steps[number] if number < len(after.steps) else None
        if old is None or new is None or old.notation != new.notation:
            return ("moves", number + 1, old.notation if old else "", new.notation if new else "", ())
        if old.state_json != new.state_json or old.turn != new.turn:
            return ("outcome", number + 1, old.notation, new.notation,
                    state_details(old.state_json, new.state_json) or ("whose turn it is next",))
    return None


def flattened(value, prefix: str = "") -> dict[str, object]:
    """A JSON value as dotted paths to its leaves ("scores.1": 3)."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return {prefix: value}
    leaves = {}
    for key, item in items:
        leaves.update(flattened(item, f"{prefix}.{key}" if prefix else str(key)))
    return leaves or {prefix: value}


def state_details(before: dict, after: dict) -> tuple[str, ...]:
    old, new = flattened(before), flattened(after)
    paths = [path for path in dict.fromkeys([*new, *old]) if old.get(path) != new.get(path)]
    shown = [f"{path}: {describe(old.get(path))} → {describe(new.get(path))}" for path in paths[:STATE_PATHS_SHOWN]]
    if len(paths) > STATE_PATHS_SHOWN:
        shown.append(f"and {len(paths) - STATE_PATHS_SHOWN} more")
    return tuple(shown)


def describe(value) -> str:
    import json

    return "nothing" if value is None else json.dumps(value, ensure_ascii=False)
