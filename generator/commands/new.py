"""Create a new game folder under content/ that builds at once."""
from __future__ import annotations

import re
from pathlib import Path

from generator.errors import ContentError
from generator.suggest import command

NAME = "new"
HELP = "scaffold a new game folder"

GAME_TOML = '''title = "{title}"
designers = ["Your Name"]
year = {year}
source = "Original rules"
licence = "All rights reserved by the designer."
credit = ""
players = {{ min = 2, max = 4 }}
ages = 8
play_time = {{ min = 20, max = 40 }}
summary = "One sentence that tells a reader why to play {title}."
accent = "#3559c7"
pages = ["rules", "reference", "glossary"]
'''

RULES = '''---
title: Rules
summary: How to play {title}.
clarifications: []
---

## Overview

Say in two sentences what the players are trying to do.

## Components

- 1 board
- 4 pieces

## Setup

1. Put the board in the middle of the table.

## Playing a turn

Describe a turn step by step. The [player aid](reference.md) sums it up.

::: tip
Add `::: clarification C1 Title` blocks where the rules needed a decision.
:::

## End of the game

Say how the game ends and who wins.

## Clarifications

```clarifications
```
'''

REFERENCE = '''---
title: Player aid
---

## Turn summary

1. First step.
2. Second step.
'''

GLOSSARY = '''---
title: Glossary
glossary: true
---

Board
: The playing surface.
'''


def add_arguments(parser) -> None:
    parser.add_argument("slug", help="folder name for the game: lowercase letters, digits, hyphens")
    parser.add_argument("--site", type=Path, default=Path("."), help="the site folder (default: current folder)")
    parser.add_argument("--title", help="the game's title (default: from the slug)")


def run(args) -> int:
    if not re.match(r"^[a-z0-9][a-z0-9-]*$", args.slug):
        raise ContentError(args.slug, None, "bad game name", expected="lowercase letters, digits and hyphens", found=args.slug)
    content = args.site / "content"
    folder = content / args.slug
    if folder.exists():
        raise ContentError(folder, None, "game folder already exists", expected="a new name", found=str(folder))
    if not (content / "site.toml").is_file():
        content.mkdir(parents=True, exist_ok=True)
        (content / "site.toml").write_text('title = "My games"\n', encoding="utf-8")
    title = args.title or args.slug.replace("-", " ").title()
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(GAME_TOML.format(title=title.replace('"', '\\"'), year=2026), encoding="utf-8")
    (folder / "rules.md").write_text(RULES.format(title=title), encoding="utf-8")
    (folder / "reference.md").write_text(REFERENCE, encoding="utf-8")
    (folder / "glossary.md").write_text(GLOSSARY, encoding="utf-8")
    print(f"Created {folder}: game.toml, rules.md, reference.md, glossary.md. Run `{command('build', args.site)}`.")
    return 0
