"""Issue 44.2: one run says everything wrong, and says each thing once. A kit's preflight error
does not hide a mistyped walkthrough step; the same finding on many rows of a data file is one
entry naming the rows."""
from __future__ import annotations

from generator.cli import main
from tests.errors.test_author_messages import KIT
from tests.interactive.helpers import copy_fixture
from tests.kit.test_preflight import SHEET_KIT
from tests.sitefactory import GAME_TOML, make_site

TINY_SHEET = ("from generator.draw.shapes import Drawing, Text\n\n\n"
              "def sheet(player):\n    return Drawing(40, 30, (Text(2, 10, 'Score', size=1.5),))\n")


def test_a_kit_error_and_a_mistyped_walkthrough_step_are_reported_in_one_run(tmp_path, capsys):
    site = copy_fixture(tmp_path / "site", {"content/hop/rules.md": ("do: b1-b3", "do: b1-b9")})
    (site / "content/hop/components.toml").write_text(SHEET_KIT)
    (site / "content/hop/pad.py").write_text(TINY_SHEET)
    for command in (["check"], ["build", "-q"]):
        assert main([*command, str(site)]) == 1
        err = capsys.readouterr().err
        assert "rulepress: 2 problems in the content:" in err
        assert f"{site / 'content/hop/components.toml'}: preflight: text under 6 pt on paper" in err
        assert f"{site / 'content/hop/rules.md'}:20: walkthrough: step 2 ('b1-b9')" in err
        assert "Traceback" not in err and not (site / "output").exists()


EVENTS_KIT = KIT + ('\n[[deck]]\nname = "events"\ntitle = "Events"\nsize = "poker"\ndata = "events.csv"\n'
                    '[deck.front]\nbackground = "#d35400"\ntitle = "{name}"\nfooter = "Pebbles · event"\n'
                    '[deck.back]\nbackground = "#333333"\ntitle = "Pebbles"\n')


def events_site(tmp_path, rows: int):
    game = GAME_TOML + '\n[data.events]\nfile = "events.csv"\ncolumns = { name = "str" }\n'
    names = "".join(f"Event {n}\n" for n in range(1, rows + 1))
    return make_site(tmp_path / "site", **{"content__pebbles__components.toml": EVENTS_KIT,
                                           "content__pebbles__game.toml": game,
                                           "content__pebbles__events.csv": "name\n" + names})


def test_sixteen_rows_with_the_same_finding_are_one_entry_naming_the_rows(tmp_path, capsys):
    """The footer every card prints alike, on an orange where it reaches 4.18:1 (a warning):
    one entry for rows 2-17, while each card's own title is its own entry."""
    site = events_site(tmp_path, 16)
    assert main(["check", str(site)]) == 0
    err = capsys.readouterr().err
    footer = [line for line in err.splitlines() if "found:    “Pebbles · event”" in line]
    assert len(footer) == 1, err
    assert (f"{site / 'content/pebbles/events.csv'}:2–17 (16 cards): warning: preflight: text that does not "
            "stand out from what lies under it, print, on the front of events cards") in err
    assert err.count("found:    “Event ") == 16  # a different text on each row: a different finding, said where it is


def test_one_row_with_a_finding_is_named_by_its_line_alone(tmp_path, capsys):
    site = events_site(tmp_path, 1)
    assert main(["check", str(site)]) == 0
    err = capsys.readouterr().err
    assert (f"{site / 'content/pebbles/events.csv'}:2: warning: preflight: text that does not stand out from "
            "what lies under it, print, on the front of events card “Event 1”") in err
