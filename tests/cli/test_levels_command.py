"""Issue 44.7: `rulepress levels SITE GAME` measures an author's computer levels as the
catalogue's are measured (generator.play.measure, which scripts/bench_levels.py uses too):
one line per level with its scores against random players and the level below, and with
--write the table a Play page shows. A game without levels, or no such game, is an error."""
from __future__ import annotations

import csv
import shutil
from pathlib import Path

from generator.cli import main

PIG = Path(__file__).resolve().parents[1] / "play" / "toys" / "pig"
LEVELS = '''from generator.play.levels import Level

LEVELS = (
    Level("wild", bot="random", about="Rolls or holds at random."),
    Level("steady", bot="hold-at-10", about="Holds at ten points a turn."),
)
'''


def pig_site(tmp_path: Path, levels: bool = True) -> Path:
    game = tmp_path / "site" / "content" / "pig"
    shutil.copytree(PIG, game, ignore=shutil.ignore_patterns("__pycache__"))
    if levels:
        (game / "bots.py").write_text(LEVELS, encoding="utf-8")
    return tmp_path / "site"


def test_levels_prints_each_level_and_writes_the_table(tmp_path, capsys):
    site = pig_site(tmp_path)
    assert main(["levels", str(site), "pig", "--games", "40", "--write"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[2] for line in out[:2]] == ["wild", "steady"]
    assert "vs random" in out[0] and "vs wild" in out[1]
    rows = list(csv.DictReader((site / "content" / "pig" / "levels.csv").open(encoding="utf-8")))
    assert [row["level"] for row in rows] == ["wild", "steady"] and rows[1]["below"] == "wild"
    assert int(rows[1]["vs_below"].rstrip("%")) > 50  # holding at ten beats rolling at random
    again = pig_site(tmp_path / "again")
    main(["levels", str(again), "pig", "--games", "40", "--write"])
    first, second = (s / "content" / "pig" / "levels.csv" for s in (site, again))
    keep = ("level", "players", "vs_random", "below", "vs_below", "drawn", "games")  # the seeded figures
    assert [[r[k] for k in keep] for r in csv.DictReader(first.open())] == \
        [[r[k] for k in keep] for r in csv.DictReader(second.open())]


def test_a_game_without_levels_is_an_error_saying_what_to_declare(tmp_path, capsys):
    assert main(["levels", str(pig_site(tmp_path, levels=False)), "pig"]) == 1
    err = capsys.readouterr().err
    assert "pig declares no computer levels" in err and "LEVELS = (Level(...), ...) in bots.py" in err


def test_no_such_game_names_the_games_there_are(tmp_path, capsys):
    assert main(["levels", str(pig_site(tmp_path)), "pgi"]) == 1
    err = capsys.readouterr().err
    assert "no game 'pgi' with an engine in this site" in err and "pig" in err
