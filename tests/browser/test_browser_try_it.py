""""Try it from here" and the Play widget: the game's engine under Pyodide in the page.

Issue "Interactive walkthroughs and play", Done when: "'Try it' loads Pyodide from
the site (assert no request leaves 127.0.0.1), shows legal moves for a clicked
piece, plays a move, refuses an illegal one with its reason, gets a bot move,
and a copied link restores the position in a new page; keyboard-only use
works; each game page has no console errors."

One page loads Pyodide once for the whole module; each test reopens a known
walkthrough step in the same widget (cheap once the runtime is up).

Fixture: tests/interactive/fixtures/hopsite. After walkthrough step 1 Red has
thrown a 2 and moves: pawns b1 and d1, Blue on b5 and d5.
"""
from __future__ import annotations

import time

import pytest

from tests.browser.harness import PYODIDE_TIMEOUT_MS, SAVE_DATA, Watch, axe_violations, button

WT = "#wt-opening-hops"
LIVE = f"{WT} .rp-live"
RED_FROM_B1_WITH_A_TWO = {"b2", "b3", "a1", "c1"}


@pytest.fixture(scope="module")
def live(browser, hop_site):
    """The rules page with "Try it" opened once (Pyodide loaded), and its watch."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(30_000)
    watch = Watch().attach(page)
    page.add_init_script(SAVE_DATA)  # nothing loaded ahead: the click pays the whole load
    page.goto(hop_site.url("hop/index.html"))
    assert watch.runtime_requests() == []
    button(page, WT, "Next").click()
    started = time.perf_counter()
    button(page, WT, "Try it from here").click()
    assert page.is_visible(f"{LIVE} .rp-loading progress"), "a progress indicator shows while Python loads"
    page.wait_for_selector(f"{LIVE} .rp-live-board svg", timeout=PYODIDE_TIMEOUT_MS)
    print(f"\nPyodide + Hop bundle ready in {time.perf_counter() - started:.1f} s")
    yield page, watch
    context.close()


def reopen_step(page, step: int) -> None:
    """Back to the walkthrough, go to `step`, and try it from there (the runtime is already up)."""
    if button(page, LIVE, "Back to the walkthrough").is_visible():
        button(page, LIVE, "Back to the walkthrough").click()
    page.fill(f"{WT} input[type=range]", str(step))
    button(page, WT, "Try it from here").click()
    wait_idle(page)
    assert page.get_attribute(LIVE, "data-log-length") == str(step)


def wait_idle(page) -> None:
    page.wait_for_selector(f'{LIVE}[aria-busy="false"]')


def targets(page) -> set[str]:
    return set(page.eval_on_selector_all(f"{LIVE} .rp-mark-target", "marks => marks.map(m => m.dataset.mark)"))


def click_cell(page, cell: str) -> None:
    """Click the largest shape of a cell (its square), as a reader would, and wait for the page's
    click rules to answer (they run in the worker: generator/browser/clicks.py)."""
    page.locator(f'{LIVE} .rp-live-board rect[data-cell="{cell}"]').first.click(force=True)
    wait_idle(page)


def open_typed(page, scope: str) -> None:
    """Open "Type a move or pick it from a list" (collapsed under the board until asked for)."""
    page.eval_on_selector(f"{scope} .rp-typed", "details => { details.open = true; }")


def log(page) -> list[str]:
    return page.locator(f"{LIVE} .rp-history li").all_text_contents()


def test_try_it_loads_pyodide_from_the_site_itself(live, hop_site):
    """Pyodide and the game bundle come from this site (no CDN); nothing leaves 127.0.0.1."""
    page, watch = live
    runtime = watch.runtime_requests()
    assert any(url.startswith(hop_site.base + "_pyodide/") and url.endswith("pyodide.asm.wasm") for url in runtime)
    assert any(url.startswith(hop_site.base + "_play/hop.") and url.endswith(".zip") for url in runtime)
    assert watch.off_site(hop_site.base) == []
    assert page.locator(f"{LIVE} .rp-loading").is_hidden(), "the progress indicator goes once the board is up"


def test_clicking_a_piece_highlights_its_legal_moves(live):
    """A click on a pawn marks exactly the squares the engine allows (coin 2: up to two squares)."""
    page, _ = live
    reopen_step(page, 1)
    click_cell(page, "b1")
    assert targets(page) == RED_FROM_B1_WITH_A_TWO
    click_cell(page, "b1")  # let go
    assert targets(page) == set()


def test_clicking_a_target_plays_the_move_and_the_dice_follow(live):
    """Piece then target plays it; the next chance turn (Blue's coin) is thrown from the seed."""
    page, _ = live
    reopen_step(page, 1)
    click_cell(page, "b1")
    click_cell(page, "b3")
    wait_idle(page)
    assert log(page)[:2] == ["roll 2", "b1-b3"]
    assert log(page)[2].startswith("roll ")
    assert "Blue to play" in page.inner_text(f"{LIVE} .rp-status")
    assert "Red hops from b1 to b3." in page.inner_text(f"{LIVE} .rp-last")


def test_an_illegal_move_is_refused_with_the_engines_reason(live):
    """Hop §Moving: a pawn moves at most the coin's number of squares, in a straight line."""
    page, _ = live
    reopen_step(page, 1)
    click_cell(page, "b1")
    click_cell(page, "b5")
    wait_idle(page)
    message = page.inner_text(f"{LIVE} .rp-message")
    assert "the coin shows 2, so a pawn moves at most 2 squares" in message
    rule = page.locator(f"{LIVE} .rp-message a.rp-rule-link")
    assert rule.inner_text() == "rule “Moving”" and rule.get_attribute("href") == "index.html#moving"
    click_cell(page, "b1")
    click_cell(page, "c2")
    wait_idle(page)
    assert "straight line" in page.inner_text(f"{LIVE} .rp-message")
    open_typed(page, LIVE)
    page.fill(f"{LIVE} input[type=text][id$=typed]", "d1-d4")
    button(page, LIVE, "Try move").click()
    wait_idle(page)
    assert "at most 2 squares" in page.inner_text(f"{LIVE} .rp-message")
    assert log(page) == ["roll 2"], "nothing was played"


def test_the_computer_moves_and_undo_takes_it_back(live):
    """'Computer move' plays the bot's choice; Undo returns to the reader's decision."""
    page, _ = live
    reopen_step(page, 1)
    button(page, LIVE, "Computer move").click()
    wait_idle(page)
    played = log(page)
    assert len(played) >= 3 and played[1] in {"b1-b2", "b1-b3", "d1-d2", "d1-d3"}  # the forward bot goes up
    button(page, LIVE, "Undo").click()
    wait_idle(page)
    assert log(page) == ["roll 2"]


def test_the_computer_can_play_a_side(live):
    """Ticking Blue under 'The computer plays' makes Blue answer every Red move by itself."""
    page, _ = live
    reopen_step(page, 1)
    page.check(f"{LIVE} .rp-sides label:has-text('Blue') input")
    wait_idle(page)
    click_cell(page, "d1")
    click_cell(page, "d2")
    wait_idle(page)
    played = log(page)
    assert played[1] == "d1-d2" and len(played) >= 5, "Blue's coin, Blue's move and Red's coin followed"
    assert "Red to play" in page.inner_text(f"{LIVE} .rp-status")
    page.uncheck(f"{LIVE} .rp-sides label:has-text('Blue') input")
    wait_idle(page)


def test_keyboard_only_reader_can_play_from_the_list(live):
    """Without a mouse: the legal-move list and the Play button, reached by Tab."""
    page, _ = live
    reopen_step(page, 1)
    page.focus(f"{LIVE} .rp-live-title")  # where focus lands after "Try it"
    open_typed(page, LIVE)
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id.endsWith('-moves')"):
            break
    else:
        pytest.fail("Tab never reached the list of legal moves")
    options = page.eval_on_selector(f"{LIVE} select[id$=moves]", "s => Array.from(s.options).map(o => o.value)")
    page.keyboard.press("ArrowDown")  # the second legal move
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert log(page)[1] == options[1]


def test_a_copied_link_reopens_the_exact_position_in_a_new_page(live, browser, hop_site):
    """The link carries rules version, seed and moves; a new page shows the same board and log."""
    page, _ = live
    reopen_step(page, 1)
    click_cell(page, "d1")
    click_cell(page, "d3")
    wait_idle(page)
    button(page, LIVE, "Share link to this game").click()
    link = page.input_value(f"{LIVE} .rp-link")
    assert link.startswith(hop_site.url("hop/index.html#")) and "rp-pos=rp1." in link
    expected_log, expected_board = log(page), page.inner_html(f"{LIVE} .rp-live-board")

    context = browser.new_context()
    other = context.new_page()
    watch = Watch().attach(other)
    other.goto(link)
    other.wait_for_selector(f"{LIVE} .rp-live-board svg", timeout=PYODIDE_TIMEOUT_MS)
    other.wait_for_selector(f'{LIVE}[aria-busy="false"]')
    assert other.locator(f"{LIVE} .rp-history li").all_text_contents() == expected_log
    assert other.inner_html(f"{LIVE} .rp-live-board") == expected_board
    assert watch.errors == [] and watch.off_site(hop_site.base) == []
    context.close()


def test_play_widget_plays_a_game_against_the_computer(live):
    """The ```play widget: the reader takes Red, the computer answers as Blue."""
    page, _ = live
    play = "#play-play-hop-against-the-computer"
    page.select_option(f"{play} select[id$=seat]", "0")
    button(page, play, "New game").click()
    page.wait_for_selector(f'{play} .rp-live[aria-busy="false"] .rp-live-board svg')
    assert page.locator(f"{play} .rp-sides input:checked").count() == 1  # Blue is the computer's
    first = page.eval_on_selector(f"{play} .rp-live select[id$=moves]", "s => s.options[0].value")
    open_typed(page, play)
    page.select_option(f"{play} .rp-live select[id$=moves]", first)
    button(page, play, "Play move").click()
    page.wait_for_selector(f'{play} .rp-live[aria-busy="false"]')
    played = page.locator(f"{play} .rp-history li").all_text_contents()
    assert played[1] == first and len(played) >= 4, "the computer's coin and move followed"
    assert "Blue" in page.inner_text(f"{play} .rp-last")


def test_no_console_errors_and_no_serious_accessibility_violations_while_playing(live):
    """With the live board and the game open: no console errors; axe finds nothing serious."""
    page, watch = live
    assert watch.errors == []
    assert axe_violations(page) == []
