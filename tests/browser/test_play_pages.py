"""Every Play page of the repository's site as a player meets it, in Chromium.

Issue 28, Done when: at 1366x900 and 390x844, light and dark, for every Play page
"the board's bounding box is fully inside the first viewport; a full move is made
by clicks alone, and another by keyboard alone; the live region announces both
moves"; "a Play test clicks an illegal target and follows the rule link". Each
page load checks all of these (Pyodide boots once per load, ~3 s).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.browser.clicks import click_path
from tests.browser.harness import PYODIDE_TIMEOUT_MS, axe_violations
from tests.browser.test_browser_real_site import play_pages

SIZES = [(1366, 900), (390, 844)]
SHOTS = Path("/tmp/shots-ui")
PLAY = '[data-rp-widget="play"]:first-of-type'  # a page may hold several games (SHOOT's two modes): the first
LIVE = f"{PLAY} .rp-live"
SEED = 40  # every Play page here opens with ?seed=SEED: the same deals and dice on every run

# every answer, without its boards (a whole game's worth of SVG would slow each look back)
CAPTURE = """window.__answers = []; document.addEventListener('rp-answer', e => {
    const a = e.detail; if (a.view) a.view = Object.assign({}, a.view, {svg: ''}); window.__answers.push(a); });"""


def open_play(open_page, real_site, url: str, width: int, height: int, scheme: str, seed: int = SEED):
    """A Play page whose games deal from `seed` (?seed=N: the first game N, each new one the next), so every
    run meets the same positions."""
    page = open_page(width, scheme)
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(CAPTURE)
    page.goto(real_site.url(f"{url}?seed={seed}"))
    page.wait_for_selector(f'{LIVE}[aria-busy="false"] .rp-live-board svg', timeout=PYODIDE_TIMEOUT_MS)
    return page


def last_answer(page, test: str) -> dict:
    """The first game's last answer that passes `test` (every game on a page answers through the same worker)."""
    return page.evaluate(f"""() => {{ const id = document.querySelector('{PLAY}').id;
        return window.__answers.filter(a => a.view && a.view.widget === id && ({test})).at(-1); }}""")


def view(page) -> dict:
    return last_answer(page, "true")["view"]


def wait_idle(page) -> None:
    page.wait_for_selector(f'{LIVE}[aria-busy="false"]')


def centre(page, cell: str) -> tuple[float, float]:
    """The middle of a place's largest shape on the live board, in page pixels."""
    box = page.evaluate("""(cell) => {
        const shapes = Array.from(document.querySelectorAll('[data-rp-widget="play"]:first-of-type .rp-live-board [data-cell]'))
            .filter(s => s.getAttribute('data-cell') === cell);
        let best = null, area = -1;
        shapes.forEach(s => { const b = s.getBBox(); if (b.width * b.height > area) { best = s; area = b.width * b.height; } });
        best.scrollIntoView({block: 'nearest', inline: 'nearest'});  // a board wider than the screen scrolls
        const r = best.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];
    }""", cell)
    return box[0], box[1]


def a_move(legal: list[dict]) -> tuple[str, list[str]]:
    """A move the board can make by choosing places: (notation, the places to choose), by the page's own
    click rules (generator/browser/clicks.py). A move whose clicks need no chooser if there is one; else
    the first with a place (the chooser then opens: finish_choice); else the first move (its button)."""
    on_board = [entry for entry in legal if entry["c"]]
    paths = [(entry, click_path(legal, entry)) for entry in on_board]
    paths = [(entry, path) for entry, path in paths if path]
    for entry, path in paths:
        if not path[-1].startswith("="):
            return entry["n"], path
    if paths:
        return paths[0][0]["n"], [step for step in paths[0][1] if not step.startswith("=")]
    return legal[0]["n"], []


def finish_choice(page, key: bool) -> None:
    """Answer the in-place chooser (if one opened) with its first offer until the move is made."""
    for _ in range(6):
        chooser = page.locator(f"{LIVE} .rp-choices")
        if chooser.is_hidden():
            return
        if key:
            page.keyboard.press("Enter")  # the chooser's first offer has the focus
        else:
            chooser.locator("button").first.click()
        wait_idle(page)


def click_move(page) -> str:
    legal = view(page)["legal"]
    notation, places = a_move(legal)
    if not places:  # a move with no place on the board: its button
        page.locator(f"{LIVE} .rp-off-board button").first.click()
    for cell in places:
        page.mouse.click(*centre(page, cell))
        wait_idle(page)  # each click is answered by the click rules in the worker before the next
    finish_choice(page, key=False)
    return notation


def key_move(page) -> str:
    """Tab to the board, walk the focus ring with the arrow keys, Enter on each place."""
    legal = view(page)["legal"]
    notation, places = a_move(legal)
    page.locator(f"{LIVE} .rp-bar button").last.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('rp-live-board')"), "Tab reaches the board"
    if not places:  # a move with no place on the board: Tab on to its button
        for _ in range(10):
            page.keyboard.press("Tab")
            if page.evaluate("() => !!document.activeElement.closest('.rp-off-board')"):
                break
        else:
            pytest.fail("Tab never reached the moves off the board")
        page.keyboard.press("Enter")
    for cell in places:
        walk_to(page, cell)
        page.keyboard.press("Enter")
        wait_idle(page)
    finish_choice(page, key=True)
    return notation


def walk_to(page, cell: str) -> None:
    """Press the arrow keys along a shortest way from the focus ring's place to `cell`: a breadth-first
    search over where each key leads from each place (the page's own rule, `rulepressPlay.arrowMoves`),
    then each key pressed and the ring checked at every place on the way."""
    board = page.locator(f"{LIVE} .rp-live-board")
    moves = page.evaluate(f"() => window.rulepressPlay.arrowMoves(document.querySelector('{LIVE} .rp-live-board svg'))")
    start = board.get_attribute("data-cursor")
    way = key_path(moves, start, cell)
    assert way is not None, f"no arrow keys lead from {start} to {cell} (reached: {sorted(reachable(moves, start))})"
    for key, then in way:
        page.keyboard.press(key)
        assert board.get_attribute("data-cursor") == then, f"{key} from the ring led elsewhere than {then}"


def reachable(moves: dict, start: str) -> dict:
    """Every place the arrow keys reach from `start`, each with the (key, place) it was first reached by."""
    came = {start: None}
    queue = [start]
    for here in queue:  # breadth first: each place first reached by a shortest way
        for key, there in sorted(moves.get(here, {}).items()):
            if there and there not in came:
                came[there] = (key, here)
                queue.append(there)
    return came


def key_path(moves: dict, start: str, goal: str) -> list[tuple[str, str]] | None:
    """A shortest list of (key, place it leads to) from `start` to `goal`, or None if no keys lead there."""
    came = reachable(moves, start)
    if goal not in came:
        return None
    way = []
    while came[goal] is not None:
        key, before = came[goal]
        way.append((key, goal))
        goal = before
    return way[::-1]


def board_box(page) -> dict:
    """The drawn board itself, not only its frame: a board wider than the screen at 12 px labels
    would scroll sideways inside a frame that fits, and part of it would be out of sight. A phone
    gets the engine's narrow layout (Engine.layouts) where the usual one would not fit."""
    return page.locator(f"{LIVE} .rp-live-board svg").bounding_box()


def smallest_text_px(page) -> float:
    """The board's smallest word as shown, in px (the site's rule for diagrams: 12 or more)."""
    return page.evaluate(f"""() => {{ const svg = document.querySelector('{LIVE} .rp-live-board svg');
        const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return Math.min(...Array.from(svg.querySelectorAll('[font-size]'), n => parseFloat(n.getAttribute('font-size')) * k)); }}""")


def inside_first_screen(box: dict, width: int, height: int) -> bool:
    return box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("url", play_pages())
def test_the_board_comes_first_and_moves_by_click_and_by_key_are_announced(open_page, real_site, url, width, height,
                                                                          scheme):
    page = open_play(open_page, real_site, url, width, height, scheme)
    game = url.split("/")[0]
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}-{width}-{scheme}.png"))
    box = board_box(page)
    assert inside_first_screen(box, width, height), f"the board {box} is not whole in the first {width}x{height} screen"
    assert smallest_text_px(page) >= 11.9, "the board's words stay readable (12 px)"
    # of everything on the first screen (leaves: a paragraph, a button, a picture), the board shows the most
    other = page.evaluate("""() => Math.max(...Array.from(document.querySelectorAll('main *'))
        .filter(n => !n.closest('.rp-live-board') && !n.closest('svg') && n.children.length === 0)
        .map(n => { const r = n.getBoundingClientRect();
                    const w = Math.min(r.right, innerWidth) - Math.max(r.left, 0);
                    const h = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
                    return w > 0 && h > 0 ? w * h : 0; }))""")
    assert box["width"] * box["height"] > other, "the board is the largest thing on the first screen"

    me = view(page)["players"]
    for make in (click_move, key_move):
        before = len(view(page)["log"])
        if view(page)["result"] is not None:
            break
        played = make(page)
        now = view(page)
        assert len(now["log"]) > before, f"{make.__name__} played nothing ({played})"
        heard = page.inner_text(f"{LIVE} .rp-last")
        mover = next(step["who"] for step in last_answer(page, "a.view.steps.length")["view"]["steps"]
                     if not step["computer"])
        assert heard.strip() and mover in heard, f"the live region says who moved: {heard!r}"
        assert page.get_attribute(f"{LIVE} .rp-last", "aria-live") == "polite"
    assert me and page.watch.errors == [], page.watch.errors
    assert axe_violations(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opponents", [2, 3])
def test_shoots_board_stays_whole_on_a_phone_against_more_computer_heroes(open_page, real_site, opponents, scheme):
    """Issue 28.1 with a bigger table: against two or three computer HEROES, picked in the bar's
    Opponents, SHOOT's board is still whole in a phone's first screen, its words still 12 px."""
    page = open_play(open_page, real_site, "shoot/play.html", 390, 844, scheme)
    players = opponents + 1
    page.select_option(f"{LIVE} select[id$='-table']", str(players))
    page.wait_for_function(f"() => (window.__answers.filter(a => a.view).at(-1) || {{}}).view.players.length === {players}")
    wait_idle(page)
    seats = page.eval_on_selector_all(f"{LIVE} .rp-live-board [data-cell]", "ns => ns.map(n => n.dataset.cell)")
    assert f"P{players}" in seats, "the board shows every HERO"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"shoot-390-{scheme}-{opponents}-opponents.png"))
    box = board_box(page)
    assert inside_first_screen(box, 390, 844), f"the board {box} is not whole in the first 390x844 screen"
    assert smallest_text_px(page) >= 11.9, "the board's words stay readable (12 px)"
    assert page.watch.errors == [], page.watch.errors


def test_stepping_through_the_log_and_a_shared_link_carry_the_game(open_page, real_site, browser):
    """Replay: the log steps back move by move; a shared link reopens the game, at the step shown."""
    url = next(u for u in play_pages() if u.startswith("splut/"))
    page = open_play(open_page, real_site, url, 1366, 900, "light")
    for _ in range(2):
        click_move(page)
    log = view(page)["log"]
    assert len(log) >= 3
    page.get_by_role("button", name="Previous", exact=True).click()
    page.wait_for_selector(f"{LIVE}.rp-replaying")
    assert page.get_attribute(LIVE, "data-replay-step") == str(len(log) - 1)
    assert f"Move {len(log) - 1} of {len(log)}" in page.inner_text(f"{LIVE} .rp-last")
    page.locator(f"{LIVE} .rp-history li").first.locator("button").click()
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.replayStep === '1'")
    page.get_by_role("button", name="Share link to this game").click()
    link = page.input_value(f"{LIVE} .rp-link")
    assert "rp-pos=rp1." in link and "rp-step=1" in link
    page.get_by_role("button", name="Back to the game").click()
    page.wait_for_function(f"() => !document.querySelector('{LIVE}').classList.contains('rp-replaying')")

    context = browser.new_context()
    other = context.new_page()
    other.goto(link)
    other.wait_for_selector(f'{LIVE}[data-replay-step="1"]', timeout=PYODIDE_TIMEOUT_MS)
    assert other.locator(f"{LIVE} .rp-history li").all_text_contents() == log, "the link carries every move"
    context.close()


def test_an_illegal_target_names_its_rule_and_the_link_opens_it(open_page, real_site):
    """Splut!: a piece, then a square it cannot reach: the refusal links to the rule that forbids it."""
    url = next(u for u in play_pages() if u.startswith("splut/"))
    page = open_play(open_page, real_site, url, 1366, 900, "light")
    legal = view(page)["legal"]
    piece = next(a["c"][0] for a in legal if len(a["c"]) > 1)
    page.mouse.click(*centre(page, piece))
    wait_idle(page)
    targets = set(page.eval_on_selector_all(f"{LIVE} .rp-mark-target", "ms => ms.map(m => m.dataset.mark)"))
    assert targets == {(a.get("p") or [[a["c"][-1]]])[0][0] for a in legal if len(a["c"]) > 1 and a["c"][0] == piece}
    far = "e5" if "e5" not in targets else "e6"
    page.mouse.click(*centre(page, far))
    wait_idle(page)
    message = page.locator(f"{LIVE} .rp-message")
    assert "Not allowed" in message.inner_text()
    link = message.locator("a.rp-rule-link").first
    anchor = link.get_attribute("href").split("#")[1]
    link.click()
    page.wait_for_url(f"**/splut/index.html#{anchor}")
    assert page.locator(f"[id='{anchor}']").count() == 1, f"the rules page has #{anchor}"


# Refusals that name no rule a player can break: a page author's options, a damaged saved
# state, a card draw the page never offers, a bot with nothing to do
NOT_PLAYERS_RULES = {"options", "state", "chance", "turn"}


def refusal_rules(folder: Path) -> dict[str, str]:
    """Every rule an engine's refusals name ({rule: file:line}), read from its source: the first
    argument of each IllegalAction(...), worked out in its module (constants, rule("...", "C5"))."""
    import ast
    import sys

    from generator.play import load_engine

    engine = load_engine(folder)
    package = sys.modules[type(engine).__module__].__package__
    found = {}
    for path in sorted(folder.glob("*.py")):
        module = sys.modules.get(f"{package}.{path.stem}")
        if module is None:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = getattr(node, "func", None)
            if not (isinstance(node, ast.Call) and getattr(called, "id", getattr(called, "attr", "")) == "IllegalAction"):
                continue
            try:
                rule = eval(compile(ast.Expression(node.args[0]), str(path), "eval"), vars(module))
            except NameError:  # a parameter (`rule`): its callers pass constants, read here too
                continue
            found.setdefault(rule, f"{path.name}:{node.lineno}")
    if engine.moves_rule:  # the session refuses a choice of places that fits no move under it
        found.setdefault(engine.moves_rule, f"{type(engine).__name__}.moves_rule")
    return found


def clicked_refusals(game: str, seeds: int = 3) -> dict[str, str]:
    """Every refusal a reader meets clicking places on the board at random through a few games
    ({rule: an example}): a piece and a place it cannot reach, a place alone, a card and a seat."""
    import json
    import random
    import re

    from generator.browser.session import SessionServer
    from tests.browser.harness import ROOT

    players = {"splash": 4}.get(game, 2)
    server = SessionServer(ROOT / "content")
    rng = random.Random(game)
    found = {}

    def ask(op, **fields):
        return json.loads(server.handle(json.dumps({"op": op, "widget": "w", **fields})))
    for seed in range(seeds):
        view = ask("open", game=game, players=players, seed=seed, computer=list(range(1, players)), bot="beginner")["view"]
        for _ in range(40):
            if view["result"] or not view["legal"]:
                break
            places = sorted(set(re.findall(r'data-cell="([^"]+)"', view["svg"])))
            starts = sorted({entry["c"][0] for entry in view["legal"] if entry["c"]}) + [None]
            for _ in range(5):
                frm, to = rng.choice(starts), rng.choice(places)
                answer = ask("attempt", to=to, **({"from": frm} if frm else {}))
                if answer.get("refused"):
                    found.setdefault(answer["refused"]["rule"], f"{frm} then {to}: {answer['refused']['message']}")
                view = answer.get("view") or view
            if view["result"] or not view["legal"]:
                break
            view = ask("act", action=rng.choice(view["legal"])["n"])["view"]
    return found


@pytest.mark.parametrize("game", sorted({u.split("/")[0] for u in play_pages()}))
def test_every_refusal_of_every_engine_links_to_its_place_in_the_rules(real_site, game):
    """Issue 28.4: each rule a refusal names resolves to anchors (section, clarification) on the built rules page:
    the engine's own refusals, read from its source, and what a reader meets clicking the board (Splat's moves
    are directions and SPLASH!'s passes name no seat: a click there that fits no move is refused under the
    engine's moves_rule)."""
    import re

    from generator.play.api import rule_anchors
    from tests.browser.harness import ROOT

    rules = refusal_rules(ROOT / "content" / game)
    rules.update({rule: f"clicked {example}" for rule, example in clicked_refusals(game).items() if rule not in rules})
    ids = set(re.findall(r'\bid="([^"]+)"', (real_site.folder / game / "index.html").read_text(encoding="utf-8")))
    missing = []
    for rule, where in sorted(rules.items()):
        if rule in NOT_PLAYERS_RULES:
            continue
        anchors = rule_anchors(rule)
        if not anchors:
            missing.append(f"{where}: {rule!r} names no section or clarification")
        missing += [f"{where}: {rule!r} -> {a['anchor']} is not on {game}/index.html"
                    for a in anchors if a["anchor"][1:] not in ids]
    assert len(rules) >= 5 and missing == []


@pytest.mark.parametrize("url", play_pages())
def test_without_javascript_a_play_page_shows_the_board_and_says_play_needs_it(browser, real_site, url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(real_site.url(url))
    section = page.locator(PLAY)
    assert "Play needs JavaScript" in section.locator(".rp-needs-js").inner_text()
    box = section.locator(".rp-board").bounding_box()  # its frame: a board wider than the screen scrolls in it
    assert box["width"] > 300 and box["x"] >= 0 and box["x"] + box["width"] <= 390, "the starting board, in the screen"
    # the drawing itself, not only its frame: one drawing (the engine's narrow layout where its own
    # is too wide), whole in the screen, and nothing scrolls sideways
    shown = static_drawing(page)
    assert shown["drawings"] == 1, shown
    assert shown["left"] >= 0 and shown["right"] <= 390, f"the drawing {shown} is wider than the 390 px screen"
    assert shown["scroll"] == 0, f"the board scrolls sideways by {shown['scroll']} px"
    assert shown["smallest_text_px"] >= 11.9, "the board's words stay readable (12 px)"
    context.close()


@pytest.mark.parametrize("url", play_pages())
def test_without_javascript_a_wide_screen_shows_the_boards_own_drawing(browser, real_site, url):
    """The narrow layout is for narrow frames only: at 1366x900 the starting board is the engine's own."""
    context = browser.new_context(viewport={"width": 1366, "height": 900}, java_script_enabled=False)
    page = context.new_page()
    page.goto(real_site.url(url))
    shown = static_drawing(page)
    assert not shown["narrow"] and shown["scroll"] == 0 and shown["drawings"] == 1, shown
    context.close()


def static_drawing(page) -> dict:
    """The starting board's drawing that the page shows (of its own and its narrow one): where it is,
    whether it is the narrow one, how far its frame scrolls sideways and its smallest word in px."""
    return page.evaluate(f"""() => {{ const board = document.querySelector('{PLAY} > .rp-board');
        const shown = Array.from(board.querySelectorAll('svg')).filter(s => s.getClientRects().length);
        const svg = shown[0], r = svg.getBoundingClientRect(), k = r.width / svg.viewBox.baseVal.width;
        return {{left: r.left, right: r.right, narrow: svg.classList.contains('rp-layout-narrow'), drawings: shown.length,
                 scroll: board.scrollWidth - board.clientWidth,
                 smallest_text_px: Math.min(...Array.from(svg.querySelectorAll('[font-size]'),
                                                          n => parseFloat(n.getAttribute('font-size')) * k))}}; }}""")


@pytest.mark.parametrize("url", play_pages())
def test_a_whole_game_is_played_to_its_end_with_clicks_only(open_page, real_site, url):
    """Issue 28, Done when: each game is played through its Play page by clicks alone, against
    the computer (its first level), until the game says who won."""
    page = open_play(open_page, real_site, url, 1366, 900, "light")
    levels = page.locator(f"{LIVE} select[id$=level]")
    if levels.is_visible():
        levels.select_option(index=0)
        wait_idle(page)
    page.locator(PLAY).get_by_role("button", name="New game").click()
    wait_idle(page)
    for _ in range(600):
        if view(page)["result"] is not None:
            break
        click_move(page)
    else:
        pytest.fail(f"no end after 600 of the reader's moves ({len(view(page)['log'])} in the log)")
    assert view(page)["result"]["text"] in page.inner_text(f"{LIVE} .rp-status")
    assert page.watch.errors == []


@pytest.mark.parametrize("game,size,choice", [("splash", "6", None), ("shoot", "4", "normal")])
def test_the_reader_picks_how_many_play_and_which_game_in_the_bar(open_page, real_site, game, size, choice):
    """Issue 28.5: SPLASH! against two to five computer players, SHOOT against one to three HEROES in
    the beginner or the normal game: a pick in the bar starts that game, the board shows every seat."""
    page = open_play(open_page, real_site, f"{game}/play.html", 1366, 900, "light")
    page.select_option(f"{LIVE} select[id$='-table']", size)
    page.wait_for_function(f"() => (window.__answers.filter(a => a.view).at(-1) || {{}}).view.players.length === {size}")
    wait_idle(page)
    if choice:
        page.select_option(f"{LIVE} select[id*='-choose-']", choice)
        page.wait_for_function(f"() => window.__answers.filter(a => a.view).at(-1).view.options.cards === '{choice}'")
        wait_idle(page)
        assert view(page)["options"] == {"cards": choice} and len(view(page)["players"]) == int(size)
    seats = page.eval_on_selector_all(f"{LIVE} .rp-live-board [data-cell]", "ns => ns.map(n => n.dataset.cell)")
    assert f"P{size}" in seats and view(page)["players"][-1]["computer"]
    assert page.watch.errors == []

