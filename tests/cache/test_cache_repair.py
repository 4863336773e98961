"""Issue 30.5: a cache never stops a build. Every cached front matter is shape-checked
when used (a manifest whose checksum was made valid again after an edit is still only a
hint): one that does not fit is parsed again, never an internal error. And `--clean`
ignores the last cache, not its own: the plain build after it reuses what it made."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator import cache
from generator.build import build
from generator.cli import main
from generator.content.load import front_fits
from tests.sitefactory import make_site, manifest_data, sealed_manifest


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def manifest_path(site: Path) -> Path:
    return cache.cache_dir(site / "output") / "manifest.json"


def resealed(site: Path, change) -> None:
    """Change the manifest's data, then make its checksum valid again (as a hand edit could)."""
    path = manifest_path(site)
    data = manifest_data(path)
    change(data)
    path.write_text(sealed_manifest(data))


GARBLED = {
    "a key missing": lambda front: front.pop("summary"),
    "a title that is a number": lambda front: front.update(title=7),
    "a body line that is text": lambda front: front.update(body_line="three"),
    "clarifications that are not pairs": lambda front: front.update(clarifications=[["C1"]]),
    "an unknown print layout": lambda front: front.update(print_layout="poster"),
    "an extra key": lambda front: front.update(injected="<script>"),
}


@pytest.mark.parametrize("damage", sorted(GARBLED))
def test_a_garbled_cached_front_matter_is_parsed_again_not_an_internal_error(tmp_path, capsys, damage):
    site = make_site(tmp_path / "site")
    assert main(["build", str(site), "-q"]) == 0
    resealed(site, lambda data: [GARBLED[damage](front) for front in data["front"].values()])
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\nOne more sentence.\n")
    assert main(["build", str(site), "-q"]) == 0
    assert "internal error" not in capsys.readouterr().err
    fresh = make_site(tmp_path / "fresh")
    (fresh / "content/pebbles/rules.md").write_text(rules.read_text())
    assert main(["build", str(fresh), "-q", "--clean"]) == 0
    assert snapshot(site / "output") == snapshot(fresh / "output")


def test_every_front_matter_a_build_caches_fits_the_shape_it_is_checked_against(tmp_path):
    """Else the check would quietly parse every page again on every build."""
    site = make_site(tmp_path / "site")
    build(site)
    fronts = manifest_data(manifest_path(site))["front"]
    assert fronts and all(front_fits(front) for front in fronts.values())


def test_a_plain_build_after_clean_reuses_what_clean_made(tmp_path):
    site = make_site(tmp_path / "site")
    build(site)
    clean = build(site, use_cache=False)
    assert clean.rendered > 0
    again = build(site)
    assert again.up_to_date
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\nOne more sentence.\n")
    edited = build(site)
    assert edited.rendered == 1  # the edited page alone: the rest came from --clean's cache
