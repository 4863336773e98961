"""A one-game site at two releases, for the releases tests: Pebbles 1.0 and 1.1.

1.1 changes, against 1.0: one section's words (taking two now scores three points), one
clarification added (C2), one data row (the 2-pebble row's points, 5 -> 6), and the engine's
scoring, so the walkthrough's outcome differs at its second step ("take 2"). Everything else
is the same."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.sitefactory import GAME_TOML, make_site

RELEASES_10 = '''
[[releases]]
version = "1.0"
date = 2026-01-05
summary = "First printing"
'''

RELEASES_11 = RELEASES_10 + '''
[[releases]]
version = "1.1"
date = 2026-11-20
summary = "Errata: taking two pebbles scores three points"
'''

RULES = '''---
title: Rules
clarifications:
  - id: C1
    tests: [tests/example.py::test_c1]
{extra_front}---

## Setting up

Each player takes a Pebble and puts it on the Board. Seven pebbles make the pile.

## Taking turns {{#turns}}

{turns}

```walkthrough
title: A short game
setup: start
steps:
  - do: take 1
    say: Red takes one pebble.
  - do: take 2
    say: Blue takes two pebbles.
```

::: clarification C1 Ties
A tie is shared.
:::
{extra_clarification}
```table
data: scores
caption: Points per pebble
```

## Clarifications

```clarifications
```
'''

TURNS_10 = "On your turn, take one or two pebbles from the pile; each pebble you take scores one point."
TURNS_11 = "On your turn, take one or two pebbles from the pile; taking two pebbles scores three points."

C2 = '''
::: clarification C2 An empty pile
When the pile is empty the game ends at once.
:::
'''

ENGINE = '''"""Pebbles: take one or two from a pile; points for what you take."""
from dataclasses import dataclass

from generator.draw.shapes import Drawing, Rect, Style, Text
from generator.play.api import Engine, Event, IllegalAction, Result, Turn

TAKE_TWO_SCORES = {take_two}


@dataclass(frozen=True)
class Pile:
    left: int = 7
    scores: tuple = (0, 0)
    player: int = 0


class Pebbles(Engine):
    name = "Pebbles"

    def initial_state(self, players=2, options=None):
        self.check_players(players)
        return Pile()

    def setups(self):
        return {{"start": {{"left": 7, "scores": [0, 0], "player": 0}}}}

    def turn(self, state):
        return Turn.over() if state.left == 0 else Turn.of(state.player)

    def legal_actions(self, state, player):
        if self.turn(state) != Turn.of(player):
            return []
        return [n for n in (1, 2) if n <= state.left]

    def apply(self, state, action):
        if action not in self.legal_actions(state, state.player):
            raise IllegalAction("P1", "take one or two pebbles that are there")
        points = TAKE_TWO_SCORES if action == 2 else 1
        scores = list(state.scores)
        scores[state.player] += points
        return Pile(state.left - action, tuple(scores), 1 - state.player), [Event("took", f"took {{action}}")]

    def result(self, state):
        if state.left:
            return None
        best = max(state.scores)
        winners = tuple(p for p in (0, 1) if state.scores[p] == best)
        return Result(winners, tuple(1.0 if p in winners else 0.0 for p in (0, 1)))

    def notation(self, action):
        return f"take {{action}}"

    def parse(self, state, text):
        words = text.split()
        if len(words) == 2 and words[0] == "take" and words[1] in ("1", "2"):
            return int(words[1])
        raise IllegalAction("notation", f"cannot read {{text!r}}")

    def state_to_json(self, state):
        return {{"left": state.left, "scores": list(state.scores), "player": state.player}}

    def state_from_json(self, data):
        return Pile(data["left"], tuple(data["scores"]), data["player"])

    def render(self, state, highlight=()):
        shapes = [Rect(0, 0, 60, 20, Style(fill="#f4e9d0", stroke="#6b5b3a", stroke_width=0.3))]
        shapes.append(Text(30, 12, f"{{state.left}} left, {{state.scores[0]}}-{{state.scores[1]}}", size=5,
                           anchor="middle"))
        return Drawing(60, 20, tuple(shapes))


ENGINE = Pebbles()
'''


def release_files(version: str) -> dict[str, str]:
    """The files of content/pebbles/ that differ between the releases, as each has them."""
    newer = version == "1.1"
    front = "  - id: C2\n    tests: [tests/example.py::test_c2]\n" if newer else ""
    return {
        "content__pebbles__game.toml": GAME_TOML + (RELEASES_11 if newer else RELEASES_10),
        "content__pebbles__rules.md": RULES.format(extra_front=front, turns=TURNS_11 if newer else TURNS_10,
                                                   extra_clarification=C2 if newer else ""),
        "content__pebbles__scores.csv": "pebbles,points\n1,2\n2,6\n" if newer else "pebbles,points\n1,2\n2,5\n",
        "content__pebbles__engine.py": ENGINE.format(take_two=3 if newer else 2),
    }


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=Rulepress tests", "-c", "user.email=tests@example.org",
                    "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false",
                    "-C", str(root), *args], check=True, capture_output=True)


def git_site(root: Path, repository: Path | None = None) -> Path:
    """The site in a git repository (its own folder, or `repository` holding it): 1.0 committed
    and tagged pebbles-1.0, then 1.1 committed."""
    repository = repository or root
    make_site(root, **release_files("1.0"))
    git(repository, "init", "-q")
    git(repository, "add", "-A")
    git(repository, "commit", "-q", "-m", "Pebbles 1.0")
    git(repository, "tag", "pebbles-1.0")
    make_site(root, **release_files("1.1"))
    git(repository, "commit", "-q", "-a", "-m", "Pebbles 1.1")
    return root


def archived_site(root: Path) -> Path:
    """The site as plain folders: 1.1 in content/, 1.0 archived in releases/pebbles/1.0/."""
    old = make_site(root / "old", **release_files("1.0"))
    make_site(root / "site", **release_files("1.1"))
    shutil.copytree(old / "content" / "pebbles", root / "site" / "releases" / "pebbles" / "1.0")
    shutil.rmtree(old)
    return root / "site"
