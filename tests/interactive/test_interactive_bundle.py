"""The per-game bundle Pyodide loads: self-contained, reproducible, content-hashed.

Issue "Interactive walkthroughs and play": "The worker loads the game bundle
(the generator/play runtime, the game's engine and svgwrite, zipped at build
time with a content hash) and answers: legal actions, apply, render, bot move."
DESIGN: "generator/play and a game's engine.py import only the standard library
(and svgwrite for diagrams), so they load in Pyodide without package installs."
"""
from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from generator.interactive import bundle as bundles
from generator.interactive.bundle import bundle_contents, bundle_key, bundle_name, with_bytecode
from generator.interactive.bytecode import compiler_for
from generator.interactive.runtime import find_pyodide
from tests.interactive.helpers import FIXTURE

HOP = FIXTURE / "content" / "hop"


def bundle_bytes(folder) -> bytes:
    return bundles.bundle_bytes(bundle_contents(folder))


def bundle_key_of(folder) -> str:
    return bundle_key(bundle_contents(folder))

# Run in a bare interpreter: no site-packages (-S), no environment or user paths (-I);
# only the standard library and the unpacked bundle, as in Pyodide.
PROBE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from generator.browser.session import SessionServer
server = SessionServer(sys.argv[1] + "/games")
answers = [json.loads(server.handle(json.dumps(r))) for r in json.loads(sys.argv[2])]
third_party = sorted(m for m in sys.modules if m.split(".")[0] in ("jinja2", "yaml", "markdown_it", "mdit_py_plugins", "reportlab", "rich"))
print(json.dumps({"answers": answers, "third_party": third_party}))
"""


def run_bare(folder, requests) -> dict:
    done = subprocess.run([sys.executable, "-I", "-S", "-c", PROBE, str(folder), json.dumps(requests)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_bundle_bytes_are_reproducible_and_named_by_their_content(tmp_path):
    """Same sources, same bytes and name; a changed engine gets a new name (caches never go stale)."""
    assert bundle_bytes(HOP) == bundle_bytes(HOP)
    name = bundle_name("hop", bundle_key_of(HOP))
    assert re.fullmatch(r"_play/hop\.[0-9a-f]{12}\.zip", name)
    changed = tmp_path / "hop"
    shutil.copytree(HOP, changed)
    (changed / "engine.py").write_text((HOP / "engine.py").read_text() + "\n# edited\n")
    assert bundle_name("hop", bundle_key_of(changed)) != name


def test_bundle_holds_the_runtime_svgwrite_and_the_game_but_not_its_pages():
    names = zipfile.ZipFile(io.BytesIO(bundle_bytes(HOP))).namelist()
    assert names == sorted(names)
    for needed in ("generator/play/api.py", "generator/play/match.py", "generator/draw/shapes.py",
                   "generator/draw/svg.py", "generator/browser/session.py", "svgwrite/__init__.py",
                   "games/hop/engine.py"):
        assert needed in names
    assert not [n for n in names if n.endswith(".md") or "__pycache__" in n]  # sources alone: no compiler given
    assert not [n for n in names if n.startswith("generator/") and n.split("/")[1] in ("markdown", "site", "kit", "content")]


def test_the_bundle_plays_in_a_bare_python_with_only_the_standard_library(tmp_path):
    """Unpacked alone (as in Pyodide), the bundle opens a game, lists, plays, draws and asks the bot."""
    zipfile.ZipFile(io.BytesIO(bundle_bytes(HOP))).extractall(tmp_path)
    requests = [
        {"op": "open", "widget": "w", "game": "hop", "players": 2, "seed": 5},
        {"op": "legal", "widget": "w"},
        {"op": "bot", "widget": "w"},
        {"op": "render", "widget": "w", "highlight": ["c3"]},
    ]
    result = run_bare(tmp_path, requests)
    opened, legal, bot, render = result["answers"]
    assert all(answer["ok"] for answer in result["answers"]), result["answers"]
    assert legal["legal"] and all(entry["c"] for entry in legal["legal"])
    assert len(bot["view"]["log"]) > len(opened["view"]["log"])
    assert render["svg"].startswith("<svg") and 'data-cell="c3"' in render["svg"]
    assert result["third_party"] == []


def test_positions_written_at_build_time_reopen_from_the_bundle(tmp_path):
    """The rules version is a hash of the engine's modules' bytes (or declared): the bundle keeps them."""
    from generator.play import load_engine
    from generator.play.match import Match

    match = Match(load_engine(HOP), start="start")
    for notation in ("roll 2", "b1-b3"):
        match.apply(notation)
    zipfile.ZipFile(io.BytesIO(bundle_bytes(HOP))).extractall(tmp_path)
    [answer] = run_bare(tmp_path, [{"op": "open", "widget": "w", "game": "hop", "position": match.to_position()}])["answers"]
    assert answer["ok"] and answer["view"]["log"][:2] == ["roll 2", "b1-b3"]


def test_the_bundle_carries_bytecode_from_pyodides_own_python():
    """Built where Node runs, every module has its .pyc in __pycache__ for the browser's CPython,
    made the same way every time (unchecked-hash: no timestamps)."""
    compiler = compiler_for(find_pyodide(FIXTURE))
    assert compiler is not None, "Node and the pyodide npm package are installed by scripts/setup"
    contents = with_bytecode(bundle_contents(HOP), compiler)
    assert compiler.tag.startswith("cpython-3")
    for module in ("games/hop/engine.py", "generator/browser/session.py", "svgwrite/base.py"):
        folder, _, name = module.rpartition("/")
        pyc = contents[f"{folder}/__pycache__/{name[:-3]}.{compiler.tag}.pyc"]
        assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked
    assert with_bytecode(bundle_contents(HOP), compiler) == contents


@pytest.mark.parametrize("game", ["splat", "splut", "sitters", "shoot", "splash"])
def test_the_bundle_is_closed_every_import_of_what_it_ships_is_shipped_or_standard(game):
    """Issue 27.2: the browser's files are computed from their imports, not a hand-kept list;
    every import of every shipped module is shipped too, or is the standard library."""
    import sys as system

    folder = Path(__file__).resolve().parents[2] / "content" / game
    files = bundles.bundle_contents(folder)
    shipped = {name[:-3].replace("/", ".").removesuffix(".__init__") for name in files if name.endswith(".py")}
    for name, data in files.items():
        if not name.endswith(".py") or name.startswith("svgwrite/"):
            continue
        module = name[:-3].replace("/", ".").removesuffix(".__init__")
        for imported in bundles.imported_modules(data.decode("utf-8"), module):
            top = imported.split(".")[0]
            if top in system.stdlib_module_names or top == "__future__" or top == "svgwrite":
                continue
            owner = imported.rsplit(".", 1)[0]  # `from pkg.module import name` names an attribute
            assert imported in shipped or owner in shipped, f"{name} imports {imported}, which is not shipped"
            assert top in ("generator", "games"), f"{name} imports {imported}: not for the browser"
