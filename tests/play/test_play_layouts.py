"""A board drawn for a phone held upright (issue 28.1): an engine may list other arrangements
of its drawing (`Engine.layouts`); the Play page asks for "narrow" where the board's own
arrangement is wider than the screen at readable text, and the session draws every board,
the replayed ones too, in it. SHOOT's HERO panels, two to a row, become one compact panel a row
(four HEROES and the table in a phone's first screen); Splat's side panel narrows; SiTTeRS,
Splut! and SPLASH! keep their boards with larger words."""
from __future__ import annotations

import json
import random
import re

import pytest

from generator.browser.diagram import READABLE_PX
from generator.browser.diagram import diagram_svg
from generator.browser.session import SessionServer
from generator.draw.preflight import diagram_findings
from generator.play import load_engine
from generator.play.api import Joint
from generator.play.match import Match, draw_outcome
from tests.browser.harness import ROOT
from tests.interactive.helpers import FIXTURE

CONTENT = ROOT / "content"
PHONE_FRAME_PX = 345  # a 390 px screen less the page's margins and the board's frame
# (game, players): SHOOT against one, two and three computer HEROES
TABLES = [("shoot", 2), ("shoot", 3), ("shoot", 4), ("splat", 4), ("splut", 4), ("sitters", 2), ("splash", 4),
          ("splash", 6)]
PHONE_BOARD_PX = 500  # below the page's title and the game's bar at 390x844 (the board's top at 341 px)


def ask(server: SessionServer, op: str, **fields) -> dict:
    answer = json.loads(server.handle(json.dumps({"op": op, "widget": "w", **fields})))
    assert answer["ok"], answer
    return answer


def readable_px(svg: str) -> float:
    """How wide the board must show for its smallest text to reach 12 px."""
    width = float(re.search(r'viewBox="[-0-9.]+,[-0-9.]+,([0-9.]+),', svg).group(1))
    smallest = min(float(size) for size in re.findall(r'font-size="([0-9.]+)"', svg))
    return width * READABLE_PX / smallest


def cells(svg: str) -> set[str]:
    return set(re.findall(r'data-cell="([^"]+)"', svg))


def test_shoots_narrow_board_is_whole_on_a_phone_at_readable_text_with_the_same_places():
    server = SessionServer(CONTENT)
    wide = ask(server, "open", game="shoot", players=2, seed=3, options={"cards": "beginner"}, computer=[1])["view"]
    assert readable_px(wide["svg"]) > PHONE_FRAME_PX, "the usual board would scroll on a phone"
    narrow = ask(server, "view", layout="narrow")["view"]
    assert narrow["layout"] == "narrow" and narrow["layouts"] == ["narrow"]
    assert readable_px(narrow["svg"]) <= PHONE_FRAME_PX
    assert cells(narrow["svg"]) == cells(wide["svg"]), "every place a reader can choose is on both"
    assert ask(server, "view", layout="")["view"]["svg"] == wide["svg"]


def test_a_game_opened_for_a_phone_keeps_its_layout_through_moves_and_replay():
    server = SessionServer(CONTENT)
    view = ask(server, "open", game="shoot", players=2, seed=5, options={"cards": "beginner"}, computer=[1],
               layout="narrow")["view"]
    view = ask(server, "act", action=view["legal"][0]["n"])["view"]
    assert view["layout"] == "narrow" and readable_px(view["svg"]) <= PHONE_FRAME_PX
    replayed = ask(server, "replay", step=1)["replay"]
    assert readable_px(replayed["svg"]) <= PHONE_FRAME_PX


def test_an_engine_without_the_layout_draws_its_own_board():
    server = SessionServer(FIXTURE / "content")
    plain = ask(server, "open", game="hop", players=2, seed=1)["view"]
    asked = ask(server, "view", layout="narrow")["view"]
    assert asked["layout"] == "" and asked["svg"] == plain["svg"]


def states(game: str, players: int, seed: int, every: int = 9):
    """States of a random game, one in `every`."""
    engine = load_engine(CONTENT / game)
    match = Match(engine, players, {}, seed)
    rng = random.Random(seed)
    for step in range(600):
        turn = match.turn
        if turn.kind == "over":
            return
        if turn.kind == "chance":
            match.apply(draw_outcome(match.chance_outcomes(), match.chance_rng()))
        elif turn.kind == "joint":
            match.apply(Joint(tuple(rng.choice(engine.legal_actions(match.state, p)) for p in turn.players)))
        else:
            match.apply(rng.choice(engine.legal_actions(match.state, turn.player)))
        if step % every == 0:
            yield engine, match.state


@pytest.mark.parametrize("game,players", TABLES)
def test_every_games_narrow_board_reads_at_12_px_on_a_phone_and_passes_preflight(game, players):
    """Whole in a phone's first screen beside 12 px words, no word over another or over a line,
    every word legible on what lies under it; and the same places to choose as the usual board."""
    seen = 0
    for seed in range(3):
        for engine, state in states(game, players, seed):
            svg = diagram_svg(engine, state, (), id_prefix="n", label="n", layout="narrow")
            assert readable_px(svg) <= PHONE_FRAME_PX
            width, height = (float(v) for v in re.search(r'viewBox="[-0-9.]+,[-0-9.]+,([0-9.]+),([0-9.]+)', svg).groups())
            assert height * PHONE_FRAME_PX / width <= PHONE_BOARD_PX, "whole in the first screen"
            drawing = engine.render(state, (), layout="narrow")
            assert diagram_findings(drawing, "narrow", ()) == [], state
            assert cells(svg) == cells(diagram_svg(engine, state, (), id_prefix="n", label="n"))
            seen += 1
    assert seen >= 3


def test_shoots_phone_panel_keeps_what_a_player_needs_whole():
    """The compact panel of a table of four (issue 28.1) still says, uncut, each HERO's damage,
    Weapon, JAM boxes, kills and deaths, lasting wounds, whose turn it is and who has the Flag;
    only the Gadgets (and the Record's cards after them) may run out of room at the line's end."""
    from generator.draw.shapes import Rect, Text

    met = set()
    for seed in range(4):
        for engine, state in states("shoot", 4, seed, every=4):
            drawing = engine.render(state, (), layout="narrow")
            table = next(s.y for s in drawing.shapes if isinstance(s, Rect) and s.role == "table")
            words = [s.text for s in drawing.shapes if isinstance(s, Text) and s.y < table]
            panels = " | ".join(words)
            for p, hero in enumerate(state.heroes):
                expected = [f"Damage {hero.damage} of 10", f"Kills {hero.kills} Deaths {hero.deaths}",
                            hero.weapon or "Weapon: none"] + (["JAM "] if hero.weapon else [])
                if hero.trap_turns:
                    expected.append("trapped")
                    met.add("a wound")
                if p == state.current and state.winners is None:
                    expected.append("to play")
                if p == state.flag:
                    expected.append("Flag")
                    met.add("the Flag")
                assert all(e in panels for e in expected), (p, expected, words)
            cut = [w for w in words if w.endswith("…")]
            assert all("Gadgets:" in w for w in cut), cut
    assert met == {"a wound", "the Flag"}, "the games met a wound and the Flag"
