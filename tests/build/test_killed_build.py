"""Issue 30.1: a build killed by any signal (SIGKILL included) while its rulebook children
run leaves no process behind and no lock held: the next build starts at once."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.sitefactory import make_site

ROOT = Path(__file__).resolve().parents[2]


# A build whose rulebook children typeset for a minute: the test knows when they have started
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

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (children, their children...)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [pid]
    while frontier:
        below = [child for child, parent in parents.items() if parent in frontier]
        found += below
        frontier = below
    return found


def running(pid: int) -> bool:
    """Alive and not a zombie (a dead child its orphaned parent has not reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def open_files(pid: int) -> list[str]:
    folder = Path(f"/proc/{pid}/fd")
    found = []
    for link in folder.iterdir():
        try:
            found.append(os.readlink(link))
        except OSError:
            continue
    return found


def start_slow_build(site: Path) -> tuple[subprocess.Popen, list[int]]:
    build = subprocess.Popen([sys.executable, "-c", SLOW_BUILD, str(site)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    assert build.stdout.readline().strip() == "TYPESETTING"
    children = descendants(build.pid)
    assert children
    return build, children


def test_a_builds_children_never_hold_its_lock(tmp_path):
    """The lock is the build's alone: a child that kept it would outlive a killed build holding it."""
    site = make_site(tmp_path / "site")
    build, children = start_slow_build(site)
    try:
        lock = str(site / ".rulepress-cache/output.lock")
        assert lock in open_files(build.pid)
        assert [pid for pid in children if lock in open_files(pid)] == []
    finally:
        build.kill()
        build.wait()


@pytest.mark.parametrize("signal_number", [signal.SIGKILL, signal.SIGTERM, signal.SIGSEGV])
def test_a_killed_build_leaves_no_process_and_the_next_build_starts_at_once(tmp_path, signal_number):
    site = make_site(tmp_path / "site")
    build, children = start_slow_build(site)
    try:
        os.kill(build.pid, signal_number)
        build.wait()
        killed_at = time.monotonic()
        second = subprocess.Popen([sys.executable, "-m", "generator", "build", str(site), "-q"], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        while any(map(running, children)) and time.monotonic() < killed_at + 2:
            time.sleep(0.05)
        assert [pid for pid in children if running(pid)] == []
        out, err = second.communicate(timeout=180)
        assert second.returncode == 0, err
        assert "Waiting for another build" not in err
        assert (site / "output/pebbles/index.html").is_file()
    finally:
        if build.poll() is None:
            build.kill()
