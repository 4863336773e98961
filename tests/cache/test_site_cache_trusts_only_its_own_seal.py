"""Issue 48.3: the site cache (.rulepress-cache/<output>/manifest.json) is used only under a seal
made with this user's key (generator/cache.py). A manifest edited and sealed again by hand, with
the checksum anyone can compute from the file, or damaged outright, is not used: the build is a
clean one, its output is a clean build's to the byte, and it says once which entry it rebuilt."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from generator import cache
from generator.build import build
from generator.usercache import REPAIRED
from tests.sitefactory import make_site, manifest_data, sealed_manifest, tree


@pytest.fixture(autouse=True)
def own_user_cache(tmp_path, monkeypatch):
    """The seal's key is this test's own: nothing sealed in another test or by the developer counts."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))




def manifest_path(site: Path) -> Path:
    return cache.cache_dir(site / "output") / "manifest.json"


def retitled(site: Path, seal) -> None:
    """Every cached page title and game title made "Hacked", then the manifest sealed with `seal`."""
    path = manifest_path(site)
    data = manifest_data(path)
    for front in data["front"].values():
        front["title"] = "Hacked"
    for values in data["game_toml"].values():
        values["title"] = "Hacked"
    path.write_text(sealed_manifest(data, seal))


def edit_rules(site: Path) -> None:
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\nOne more sentence.\n")


def clean_build_of_the_same_sources(tmp_path: Path) -> dict[str, bytes]:
    fresh = make_site(tmp_path / "fresh")
    edit_rules(fresh)
    build(fresh, use_cache=False)
    return tree(fresh / "output")


def repair_notes(report) -> list[str]:
    return [note for note in report.notes if note.startswith(REPAIRED)]


RESEALS = {
    "the sha256 of the body, as the seal was": lambda body: hashlib.sha256(body.encode()).hexdigest(),
    "the sha256 of the body under the new seal's name":
        lambda body: "hmac-sha256:" + hashlib.sha256(body.encode()).hexdigest(),
    "a plain checksum under its own name": lambda body: "sha256:" + hashlib.sha256(body.encode()).hexdigest(),
}


@pytest.mark.parametrize("reseal", sorted(RESEALS))
def test_a_cache_entry_edited_and_resealed_by_hand_publishes_none_of_its_titles(tmp_path, reseal):
    site = make_site(tmp_path / "site")
    build(site)
    retitled(site, RESEALS[reseal])
    edit_rules(site)  # an edit: the next build reads the cache
    report = build(site)
    output = tree(site / "output")
    assert not any(b"Hacked" in data for data in output.values())
    assert output == clean_build_of_the_same_sources(tmp_path)
    if reseal != "the sha256 of the body, as the seal was":  # that one reads as an older version's cache
        assert len(repair_notes(report)) == 1 and "manifest.json" in repair_notes(report)[0]


def test_a_cache_sealed_by_another_user_is_not_used(tmp_path, monkeypatch):
    """A cache that came with the site's folder (copied, committed, restored in CI) was sealed
    with someone else's key."""
    site = make_site(tmp_path / "site")
    build(site)
    retitled(site, cache.checksum)  # sealed properly, by the user who made it
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-user"))
    edit_rules(site)
    report = build(site)
    assert report.rendered == 3, "every page rendered again"
    assert tree(site / "output") == clean_build_of_the_same_sources(tmp_path)
    assert len(repair_notes(report)) == 1


DAMAGE = {
    "truncated": lambda data: data[:len(data) // 2],
    "random bytes": lambda data: os.urandom(len(data)),
    "not JSON under a good seal": lambda data: (cache.checksum("{nope") + "\n{nope").encode(),
    "not text": lambda data: b"\xff\xfe" + data,
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_manifest_means_a_clean_build_said_once(tmp_path, damage):
    site = make_site(tmp_path / "site")
    build(site)
    path = manifest_path(site)
    path.write_bytes(DAMAGE[damage](path.read_bytes()))
    edit_rules(site)
    report = build(site)
    assert tree(site / "output") == clean_build_of_the_same_sources(tmp_path)
    assert len(repair_notes(report)) == 1 and ".rulepress-cache/output/manifest.json" in repair_notes(report)[0]
    again = build(site)
    assert again.up_to_date and repair_notes(again) == [], "said by the build that rebuilt it, not by every no-op"


def test_a_first_build_and_an_older_cache_are_no_damage(tmp_path):
    site = make_site(tmp_path / "site")
    assert repair_notes(build(site)) == []
    path = manifest_path(site)
    body = path.read_text().partition("\n")[2]
    path.write_text(hashlib.sha256(body.encode()).hexdigest() + "\n" + body)  # as version 10 sealed it
    edit_rules(site)
    assert repair_notes(build(site)) == []
