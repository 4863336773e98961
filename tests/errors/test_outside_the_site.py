"""Issue 30.6: nothing outside the site folder is read. A game's modules are imported only
from real .py files inside its folder; a folder link that leads outside the site (a game's
`etc -> /etc`, `templates -> /etc`) is refused with its path before anything under it is
read; a link loop in a game folder is an author's error, not a hang or an internal error.
Each: exit 1, the link named, no traceback, the output (and its cache) as it was."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from tests.sitefactory import make_site

MARKER = "text-from-outside-the-site"
QUICK = "rulebooks = false\nsearch = false\n"
ROAD_KIT = ('[kit]\npapers = ["a4"]\nvariants = ["print"]\n\n'
            '[[board]]\nname = "road"\ntitle = "Road"\ncell = 10\ndrawing = "road.board"\n')
ROAD = ("from generator.draw.shapes import Drawing, Text\n\n\n"
        "def board(cell):\n    return Drawing(60, 20, [Text(5, 12, WORDS, size=8)])\n\n\n"
        "WORDS = 'road'\n")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A good site whose kit draws a board with the game's own module, built once."""
    site = make_site(tmp_path_factory.mktemp("good") / "site", **{
        "content__site.toml": QUICK + "title = 'T'\nbase_url = 'https://t.example/'\n",
        "content__pebbles__components.toml": ROAD_KIT, "content__pebbles__road.py": ROAD})
    assert main(["build", str(site), "-q"]) == 0
    return site


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def refused(built: Path, tmp_path: Path, capsys, change) -> tuple[Path, str]:
    """A copy of the built site changed by `change(site, outside)`, built: (site, stderr), after
    checking the promises every case shares."""
    site = Path(shutil.copytree(built, tmp_path / "site", symlinks=True))
    outside = tmp_path / "outside"
    outside.mkdir()
    before = snapshot(site / "output")
    change(site, outside)
    code = main(["build", str(site)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    assert snapshot(site / "output") == before
    assert not any(MARKER.encode() in data for data in snapshot(site / "output").values())
    return site, err


def test_a_game_module_linked_to_a_file_outside_the_site_is_refused(built, tmp_path, capsys):
    def link_road(site, outside):
        (outside / "road.py").write_text(ROAD.replace("'road'", repr(MARKER)))
        (site / "content/pebbles/road.py").unlink()
        (site / "content/pebbles/road.py").symlink_to(outside / "road.py")

    site, err = refused(built, tmp_path, capsys, link_road)
    assert f"{site / 'content/pebbles/road.py'}: path leads outside the site folder" in err


def test_a_game_module_linked_to_a_file_elsewhere_in_the_site_is_refused(built, tmp_path, capsys):
    def link_road(site, _outside):
        (site / "shared").mkdir()
        (site / "shared/road.py").write_text(ROAD.replace("'road'", repr(MARKER)))
        (site / "content/pebbles/road.py").unlink()
        (site / "content/pebbles/road.py").symlink_to(site / "shared/road.py")

    site, err = refused(built, tmp_path, capsys, link_road)
    assert f"{site / 'content/pebbles/road.py'}: the game's module road is a link to {site / 'shared/road.py'}, " \
           "outside the game folder" in err


def test_a_compiled_game_module_is_refused(built, tmp_path, capsys):
    """A .pyc beside no .py: Python would import it, but it is no source an author can read."""
    def compile_road(site, _outside):
        import py_compile

        road = site / "content/pebbles/road.py"
        py_compile.compile(str(road), cfile=str(road.with_suffix(".pyc")))
        road.unlink()
        components = site / "content/pebbles/components.toml"  # the kit asks for road.py: name another
        components.write_text(components.read_text().replace('"road.board"', '"walk.board"'))
        (site / "content/pebbles/walk.py").write_text("from .road import board\n")

    site, err = refused(built, tmp_path, capsys, compile_road)
    assert "the game's module road is not Python source (road.pyc)" in err
    assert str(site / "content/pebbles/road.pyc") in err


@pytest.mark.parametrize("linked", ["content/pebbles/etc", "templates"])
def test_a_folder_linked_outside_the_site_is_refused_before_anything_under_it_is_read(built, tmp_path, capsys,
                                                                                      linked):
    def link_folder(site, outside):
        (outside / "base.html").write_text(MARKER)  # a template, were it read
        (outside / "notes.txt").write_text(MARKER)
        (site / linked).symlink_to(outside)

    site, err = refused(built, tmp_path, capsys, link_folder)
    assert f"{site / linked}: path leads outside the site folder" in err
    assert f"found:    {tmp_path / 'outside'}" in err


LOOPS = {
    "a link to its own folder": {"loop": "."},
    "a link to the folder above it": {"up": "../pebbles"},
    "a link to the site folder": {"site": "../.."},
    "a link to itself": {"self": "self"},
    "two links to each other": {"a": "b", "b": "a"},
}


@pytest.mark.parametrize("case", sorted(LOOPS))
def test_a_link_loop_in_a_game_folder_is_an_author_error(built, tmp_path, capsys, case):
    def make_loop(site, _outside):
        for name, target in LOOPS[case].items():
            os.symlink(target, site / "content/pebbles" / name)

    site, err = refused(built, tmp_path, capsys, make_loop)
    assert any(f"{site / 'content/pebbles' / name}: symbolic link loop" in err for name in LOOPS[case]), err


def test_check_refuses_a_folder_linked_outside_the_site_too(built, tmp_path, capsys):
    site = Path(shutil.copytree(built, tmp_path / "site", symlinks=True))
    (tmp_path / "outside").mkdir()
    (site / "content/pebbles/etc").symlink_to(tmp_path / "outside")
    assert main(["check", str(site)]) == 1
    assert f"{site / 'content/pebbles/etc'}: path leads outside the site folder" in capsys.readouterr().err


def test_links_inside_the_site_still_build(built, tmp_path, capsys):
    """A link to a file inside the game's folder, or to a folder elsewhere in the site, is fine."""
    site = Path(shutil.copytree(built, tmp_path / "site", symlinks=True))
    (site / "notes").mkdir()
    (site / "notes/todo.txt").write_text("later\n")
    (site / "content/pebbles/notes").symlink_to(site / "notes")
    (site / "content/pebbles/lane.py").symlink_to("road.py")
    components = site / "content/pebbles/components.toml"
    components.write_text(components.read_text().replace('"road.board"', '"lane.board"'))
    assert main(["build", str(site), "-q"]) == 0, capsys.readouterr().err
