"""Reading on a phone (issue 33): at 390 x 844 as at 1366 x 900, light and dark, on every game
page, diagram labels are 12 px or more (a diagram wider than the column scrolls in its
frame), the kit's downloads stay inside the screen, the header's controls stand out from
the header (WCAG 1.4.11: 3:1), and every entry of the phone menu can be read whole; a
diagram opens full screen and zooms."""
from __future__ import annotations

import pytest

from tests.browser.harness import axe_violations
from tests.browser.test_reader_navigation import SCHEMES, TEXT_SIZE

SIZES = {390: 844, 1366: 900}

CONTRAST = """() => {
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = c => { const [r, g, b] = rgb(c).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                     return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const header = getComputedStyle(document.querySelector('.site-header')).backgroundColor;
  return [...document.querySelectorAll('.site-header button:not([hidden])')].map(b => {
    const style = getComputedStyle(b);
    return {name: b.getAttribute('aria-label'),
            edge: Math.max(ratio(style.borderTopColor, header), ratio(style.backgroundColor, header)),
            icon: ratio(style.color, style.backgroundColor)};
  });
}"""

OVERFLOW = """() => {
  const wrap = document.querySelector('.kit-downloads-wrap');
  if (!wrap) return [];
  return [wrap, ...wrap.querySelectorAll('*')].filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect())
    .filter(r => r.left < -0.5 || r.right > document.documentElement.clientWidth + 0.5)
    .map(r => [Math.round(r.left), Math.round(r.right)]);
}"""

DRAWER_CUT = """() => {
  const drawer = document.querySelector('.nav-drawer'), bar = drawer.querySelector('summary');
  const cut = [];
  for (const link of drawer.querySelectorAll('nav a')) {
    link.scrollIntoView({block: 'nearest'});  // as a reader scrolls the menu to it
    const box = drawer.getBoundingClientRect(), top = bar.getBoundingClientRect().bottom, r = link.getBoundingClientRect();
    if (r.top < top - 0.5 || r.bottom > Math.min(box.bottom, window.innerHeight) + 0.5
        || r.left < box.left - 0.5 || r.right > box.right + 0.5) cut.push(link.textContent.trim());
  }
  return cut;
}"""


def game_pages(real_site) -> list[str]:
    return sorted(str(path.relative_to(real_site.folder)) for path in real_site.folder.glob("*/*.html"))


@pytest.mark.parametrize("width", [390, 1366])
@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_game_page_reads_at_phone_and_desktop_widths(browser, real_site, width, scheme):
    context = browser.new_context(viewport={"width": width, "height": SIZES[width]}, color_scheme=scheme)
    page = context.new_page()
    try:
        for url in game_pages(real_site):
            page.goto(real_site.url(url))
            if page.locator("main svg.rp-diagram text").count():
                assert page.evaluate(TEXT_SIZE) >= 11.95, url
            assert page.evaluate(OVERFLOW) == [], url
            for control in page.evaluate(CONTRAST):
                assert control["edge"] >= 3 and control["icon"] >= 3, (url, control)
            if width == 390:
                page.locator(".nav-drawer > summary").click()
                assert page.evaluate(DRAWER_CUT) == [], url
    finally:
        context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_diagram_opens_full_screen_and_zooms_on_a_phone(open_page, real_site, scheme):
    page = open_page(390, scheme)
    page.goto(real_site.url("splut/index.html"))
    board = page.locator(".rp-position .rp-board").first
    board.scroll_into_view_if_needed()
    assert board.evaluate("b => b.scrollWidth > b.clientWidth")  # wider than the column: it scrolls in its frame
    board.click()
    viewer = page.locator("dialog.diagram-viewer")
    assert viewer.evaluate("d => d.open")
    shown = viewer.locator("svg.rp-diagram")
    before = shown.evaluate("s => s.getBoundingClientRect().width")
    assert before >= 390 - 20  # at least the screen's width
    viewer.get_by_role("button", name="Zoom in").click()
    assert shown.evaluate("s => s.getBoundingClientRect().width") > before * 1.4
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    assert not viewer.evaluate("d => d.open")
    assert board.evaluate("b => b.tabIndex") == 0  # it scrolls: the keyboard reaches it
    enlarge = page.locator(".rp-position").first.get_by_role("button", name="Full screen")
    enlarge.focus()
    page.keyboard.press("Enter")  # the keyboard's way in
    assert viewer.evaluate("d => d.open")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.classList.contains('rp-enlarge')")  # back where the reader was
    assert page.watch.errors == []


def test_the_phone_downloads_are_cards_with_labelled_facts(open_page, real_site):
    page = open_page(390, "light")
    page.goto(real_site.url("shoot/index.html"))
    row = page.locator(".kit-downloads tbody tr").first
    row.scroll_into_view_if_needed()
    assert row.evaluate("r => getComputedStyle(r).display") == "block"
    assert row.locator("td").nth(1).evaluate("c => getComputedStyle(c, '::before').content") == '"Pages: "'


@pytest.mark.parametrize("width", [390, 1366])
def test_search_results_show_each_heading_apart_from_its_excerpt(open_page, real_site, width):
    """Issue 33.4: the glossary's terms are results of their own ("Throw" over "What a Troll
    must…"), and every heading stands on its own line above its excerpt."""
    page = open_page(width, "dark")
    page.goto(real_site.url("splut/index.html"))
    page.keyboard.press("/")
    page.locator(".search-dialog input").wait_for()
    page.keyboard.type("Troll")
    page.locator(".pagefind-ui__result").first.wait_for()
    page.wait_for_function("() => [...document.querySelectorAll('.pagefind-ui__result-title a')]"
                           ".some(a => a.textContent.includes('Glossary'))")
    glossary = page.locator(".pagefind-ui__result", has_text="Splut! · Glossary")
    nested = glossary.locator(".pagefind-ui__result-nested")
    assert nested.count() >= 1
    assert nested.first.locator("a").get_attribute("href").startswith("/splut/glossary.html#term-")
    pairs = page.locator(".pagefind-ui__result-nested").evaluate_all("""ns => ns.map(n => {
        const title = n.querySelector('.pagefind-ui__result-link'), text = n.querySelector('.pagefind-ui__result-excerpt');
        return [title !== text && !title.contains(text) && !text.contains(title),
                text.getBoundingClientRect().top >= title.getBoundingClientRect().bottom - 1];
    })""")
    assert pairs and all(separate and below for separate, below in pairs)
