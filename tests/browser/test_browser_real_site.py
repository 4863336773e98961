"""The repository's own site in Chromium: every game page, its walkthroughs and its Play widget.

Issue "Interactive walkthroughs and play", Done when: "each game page has no
console errors"; "An accessibility scan of each game page with axe-core ...
reports no serious or critical violations"; walkthroughs step "without loading
Pyodide"; "Try it" shows legal moves for a clicked piece and plays a move; and
(Coverage) "Splut!, Splat and SiTTeRS also get a 'Play' page: a full game
against the computer".

The site is content/ built into a temporary folder once per session.
"""
from __future__ import annotations

import re
import pytest

from generator.browser.clicks import click_path, parts_of

from tests.browser.harness import PYODIDE_TIMEOUT_MS, ROOT, SAVE_DATA, Watch, axe_violations

GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.toml"))


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.watch = Watch().attach(page)
    yield page
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_game_rules_page_has_no_console_errors_and_no_serious_accessibility_violations(page, real_site, game):
    page.goto(real_site.url(f"{game}/index.html"))
    assert axe_violations(page) == []
    assert page.watch.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_every_walkthrough_steps_to_its_end_and_back_without_python(page, real_site, game):
    """Stepping needs no Python; on a connection that asks to save data, nothing loads it ahead."""
    page.add_init_script(SAVE_DATA)
    page.goto(real_site.url(f"{game}/index.html"))
    walkthroughs = page.locator('[data-rp-widget="walkthrough"]')
    for index in range(walkthroughs.count()):
        figure = walkthroughs.nth(index)
        frames = figure.locator(".rp-frame").count()
        next_button = figure.get_by_role("button", name="Next", exact=True)
        for _ in range(frames - 1):
            next_button.click()
        assert figure.get_attribute("data-step") == str(frames - 1)
        assert figure.locator(".rp-narration").inner_text().strip(), "each step has a caption or narration"
        figure.get_by_role("button", name="Start", exact=True).click()
        assert figure.get_attribute("data-step") == "0"
    assert page.watch.runtime_requests() == []
    assert page.watch.errors == []


def test_try_it_on_splut_shows_a_pieces_moves_and_plays_one(page, real_site):
    """Splut!: a click on a piece marks its targets (the engine's cells); a click on one plays it."""
    if "splut" not in GAMES:
        pytest.fail("content/splut is missing")
    page.goto(real_site.url("splut/index.html"))
    figure = page.locator('[data-rp-widget="walkthrough"]').first
    wid = figure.get_attribute("id")
    page.evaluate("""(id) => { window.__answers = [];
        document.getElementById(id).addEventListener('rp-answer', e => window.__answers.push(e.detail)); }""", wid)
    figure.get_by_role("button", name="Try it from here").click()
    page.wait_for_selector(f'#{wid} .rp-live[aria-busy="false"] .rp-live-board svg', timeout=PYODIDE_TIMEOUT_MS)
    view = page.evaluate("() => window.__answers[0].view")
    moves = [a for a in view["legal"] if len(a["c"]) > 1]
    piece = moves[0]["c"][0]
    expected = {parts_of(a)[0][0] for a in moves if a["c"][0] == piece}  # each move's first part (clicks.py)
    page.locator(f'#{wid} .rp-live-board [data-cell="{piece}"]').first.click(force=True)
    page.wait_for_selector(f'#{wid} .rp-live[aria-busy="false"]')  # the click rules answer from the worker
    marked = set(page.eval_on_selector_all(f"#{wid} .rp-mark-target", "ms => ms.map(m => m.dataset.mark)"))
    assert marked == expected
    simple = next(a for a in moves if a["c"][0] == piece and click_path(view["legal"], a) == [piece, a["c"][-1]])
    page.locator(f'#{wid} .rp-live-board [data-cell="{simple["c"][-1]}"]').first.click(force=True)
    page.wait_for_selector(f'#{wid} .rp-live[aria-busy="false"]')
    log = page.locator(f"#{wid} .rp-history li").all_text_contents()
    assert log[-1] == simple["n"] or simple["n"] in log
    assert page.watch.errors == [] and page.watch.off_site(real_site.base) == []


def play_pages() -> list[str]:
    found = []
    for game in GAMES:
        for md in (ROOT / "content" / game).glob("*.md"):
            if re.search(r"^```play\b", md.read_text(encoding="utf-8"), re.MULTILINE):
                found.append(f"{game}/{'index' if md.stem == 'rules' else md.stem}.html")
    return sorted(found)


@pytest.mark.parametrize("url", play_pages() or [pytest.param("none", marks=pytest.mark.skip(
    reason="no ```play block in content/ yet (the lead adds Play pages)"))])
def test_play_page_plays_a_move_and_the_computer_answers(page, real_site, url):
    """The Play page is live on load: the reader's first move needs no button pressed first."""
    page.add_init_script("""window.__answers = []; document.addEventListener('rp-answer', e => window.__answers.push(e.detail));""")
    page.goto(real_site.url(url))
    section = page.locator('[data-rp-widget="play"]').first
    sid = section.get_attribute("id")
    page.wait_for_selector(f'#{sid} .rp-live[aria-busy="false"] .rp-live-board svg', timeout=PYODIDE_TIMEOUT_MS)
    start = page.evaluate("() => window.__answers.at(-1).view")
    assert start["seat"] is not None and start["legal"], "the reader has a move (the computer went first if it had to)"
    section.locator(".rp-typed summary").click()  # the list of legal moves, collapsed under the board
    for _ in range(20):  # a side may act several times in a row (SiTTeRS places four goodies)
        section.get_by_role("button", name="Play move").click()
        page.wait_for_selector(f'#{sid} .rp-live[aria-busy="false"]')
        answer = page.evaluate("() => window.__answers.at(-1)")
        assert answer["ok"], answer
        # the computer's own move, or its parts of a move all players choose at once (SPLASH!'s beats)
        if answer["view"]["result"] is not None or any(step["computer"] or " & " in step["who"]
                                                       for step in answer["view"]["steps"]):
            break
    else:
        pytest.fail("the computer never answered 20 of the reader's moves")
    assert page.watch.errors == [] and page.watch.off_site(real_site.base) == []
    assert axe_violations(page) == []
