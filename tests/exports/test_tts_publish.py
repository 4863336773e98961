"""Tabletop Simulator saves that load (issue 42.4): a site with a placeholder base_url publishes
no save of dead addresses, and says once (and on the rules page) how to get one; a published
site's save names only files of its output; flat things keep scaleY 1."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pytest

from generator.build import build
from generator.cli import main
from generator.exports.tts import placeholder, save_name, unpublished_name
from tests.exports.test_exports import COMPONENTS, STONES, STONES_TABLE
from tests.sitefactory import GAME_TOML, make_site

PUBLISHED = "https://tables.rulepress.net/games/"
FLAT = ("Custom_Token", "Custom_Tile")


def pebbles(root: Path, base_url: str, rulebooks: bool) -> Path:
    return make_site(root, **{
        "content/site.toml": f'title = "Test shelf"\nbase_url = "{base_url}"\nsearch = false\n'
                             f'rulebooks = {str(rulebooks).lower()}\n',
        "content/pebbles/game.toml": GAME_TOML + STONES_TABLE,
        "content/pebbles/components.toml": COMPONENTS, "content/pebbles/stones.csv": STONES})


def tts_folder(root: Path) -> Path:
    return root / "output/pebbles/exports/tabletop-simulator"


def urls_in(text: str) -> list[str]:
    return [value for value in re.findall(r'"([^"]*)"', text) if re.match(r"^(https?|file):", value)]


@pytest.mark.parametrize("url", ["https://rulepress.example/", "https://example.org/", "http://www.example.com/x/",
                                 "https://docs.example.net/", "http://localhost:8000/", "http://app.localhost/"])
def test_hosts_reserved_for_examples_are_placeholders(url):
    assert placeholder(url)


@pytest.mark.parametrize("url", ["https://tables.rulepress.net/", "https://example.co.uk/", "https://myexample.org/",
                                 "https://example.org.evil.net/"])
def test_other_hosts_are_addresses_to_publish_at(url):
    assert not placeholder(url)


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    root = pebbles(tmp_path_factory.mktemp("published"), PUBLISHED, rulebooks=True)
    report = build(root, processes=1)
    return root, report


def test_every_address_in_a_published_save_is_a_file_of_the_output(published):
    root, _report = published
    text = (root / "output/pebbles/exports" / save_name("pebbles")).read_text(encoding="utf-8")
    urls = urls_in(text)
    assert any(url.endswith(".pdf") for url in urls) and any(url.endswith(".png") for url in urls)
    for url in urls:
        assert url.startswith(PUBLISHED), url
        assert (root / "output" / url[len(PUBLISHED):]).is_file(), url


def test_flat_boards_tokens_and_tiles_keep_scale_y_1(published):
    root, _report = published
    objects = json.loads((root / "output/pebbles/exports" / save_name("pebbles")).read_text())["ObjectStates"]
    flat = [o for o in objects if o["Name"] in FLAT]
    assert {o["Name"] for o in flat} >= {"Custom_Tile", "Custom_Token"}
    assert any(o["Locked"] for o in flat if o["Name"] == "Custom_Tile")  # the board
    for thing in flat:
        assert thing["Transform"]["scaleY"] == 1.0, thing["Nickname"]
        assert thing["Transform"]["scaleX"] != 1.0  # its size is in scaleX and scaleZ


def test_a_published_site_offers_its_save_and_says_nothing_of_placeholders(published):
    root, report = published
    assert not any("tts-local" in note for note in report.notes)
    page = (root / "output/pebbles/index.html").read_text(encoding="utf-8")
    assert 'href="exports/tabletop-simulator/pebbles.json"' in page
    assert not (tts_folder(root) / "pebbles-unpublished.json").exists()


@pytest.fixture(scope="module")
def unpublished(tmp_path_factory):
    root = pebbles(tmp_path_factory.mktemp("unpublished"), "https://games.example/", rulebooks=False)
    report = build(root, processes=1)
    return root, report


def test_a_placeholder_site_publishes_no_save_of_dead_addresses(unpublished):
    root, _report = unpublished
    assert not (tts_folder(root) / "pebbles.json").exists()
    draft = (root / "output/pebbles/exports" / unpublished_name("pebbles")).read_text(encoding="utf-8")
    assert urls_in(draft) == []  # site paths only, for tts-local
    assert not re.search(r"https?://", draft)


def test_a_placeholder_site_says_once_how_to_publish_a_save_or_make_a_local_one(unpublished):
    root, report = unpublished
    said = [note for note in report.notes if "Tabletop Simulator" in note]
    assert len(said) == 1
    assert "base_url" in said[0] and "rulepress tts-local" in said[0]
    page = (root / "output/pebbles/index.html").read_text(encoding="utf-8")
    section = page[page.index('id="tabletop-simulator"'):]
    assert "rulepress tts-local" in section and "base_url" in section
    assert "tabletop-simulator/pebbles.json" not in page  # neither the downloads nor the section offer it


def test_tts_local_makes_a_placeholder_sites_save_from_this_machines_files(unpublished):
    root, _report = unpublished
    assert main(["tts-local", str(root)]) == 0
    local = (tts_folder(root) / "pebbles-local.json").read_text(encoding="utf-8")
    urls = urls_in(local)
    assert urls
    for url in urls:
        assert url.startswith("file:///"), url
        assert Path(url2pathname(urlsplit(url).path)).is_file(), url
