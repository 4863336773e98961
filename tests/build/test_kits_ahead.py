"""Issue 29: a clean build draws, preflights and typesets the print-and-play kits in a child
process forked before the other stages start (generator/kit/ahead.py), so the second core works
from the start. What it writes is the same, byte for byte, as kits made in the build's own
process, and a kit's preflight error is reported as it always was."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from generator.build import build
from generator.cli import main
from generator.kit.stage import KitStage
from tests.errors.test_author_messages import KIT
from tests.sitefactory import SITE_TOML, make_site

NO_EXPORTS = "exports = false\n" + SITE_TOML  # exported, the kit is drawn in the build's process (see start_ahead)
TINY_TEXT_SHEET = KIT.replace('[[sheet]]\nname = "score"\ntitle = "Score pad"\ncolumns = ["Player", "Score"]\nrows = 4\n',
                              '[[sheet]]\nname = "log"\ntitle = "Log"\ndrawing = "pad.sheet"\n')
TINY_TEXT_PAD = ("from generator.draw.shapes import Drawing, Text\n\n\n"
                 "def sheet(player):\n    return Drawing(40, 30, (Text(2, 10, 'Score', size=1.5),))\n")


def kit_site(root: Path, **overrides: str) -> Path:
    return make_site(root, **{"content__site.toml": NO_EXPORTS, "content__pebbles__components.toml": KIT,
                              **overrides})


def tree(folder: Path) -> dict[str, str]:
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def noting_where_kits_are_made(monkeypatch, notes: Path) -> None:
    """Each process that makes or checks a kit leaves a file named by its pid in `notes`
    (a forked child inherits the patch)."""
    notes.mkdir()
    for method in ("write_here", "check_here"):
        original = getattr(KitStage, method)

        def noting(self, *args, _original=original, **kwargs):
            (notes / str(os.getpid())).touch()
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(KitStage, method, noting)


def test_kits_made_ahead_in_a_child_are_the_bytes_of_kits_made_in_the_build_process(tmp_path, monkeypatch):
    site = kit_site(tmp_path / "site")
    ahead, here = tmp_path / "ahead-notes", tmp_path / "here-notes"
    noting_where_kits_are_made(monkeypatch, ahead)
    build(site, tmp_path / "ahead", use_cache=False)
    assert [p.name for p in ahead.iterdir()] not in ([], [str(os.getpid())])  # a child made them
    noting_where_kits_are_made(monkeypatch, here)
    monkeypatch.setattr(KitStage, "works_ahead", False)
    build(site, tmp_path / "here", use_cache=False)
    assert [p.name for p in here.iterdir()] == [str(os.getpid())]
    made = tree(tmp_path / "ahead")
    assert any(name.endswith(".pdf") for name in made) and any("/kit/" in name for name in made)
    assert made == tree(tmp_path / "here")


def test_a_kit_preflight_error_found_ahead_fails_the_build_with_its_file_and_wording(tmp_path, monkeypatch, capsys):
    site = kit_site(tmp_path / "site", **{"content__pebbles__components.toml": TINY_TEXT_SHEET,
                                          "content__pebbles__pad.py": TINY_TEXT_PAD})
    notes = tmp_path / "notes"
    noting_where_kits_are_made(monkeypatch, notes)
    assert main(["build", str(site), "-q"]) == 1
    err = capsys.readouterr().err
    assert str(os.getpid()) not in [p.name for p in notes.iterdir()]  # checked in the child alone
    assert f"{site / 'content/pebbles/components.toml'}: preflight: text under 6 pt on paper, print, sheet log\n" in err
    assert "Traceback" not in err and not (site / "output").exists()


def test_an_edit_that_leaves_the_kit_as_it_was_forks_no_kit_child(tmp_path, monkeypatch):
    site = kit_site(tmp_path / "site")
    build(site)
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\nOne more line.\n")
    notes = tmp_path / "notes"
    noting_where_kits_are_made(monkeypatch, notes)
    report = build(site)
    assert list(notes.iterdir()) == [] and report.rendered >= 1
    assert any(name.endswith(".pdf") and "/kit/" in name for name in report.files)
