"""Incremental builds with every stage on a real game (kit, walkthroughs, play
bundle): each edit re-renders only what depends on it, and the result equals a
clean build byte for byte."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.build import build
from tests.build.test_build import tree_digest

ROOT = Path(__file__).resolve().parents[2]
GAME = "splat"


@pytest.fixture
def site(tmp_path) -> Path:
    site = tmp_path / "site"
    (site / "content").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.toml", site / "content/site.toml")
    shutil.copytree(ROOT / "content" / GAME, site / "content" / GAME,
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "package-lock.json", site / "package-lock.json")
    os.symlink(ROOT / "node_modules", site / "node_modules")  # the Pyodide runtime the build copies
    return site


def kit_inodes(site: Path) -> dict[str, int]:
    return {p.name: p.stat().st_ino for p in (site / "output" / GAME / "kit").iterdir()}


def assert_equals_clean_build(site: Path) -> None:
    clean = site.parent / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    build(site, clean, use_cache=False)
    assert tree_digest(site / "output") == tree_digest(clean)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def test_editing_a_rules_page_leaves_the_kit_alone(site):
    build(site)
    kits = kit_inodes(site)
    rules = site / "content" / GAME / "rules.md"
    rules.write_text(rules.read_text() + "\nOne more sentence for the test.\n")
    report = build(site)
    assert report.rendered == 1
    assert kit_inodes(site) == kits  # the same files, linked from the previous output
    assert_equals_clean_build(site)


def test_editing_deck_data_rebuilds_that_games_kit(site):
    build(site)
    kits = kit_inodes(site)
    edit(site / "content" / GAME / "pieces.csv", "#c8102e", "#c8102f")  # a colour changes
    build(site)
    assert kit_inodes(site).keys() == kits.keys()
    assert all(kit_inodes(site)[name] != inode for name, inode in kits.items() if name.endswith(".pdf"))
    assert_equals_clean_build(site)


def test_a_series_of_edits_with_every_stage_equals_a_clean_build(site):
    folder = site / "content" / GAME
    build(site)
    steps = [
        lambda: edit(folder / "rules.md", "## Overview", "## Overview\n\nA fresh first line."),
        lambda: (edit(folder / "game.toml", '"play", "balance"]', '"play", "balance", "variants"]'),
                 (folder / "variants.md").write_text("---\ntitle: Variants\n---\n\n## Solo\n\nPlay alone.\n")),
        lambda: (edit(folder / "game.toml", ', "variants"]', "]"), (folder / "variants.md").unlink()),
        lambda: (site / "templates").mkdir() or (site / "templates/404.html").write_text(
            "{% extends 'base.html' %}{% block main %}<h1>Nothing here</h1>{% endblock %}"),
        lambda: edit(folder / "pieces.csv", "#1f5fbf", "#1f5fbe"),
        lambda: (folder / "engine.py").write_text((folder / "engine.py").read_text() + "\n# an edit to the engine\n"),
    ]
    for step in steps:
        step()
        build(site)
        assert_equals_clean_build(site)


def test_the_whole_catalogue_builds_the_same_bytes_twice(tmp_path):
    """Reproducible: pages, SVG previews, PDF kits and play bundles of all five games."""
    build(ROOT, tmp_path / "one", use_cache=False)
    build(ROOT, tmp_path / "two", use_cache=False)
    one, two = tree_digest(tmp_path / "one"), tree_digest(tmp_path / "two")
    assert one == two
    translations = len(list((ROOT / "content").glob("*/i18n/*.po")))  # each plays from a bundle of its own
    assert sum(name.endswith(".pdf") for name in one) >= 20
    assert sum(name.startswith("_play/") for name in one) == 5 + translations


def test_a_site_override_of_the_kit_section_template_is_used_at_once(tmp_path):
    """The kit's section is made by the kit stage: its template is one of the stage's inputs."""
    from generator.site.theme import PACKAGE_THEME
    from tests.sitefactory import make_site
    from tests.errors.test_author_messages import KIT

    site = make_site(tmp_path / "site", **{"content__pebbles__components.toml": KIT})
    build(site)
    assert "Our own kit section" not in (site / "output/pebbles/index.html").read_text()
    (site / "templates").mkdir()
    template = (PACKAGE_THEME / "kit-section.html").read_text()
    (site / "templates/kit-section.html").write_text("<p>Our own kit section.</p>\n" + template)
    build(site)
    assert "Our own kit section" in (site / "output/pebbles/index.html").read_text()
