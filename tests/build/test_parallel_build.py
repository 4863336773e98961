"""Issue 29.2: a clean build renders pages on every core, and what it writes is the same,
byte for byte, as a build in one process."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from generator import pagework
from generator.build import build
from tests.sitefactory import GAME_TOML, GLOSSARY, REFERENCE, RULES, SITE_TOML, write

GAMES = 16  # three pages each: past pagework.PARALLEL_FROM, so the pool renders them


def many_games_site(root: Path) -> Path:
    files = {"content/site.toml": SITE_TOML}
    for number in range(GAMES):
        slug = f"pebbles-{number}"
        files.update({
            f"content/{slug}/game.toml": GAME_TOML.replace('title = "Pebbles"', f'title = "Pebbles {number}"'),
            f"content/{slug}/rules.md": RULES + f"\nGame number {number}, with [its glossary](glossary.md).\n",
            f"content/{slug}/reference.md": REFERENCE,
            f"content/{slug}/glossary.md": GLOSSARY,
            f"content/{slug}/scores.csv": f"pebbles,points\n1,{number}\n2,5\n",
        })
    return write(root, files)


def tree(folder: Path) -> dict[str, str]:
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_a_parallel_build_writes_the_same_bytes_as_a_build_in_one_process(tmp_path, monkeypatch):
    site = many_games_site(tmp_path / "site")
    renderers = tmp_path / "renderers"
    renderers.mkdir()
    render = pagework.PageRenderer.render

    def noting_the_process(self, url):  # the pool's workers are forked: they inherit this
        (renderers / str(os.getpid())).touch()
        return render(self, url)

    monkeypatch.setattr(pagework.PageRenderer, "render", noting_the_process)
    serial = build(site, tmp_path / "serial", stages=[], processes=1, use_cache=False)
    assert [p.name for p in renderers.iterdir()] == [str(os.getpid())]
    parallel = build(site, tmp_path / "parallel", stages=[], processes=2, use_cache=False)
    assert len(list(renderers.iterdir())) >= 3  # this process, then two workers
    assert serial.pages == parallel.pages == GAMES * 3 + 2
    assert tree(tmp_path / "serial") == tree(tmp_path / "parallel")
