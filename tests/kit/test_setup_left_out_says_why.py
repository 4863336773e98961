"""Issue 44.7: a kit's set-up picture ([kit].setup) that the cover has no room for is left out
with a warning at the key's line saying why (the size it needs), never silently; one that fits
is printed and says nothing. The race of tests/fixtures/goosesite, whose engine draws the start."""
from __future__ import annotations

import shutil
from pathlib import Path

from generator.draw.preflight import WARNING
from generator.kit import load_components
from generator.kit.preflight import preflight_kits
from tests.kit.test_board_kinds import edit, line_of

GOOSE = Path(__file__).resolve().parents[1] / "fixtures" / "goosesite" / "content" / "goose"


def goose(tmp_path: Path, label_mm: str) -> Path:
    folder = Path(shutil.copytree(GOOSE, tmp_path / "goose", ignore=shutil.ignore_patterns("__pycache__")))
    edit(folder / "components.toml", 'variants = ["print"]', 'variants = ["print"]\nsetup = { players = 2 }')
    edit(folder / "engine.py", "LABEL = 3.075", f"LABEL = {label_mm}")
    return folder


def setup_findings(folder: Path) -> list:
    return [e for e in preflight_kits(load_components(folder)) if "set-up picture" in e.message]


def test_a_set_up_picture_with_no_room_is_a_warning_saying_why_at_its_line(tmp_path):
    folder = goose(tmp_path, "1.0")  # 1 mm words: printed at 6 pt only above twice its size, never on the cover
    [finding] = setup_findings(folder)
    assert finding.severity == WARNING and finding.line == line_of(folder / "components.toml", "setup =")
    assert "the set-up picture ([kit].setup) left out of the cover" in finding.message
    picture, least = load_components(folder).setup, (6 / 72 * 25.4) / 1.0  # its 1 mm words at 6 pt
    assert f"no room on the cover for {picture.width * least:.0f} x {picture.height * least:.0f} mm " \
           f"(the picture at {least:.0%} of its size, the least that helps)" in finding.found


def test_a_set_up_picture_that_fits_says_nothing(tmp_path):
    assert setup_findings(goose(tmp_path, "3.075")) == []
