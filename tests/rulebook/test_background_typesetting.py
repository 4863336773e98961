"""Issue 29.2/29.5: rulebooks are typeset in child processes while the rest of the build
goes on; their PDFs are the same bytes, a failure there is the build's failure, and a
killed build leaves no child behind."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.build import build, directive_registry
from generator.errors import ContentError, ContentErrors
from generator.rulebook import make
from generator.rulebook.make import GameBook
from generator.content.load import load_site
from tests.sitefactory import make_site

ROOT = Path(__file__).resolve().parents[2]


def test_background_rulebooks_are_the_books_typeset_here(tmp_path):
    site = make_site(tmp_path / "site")
    build(site)
    loaded = load_site(site)
    book = GameBook(loaded, loaded.game("pebbles"), directive_registry(loaded))
    assert (site / "output/pebbles/pebbles-rules-a4.pdf").read_bytes() == book.rules("a4")


def test_a_typesetting_failure_in_a_child_is_the_builds_error_and_the_output_stays(tmp_path, monkeypatch):
    site = make_site(tmp_path / "site")
    build(site)
    before = (site / "output/pebbles/index.html").read_bytes()
    figure = site / "content/pebbles/rules.md"

    def broken(*args, **kwargs):
        raise ContentErrors([ContentError(figure, 7, "a figure cannot be drawn", expected="a drawing", found="none")])

    monkeypatch.setattr(make, "typeset_all", broken)  # the child is forked: it inherits the patch
    figure.write_text(figure.read_text() + "\nOne more line.\n")
    with pytest.raises(ContentErrors) as caught:
        build(site)
    assert [(e.path, e.line, e.message) for e in caught.value.errors] == [(figure, 7, "a figure cannot be drawn")]
    assert (site / "output/pebbles/index.html").read_bytes() == before


SLOW_BUILD = r"""
import sys, time
from generator.rulebook import make
def slow(*args, **kwargs):
    print("TYPESETTING", flush=True)
    time.sleep(60)
make.typeset_all = slow
from generator.cli import main
sys.exit(main(["build", sys.argv[1], "-q"]))
"""


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Alive and not a zombie (a dead child its orphaned parent has not reaped)."""
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_killed_build_leaves_no_typesetting_child(tmp_path):
    site = make_site(tmp_path / "site")
    build_process = subprocess.Popen([sys.executable, "-c", SLOW_BUILD, str(site)], cwd=ROOT,
                                     stdout=subprocess.PIPE, text=True)
    try:
        assert build_process.stdout.readline().strip() == "TYPESETTING"
        children = children_of(build_process.pid)
        assert children
        os.kill(build_process.pid, signal.SIGKILL)
        build_process.wait()
        deadline = time.monotonic() + 2
        while any(map(running, children)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [pid for pid in children if running(pid)] == []
        started = time.monotonic()
        assert subprocess.run([sys.executable, "-m", "generator", "build", str(site), "-q"], cwd=ROOT,
                              timeout=120).returncode == 0
        assert time.monotonic() - started < 60  # no wait for a lock held by an orphan
    finally:
        if build_process.poll() is None:
            build_process.kill()
