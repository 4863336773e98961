"""A move made part by part (issue 40.4): Splut!'s Troll steps onto a Rock, then throws it.

Selecting the Troll marks only the places he may step to (rings); choosing the Rock's square
marks the throw's directions (arrows), a different mark, and nothing else; no place ever shows
two kinds of mark; choosing a direction plays that throw. By clicks, and by the keyboard alone.
The position is found by a seeded game through the session the page runs, and opened on the
Play page through a shared link, so every run meets the same Troll and the same Rock.
"""
from __future__ import annotations

import json
import random
from urllib.parse import urlencode

import pytest

from generator.browser.session import SessionServer
from tests.browser.harness import PYODIDE_TIMEOUT_MS, ROOT
from tests.browser.test_play_pages import LIVE, PLAY, SHOTS, a_move, centre, finish_choice, open_play, view, wait_idle, walk_to

MARKS = """() => Array.from(document.querySelectorAll('[data-rp-widget="play"]:first-of-type .rp-live-board .rp-mark'),
    m => [m.dataset.mark, m.classList.contains('rp-mark-piece') ? 'piece'
                          : m.classList.contains('rp-mark-direction') ? 'direction' : 'place'])"""


def a_troll_about_to_throw() -> tuple[str, list[dict]]:
    """A position (its string) where the reader (Red, seat 0) may step a Troll onto a Rock and throw it,
    and the legal moves there: seeded random games played through the session until one comes."""
    server = SessionServer(ROOT / "content")
    for seed in range(50):
        rng = random.Random(seed)
        answer = json.loads(server.handle(json.dumps({"op": "open", "widget": "w", "game": "splut", "players": 2,
                                                      "seed": seed, "computer": [1], "bot": "random"})))
        for _ in range(300):
            legal = answer["view"]["legal"]
            if answer["view"]["result"] or not legal:
                break
            if any(is_throw(entry) for entry in legal):
                return answer["view"]["position"], legal
            answer = json.loads(server.handle(json.dumps({"op": "act", "widget": "w", "action": rng.choice(legal)["n"]})))
    pytest.fail("no seeded game of Splut! came to a Troll's throw")


def is_throw(entry: dict) -> bool:
    return any(part[1] == "direction" for part in entry.get("p", ()))


def marks(page) -> list[tuple[str, str]]:
    return [tuple(mark) for mark in page.evaluate(MARKS)]


def open_at(open_page, real_site, position: str):
    page = open_play(open_page, real_site, "splut/play.html", 1366, 900, "light")
    return reopen_at(page, real_site, position)


def reopen_at(page, real_site, position: str):
    widget = page.get_attribute(PLAY, "id")
    link = urlencode({"rp-widget": widget, "rp-pos": position, "rp-cpu": "1", "rp-bot": "random"})
    page.goto(real_site.url(f"splut/play.html?seed=41#{link}"))
    page.wait_for_function(f"() => (window.__answers || []).some(a => a.view && a.view.position === {json.dumps(position)})",
                           timeout=PYODIDE_TIMEOUT_MS)
    wait_idle(page)
    return page


@pytest.mark.parametrize("by", ["clicks", "keys"])
def test_the_troll_steps_then_throws_each_part_with_its_own_marks(open_page, real_site, by):
    position, legal = a_troll_about_to_throw()
    throw = next(entry for entry in legal if is_throw(entry))
    troll = throw["c"][0]
    (rock, _), (way, _) = throw["p"]
    steps = {(entry.get("p") or [[entry["c"][-1]]])[0][0] for entry in legal if len(entry["c"]) > 1 and entry["c"][0] == troll}
    throws = {entry["p"][1][0]: entry["n"] for entry in legal if is_throw(entry) and entry["c"][0] == troll
              and entry["p"][0][0] == rock}
    page = open_at(open_page, real_site, position)

    if by == "keys":
        page.locator(f"{LIVE} .rp-live-board").focus()
        choose = lambda cell: (walk_to(page, cell), page.keyboard.press("Enter"), wait_idle(page))
    else:
        choose = lambda cell: (page.mouse.click(*centre(page, cell)), wait_idle(page))

    choose(troll)
    first = marks(page)
    assert ("piece" in dict(first).values()) and dict(first)[troll] == "piece"
    assert {cell for cell, kind in first if kind != "piece"} == steps, "only the places the Troll may step to"
    assert {kind for cell, kind in first if kind != "piece"} == {"place"}, "the steps are rings, no arrow yet"
    landings = {entry["c"][-1] for entry in legal if is_throw(entry) and entry["c"][0] == troll} - steps
    assert not landings & {cell for cell, _ in first}, "no Rock's landing square is marked before the step"

    log = len(view(page)["log"])
    choose(rock)
    second = marks(page)
    assert len(view(page)["log"]) == log, "the step alone plays nothing yet"
    assert dict(second)[rock] == "piece", "the Troll is shown on the Rock's square"
    assert {cell: kind for cell, kind in second if kind != "piece"} == {cell: "direction" for cell in throws}, \
        "then only the throw's directions, each an arrow"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"splut-troll-throw-{by}.png"))
    for shown in (first, second):
        cells = [cell for cell, _ in shown]
        assert len(cells) == len(set(cells)), f"a place shows two kinds of mark: {shown}"

    choose(way)
    wait_idle(page)
    assert view(page)["log"][log] == throws[way], "the direction chosen is the throw played"
    assert marks(page) == []
    assert page.watch.errors == [], page.watch.errors


def test_splash_drop_targets_do_what_they_say(open_page, real_site):
    """SPLASH!: with a card chosen, the left-hand neighbour takes it (a pass), and the dolphins, marked
    with what they do, start a bluff: the card is passed only once its neighbour is chosen too (a
    fake-out); nothing a card is dropped on passes it anywhere else."""
    page = open_play(open_page, real_site, "splash/play.html", 1366, 900, "light")
    legal = view(page)["legal"]
    fake = next(entry for entry in legal if entry["n"].startswith("fake"))
    card, neighbour = fake["c"][0], fake["c"][1]
    choose = lambda cell: (page.mouse.click(*centre(page, cell)), wait_idle(page))

    choose(card)
    assert dict(marks(page)) == {card: "piece", neighbour: "place", "dolphins": "place"}
    log = len(view(page)["log"])
    choose("dolphins")
    assert len(view(page)["log"]) == log, "a card dropped on the dolphins is not passed"
    assert dict(marks(page)) == {"dolphins": "piece", neighbour: "place"}
    assert "bluff" in page.inner_text(f"{LIVE} .rp-message"), "the hint says what the dolphins do"
    choose(neighbour)
    assert view(page)["log"][log].split(" & ")[0] == fake["n"], "the dolphins, then the neighbour: a fake-out"

    legal = view(page)["legal"]
    plain = next(entry for entry in legal if entry["n"].startswith("pass"))
    log = len(view(page)["log"])
    choose(plain["c"][0])
    choose(plain["c"][1])
    assert view(page)["log"][log].split(" & ")[0] == plain["n"], "a card, then the neighbour: a plain pass"
    assert page.watch.errors == [], page.watch.errors


MOTION = """window.__motions = 0; new MutationObserver(records => records.forEach(r => r.addedNodes.forEach(n => {
    if (n.classList && n.classList.contains('rp-motion')) window.__motions++; }))).observe(document, {subtree: true, childList: true});"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_computers_reply_moves_unless_the_reader_asks_for_less_motion(open_page, real_site, motion):
    """The computer's move is shown as a short movement over the board, not a jump cut; a reader
    whose system asks for reduced motion sees the board change at once."""
    position, _ = a_troll_about_to_throw()
    page = open_play(open_page, real_site, "splut/play.html", 1366, 900, "light")
    page.emulate_media(reduced_motion=motion)
    page.add_init_script(MOTION)
    page = reopen_at(page, real_site, position)
    for _ in range(8):  # the reader's steps of a turn, until the computer has answered with a move of a piece
        _, places = a_move(view(page)["legal"])
        for cell in places:
            page.mouse.click(*centre(page, cell))
            wait_idle(page)
        finish_choice(page, key=False)
        if any(step["computer"] and len(step["cells"]) > 1 for step in view(page)["steps"]):
            break
    else:
        pytest.fail("the computer never moved a piece")
    moved = page.evaluate("() => window.__motions")
    assert (moved > 0) == (motion == "no-preference"), f"{moved} movements shown with motion {motion}"
