"""A board drawn for a phone held upright (issue 28.1): an engine may list other arrangements
of its drawing (`Engine.layouts`); the Play page asks for "narrow" where the board's own
arrangement is wider than the screen at readable text, and the session draws every board,
the replayed ones too, in it. SHOOT's HERO panels, two to a row, become one compact panel a row
(four HEROES and the table in a phone's first screen); Splat's side panel narrows; SiTTeRS,
Splut! and SPLASH! keep their boards with larger words."""
from __future__ import annotations

import json
import math
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


def dark_theme_colours() -> dict[str, str]:
    """The dark theme's paper and ink for diagrams, as play.css sets them."""
    css = (ROOT / "templates" / "assets" / "play.css").read_text(encoding="utf-8")
    rule = re.search(r':root\[data-theme="dark"\] \{([^}]*)\}', css).group(1)
    return dict(re.findall(r"--rp-(paper|ink): (#[0-9a-f]{6})", rule))


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def words_on_the_dark_theme(svg: str) -> list[tuple[str, float]]:
    """Each word of a site diagram with its contrast against the filled shape under it, as the
    dark theme shows them (the themed classes take play.css's colours; the rest keep their own)."""
    import xml.etree.ElementTree as ET

    theme = dark_theme_colours()
    ns = "{http://www.w3.org/2000/svg}"

    def shown(node, part: str) -> str:
        tone = next((t for t in ("paper", "ink") if f"rp-{t}-{part}" in (node.get("class") or "").split()), "")
        return theme[tone] if tone else node.get(part)

    under: list[tuple] = []  # filled boxes so far, in drawing order: (x0, y0, x1, y1, colour)
    found = []
    for node in ET.fromstring(svg).iter():
        fill = node.get("fill")
        if node.tag == f"{ns}rect" and fill and fill != "none":
            x, y = float(node.get("x")), float(node.get("y"))
            under.append((x, y, x + float(node.get("width")), y + float(node.get("height")), shown(node, "fill")))
        elif node.tag == f"{ns}circle" and fill and fill != "none":
            cx, cy, r = (float(node.get(k)) for k in ("cx", "cy", "r"))
            under.append((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7, shown(node, "fill")))
        elif node.tag == f"{ns}text":
            x, y = float(node.get("x")), float(node.get("y")) - float(node.get("font-size")) * 0.35
            ground = next((c for x0, y0, x1, y1, c in reversed(under) if x0 <= x <= x1 and y0 <= y <= y1),
                          theme["paper"])
            found.append((node.text, contrast(shown(node, "fill"), ground)))
    return found


@pytest.mark.parametrize("layout", ["", "narrow"])
def test_shoots_table_strip_and_the_cards_on_it_follow_the_dark_theme(layout):
    """The strip under SHOOT's HERO panels (whose turn, the piles, the latest cards drawn) darkens
    with the dark theme like the other games' boards, and every word on it and on its cards keeps
    a contrast of 4.5 or more: the strip stayed light, and the cards' words black on dark paper."""
    seen_cards = 0
    for seed in range(3):
        for engine, state in states("shoot", 2 + seed, seed, every=3):
            svg = diagram_svg(engine, state, (), id_prefix="d", label="d", layout=layout)
            assert 'data-role="table"' in svg and re.search(r'<rect class="rp-paper-fill[^>]*data-role="table"', svg)
            faint = [(text, round(ratio, 2)) for text, ratio in words_on_the_dark_theme(svg) if ratio < 4.5]
            assert faint == [], faint
            seen_cards += svg.count('data-role="card"')
    assert seen_cards >= 3, "the games drew cards onto the table"


@pytest.mark.parametrize("game,players", [("shoot", 2), ("sitters", 2), ("splash", 4), ("splat", 2), ("splut", 2)])
def test_a_play_sections_still_board_carries_the_narrow_drawing_for_frames_too_narrow_for_its_own(game, players):
    """Before JavaScript (or without it) a phone sees the engine's narrow drawing: the section holds both,
    the narrow one sized for its words alone (a phone's frame), and names the width below which play.css
    shows it: at least the own drawing's width, so that the own one never scrolls where it is shown."""
    from generator.interactive.widgets import NARROW_BELOW_PX, static_boards

    engine = load_engine(CONTENT / game)
    state = engine.initial_state(players)
    boards = static_boards(engine, state, "w", "start")
    own_px = float(re.search(r'<svg [^>]*?\bwidth="([0-9.]+)"', boards["svg"]).group(1))
    below = int(re.fullmatch(r" rp-two-layouts rp-narrow-below-(\d+)", boards["board_class"]).group(1))
    assert below in NARROW_BELOW_PX and own_px <= below < own_px + 64
    assert 'class="rp-diagram rp-layout-narrow"' in boards["narrow_svg"]
    assert readable_px(boards["narrow_svg"]) <= PHONE_FRAME_PX
    assert f'width="{math.ceil(readable_px(boards["narrow_svg"]))}"' in boards["narrow_svg"], "as wide as its words need"
    assert cells(boards["narrow_svg"]) == cells(boards["svg"])
    assert static_boards(engine, state, "w", "start") == boards, "the same bytes from the same sources"


def test_play_css_shows_the_narrow_drawing_below_every_width_a_section_can_name():
    from generator.interactive.widgets import NARROW_BELOW_PX

    css = (ROOT / "templates" / "assets" / "play.css").read_text(encoding="utf-8")
    for px in NARROW_BELOW_PX:
        assert (f"@container (width < {px}px) {{ .rp-narrow-below-{px} > svg.rp-layout-narrow {{ display: block; }} "
                f".rp-narrow-below-{px} > svg:not(.rp-layout-narrow) {{ display: none; }} }}") in css, px
