"""The print-and-play kits in a build: a kit's preflight error fails the build with its file
and wording, and an edit that leaves a kit's inputs as they were makes no kit. (Issue 29 made
the kits ahead in a child of their own; issue 41 gave every process to the Builder's jobs,
and the kits are made in the build's process, game by game, while the rulebooks' and the
exports' jobs work.)"""
from __future__ import annotations

from pathlib import Path

from generator.build import build
from generator.cli import main
from generator.kit.stage import KitStage
from tests.errors.test_author_messages import KIT
from tests.sitefactory import SITE_TOML, make_site

NO_EXPORTS = "exports = false\n" + SITE_TOML
TINY_TEXT_SHEET = KIT.replace('[[sheet]]\nname = "score"\ntitle = "Score pad"\ncolumns = ["Player", "Score"]\nrows = 4\n',
                              '[[sheet]]\nname = "log"\ntitle = "Log"\ndrawing = "pad.sheet"\n')
TINY_TEXT_PAD = ("from generator.draw.shapes import Drawing, Text\n\n\n"
                 "def sheet(player):\n    return Drawing(40, 30, (Text(2, 10, 'Score', size=1.5),))\n")


def kit_site(root: Path, **overrides: str) -> Path:
    return make_site(root, **{"content__site.toml": NO_EXPORTS, "content__pebbles__components.toml": KIT,
                              **overrides})


def noting_kits_made(monkeypatch, notes: list) -> None:
    """Each kit made is noted in `notes` (by its game's slug)."""
    original = KitStage.write_game

    def noting(self, site, game, *args, **kwargs):
        notes.append(game.slug)
        return original(self, site, game, *args, **kwargs)

    monkeypatch.setattr(KitStage, "write_game", noting)


def test_a_kit_preflight_error_fails_the_build_with_its_file_and_wording(tmp_path, monkeypatch, capsys):
    site = kit_site(tmp_path / "site", **{"content__pebbles__components.toml": TINY_TEXT_SHEET,
                                          "content__pebbles__pad.py": TINY_TEXT_PAD})
    made: list = []
    noting_kits_made(monkeypatch, made)
    assert main(["build", str(site), "-q"]) == 1
    err = capsys.readouterr().err
    assert made == []  # checked, never made
    assert f"{site / 'content/pebbles/components.toml'}: preflight: text under 6 pt on paper, print, sheet log\n" in err
    assert "Traceback" not in err and not (site / "output").exists()


def test_an_edit_that_leaves_the_kit_as_it_was_makes_no_kit(tmp_path, monkeypatch):
    site = kit_site(tmp_path / "site")
    build(site)
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\nOne more line.\n")
    made: list = []
    noting_kits_made(monkeypatch, made)
    report = build(site)
    assert made == [] and report.rendered >= 1
    assert any(name.endswith(".pdf") and "/kit/" in name for name in report.files)
