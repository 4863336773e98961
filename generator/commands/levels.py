"""Measure a game's computer levels by self-play, as the catalogue's are measured: each level
(bots.py's LEVELS, easiest first) plays seeded games against random players and against the
level below; its score in each match (a win 1, a draw the even share) with a 95% interval, and
its thinking time per move. With --write, the figures go to content/<game>/levels.csv, a table
the game declares in game.toml ([data.levels]) and its Play page shows: the build reads the file
and never plays these games. See docs/engine-guide.md, "Levels"."""
from __future__ import annotations

from pathlib import Path

NAME = "levels"
HELP = "measure a game's computer levels by self-play (and write levels.csv)"


def add_arguments(parser) -> None:
    parser.add_argument("site", type=Path, help="the site folder holding content/")
    parser.add_argument("game", help="the game's folder name under content/, e.g. splut")
    parser.add_argument("--games", type=games_per_match, default=200, metavar="N",
                        help="games per match (default 200; fewer is quicker and less sure)")
    parser.add_argument("--write", action="store_true", help="write content/<game>/levels.csv")


def games_per_match(text: str) -> int:
    import argparse

    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"the games per match are a whole number from 1, not {text!r}")
    return int(text)


def run(args) -> int:
    from generator.errors import ContentError, ContentErrors
    from generator.play import load_engine
    from generator.play.levels import game_levels
    from generator.play.measure import csv_text, measure, row_text

    folder = args.site / "content" / args.game
    if not (folder / "engine.py").is_file():
        games = sorted(p.parent.name for p in (args.site / "content").glob("*/engine.py"))
        raise ContentErrors([ContentError(folder, None, f"no game '{args.game}' with an engine in this site",
                                          expected="a game folder with engine.py: " + (", ".join(games) or "none"),
                                          found=str(folder))])
    engine = load_engine(folder)
    if not game_levels(engine):
        raise ContentErrors([ContentError(folder / "bots.py", None, f"{args.game} declares no computer levels",
                                          expected="LEVELS = (Level(...), ...) in bots.py, easiest first "
                                                   "(docs/engine-guide.md)", found="no LEVELS")])
    rows = measure(engine, args.games, lambda row: print(row_text(args.game, row), flush=True))
    if args.write:
        target = folder / "levels.csv"
        target.write_text(csv_text(rows), encoding="utf-8")
        print(f"wrote {target}: declare it in game.toml as [data.levels] to show it on the Play page")
    return 0
