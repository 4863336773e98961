"""scripts/bench's report: every figure beside its target, a missed one MISSED, a size the run
left out said to be skipped (never counted as met), and peak memory taken over every process
a command starts (a build's workers included)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.benchlib.memory import descendants, pss_kib  # noqa: E402
from scripts.benchlib.targets import done_when, skipped, tally  # noqa: E402


def test_a_figure_over_its_target_is_missed_and_one_within_it_met():
    assert done_when("rp / Hugo + Pagefind", 1.66, 1.0, "").endswith("(target <= 1: MISSED)")
    assert done_when("rp / Hugo + Pagefind", 0.9, 1.0, "").endswith("(target <= 1: met)")
    assert "not measured" in done_when("rp / Hugo + Pagefind", None, 1.0, "")


def test_a_size_left_out_of_the_run_is_skipped_neither_met_nor_missed():
    lines = [done_when("edit", 0.2, 0.3), done_when("no-op", 0.2, 0.1),
             skipped("10,000-page clean build", "not in --sizes")]
    assert tally(lines) == "1 of 2 targets MISSED; 1 skipped (not measured in this run)"
    assert tally(lines[:1] + lines[2:]) == "all 1 targets met; 1 skipped (not measured in this run)"
    assert tally(lines[2:]) == "no target measured; 1 skipped (not measured in this run)"


def test_peak_memory_follows_every_process_a_command_starts():
    shell = subprocess.Popen(["sh", "-c", "sleep 60 & echo started; wait"], stdout=subprocess.PIPE, text=True)
    try:
        assert shell.stdout.readline().strip() == "started"  # the sleep is forked
        tree = descendants(shell.pid)
        assert tree[0] == shell.pid and len(tree) == 2  # the shell and the process it started
        assert pss_kib(shell.pid) > 0
    finally:
        for pid in descendants(shell.pid)[1:]:
            os.kill(pid, signal.SIGTERM)
        shell.wait()


def test_the_summary_counts_a_line_by_its_own_verdict_not_one_quoted_beside_it():
    line = done_when("rp / Hugo + Pagefind", 1.2, 1.0, "", beside="issue 29's target <= 1.5: met")
    assert tally([line]) == "1 of 1 targets MISSED"
