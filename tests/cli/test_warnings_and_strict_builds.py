"""Issue 44.1: a game written against last week's docs (a points board with mini cards, like
an earlier author's) builds with warnings and exits 0; --strict (or `strict = true` in
site.toml) fails it and leaves the previous output as it was. Rulepress's own card footer
("Goose Chase · event" on a mini card) prints at 6 pt: no size finding."""
from __future__ import annotations

from generator.cli import main
from tests.errors.test_author_messages import KIT
from tests.sitefactory import GAME_TOML, SITE_TOML, make_site

POINTS_AND_MINI_CARDS = KIT + '''
[[board]]
name = "goose"
title = "Goose Chase"
kind = "points"
cell = 20
points = [
  { name = "start", x = 0, y = 0 },
  { name = "pond", x = 3, y = 0 },
  { name = "barn", x = 3, y = 3 },
]
lines = [["start", "pond", "barn"]]
names = true

[[deck]]
name = "events"
title = "Events"
size = "mini"
data = "events.csv"
[deck.front]
background = "#d35400"
corner = "{n}"
title = "{name}"
footer = "Goose Chase · event"
[deck.back]
background = "#333333"
title = "Goose Chase"
'''
EVENTS = "name,n\n" + "".join(f"Fox {n},{n}\n" for n in range(1, 17))


def goose_site(tmp_path, site_toml: str = SITE_TOML):
    game = GAME_TOML + '\n[data.events]\nfile = "events.csv"\ncolumns = { name = "str", n = "int" }\n'
    return make_site(tmp_path / "site", **{"content__site.toml": site_toml,
                                           "content__pebbles__components.toml": POINTS_AND_MINI_CARDS,
                                           "content__pebbles__game.toml": game,
                                           "content__pebbles__events.csv": EVENTS})


def test_an_earlier_authors_game_builds_with_warnings_and_fails_strict(tmp_path, capsys):
    site = goose_site(tmp_path)
    assert main(["build", str(site), "-q"]) == 0
    err = capsys.readouterr().err
    assert "warning: preflight: text that does not stand out" in err and "rulepress: " in err
    assert "text under 6 pt" not in err  # Rulepress's own footer prints at 6 pt: no size finding
    # the author's orange under it is a contrast warning, said once for the 16 rows
    assert err.count("found:    “Goose Chase · event”") == 1 and "events.csv:2–17 (16 cards)" in err
    index = site / "output" / "index.html"
    written = index.stat().st_mtime_ns
    for strict in (["--strict"], ["--strict", "--clean"]):  # the no-op build, and a full one
        assert main(["build", str(site), "-q", *strict]) == 1
        err = capsys.readouterr().err
        assert "warning: preflight: text that does not stand out" in err and "Traceback" not in err
        assert "the previous output is unchanged" in err and index.stat().st_mtime_ns == written
    assert main(["check", str(site), "--strict"]) == 1


def test_strict_in_site_toml_makes_warnings_fail_the_build(tmp_path, capsys):
    site = goose_site(tmp_path, SITE_TOML + "strict = true\n")
    assert main(["build", str(site), "-q"]) == 1
    err = capsys.readouterr().err
    assert "warning: preflight: text that does not stand out" in err
    assert not (site / "output").exists()
