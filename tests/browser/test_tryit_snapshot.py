"""A cold "Try it" starts Python from the build's memory snapshot (issue 29.6).

The worker fetches the snapshot and the trimmed stdlib named in its URL instead of
python_stdlib.zip and pyodide-lock.json; if the snapshot cannot start, it boots Python
as before and the widget still works.

Fixture: tests/interactive/fixtures/hopsite (built with Node, so with a snapshot).
"""
from __future__ import annotations

from tests.browser.harness import PYODIDE_TIMEOUT_MS, SAVE_DATA, Watch, button

WT = "#wt-opening-hops"
LIVE = f"{WT} .rp-live"
RED_FROM_B1_WITH_A_TWO = {"b2", "b3", "a1", "c1"}


def names(urls: list[str]) -> set[str]:
    return {url.split("?")[0].rsplit("/", 1)[-1] for url in urls}


def try_it_and_click_b1(browser, hop_site, route=None) -> tuple[set[str], Watch, list[str]]:
    """Open "Try it" at step 1 on a fresh page, click Red's pawn on b1: the legal targets, the
    page's watch and the worker's warnings."""
    context = browser.new_context()
    if route:
        context.route(*route)
    page = context.new_page()
    watch = Watch().attach(page)
    warnings: list[str] = []
    page.on("worker", lambda worker: worker.on("console", lambda m: warnings.append(m.text)
                                               if m.type == "warning" else None))
    page.add_init_script(SAVE_DATA)
    page.goto(hop_site.url("hop/index.html"))
    button(page, WT, "Next").click()
    button(page, WT, "Try it from here").click()
    page.wait_for_selector(f'{LIVE}[aria-busy="false"] .rp-live-board svg', timeout=PYODIDE_TIMEOUT_MS)
    page.locator(f'{LIVE} .rp-live-board rect[data-cell="b1"]').first.click(force=True)
    page.wait_for_selector(f"{LIVE} .rp-mark-target", state="attached")
    targets = set(page.eval_on_selector_all(f"{LIVE} .rp-mark-target", "marks => marks.map(m => m.dataset.mark)"))
    context.close()
    return targets, watch, warnings


def test_a_cold_try_it_starts_from_the_snapshot_and_fetches_neither_full_stdlib_nor_lock_file(browser, hop_site):
    targets, watch, warnings = try_it_and_click_b1(browser, hop_site)
    fetched = names(watch.runtime_requests())
    assert targets == RED_FROM_B1_WITH_A_TWO
    assert any(name.startswith("snapshot.") and name.endswith(".gz") for name in fetched), fetched
    assert any(name.startswith("stdlib.") and name.endswith(".zip") for name in fetched), fetched
    assert "python_stdlib.zip" not in fetched and "pyodide-lock.json" not in fetched
    assert warnings == [] and watch.errors == []
    assert watch.off_site(hop_site.base) == []


def test_a_snapshot_that_cannot_load_falls_back_to_booting_python(browser, hop_site):
    targets, watch, warnings = try_it_and_click_b1(
        browser, hop_site, route=("**/snapshot.*.gz", lambda route: route.fulfill(status=404, body="gone")))
    assert targets == RED_FROM_B1_WITH_A_TWO, "the widget works all the same"
    assert "python_stdlib.zip" in names(watch.runtime_requests())
    assert any("booting it instead" in text for text in warnings), warnings
