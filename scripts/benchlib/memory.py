"""A command's time and peak memory, as the bench reports them for Rulepress and its peers.

Two peaks, since a build runs several processes at once (workers, Node, Pagefind):
- the largest process's peak resident set (the kernel's ru_maxrss of the command and every
  child it waited for: exact, but blind to processes running side by side);
- the whole process tree's peak, summed while it runs: each process's proportional set size
  (Pss: shared pages divided among the processes sharing them, so forked workers are not
  counted twice), read from /proc every 0.05 s. A sample can miss a spike shorter than that.
Where /proc has no smaps_rollup the tree's peak is None and the bench says "not measured"."""
from __future__ import annotations

import os
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
INTERVAL = 0.05


@dataclass(frozen=True)
class Run:
    seconds: float
    cpu: float  # user + system seconds, children included
    largest_kib: int  # the largest process's peak resident set
    tree_kib: int | None  # the whole tree's peak proportional set size, sampled


def descendants(pid: int) -> list[int]:
    """`pid` and every process under it (the kernel's children lists, thread by thread)."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        try:
            for task in (PROC / str(current) / "task").iterdir():
                pending.extend(int(child) for child in (task / "children").read_text().split())
        except OSError:  # it ended between two reads
            continue
    return found


def pss_kib(pid: int) -> int:
    try:
        for line in (PROC / str(pid) / "smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


class TreeSampler(threading.Thread):
    """The largest sum of the Pss of `pid`'s process tree seen until `stop()`."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.peak, self.done = pid, 0, threading.Event()

    def run(self) -> None:
        while not self.done.wait(INTERVAL):
            self.peak = max(self.peak, sum(pss_kib(pid) for pid in descendants(self.pid)))

    def stop(self) -> int | None:
        self.done.set()
        self.join()
        return self.peak if (PROC / "self/smaps_rollup").is_file() else None


def measured_run(command: list[str], cwd: Path, env: dict[str, str]) -> Run:
    """Run `command` as a user would (output discarded); its seconds, CPU and peaks. A failure
    raises CalledProcessError with what it said on stderr."""
    with open(os.devnull, "wb") as quiet, tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        child = subprocess.Popen(command, cwd=cwd, stdout=quiet, stderr=errors, env=env)
        sampler = TreeSampler(child.pid)
        sampler.start()
        _pid, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        tree = sampler.stop()
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            errors.seek(0)
            raise subprocess.CalledProcessError(code, command, stderr=errors.read())
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, tree)

