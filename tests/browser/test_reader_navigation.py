"""Getting around the rules at 1366 and 390 px, light and dark (issue 15, points 2, 3 and 6):
the index's pictures and direct links, the on-page contents with the section being read
marked, the phone menu that reaches every section, glossary terms that open in place,
and a theme toggle that shows its state."""
from __future__ import annotations

import pytest

from tests.browser.harness import axe_violations

SCHEMES = ["light", "dark"]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_index_shows_each_game_with_a_picture_and_direct_links(open_page, real_site, scheme):
    page = open_page(1366, scheme)
    page.goto(real_site.url("index.html"))
    cards = page.locator(".game-card")
    assert cards.count() == 5
    for i in range(5):
        card = cards.nth(i)
        card.scroll_into_view_if_needed()  # the pictures load lazily, as they come into view
        assert card.locator(".game-picture img").evaluate(
            "img => img.complete ? img.naturalWidth > 0"
            " : new Promise(done => img.addEventListener('load', () => done(img.naturalWidth > 0)))")
        labels = card.locator(".game-links a").all_inner_texts()
        assert labels[:2] == ["Rules", "Player aid"] and "Print & play" in labels
    page.locator(".game-card[data-game='splut'] .game-links").get_by_role("link", name="Play", exact=True).click()
    assert page.url.endswith("/splut/play.html")
    assert page.watch.errors == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_phone_menu_reaches_every_section_of_the_page(open_page, real_site, scheme):
    page = open_page(390, scheme)
    page.goto(real_site.url("splut/index.html"))
    assert not page.locator(".sidebar").is_visible()
    sections = page.locator("article.rules h2[id], article.rules h3[id]").evaluate_all(
        "hs => hs.filter(h => !h.closest('.extra-section, .credits, .admonition')).map(h => h.id)")
    summary = page.locator(".nav-drawer > summary")
    summary.click()
    reachable = page.locator(".nav-drawer .toc a").evaluate_all("as => as.map(a => a.hash.slice(1))")
    assert set(sections) <= set(reachable) and len(sections) > 10
    page.locator(".nav-drawer .toc a[href='#the-troll']").click()
    assert page.evaluate("location.hash") == "#the-troll"
    assert not page.locator(".nav-drawer").evaluate("d => d.open")  # the menu closes on the way
    top = page.locator("#the-troll").evaluate("h => h.getBoundingClientRect().top")
    assert 0 <= top < 200  # the section is in view, clear of the sticky menu
    summary.focus()
    page.keyboard.press("Enter")
    assert page.locator(".nav-drawer").evaluate("d => d.open")  # keyboard opens it too
    page.keyboard.press("Escape")
    assert not page.locator(".nav-drawer").evaluate("d => d.open")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_desktop_contents_mark_the_section_being_read(open_page, real_site, scheme):
    page = open_page(1366, scheme)
    page.goto(real_site.url("splut/index.html#the-dwarf"))
    toc = page.locator(".page-toc")
    assert toc.is_visible() and toc.locator("a").count() > 10
    page.wait_for_function("() => document.querySelector('.page-toc a.active')")
    assert toc.locator("a.active").inner_text() == "The Dwarf"
    assert toc.locator("a.active").get_attribute("aria-current") == "location"
    assert page.locator(".sidebar a[aria-current='page']").inner_text() == "Rules"
    page.locator("#winning-and-losing").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('winning-and-losing').scrollIntoView()")
    page.wait_for_function("() => document.querySelector('.page-toc a.active').textContent === 'Winning and losing'")


def test_a_tapped_glossary_term_opens_its_definition_in_place(open_page, real_site):
    page = open_page(390, "light")
    page.goto(real_site.url("splut/index.html"))
    term = page.locator("article a.term").first
    term.click()
    assert page.url.endswith("splut/index.html")  # no trip to the glossary
    popover = page.locator(".term-popover")
    assert popover.is_visible() and len(popover.inner_text()) > 20
    assert term.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert page.locator(".term-popover").count() == 0


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_theme_toggle_shows_the_theme_in_use(open_page, real_site, scheme):
    page = open_page(1366, scheme)
    page.goto(real_site.url("splut/index.html"))
    toggle = page.locator(".theme-toggle")
    assert toggle.get_attribute("aria-pressed") == ("true" if scheme == "dark" else "false")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == ("false" if scheme == "dark" else "true")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (background == "rgb(21, 22, 26)") == (scheme == "light")  # the dark background after switching


@pytest.mark.parametrize("scheme", SCHEMES)
def test_diagrams_follow_the_theme(open_page, real_site, scheme):
    """Issue 15.5: no white slab in the dark theme; the diagram's paper and ink take the page's
    colours, while the board and its pieces keep theirs."""
    page = open_page(1366, scheme)
    page.goto(real_site.url("splut/index.html"))
    board = page.locator(".rp-board").first
    background = board.evaluate("b => getComputedStyle(b).backgroundColor")
    coordinate = board.locator("svg [data-role='coordinate']").first.evaluate("t => getComputedStyle(t).fill")
    square = board.locator("svg [data-role='square']").first.evaluate("r => getComputedStyle(r).fill")
    if scheme == "dark":
        assert background != "rgb(255, 255, 255)" and coordinate != "rgb(68, 68, 68)"
    else:
        assert background == "rgb(255, 255, 255)"
    assert square in ("rgb(239, 228, 204)", "rgb(220, 202, 163)", "rgb(185, 165, 122)")  # the arena's own tan


@pytest.mark.parametrize("width", [1366, 390])
@pytest.mark.parametrize("scheme", SCHEMES)
def test_search_finds_the_troll_with_a_link_to_its_section(open_page, real_site, width, scheme):
    """Issue 15.1: `/` opens the search, served by the site itself under its CSP; a result
    names the game and page, and its sections link to their headings."""
    page = open_page(width, scheme)
    page.goto(real_site.url("splut/index.html"))
    assert page.locator(".search-open").is_visible()
    page.keyboard.press("/")
    box = page.locator(".search-dialog input")
    box.wait_for()
    assert page.evaluate("document.activeElement === document.querySelector('.search-dialog input')")
    page.keyboard.type("Troll")
    first = page.locator(".pagefind-ui__result").first
    first.wait_for()
    assert first.locator(".pagefind-ui__result-title a").first.inner_text() == "Splut! · Rules"
    assert axe_violations(page) == []  # the dialog, its labelled box and its results
    section = first.locator(".pagefind-ui__result-nested a").first
    href = section.get_attribute("href")
    assert href.startswith("/splut/index.html#")
    anchor = href.partition("#")[2]
    section.click()
    page.wait_for_function("() => !document.querySelector('.search-dialog').open")
    assert page.evaluate("location.hash") == "#" + anchor
    assert page.locator(f"[id='{anchor}']").is_visible()
    assert page.watch.errors == []  # no CSP violation, no failed request


TEXT_SIZE = """() => Math.min(...[...document.querySelectorAll('main svg.rp-diagram text')]
    .filter(t => t.getClientRects().length && !t.closest('[hidden]'))
    .map(t => { const m = t.getScreenCTM(); return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b); }))"""


@pytest.mark.parametrize("game", ["splut", "splat", "sitters", "splash", "shoot"])
def test_diagram_text_is_at_least_12_px_on_a_desktop(open_page, real_site, game):
    """Issue 15.5: a diagram is as wide as its smallest text needs for 12 px, within the column."""
    page = open_page(1366, "light")
    page.goto(real_site.url(f"{game}/index.html"))
    assert page.evaluate(TEXT_SIZE) >= 11.95


@pytest.mark.parametrize("width", [1366, 390])
@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_wide_table_scrolls_in_its_frame_with_its_first_column_in_view(open_page, real_site, width, scheme):
    """Issue 15.4: SHOOT's Splattercards are shown as cards; their table, folded below, scrolls
    sideways inside its frame, one line a row, its first column staying put."""
    page = open_page(width, scheme)
    page.goto(real_site.url("shoot/index.html"))
    deck = page.locator("#deck-splattercards")
    assert deck.locator("img").count() == 53 and all(deck.locator("img").evaluate_all("is => is.map(i => !!i.alt)"))
    deck.locator("details.card-table > summary").click()
    frame = deck.locator(".table-wrap")
    frame.scroll_into_view_if_needed()
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")  # wider than the column: it scrolls
    assert frame.evaluate("f => f.getBoundingClientRect().right") <= width
    frame.evaluate("f => f.scrollLeft = 300")
    first = frame.locator("tbody tr").first.locator("td").first
    left = first.evaluate("c => c.getBoundingClientRect().left - c.closest('.table-wrap').getBoundingClientRect().left")
    assert abs(left) < 2  # sticky
    heights = frame.locator("tbody tr").evaluate_all("rs => rs.slice(0, 20).map(r => r.getBoundingClientRect().height)")
    assert max(heights) < 3.2 * min(heights)  # short cells on one line; only the face text wraps
