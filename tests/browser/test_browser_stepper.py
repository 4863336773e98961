"""Walkthroughs in the browser without Python: stepping, keyboard, no JavaScript, print.

Issue "Interactive walkthroughs and play", In the browser: "A small script turns
each walkthrough into a stepper: previous/next, a step scrubber, keyboard
(arrow keys), the caption and the engine's narration of events in an
aria-live region. No Python is loaded for stepping." and Markdown directives:
"the walkthrough is complete and readable with JavaScript off, and prints as a
strip of diagrams".
"""
from __future__ import annotations

import pytest

from tests.browser.harness import SAVE_DATA, Watch, axe_violations, button

WALKTHROUGH = "#wt-opening-hops"
STEPS = 6  # the fixture's walkthrough: roll 2, b1-b3, roll 1, d5-d4, roll 2, d1-d3


@pytest.fixture
def page(browser, hop_site):
    context = browser.new_context()
    page = context.new_page()
    page.watch = Watch().attach(page)
    page.add_init_script(SAVE_DATA)
    page.goto(hop_site.url("hop/index.html"))
    yield page
    context.close()


def current_step(page) -> int:
    return int(page.get_attribute(WALKTHROUGH, "data-step"))


def visible_frames(page) -> list[str]:
    return page.eval_on_selector_all(f"{WALKTHROUGH} .rp-frame",
                                     "frames => frames.filter(f => f.offsetParent !== null).map(f => f.dataset.step)")


def test_stepper_steps_forward_and_back_without_loading_python(page, hop_site):
    """Next/Previous and the scrubber move through the frames; no request for Pyodide or a bundle."""
    narration = page.locator(f"{WALKTHROUGH} .rp-narration")
    assert visible_frames(page) == ["0"]
    button(page, WALKTHROUGH, "Next").click()
    button(page, WALKTHROUGH, "Next").click()
    assert current_step(page) == 2 and visible_frames(page) == ["2"]
    assert "Red's left pawn hops two squares" in narration.inner_text()
    assert "Red hops from b1 to b3." in narration.inner_text()  # the engine's narration
    assert narration.get_attribute("aria-live") == "polite"
    button(page, WALKTHROUGH, "Previous").click()
    assert current_step(page) == 1 and "Red throws a two." in narration.inner_text()
    page.fill(f"{WALKTHROUGH} input[type=range]", str(STEPS))
    assert current_step(page) == STEPS and visible_frames(page) == [str(STEPS)]
    assert button(page, WALKTHROUGH, "Next").get_attribute("aria-disabled") == "true"
    assert page.watch.runtime_requests() == []
    assert page.watch.off_site(hop_site.base) == []
    assert page.watch.errors == []


def test_stepper_is_usable_with_the_keyboard_alone(page):
    """Tab reaches the controls; arrow keys step; Home and End jump; Enter presses a button."""
    button(page, WALKTHROUGH, "Next").focus()  # the next test shows Tab gets here
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert current_step(page) == 2
    page.keyboard.press("ArrowLeft")
    assert current_step(page) == 1
    page.keyboard.press("End")
    assert current_step(page) == STEPS
    page.keyboard.press("Home")
    assert current_step(page) == 0
    page.keyboard.press("Shift+Tab")  # back to the scrubber: its own arrows step too
    page.keyboard.press("ArrowRight")
    assert current_step(page) == 1
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the Next button
    assert current_step(page) == 2


def test_tab_order_reaches_the_stepper_from_the_top_of_the_page(page):
    """A keyboard-only reader can Tab from the page's start to the walkthrough's controls."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => document.querySelector('{WALKTHROUGH} .rp-controls').contains(document.activeElement)"):
            break
    else:
        pytest.fail("Tab never reached the walkthrough's controls")
    page.keyboard.press("ArrowRight")
    assert current_step(page) == 1


def test_without_javascript_every_step_is_on_the_page(browser, hop_site):
    """With scripts off, every frame shows its diagram, caption and narration."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(hop_site.url("hop/index.html"))
    assert visible_frames(page) == [str(n) for n in range(STEPS + 1)]
    frames = page.locator(f"{WALKTHROUGH} .rp-frame")
    assert frames.nth(2).locator("svg").count() == 1
    assert "Red's left pawn hops two squares" in frames.nth(2).inner_text()
    assert "Blue hops from d5 to d4." in frames.nth(4).inner_text()
    assert page.locator(".rp-play .rp-needs-js").is_visible()
    context.close()


def test_walkthrough_prints_as_a_strip_of_diagrams(page):
    """In print, every frame shows (several per row) and the controls do not."""
    button(page, WALKTHROUGH, "Next").click()
    page.emulate_media(media="print")
    assert visible_frames(page) == [str(n) for n in range(STEPS + 1)]
    assert not page.is_visible(f"{WALKTHROUGH} .rp-controls")
    tops = page.eval_on_selector_all(f"{WALKTHROUGH} .rp-frame", "fs => fs.map(f => f.getBoundingClientRect().top)")
    assert tops[0] == tops[1], "frames sit side by side in a strip"


def test_pages_without_widgets_load_no_play_script(browser, hop_site):
    """Only pages with a walkthrough, diagram or game get play.js (bytes before interaction)."""
    context = browser.new_context()
    page = context.new_page()
    watch = Watch().attach(page)
    page.goto(hop_site.url("hop/reference.html"))
    assert not [url for url in watch.requests if "/play." in url or "play-worker" in url]
    assert watch.errors == []
    context.close()


def test_rules_page_has_no_serious_accessibility_violations_before_playing(page):
    """axe-core finds no serious or critical violation on the page with its stepper."""
    button(page, WALKTHROUGH, "Next").click()
    assert axe_violations(page) == []
