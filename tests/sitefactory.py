"""Small sites written into a temporary folder, for build tests."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

SITE_TOML = 'title = "Test shelf"\nbase_url = "https://games.example/"\n'

GAME_TOML = '''title = "Pebbles"
designers = ["Ada Example"]
year = 2020
source = "Pebbles house rules"
licence = "Free to share."
players = { min = 2, max = 4 }
ages = 7
play_time = { min = 10, max = 20 }
summary = "Move pebbles; take the most."
accent = "#aa3300"
pages = ["rules", "reference", "glossary"]

[data.scores]
file = "scores.csv"
columns = { pebbles = "int", points = "int" }
'''

RULES = '''---
title: Rules
clarifications:
  - id: C1
    tests: [tests/example.py::test_c1]
---

## Setting up

Each player takes a Pebble and puts it on the Board.

## Taking turns {#turns}

See the [player aid](reference.md#summary) and [setup](#setting-up).

::: clarification C1 Ties
A tie is shared.
:::

```table
data: scores
caption: Points per pebble
```

## Clarifications

```clarifications
```
'''

REFERENCE = '''---
title: Player aid
---

## Summary

Move a Pebble. Score [points](rules.md#turns).
'''

GLOSSARY = '''---
title: Glossary
glossary: true
---

Pebble
: A small stone that each player moves.

Board
: Where the pebbles lie.
'''


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text) if text.startswith("\n") else text, encoding="utf-8")
    return root


def make_site(root: Path, **overrides: str) -> Path:
    """A one-game site; override or add files by path ('content/pebbles/rules.md' → key 'rules')."""
    files = {
        "content/site.toml": SITE_TOML,
        "content/pebbles/game.toml": GAME_TOML,
        "content/pebbles/rules.md": RULES,
        "content/pebbles/reference.md": REFERENCE,
        "content/pebbles/glossary.md": GLOSSARY,
        "content/pebbles/scores.csv": "pebbles,points\n1,2\n2,5\n",
    }
    for key, text in overrides.items():
        files[key.replace("__", "/")] = text
    return write(root, files)


def tree(folder: Path) -> dict[str, bytes]:
    """Every file below `folder` with its bytes: two builds compared whole."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def manifest_data(path: Path) -> dict:
    """A build cache manifest's values (generator/cache.py: after the seal, its head, then its entries)."""
    head, _, entries = path.read_text().partition("\n")[2].partition("\n")
    return {**json.loads(head), **json.loads(entries)}


def sealed_manifest(data: dict, seal=None) -> str:
    """`data` as a manifest's text, sealed with `seal` (of the text after the seal's line;
    default: the build's own seal, as a hand edit made valid again would be)."""
    from generator import cache

    text = (json.dumps({key: data[key] for key in cache.HEAD}) + "\n"
            + json.dumps({key: value for key, value in data.items() if key not in cache.HEAD}))
    return (seal or cache.checksum)(text) + "\n" + text
