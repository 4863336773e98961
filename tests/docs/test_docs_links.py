"""The author's documentation holds together: every relative link and picture in README.md
and docs/ points at a file that exists, and every #anchor at a heading of its page
(GitHub's heading ids)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def heading_ids(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    ids = set()
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        explicit = re.search(r"\{#([\w-]+)\}\s*$", heading)
        slug = explicit.group(1) if explicit else re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        ids.add(slug)
    return ids


def links(page: Path):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return LINK.findall(text)


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_in_the_docs_resolves(page):
    broken = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):
            continue  # web addresses are not checked offline
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in heading_ids(file):
            broken.append(f"{target}: no heading #{anchor}")
    assert not broken, broken


def test_the_cli_reference_names_every_command_and_option():
    """docs/cli.md cannot fall behind the command line: each command and option is in it."""
    import argparse

    from generator.cli import parser

    reference = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    commands = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    missing = []
    for name, sub in commands.choices.items():
        if f"`rulepress {name}" not in reference:
            missing.append(name)
        for action in sub._actions:
            missing += [f"{name} {flag}" for flag in action.option_strings
                        if flag not in ("-h", "--help", "--debug")
                        and not re.search(r"`" + re.escape(flag) + r"[` ]", reference)]
    assert not missing, missing
