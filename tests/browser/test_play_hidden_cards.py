"""Honest play (issue 40, Done when): seeded SPLASH! and SHOOT games on their Play pages, in Chromium.

Before a game ends the live game (its text, every attribute: aria-*, title, data-*, the SVG) and
the page's title hold no card the reader's seat (P1) may not see; after the end everything is
shown. `?seed=N` fixes the page's games (N, then N+1 for each new game), so each run meets the
same deals. A game is moved on by the page's own "Computer move" (a click each) and finished
through the page's worker, the way the page itself talks to it.
"""
from __future__ import annotations

import re
from pathlib import Path

from generator.play import load_engine
from generator.play.match import Match
from tests.browser.test_play_pages import CAPTURE, LIVE, PLAY, wait_idle
from tests.browser.harness import PYODIDE_TIMEOUT_MS
from tests.play.test_play_hidden_information import HIDDEN_ONLY_PATTERNS, PASSED, _shoot_module, _shoot_seen_names

CONTENT = Path(__file__).resolve().parents[2] / "content"
SPLASH_GAMES = 20
SHOOT_GAMES = 10
FIRST_SEED = 4000

# Everything the live game says or carries: its text, every attribute of every element (the SVG's
# too), and the page's title. Attributes are written name="value", as the patterns expect.
EVERYTHING = f"""() => {{
    const root = document.querySelector('{LIVE}');
    const parts = [document.title, root.innerText];
    root.querySelectorAll('*').forEach(node => Array.from(node.attributes).forEach(
        a => parts.push(`${{a.name}}="${{a.value}}"`)));
    return parts.join('\\n');
}}"""

# The worker plays P1's moves as the computer would until the game ends; then one click on the page's
# "Computer move" asks for the board again (the game is over, so the page shows what the end shows).
FINISH = f"""async () => {{
    const section = document.querySelector('{PLAY}');
    for (let i = 0; i < 3000; i++) {{
        const answer = await window.rulepressPlay.call(section.dataset.bundle, {{op: 'bot', widget: section.id}});
        if (!answer.ok) return !!(answer.view && answer.view.result);  // over already: nothing to play
        if (answer.view.result) return true;
    }}
    return false;
}}"""


def open_seeded(open_page, real_site, game: str):
    page = open_page(1366, "light")
    page.add_init_script(CAPTURE)
    page.goto(real_site.url(f"{game}/play.html?seed={FIRST_SEED}"))
    page.wait_for_selector(f'{LIVE}[aria-busy="false"] .rp-live-board svg', timeout=PYODIDE_TIMEOUT_MS)
    return page


def last_view(page) -> dict:
    return page.evaluate(f"""() => {{ const id = document.querySelector('{PLAY}').id;
        return window.__answers.filter(a => a.view && a.view.widget === id).at(-1).view; }}""")


def computer_move(page) -> None:
    before = page.evaluate("() => window.__answers.length")
    page.locator(LIVE).get_by_role("button", name="Computer move").click()
    page.wait_for_function(f"() => window.__answers.length > {before}")
    wait_idle(page)


def finish(page) -> dict:
    if last_view(page)["result"] is None:  # a short game may have ended under the looks already
        assert page.evaluate(FINISH), "the game ended"
        computer_move(page)
    end = last_view(page)
    assert end["result"] is not None
    return end


def new_game(page) -> None:
    before = page.evaluate("() => window.__answers.length")
    page.locator(PLAY).get_by_role("button", name="New game").click()
    page.wait_for_function(f"() => window.__answers.length > {before}")
    wait_idle(page)


def splash_findings(everything: str) -> list[str]:
    found = [what for what, pattern in HIDDEN_ONLY_PATTERNS.items() if pattern.search(everything.replace('"', '\\"'))]
    found += [f"{passer} passes {card} to {to}" for passer, card, to in PASSED.findall(everything)
              if card != "a card" and "P1" not in (passer, to)]
    return found


def test_seeded_splash_games_show_p1_only_its_own_cards_until_the_end(open_page, real_site):
    page = open_seeded(open_page, real_site, "splash")
    seeds = []
    for game in range(SPLASH_GAMES):
        for look in range(3):
            if look:
                computer_move(page)
            view = last_view(page)
            if view["result"]:
                break
            everything = page.evaluate(EVERYTHING)
            assert splash_findings(everything) == [], f"game {game}, after {len(view['log'])} steps"
            assert page.locator(f"{LIVE} .rp-live-board [data-role=card-back]").count() > 0
        if game == 0:  # looking back before the end is still P1's view; no link yet
            page.locator(f"{LIVE} .rp-history li").nth(5).locator("button").click()
            page.wait_for_selector(f"{LIVE}.rp-replaying")
            assert splash_findings(page.evaluate(EVERYTHING)) == []
            page.get_by_role("button", name="Back to the game").click()
            wait_idle(page)
            page.get_by_role("button", name="Share link to this game").click()
            assert "once it ends" in page.inner_text(f"{LIVE} .rp-message")
            assert page.locator(f"{LIVE} .rp-link").is_hidden()
        end = finish(page)
        assert end["position"], "the end can be shared"
        assert page.locator(f"{LIVE} .rp-live-board [data-role=card-back]").count() == 0
        assert page.locator(f"{LIVE} .rp-live-board [data-cell^='P2.']").count() > 0, "the end shows every hand"
        assert any(entry.startswith("deal ") for entry in end["log"]), "the end's log names every card"
        seeds.append(end["log"][:16])
        new_game(page)
    assert len({tuple(log) for log in seeds}) == SPLASH_GAMES, "each seed deals its own game (the whole deal, seen at the end)"
    assert page.watch.errors == []


def test_seeded_shoot_games_never_show_a_hidden_weapon_or_gadget_until_the_end(open_page, real_site):
    engine = load_engine(CONTENT / "shoot")
    permanent = {g.name for g in _shoot_module().GADGETS if g.duration == "permanent"}
    page = open_seeded(open_page, real_site, "shoot")
    for game in range(SHOOT_GAMES):
        looks = []
        for look in range(4):
            if look:
                computer_move(page)
            view = last_view(page)
            if view["result"]:
                break
            assert view["position"] is None
            looks.append((len(view["log"]), page.evaluate(EVERYTHING)))
        end = finish(page)
        match = Match.from_position(engine, end["position"])
        # the truth behind each look: the game replayed to that step, with all that P1 had seen by then
        seen: set[str] = set()
        for step, everything in looks:
            for back in range(step + 1):
                match.goto(back)
                _shoot_seen_names(match.state, seen)
            seen.update(name for name in permanent for events in match.events for event in events
                        if f"the {name} " in event.text)
            hidden = {name for hero in match.state.heroes[1:] if hero.alive
                      for name in (*hero.gadgets, *([hero.weapon] if hero.weapon and not hero.weapon_shown else []))}
            shown = sorted(name for name in hidden - seen if re.search(rf"\b{re.escape(name)}\b", everything))
            assert shown == [], f"game {game}, after {step} steps: P1 sees {shown}"
        board = page.inner_text(f"{LIVE} .rp-live-board") + page.inner_html(f"{LIVE} .rp-live-board")
        assert "Weapon: hidden" not in board and " hidden" not in board, "the end shows every hand"
        new_game(page)
    assert page.watch.errors == []
