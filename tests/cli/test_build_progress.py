"""Issue 44.4: a build says what it is doing. In a log or a pipe it prints a plain line a step
(with the seconds since it began) on stdout; on a terminal it draws a bar; with -q it prints nothing."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.sitefactory import SITE_TOML, make_site

ROOT = Path(__file__).resolve().parents[2]
PLAIN_LINE = re.compile(r"^ *\d+\.\d s  (.+)$")


def small_site(tmp_path: Path) -> Path:
    return make_site(tmp_path / "site", **{"content__site.toml": SITE_TOML + "rulebooks = false\nsearch = false\n"})


def build(site: Path, *args: str, stderr=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "build", str(site), *args], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=stderr, timeout=300)


def test_a_build_into_a_log_prints_a_plain_line_for_each_step(tmp_path):
    done = build(small_site(tmp_path))
    assert done.returncode == 0
    lines = done.stdout.decode().splitlines()
    steps = [PLAIN_LINE.match(line).group(1) for line in lines[:-1]]
    assert steps[0] == "loading content" and "rendering pages" in steps and lines[-1].startswith("Built ")
    assert done.stderr == b"" and b"\x1b[" not in done.stdout  # errors alone on stderr; no terminal codes in a log


def test_a_quiet_build_prints_nothing_but_errors(tmp_path):
    done = build(small_site(tmp_path), "-q")
    assert done.returncode == 0 and done.stderr == b"" and done.stdout == b""


def test_a_build_on_a_terminal_draws_a_bar_not_lines(tmp_path):
    site = small_site(tmp_path)
    leader, follower = os.openpty()
    try:
        done = build(site, stderr=follower)
        os.close(follower)
        follower = None
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's other end is closed: all of it read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if follower is not None:
            os.close(follower)
        os.close(leader)
    assert done.returncode == 0
    text = shown.decode("utf-8", "replace")
    assert "\x1b[" in text  # rich's live display: cursor and colour codes
    assert not any(PLAIN_LINE.match(line) for line in text.splitlines())
