"""Issue 30.2 and 48: every call into a game's code at build time runs under a watchdog. A
call that runs past the limit (site.toml's game_code_seconds) stops the build with an error
naming the function (and the walkthrough step or the component's line), even a loop inside C
code, which the watcher outside the build's process kills; a game module that exits
(SystemExit, os._exit, KeyboardInterrupt, any BaseException), changes the working folder or
forks is an author error naming the module or method: exit 1, never a silent exit or a false
success. No test here times anything: each asserts what the watchdog did (its message, exit 1,
one problem, no output written, the lock free, no process left)."""
from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.interactive.helpers import copy_fixture, line_of
from tests.sitefactory import GAME_TOML, make_site

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 1  # seconds: the site's game_code_seconds in these tests
# a Pyodide served elsewhere: no memory snapshot for "Try it" is made
QUICK = f"game_code_seconds = {LIMIT}\nrulebooks = false\nsearch = false\npyodide_url = \"/pyodide/\"\n"
LOOP = "while True:\n    pass\n"
C_LOOP = "import collections, itertools\ncollections.deque(itertools.count(), maxlen=0)\n"  # holds the GIL: no alarm reaches it
APPLY = "    def apply(self, state: HopState, action):\n"


def build(site: Path) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "generator", "build", str(site), "-q"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    return done.returncode, done.stderr


def hop_site(tmp_path: Path, old: str, new: str) -> Path:
    site = copy_fixture(tmp_path / "hop", {"content/hop/engine.py": (old, new)})
    site_toml = site / "content/site.toml"
    site_toml.write_text(QUICK + site_toml.read_text())
    return site


def in_apply(statements: str) -> tuple[str, str]:
    """(old, new) for hop_site: `statements` first thing in HopEngine.apply."""
    return APPLY, APPLY + "".join(f"        {line}\n" for line in statements.splitlines())


def processes_of(site: Path) -> list[int]:
    """Processes still running a build of `site` (the build, its workers, a fork of its game code)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if str(site).encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def lock_is_free(site: Path) -> bool:
    lock = site / ".rulepress-cache/output.lock"
    if not lock.exists():
        return True
    with open(lock, "rb") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(handle, fcntl.LOCK_UN)
    return True


def assert_stopped(code: int, err: str, site: Path) -> None:
    """Exit 1 with one author's error (the first stopped call stops the build: no other call
    waits out its own limit after it), nothing written, the lock free, no process left."""
    assert code == 1, err
    assert "Traceback" not in err and "internal error" not in err
    assert "rulepress: 1 problem in the content:" in err, err
    assert not (site / "output").exists()
    assert [entry.name for entry in site.iterdir() if entry.name.startswith(".output")] == []  # no staging left
    assert lock_is_free(site)
    assert processes_of(site) == []


# -- time limits ---------------------------------------------------------------------
def test_a_loop_at_engine_import_stops_the_build_naming_the_module(tmp_path):
    site = hop_site(tmp_path, "ENGINE = HopEngine()", LOOP + "ENGINE = HopEngine()")
    code, err = build(site)
    assert_stopped(code, err, site)
    assert "the import of engine.py did not finish within 1 s" in err and "engine.py line" in err


def test_a_loop_in_an_engine_method_stops_the_build_naming_the_method_and_step(tmp_path):
    """The walkthrough, the position and the play block each replay "roll 2": the first call
    to loop stops the build, and no other call enters the loop to wait out its own limit
    (each entry leaves a mark in a file outside the site)."""
    marks = tmp_path / "marks"
    site = hop_site(tmp_path, *in_apply(f"if action == 'roll 2':\n    open({str(marks)!r}, 'a').write('x')\n" + 
                                        "while action == 'roll 2':\n    pass"))
    code, err = build(site)
    assert_stopped(code, err, site)
    rules = site / "content/hop/rules.md"
    assert f"{rules}:{line_of(rules, '```walkthrough')}:" in err
    assert "HopEngine.apply did not finish within 1 s" in err and "in apply" in err
    assert "(at walkthrough step 1)" in err  # "roll 2": the first step
    assert marks.read_text() == "x"


def test_a_loop_in_c_code_at_engine_import_is_killed_at_the_limit_naming_its_line(tmp_path):
    site = hop_site(tmp_path, "ENGINE = HopEngine()", C_LOOP + "ENGINE = HopEngine()")
    code, err = build(site)
    assert_stopped(code, err, site)
    engine = site / "content/hop/engine.py"
    assert f"{engine}:{line_of(engine, 'collections.deque(')}: the import of engine.py did not finish within 1 s" in err
    assert "inside a call into C code" in err


def test_a_loop_in_c_code_in_an_engine_method_is_killed_and_the_previous_output_stays(tmp_path):
    site = hop_site(tmp_path, "ENGINE = HopEngine()", "ENGINE = HopEngine()")
    code, err = build(site)
    assert code == 0, err
    before = {path: path.read_bytes() for path in (site / "output").rglob("*") if path.is_file()}
    engine = site / "content/hop/engine.py"
    engine.write_text(engine.read_text().replace(*in_apply(C_LOOP)))
    code, err = build(site)
    assert code == 1, err
    assert "rulepress: 1 problem in the content:" in err and "Traceback" not in err
    assert f"{engine}:{line_of(engine, 'collections.deque(')}: HopEngine.apply did not finish within 1 s" in err
    assert "in apply, inside a call into C code" in err
    assert {path: path.read_bytes() for path in (site / "output").rglob("*") if path.is_file()} == before
    assert [entry.name for entry in site.iterdir() if entry.name.startswith(".output")] == []
    assert lock_is_free(site) and processes_of(site) == []


def test_a_loop_in_engine_py_imported_by_bots_py_names_engine_py(tmp_path):
    site = hop_site(tmp_path, "ENGINE = HopEngine()", LOOP + "ENGINE = HopEngine()")
    (site / "content/hop/bots.py").write_text("from .engine import HopEngine\n")
    code, err = build(site)
    assert_stopped(code, err, site)
    engine = site / "content/hop/engine.py"
    assert f"{engine}:{line_of(engine, 'while True')}: the import of engine.py did not finish" in err
    assert "bots.py" not in err


BOARD_KIT = ('[kit]\npapers = ["a4"]\nvariants = ["print"]\n\n'
             '[[board]]\nname = "road"\ntitle = "Road"\ncell = 10\ndrawing = "road.board"\n')


def test_a_loop_in_a_kit_drawing_stops_the_build_naming_the_function_and_component(tmp_path):
    road = "def board(cell):\n" + "".join("    " + line + "\n" for line in LOOP.splitlines())
    site = make_site(tmp_path / "site", **{"content__site.toml": QUICK + "title = 'T'\n",
                                           "content__pebbles__components.toml": BOARD_KIT,
                                           "content__pebbles__road.py": road})
    code, err = build(site)
    assert_stopped(code, err, site)
    components = site / "content/pebbles/components.toml"
    assert f"{components}:{line_of(components, 'drawing =')}: the board's drawing function failed" in err
    assert "road.board did not finish within 1 s" in err and "in road.py line" in err and "in board" in err


EXAMPLE = ROOT / "docs/kit/examples/card-regions"


def test_a_loop_in_card_art_stops_the_build_naming_the_function_and_data_row(tmp_path):
    art = (EXAMPLE / "cardart.py").read_text().replace(
        '    sky = "#cfe3f5"', '    while row["id"] == "C2":\n        pass\n    sky = "#cfe3f5"')
    creatures = (EXAMPLE / "game.toml").read_text().split("[data.creatures]")[1]
    site = make_site(tmp_path / "site", **{
        "content__site.toml": QUICK + "title = 'T'\n",
        "content__pebbles__game.toml": GAME_TOML + "\n[data.creatures]" + creatures,
        "content__pebbles__components.toml": (EXAMPLE / "components.toml").read_text(),
        "content__pebbles__creatures.csv": (EXAMPLE / "creatures.csv").read_text(),
        "content__pebbles__cardart.py": art})
    code, err = build(site)
    assert_stopped(code, err, site)
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
    code, err = build(site)
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
    code, err = build(site)
    assert code == 1 and "road.board called sys.exit(0) in road.py line 5" in err, err
    assert not (site / "output").exists()


def test_os_exit_in_an_engine_method_is_an_author_error_naming_the_method(tmp_path):
    site = hop_site(tmp_path, *in_apply("import os\nos._exit(0)"))
    code, err = build(site)
    assert_stopped(code, err, site)
    engine = site / "content/hop/engine.py"
    assert (f"{engine}:{line_of(engine, APPLY.strip())}: HopEngine.apply ended the build's process (os._exit(0)): "
            "a game's code must not end the build") in err


def test_a_signal_an_engine_method_sends_its_process_is_an_author_error_naming_the_method(tmp_path):
    site = hop_site(tmp_path, *in_apply("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)"))
    code, err = build(site)
    assert_stopped(code, err, site)
    assert "HopEngine.apply ended the build's process (the signal SIGKILL)" in err


# -- other ways out ----------------------------------------------------------------------
def test_a_syntax_error_in_a_module_the_engine_imports_names_that_modules_line(tmp_path):
    site = hop_site(tmp_path, "ENGINE = HopEngine()", "from .helper import X\nENGINE = HopEngine()")
    helper = site / "content/hop/helper.py"
    helper.write_text("X = 1\n\n\ndef broken(:\n    pass\n")
    code, err = build(site)
    assert_stopped(code, err, site)
    assert f"{helper}:4:" in err and "helper.py is not valid Python" in err and "def broken(:" in err
    assert "<unknown>" not in err


@pytest.mark.parametrize("where", ["import", "method"])
def test_a_chdir_in_game_code_is_an_author_error_and_the_folder_is_put_back(tmp_path, where):
    if where == "import":
        site = hop_site(tmp_path, "ENGINE = HopEngine()", "import os\nos.chdir('/')\nENGINE = HopEngine()")
        said = "the import of engine.py changed the build's working folder to / (os.chdir)"
    else:
        site = hop_site(tmp_path, *in_apply("import os\nos.chdir('/')"))
        said = "HopEngine.apply changed the build's working folder to / (os.chdir)"
    code, err = build(site)
    assert_stopped(code, err, site)
    assert said in err


def test_a_fork_at_engine_import_is_an_author_error_and_no_copy_of_the_build_goes_on(tmp_path):
    marks = tmp_path / "marks"
    site = hop_site(tmp_path, "ENGINE = HopEngine()",
                    f"import os\nos.fork()\nopen({str(marks)!r}, 'a').write(str(os.getpid()) + ' ')\nENGINE = HopEngine()")
    code, err = build(site)
    assert_stopped(code, err, site)
    assert "the import of engine.py forked a process (os.fork, or multiprocessing)" in err
    assert "UnpicklingError" not in err
    assert len(marks.read_text().split()) == 2  # the build and its fork each ran the module once


def test_a_game_within_its_time_limit_builds_and_its_engine_is_still_its_own_class(tmp_path):
    """The watch changes nothing a working game sees: the site builds, the engine's class and module hold."""
    from generator.gamecode import fresh_engine

    site = copy_fixture(tmp_path / "hop")
    engine = fresh_engine(site / "content/hop")
    assert type(engine).__name__ == "HopEngine" and type(engine).__module__.endswith(".engine")
    assert engine.notation(engine.parse(engine.initial_state(), "roll 2")) == "roll 2"
    assert fresh_engine(site / "content/hop") is engine
    code, err = build(site)
    assert code == 0, err
