"""Issue 44, done when: a game like an earlier author's race (tests/fixtures/goosesite: a 40-space
track whose length and jumps are its data's, 16 mini event cards with the footer Rulepress
draws, and the game's own Python diagrams, whose numbers print at 6.9 pt in the A5 booklet and
sit on the track's lines) builds with warnings and exits 0; --strict fails it and leaves the
output as it was. The kit's own layouts (the board's jumps, the mini cards' footer) add no
finding."""
from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

import pytest

from generator.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "goosesite"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The race site, built once (not strict); its errors' text and the exit code."""
    site = Path(shutil.copytree(FIXTURE, tmp_path_factory.mktemp("goose") / "site",
                                ignore=shutil.ignore_patterns("__pycache__", "output")))
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["build", str(site), "-q"])
    return site, code, err.getvalue()


def test_the_race_builds_with_warnings_and_exits_0(built):
    site, code, err = built
    assert code == 0, err
    assert re.search(r"rulepress: \d+ warnings", err) and " error" not in err.split("\n", 1)[0]
    assert (site / "output" / "goose" / "kit" / "goose-kit-a4.pdf").is_file()
    assert (site / "output" / "goose" / "goose-rules-booklet-a4.pdf").is_file()


def test_the_diagrams_labels_are_warned_of_at_their_directives_line(built):
    _site, _code, err = built
    rules = "content/goose/rules.md:16: warning: preflight:"
    small = re.search(r"text under 7 pt on paper, in the position diagram, as printed in the A5 booklet.*\n.*\n"
                      r"\s+found:\s+“1” at (\d+\.\d+) pt", err)
    assert rules in err and small and 6.85 <= float(small.group(1)) < 7.0, err[:2000]
    assert "crossed by a line or border" in err


def test_the_kit_adds_no_finding(built):
    """The board's jumps cross no word and the mini cards' footer prints at 6 pt: nothing from the kit."""
    _site, _code, err = built
    assert "components.toml" not in err and "events.csv" not in err and "track.csv" not in err


def test_strict_fails_the_race_and_keeps_the_output(built, capsys):
    site, _code, _err = built
    index = site / "output" / "index.html"
    written = index.stat().st_mtime_ns
    assert main(["build", str(site), "-q", "--strict"]) == 1
    err = capsys.readouterr().err
    assert "warning: preflight: text under 7 pt" in err and "the previous output is unchanged" in err
    assert index.stat().st_mtime_ns == written
