"""Issue 46, Done when: "A refusal on the German Play page is in German and links to the German
rule". The German Splut! Play page in Chromium: its controls in German, an illegal target
refused with the engine's German reason, and the refusal's link naming the German rules page's
section and opening it there."""
from __future__ import annotations

import re
from pathlib import Path

from generator.i18n.catalogues import read
from tests.browser.harness import ROOT
from tests.browser.test_play_pages import LIVE, SHOTS, centre, last_answer, open_play, view, wait_idle

GERMAN = ROOT / "content" / "splut" / "i18n" / "de.po"


def engine_sentences(path: Path) -> list[tuple[re.Pattern, re.Pattern]]:
    """(English, German) patterns of every engine message the catalogue translates, a {value} matching any words."""
    def pattern(text: str) -> re.Pattern:
        return re.compile("".join(".+" if re.fullmatch(r"\{\w+\}", part) else re.escape(part)
                                  for part in re.split(r"(\{\w+\})", text)))
    return [(pattern(m.id), pattern(m.string)) for m in read(path, "de")
            if m.id and m.string and any(file == "engine.py" for file, _line in m.locations)]


def test_a_refusal_on_the_german_play_page_is_in_german_and_links_to_the_german_rule(open_page, real_site):
    page = open_play(open_page, real_site, "de/splut/play.html", 1366, 900, "light")
    assert page.evaluate("document.documentElement.lang") == "de"
    bar = page.locator(f"{LIVE} .rp-bar").inner_text()
    assert "Neue Partie" in bar and "Zurücknehmen" in bar, bar  # play.js's own words, from the page
    assert page.locator(f"{LIVE} .rp-status").inner_text().endswith("ist am Zug (dein Zug)")  # the session's
    legal = view(page)["legal"]
    piece = next(a["c"][0] for a in legal if len(a["c"]) > 1)
    page.mouse.click(*centre(page, piece))
    wait_idle(page)
    targets = set(page.eval_on_selector_all(f"{LIVE} .rp-mark-target", "ms => ms.map(m => m.dataset.mark)"))
    far = "e5" if "e5" not in targets else "e6"
    page.mouse.click(*centre(page, far))
    wait_idle(page)

    refused = last_answer(page, "!a.ok && a.refused")["refused"]
    sentences = engine_sentences(GERMAN)
    assert any(german.fullmatch(refused["message"]) for _english, german in sentences), refused
    assert not any(english.fullmatch(refused["message"]) for english, _german in sentences), "not the English"
    message = page.locator(f"{LIVE} .rp-message")
    text = message.inner_text()
    assert text.startswith(f"Nicht erlaubt: {refused['message']}. Siehe Regel „"), text
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "de-splut-refusal-1366.png"))

    link = message.locator("a.rp-rule-link").first
    name = re.fullmatch(r"Regel „(.+)“", link.inner_text()).group(1)
    anchor = link.get_attribute("href").split("#")[1]
    link.click()
    page.wait_for_url(f"**/de/splut/index.html#{anchor}")
    assert page.evaluate("document.documentElement.lang") == "de"
    heading = page.locator(f"[id='{anchor}']")
    assert heading.count() == 1, f"the German rules page has #{anchor}"
    assert heading.inner_text().strip() == name, "the link names the section as the German page heads it"
    assert page.watch.errors == []
