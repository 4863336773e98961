"""game.toml's [[releases]]: read oldest first, the newest is current, bad entries reported at their line."""
from __future__ import annotations

import subprocess
import sys

from generator.content.load import load_site
from generator.i18n.interface import release_label
from tests.sitefactory import GAME_TOML, make_site

RELEASES = '''
[[releases]]
version = "1.1"
date = "2026-11-20"
summary = "Errata for the Pebble rule"
ref = "pebbles-1.1"

[[releases]]
version = "1.0"
date = 2026-01-05
summary = "First printing"
'''


def test_the_newest_release_is_current_and_a_toml_date_reads_as_text(tmp_path):
    make_site(tmp_path, **{"content__pebbles__game.toml": GAME_TOML + RELEASES})
    (game,) = load_site(tmp_path).games
    assert [r.version for r in game.releases] == ["1.0", "1.1"]
    assert game.release.version == "1.1" and game.release.ref == "pebbles-1.1"
    assert game.releases[0].date == "2026-01-05"
    assert release_label("en", game.release.version, game.release.date) == "version 1.1, 20 November 2026"


def test_a_game_without_releases_has_no_current_release(tmp_path):
    make_site(tmp_path)
    (game,) = load_site(tmp_path).games
    assert game.releases == () and game.release is None


def test_a_repeated_version_and_a_bad_date_are_reported_at_their_lines(tmp_path):
    bad = RELEASES + '\n[[releases]]\nversion = "1.1"\ndate = "2026-13-01"\nsummary = "again"\n'
    make_site(tmp_path, **{"content__pebbles__game.toml": GAME_TOML + bad})
    run = subprocess.run([sys.executable, "-m", "generator", "check", str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    lines = GAME_TOML.count("\n") + bad.count("\n")
    assert f"game.toml:{lines - 1}: bad value for 'releases[2].date'" in run.stderr
    assert f"game.toml:{lines - 2}: release '1.1' is listed twice" in run.stderr
    assert "expected: a date, e.g. 2026-11-26" in run.stderr
