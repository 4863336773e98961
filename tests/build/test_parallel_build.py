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


def test_what_a_child_would_load_is_loaded_before_each_fork_and_inherited(tmp_path):
    """A stage's job names what its child would otherwise load for itself (`before_fork`: a
    German game's hyphenation dictionary, 0.6 s a child): loaded in the build before each child
    of the queue is forked, not only its first, and found loaded in the child."""
    from generator.jobs import Job, Scheduler

    loaded: list[str] = []
    answers: dict[str, list[str]] = {}
    scheduler = Scheduler(2)
    for language in ("en", "de"):
        scheduler.run(Job(f"typesetting the {language} book", lambda: list(loaded), "books",
                          before_fork=lambda language=language: loaded.append(language),
                          done=lambda seen, language=language: answers.__setitem__(language, seen)))
    scheduler.finish()
    assert loaded == ["en", "de"]
    assert answers == {"en": ["en"], "de": ["en", "de"]}
