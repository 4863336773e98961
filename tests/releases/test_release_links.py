"""Links that survive (issue 32.4): a Play or Try-it share link carries the release it was made
under; opened after the game has moved on, the page says the rules have changed since and
offers the earlier rules, at the same page and position (Playwright, Debian's Chromium)."""
from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from generator.build import build
from tests.browser.harness import PYODIDE_TIMEOUT_MS, SAVE_DATA, Server, Watch, button

HOPSITE = Path(__file__).resolve().parents[1] / "interactive" / "fixtures" / "hopsite"
WT = "#wt-opening-hops"
LIVE = f"{WT} .rp-live"
NOTE = ".rp-release-note"


def release(version: str, date: str) -> str:
    return f'\n[[releases]]\nversion = "{version}"\ndate = {date}\nsummary = "Release {version}."\n'


@pytest.fixture(scope="module")
def hop(tmp_path_factory):
    """The Hop site at release 1.0, built and served; `move_on()` makes it 1.1 (1.0 archived)."""
    root = tmp_path_factory.mktemp("links") / "site"
    shutil.copytree(HOPSITE, root)
    game_toml = root / "content/hop/game.toml"
    first = game_toml.read_text(encoding="utf-8") + release("1.0", "2026-10-01")
    game_toml.write_text(first, encoding="utf-8")
    build(root, root / "output")
    server = Server(root / "output")

    def move_on():
        shutil.copytree(root / "content/hop", root / "releases/hop/1.0")
        game_toml.write_text(first + release("1.1", "2026-11-20"), encoding="utf-8")
        build(root, root / "output")
    server.move_on = move_on
    yield server
    server.close()


def shared_link(browser, hop) -> str:
    """A reader at release 1.0 tries a walkthrough step and copies the link to the game."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(hop.url("hop/index.html"))
    button(page, WT, "Next").click()
    button(page, WT, "Try it from here").click()
    page.wait_for_selector(f"{LIVE} .rp-live-board svg", timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_selector(f'{LIVE}[aria-busy="false"]')
    assert page.locator(NOTE).count() == 0  # made and opened under the same release
    button(page, LIVE, "Share link to this game").click()
    link = page.input_value(f"{LIVE} .rp-link")
    context.close()
    return link


def test_a_link_made_under_an_earlier_release_notes_the_change_and_offers_those_rules(browser, hop):
    link = shared_link(browser, hop)
    assert parse_qs(urlsplit(link).fragment)["rp-release"] == ["1.0"]
    hop.move_on()

    context = browser.new_context()
    page = context.new_page()
    watch = Watch().attach(page)
    page.goto(link)
    note = page.locator(NOTE)
    note.wait_for()
    assert page.get_attribute("body", "data-release") == "1.1"
    assert note.inner_text().startswith("The rules have changed")
    assert "This link was made under version 1.0; it opens here under version 1.1." in note.inner_text()
    earlier = note.get_by_role("link", name="Open it under the rules of version 1.0")
    target = urlsplit(page.evaluate("(a) => a.href", earlier.element_handle()))
    assert target.path == "/hop/1.0/index.html" and target.fragment == urlsplit(link).fragment
    assert page.evaluate(f"() => document.querySelector('{NOTE}').nextElementSibling.id") == WT[1:]  # above its widget
    earlier.click()
    page.wait_for_url("**/hop/1.0/index.html#*")
    assert page.get_attribute("body", "data-release") == "1.0" and page.locator(NOTE).count() == 0
    assert [error for error in watch.errors if "page error" in error] == []
    context.close()


@pytest.mark.parametrize("made, noted", [("1.1", False), ("0.9", True)])
def test_only_a_link_from_another_release_is_noted(browser, hop, made, noted):
    """The current release's own links open without a note; one from a release the site does not
    know is noted, with no earlier rules to offer."""
    if not (hop.folder / "hop/1.0").is_dir():
        hop.move_on()
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(SAVE_DATA)  # nothing loads Python ahead: this page's widgets are not used
    page.goto(hop.url(f"hop/index.html#rp-release={made}"))
    page.wait_for_load_state("load")
    assert page.locator(NOTE).count() == (1 if noted else 0)
    if noted:
        text = page.locator(NOTE).inner_text()
        assert "made under version 0.9 of the rules; this page shows version 1.1" in text
        assert page.locator(f"{NOTE} a").count() == 0
    context.close()
