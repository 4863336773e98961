"""Issue 46, Done when: "A refusal on the German Play page is in German and links to the German
rule". The German Splut! Play page in Chromium: its controls in German, an illegal target
refused with the engine's German reason, and the refusal's link naming the German rules page's
section and opening it there; and the German SPLASH! Play page, whose cards and seats are
named in the game's German words."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

from generator.i18n.catalogues import read
from tests.browser.harness import ROOT
from tests.browser.test_play_pages import LIVE, PLAY, SHOTS, centre, last_answer, open_play, view, wait_idle

GERMAN = ROOT / "content" / "splut" / "i18n" / "de.po"
SPLASH_GERMAN = ROOT / "content" / "splash" / "i18n" / "de.po"
RULEPRESS_GERMAN = ROOT / "generator" / "i18n" / "locale" / "de.po"


def sentences_from(path: Path, file: str) -> list[tuple[re.Pattern, re.Pattern]]:
    """(English, German) patterns of every message of `file` (a module's name or a path's start) the
    German catalogue at `path` translates, a {value} matching any words."""
    def pattern(text: str) -> re.Pattern:
        return re.compile("".join(".+" if re.fullmatch(r"\{\w+\}", part) else re.escape(part)
                                  for part in re.split(r"(\{\w+\})", text)))
    return [(pattern(m.id), pattern(m.string)) for m in read(path, "de")
            if m.id and m.string and any(where.startswith(file) for where, _line in m.locations)]


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
    sentences = sentences_from(GERMAN, "engine.py")
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


def test_a_card_sent_to_the_wrong_seat_on_the_german_splash_page_is_refused_in_german(open_page, real_site):
    """SPLASH!: a card of the reader's hand, then a seat that is not the left-hand neighbour. The
    refusal names the card and the seat in the game's German words and links to the German rule
    for passing; a pass made after it is narrated in the engine's German."""
    page = open_play(open_page, real_site, "de/splash/play.html", 1366, 900, "light")
    assert page.evaluate("document.documentElement.lang") == "de"
    levels = page.eval_on_selector_all(f"{PLAY} option[title]", "os => os.map(o => o.title)")
    abouts = [german for _english, german in sentences_from(SPLASH_GERMAN, "bots.py")]
    assert len(levels) == 3 and all(any(about.fullmatch(title) for about in abouts) for title in levels), levels
    legal = view(page)["legal"]
    plain = next(entry for entry in legal if entry["n"].startswith("pass"))
    card, neighbour = plain["c"][0], plain["c"][1]
    seats = {p["name"] for p in view(page)["players"]}
    wrong = next(seat for seat in sorted(seats) if seat not in (neighbour, card.split(".")[0]))
    page.mouse.click(*centre(page, card))
    wait_idle(page)
    page.mouse.click(*centre(page, wrong))
    wait_idle(page)

    refused = last_answer(page, "!a.ok && a.refused")["refused"]
    places = sentences_from(SPLASH_GERMAN, "engine.py")
    name = view(page)["names"][card]
    assert any(german.fullmatch(name) for _english, german in places), f"the card in the game's German: {name}"
    assert not any(english.fullmatch(name) for english, _german in places), name
    refusals = sentences_from(RULEPRESS_GERMAN, "generator/browser/refusal.py")
    assert any(german.fullmatch(refused["message"]) for _english, german in refusals), refused
    assert not any(english.fullmatch(refused["message"]) for english, _german in refusals), "not the English"
    assert name in refused["message"] and refused["message"].endswith(wrong), refused
    message = page.locator(f"{LIVE} .rp-message")
    assert message.inner_text().startswith(f"Nicht erlaubt: {refused['message']}. Siehe Regel „Weitergeben“"), \
        message.inner_text()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "de-splash-refusal-1366.png"))
    rule = urljoin(page.url, message.locator("a.rp-rule-link").first.get_attribute("href"))

    log = len(view(page)["log"])
    for cell in (card, neighbour):
        page.mouse.click(*centre(page, cell))
        wait_idle(page)
    assert len(view(page)["log"]) > log, "the pass is played"
    told = [text for answer in page.evaluate("window.__answers") if answer.get("view")
            for step in answer["view"]["steps"] for text in step["events"]]
    assert told and all(any(german.fullmatch(text) for _english, german in places) for text in told), told
    assert not any(english.fullmatch(text) for text in told for english, _german in places), told

    assert page.watch.errors == []

    assert "/de/splash/index.html#" in rule, rule
    page.goto(rule)
    anchor = rule.split("#")[1]
    assert page.locator(f"[id='{anchor}']").inner_text().strip() == "Weitergeben", "the German page's section"
