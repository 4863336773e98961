"""What every rulebook in content/ promises: clarifications tied to real engine
tests, tables drawn from the game's data, the licence note and credits."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.toml"))


def front_matter(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8").split("---", 2)[1]) or {}


@pytest.mark.parametrize("game", GAMES)
def test_every_clarification_names_engine_tests_that_exist(game):
    pages = sorted((ROOT / "content" / game).glob("*.md"))
    checked = 0
    for page in pages:
        for item in front_matter(page).get("clarifications") or []:
            assert item["tests"], f"{page.name}: {item['id']} reserves no test"
            for test_id in item["tests"]:
                path, _, name = test_id.partition("::")
                source = (ROOT / path).read_text(encoding="utf-8")
                assert re.search(rf"^\s*def {re.escape(name.split('[')[0])}\(", source, re.M), \
                    f"{page.name}: {item['id']} names {test_id}, which does not exist"
                checked += 1
    assert checked, f"{game} decides no clarification"


@pytest.mark.parametrize("game", GAMES)
def test_rules_render_their_tables_from_the_data_files(game):
    meta = tomllib.loads((ROOT / "content" / game / "game.toml").read_text(encoding="utf-8"))
    if not meta.get("data"):
        pytest.skip(f"{game} declares no data")
    text = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "content" / game).glob("*.md"))
    used = set(re.findall(r"```table\s*\n(?:.*\n)*?data:\s*(\w+)", text))
    assert used, f"{game} shows none of its data tables"
    assert used <= set(meta["data"]), f"{game} uses undeclared data {used - set(meta['data'])}"


@pytest.mark.parametrize("game", GAMES)
def test_credits_name_the_source_and_its_licence_note(game):
    meta = tomllib.loads((ROOT / "content" / game / "game.toml").read_text(encoding="utf-8"))
    assert meta["source"].strip() and meta["licence"].strip()
    assert meta["credit"].strip(), f"{game} has no credit line"


def test_the_licence_notes_the_sources_state_are_on_the_pages():
    """Splut! is licensed for non-commercial use; SPLASH! is (c) 1993 E&M Games."""
    splut = tomllib.loads((ROOT / "content/splut/game.toml").read_text())["licence"].lower()
    splash = tomllib.loads((ROOT / "content/splash/game.toml").read_text())["licence"]
    assert "non-commercial" in splut
    assert "1993" in splash and "E&M Games" in splash


@pytest.mark.parametrize("game", GAMES)
def test_pages_leave_the_one_level_1_heading_to_their_title(game):
    """The template shows the front matter title as the page's <h1>; a `# `
    heading in the text would show the title twice."""
    from markdown_it import MarkdownIt

    for page in sorted((ROOT / "content" / game).glob("*.md")):
        body = page.read_text(encoding="utf-8").split("\n---\n", 1)[1]
        levels = [int(t.tag[1]) for t in MarkdownIt("commonmark").parse(body) if t.type == "heading_open"]
        assert 1 not in levels, f"{page.name} has a level-1 heading"


@pytest.mark.parametrize("game", GAMES)
def test_no_table_of_the_pages_has_an_empty_header_cell(game):
    """An empty <th> names nothing for a screen reader: a table with two halves is two tables."""
    for page in sorted((ROOT / "content" / game).glob("*.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        for line, below in zip(lines, lines[1:]):
            if line.startswith("|") and below.startswith("|") and set(below) <= set("|-: "):  # a header row
                header = [cell.strip() for cell in line.strip().strip("|").split("|")]
                assert all(header), f"{page.name}: {line}"
