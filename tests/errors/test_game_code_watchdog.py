"""Issue 30.2: every call into a game's code at build time runs under a watchdog. A call
that runs past the limit (site.toml's game_code_seconds) stops the build with an error
naming the function (and the walkthrough step or the component's line); a game module
that exits (SystemExit, os._exit, KeyboardInterrupt, any BaseException) is an author
error naming the module: exit 1, never a silent exit or a false success."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.interactive.helpers import copy_fixture, line_of
from tests.sitefactory import GAME_TOML, make_site

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 1  # seconds: the site's game_code_seconds in these tests
# a Pyodide served elsewhere: no memory snapshot for "Try it" is made (seconds of Node the first
# time, or a wait for another build's), which a stopped build would pay and a normal one not
QUICK = f"game_code_seconds = {LIMIT}\nrulebooks = false\nsearch = false\npyodide_url = \"/pyodide/\"\n"
LOOP = "while True:\n    pass\n"


def build(site: Path) -> tuple[int, str, float]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "generator", "build", str(site), "-q"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stderr, time.monotonic() - started


@pytest.fixture
def normal_seconds(tmp_path_factory) -> float:
    """How long a build of the working Hop site takes here (Python, imports, pages), measured just
    before the test's own build: under the same load from the other tests running beside it
    (a browser, Node making a snapshot), not at a quieter moment of the run."""
    # an engine.py of its own, as each stopped build's is: both compile it for the browser afresh
    # (Node, seconds under load), so the two builds differ only by the stopped call
    fresh = f"# baseline {time.time_ns()}\nENGINE = HopEngine()"
    site = copy_fixture(tmp_path_factory.mktemp("baseline") / "hop", {"content/hop/engine.py": ("ENGINE = HopEngine()", fresh)})
    site_toml = site / "content/site.toml"
    site_toml.write_text(QUICK + site_toml.read_text())
    code, err, seconds = build(site)
    assert code == 0, err
    return seconds


def hop_site(tmp_path: Path, old: str, new: str) -> Path:
    site = copy_fixture(tmp_path / "hop", {"content/hop/engine.py": (old, new)})
    site_toml = site / "content/site.toml"
    site_toml.write_text(QUICK + site_toml.read_text())
    return site


def assert_stopped_in_time(code: int, err: str, seconds: float, site: Path, normal: float) -> None:
    """Exit 1 with an author's error, nothing written, within the limit plus 2 s of a normal build."""
    assert code == 1, err
    assert "Traceback" not in err and "internal error" not in err
    assert not (site / "output").exists()
    assert seconds < normal + LIMIT + 2, (seconds, normal)


# -- time limits ---------------------------------------------------------------------
def test_a_loop_at_engine_import_stops_the_build_naming_the_module(tmp_path, normal_seconds):
    site = hop_site(tmp_path, "ENGINE = HopEngine()", LOOP + "ENGINE = HopEngine()")
    code, err, seconds = build(site)
    assert_stopped_in_time(code, err, seconds, site, normal_seconds)
    assert "the import of engine.py did not finish within 1 s" in err and "engine.py line" in err


def test_a_loop_in_an_engine_method_stops_the_build_naming_the_method_and_step(tmp_path, normal_seconds):
    site = hop_site(tmp_path, "    def apply(self, state: HopState, action):\n",
                    "    def apply(self, state: HopState, action):\n        while action == 'roll 2':\n            pass\n")
    code, err, seconds = build(site)
    assert_stopped_in_time(code, err, seconds, site, normal_seconds)
    rules = site / "content/hop/rules.md"
    assert f"{rules}:{line_of(rules, '```walkthrough')}:" in err
    assert "HopEngine.apply did not finish within 1 s" in err and "in apply" in err
    assert "(at walkthrough step 1)" in err  # "roll 2": the first step


BOARD_KIT = ('[kit]\npapers = ["a4"]\nvariants = ["print"]\n\n'
             '[[board]]\nname = "road"\ntitle = "Road"\ncell = 10\ndrawing = "road.board"\n')


def test_a_loop_in_a_kit_drawing_stops_the_build_naming_the_function_and_component(tmp_path, normal_seconds):
    road = "def board(cell):\n" + "".join("    " + line + "\n" for line in LOOP.splitlines())
    site = make_site(tmp_path / "site", **{"content__site.toml": QUICK + "title = 'T'\n",
                                           "content__pebbles__components.toml": BOARD_KIT,
                                           "content__pebbles__road.py": road})
    code, err, seconds = build(site)
    assert_stopped_in_time(code, err, seconds, site, normal_seconds)
    components = site / "content/pebbles/components.toml"
    assert f"{components}:{line_of(components, 'drawing =')}: the board's drawing function failed" in err
    assert "road.board did not finish within 1 s" in err and "in road.py line" in err and "in board" in err


EXAMPLE = ROOT / "docs/kit/examples/card-regions"


def test_a_loop_in_card_art_stops_the_build_naming_the_function_and_data_row(tmp_path, normal_seconds):
    art = (EXAMPLE / "cardart.py").read_text().replace(
        '    sky = "#cfe3f5"', '    while row["id"] == "C2":\n        pass\n    sky = "#cfe3f5"')
    creatures = (EXAMPLE / "game.toml").read_text().split("[data.creatures]")[1]
    site = make_site(tmp_path / "site", **{
        "content__site.toml": QUICK + "title = 'T'\n",
        "content__pebbles__game.toml": GAME_TOML + "\n[data.creatures]" + creatures,
        "content__pebbles__components.toml": (EXAMPLE / "components.toml").read_text(),
        "content__pebbles__creatures.csv": (EXAMPLE / "creatures.csv").read_text(),
        "content__pebbles__cardart.py": art})
    code, err, seconds = build(site)
    assert_stopped_in_time(code, err, seconds, site, normal_seconds)
    csv = site / "content/pebbles/creatures.csv"
    assert f"{csv}:{line_of(csv, 'C2,')}: the card's art function failed on this row" in err
    assert "cardart.creature did not finish within 1 s" in err and "in creature" in err


# -- exits -------------------------------------------------------------------------------
EXITS = {
    "SystemExit(0)": ("raise SystemExit(0)", "called sys.exit(0)"),
    "sys.exit(3)": ("import sys\nsys.exit(3)", "called sys.exit(3)"),
    "os._exit(0)": ("import os\nos._exit(0)", "ended the build's process (os._exit(0))"),
    "KeyboardInterrupt": ("raise KeyboardInterrupt", "raised KeyboardInterrupt"),
    "a BaseException subclass": ("class Stop(BaseException):\n    pass\nraise Stop()", "raised Stop (a BaseException)"),
}


@pytest.mark.parametrize("case", sorted(EXITS))
def test_an_exit_at_engine_import_is_an_author_error_naming_the_module(tmp_path, case):
    statement, said = EXITS[case]
    site = hop_site(tmp_path, "ENGINE = HopEngine()", statement + "\nENGINE = HopEngine()")
    code, err, _seconds = build(site)
    assert code == 1, err
    assert "Traceback" not in err and "internal error" not in err
    assert f"the import of engine.py {said}" in err
    assert "a game's code must not end the build" in err
    assert not (site / "output").exists()


def test_an_exit_in_a_kit_drawing_is_an_author_error_naming_the_function(tmp_path):
    road = "import sys\n\n\ndef board(cell):\n    sys.exit(0)\n"
    site = make_site(tmp_path / "site", **{"content__site.toml": QUICK + "title = 'T'\n",
                                           "content__pebbles__components.toml": BOARD_KIT,
                                           "content__pebbles__road.py": road})
    code, err, _seconds = build(site)
    assert code == 1 and "road.board called sys.exit(0) in road.py line 5" in err, err
    assert not (site / "output").exists()


def test_a_game_within_its_time_limit_builds_and_its_engine_is_still_its_own_class(tmp_path):
    """The watch changes nothing a working game sees: the site builds, the engine's class and module hold."""
    from generator.gamecode import fresh_engine

    site = copy_fixture(tmp_path / "hop")
    engine = fresh_engine(site / "content/hop")
    assert type(engine).__name__ == "HopEngine" and type(engine).__module__.endswith(".engine")
    assert engine.notation(engine.parse(engine.initial_state(), "roll 2")) == "roll 2"
    assert fresh_engine(site / "content/hop") is engine
    code, err, _seconds = build(site)
    assert code == 0, err
