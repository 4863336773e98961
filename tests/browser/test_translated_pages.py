"""Issue 46: a reader of a translated game switches language at the section they are reading,
and searching from a German page finds German pages only."""
from __future__ import annotations

import pytest

from generator.build import build
from tests.browser.harness import Server
from tests.i18n.test_translated_site import german_site


@pytest.fixture
def reading(open_page, tmp_path):
    """`reading(url)`: a reader at `url` of the German pebbles site, built and served."""
    site = german_site(tmp_path)
    build(site, stages=[])
    server = Server(site / "output")
    pages = []

    def at(url: str):
        page = open_page(1366, "light")
        page.goto(server.url(url))
        pages.append(page)
        return page

    yield at
    server.close()
    assert all(page.watch.errors == [] for page in pages)


def test_the_language_switcher_keeps_the_section_being_read(reading):
    page = reading("pebbles/index.html#turns")
    page.locator('.languages a[hreflang="de"]').click()
    page.wait_for_url("**/de/pebbles/index.html#turns")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("#turns").inner_text() == "DE: Taking turns"
    page.locator('.languages a[hreflang="en"]').click()
    page.wait_for_url("**/pebbles/index.html#turns")
    assert page.locator("html").get_attribute("lang") == "en"


def test_a_search_from_a_german_page_finds_german_pages_only(reading):
    page = reading("de/pebbles/index.html")
    page.keyboard.press("/")
    page.locator(".search-dialog input").wait_for()
    page.keyboard.type("pebble")
    page.wait_for_function("() => document.querySelectorAll('.pagefind-ui__result').length >= 1")
    links = page.locator(".pagefind-ui__result-title a")
    links.first.wait_for()
    hrefs = [links.nth(n).get_attribute("href") for n in range(links.count())]
    assert hrefs and all("/de/pebbles/" in href for href in hrefs), hrefs
