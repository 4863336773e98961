"""Walkthroughs and Play at 1366 and 390 px, light and dark (issue 15, points 7 and 8):
"Try it" turns the static board into the live one in place, the Play page is live on load,
each move is told once, a page opened from disk says a server is needed, and the runtime
loads ahead of the click only where a widget is near."""
from __future__ import annotations

import pytest

from generator.browser.clicks import click_path

from tests.browser.harness import PYODIDE_TIMEOUT_MS

VIEWS = [(1366, "light"), (1366, "dark"), (390, "light"), (390, "dark")]
VISIBLE_BOARDS = "f => [...f.querySelectorAll('.rp-board')].filter(b => b.offsetParent !== null && b.querySelector('svg')).length"


@pytest.mark.parametrize("width, scheme", VIEWS)
def test_try_it_leaves_exactly_one_board_in_the_widget(open_page, real_site, width, scheme):
    page = open_page(width, scheme)
    page.goto(real_site.url("splut/index.html"))
    figure = page.locator('[data-rp-widget="walkthrough"]').first
    figure.scroll_into_view_if_needed()
    assert figure.evaluate(VISIBLE_BOARDS) == 1
    height = figure.evaluate("f => f.getBoundingClientRect().height")
    figure.get_by_role("button", name="Try it from here").click()
    figure.locator('.rp-live[aria-busy="false"] .rp-live-board svg').wait_for(timeout=PYODIDE_TIMEOUT_MS)
    assert figure.evaluate(VISIBLE_BOARDS) == 1  # the live board stands where the still one was
    assert figure.locator(".rp-frames").is_hidden()
    grown = figure.evaluate("f => f.getBoundingClientRect().height") - height
    assert grown < 700, f"the widget grew by {grown:.0f} px"  # its move controls, not a second board
    figure.get_by_role("button", name="Back to the walkthrough").click()
    assert figure.evaluate(VISIBLE_BOARDS) == 1 and figure.locator(".rp-frames").is_visible()
    assert page.watch.errors == []


@pytest.mark.parametrize("width, scheme", VIEWS)
def test_the_play_page_takes_a_move_on_the_board_without_any_button_first(open_page, real_site, width, scheme):
    page = open_page(width, scheme)
    page.add_init_script("window.__views = []; document.addEventListener('rp-answer', e => window.__views.push(e.detail.view));")
    page.goto(real_site.url("splut/play.html"))
    section = page.locator('[data-rp-widget="play"]')
    section.locator('.rp-live[aria-busy="false"] .rp-live-board svg').wait_for(timeout=PYODIDE_TIMEOUT_MS)
    assert section.evaluate(VISIBLE_BOARDS) == 1
    view = page.evaluate("window.__views.at(-1)")
    move = next(a for a in view["legal"] if click_path(view["legal"], a) == a["c"])  # a piece, then where it goes
    board = section.locator(".rp-live-board")
    idle = section.locator('.rp-live[aria-busy="false"]')
    board.locator(f'[data-cell="{move["c"][0]}"]').first.click(force=True)
    idle.wait_for()  # each click is answered by the page's click rules in the worker
    board.locator(f'[data-cell="{move["c"][1]}"]').first.click(force=True)
    idle.wait_for()
    page.wait_for_function("() => window.__views.filter(Boolean).length >= 2")
    assert section.locator(".rp-history li").count() >= 1
    told = section.locator(".rp-last p").all_inner_texts()
    assert told and len(told) == len(set(told))
    assert all(line.count(" — ") == 0 for line in told)  # each move in words once, not its notation and then its words
    assert page.watch.errors == []


def test_a_page_opened_from_disk_says_a_server_is_needed_and_still_steps(open_page, real_site):
    page = open_page(1366, "light")
    page.goto((real_site.folder / "splut/index.html").as_uri())
    figure = page.locator('[data-rp-widget="walkthrough"]').first
    note = figure.locator(".rp-server-note")
    assert note.is_visible() and "rulepress serve" in note.inner_text()
    assert figure.get_by_role("button", name="Try it from here").count() == 0
    figure.get_by_role("button", name="Next", exact=True).click()
    assert figure.get_attribute("data-step") == "1"
    page.goto((real_site.folder / "splut/play.html").as_uri())
    assert "rulepress serve" in page.locator('[data-rp-widget="play"] .rp-server-note').inner_text()
    page.locator(".search-open").click()
    assert "rulepress serve" in page.locator(".search-note").inner_text()
    assert not [url for url in page.watch.requests if "_pyodide" in url]


def test_the_runtime_loads_ahead_near_a_widget_and_never_on_a_page_without_one(open_page, real_site):
    page = open_page(1366, "light")
    page.goto(real_site.url("splut/index.html"))
    page.wait_for_timeout(500)
    assert page.watch.runtime_requests() == []  # the walkthroughs are far down the page
    figure = page.locator('[data-rp-widget="walkthrough"]').first
    with page.expect_request(lambda request: "/_pyodide/" in request.url, timeout=10_000):
        page.evaluate("f => window.scrollTo(0, f.getBoundingClientRect().top + scrollY - 1.5 * innerHeight)",
                      figure.element_handle())  # half a screen below the viewport: near
    glossary = open_page(1366, "light")
    glossary.goto(real_site.url("splut/glossary.html"))
    glossary.wait_for_timeout(1500)
    assert glossary.watch.runtime_requests() == []
