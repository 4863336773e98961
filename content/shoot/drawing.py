"""Splatter SHOOT: the status diagram, drawn with generator.draw.shapes.

Each player's panel (Medical Record, damage track, Weapon, Gadgets, wounds,
kills and deaths), then a strip for the table: whose turn, the decks, what
lies on the battlefield and the latest Splattercards drawn. Cells named in
the diagram ("P2", "P2.head", "P2.damage") are what engine.cells highlights.

A state is taken duck-typed (an engine.ShootState): the engine imports this
module to render, so this one never imports the engine.
Standard library only: this module runs in the browser under Pyodide.
"""
from __future__ import annotations

from generator.draw.shapes import Circle, Drawing, Line, Rect, Style, Text

from .board import BANDS, DEATH_DAMAGE, LOCATION_INDEX, LOCATIONS, PLAYER_COLOURS, lengths, pname
from .cards import cannot_attack, card, lost_locations, minus_movement, movement_allowance, weapon

PANEL_W, PANEL_H = 88.0, 64.0  # one player's panel, in mm (two panels a row)
# The smallest text: at least 6 pt on paper where the drawing prints smallest, across the A5
# booklet's page on US Letter (109 mm wide; 3.4 mm was 5.6 pt there). On screen the diagram is
# shown wide enough for it to be 12 px (generator/interactive/diagram.py)
TEXT = 3.7
LINE_CHARS = 22  # what a panel's text column holds at that size
CARD_CHARS = 20  # what a drawn card's line holds at that size (in bold, its title ran past the card)
HIGHLIGHT = Style(fill=None, stroke="#ff7a00", stroke_width=1.2)


def draw_status(state, highlight: tuple[str, ...] = ()) -> Drawing:
    """Each player's Medical Record, damage track, Weapon and Gadgets, then the latest cards drawn."""
    shapes: list = []
    rows = (state.players + 1) // 2
    for p in range(state.players):
        x0 = 2 + (p % 2) * (PANEL_W + 4)
        y0 = 2 + (p // 2) * (PANEL_H + 4)
        shapes += _hero_panel(state, p, x0, y0, highlight)
    y = 2 + rows * (PANEL_H + 4)
    shapes += _table_strip(state, 2, y)
    return Drawing(184.0, y + 34.0, tuple(shapes), title="Splatter SHOOT: the players' status")


def _hero_panel(state, p: int, x0: float, y0: float, highlight) -> list:
    hero = state.heroes[p]
    colour_name, colour = PLAYER_COLOURS[p]
    cell = pname(p)
    shapes: list = [Rect(x0, y0, PANEL_W, PANEL_H, Style(fill="#fbfaf7", stroke=colour, stroke_width=0.8), rx=2,
                         cell=cell, role="panel")]
    if cell in highlight:
        shapes.append(Rect(x0 - 0.6, y0 - 0.6, PANEL_W + 1.2, PANEL_H + 1.2, HIGHLIGHT, rx=2.5, role="highlight"))
    shapes.append(Rect(x0, y0, PANEL_W, 8, Style(fill=colour), rx=2, role="header"))
    status = "dead" if not hero.alive else "alive"
    if hero.out:
        status = "out of lives"
    marks = []
    if state.current == p and state.winners is None:
        marks.append("to play")
    if state.flag == p:
        marks.append("has the Flag")
    shapes.append(Text(x0 + 3, y0 + 5.8, f"{cell} {colour_name}", 4.0, fill="#ffffff", bold=True))
    shapes.append(Text(x0 + PANEL_W - 3, y0 + 5.8, ", ".join([status] + marks), TEXT, fill="#ffffff", anchor="end"))
    # the body of the Medical Record
    hits: dict[str, int] = {}
    for cid in hero.record:
        loc = card(cid).hit
        hits[loc] = hits.get(loc, 0) + 1
    lost = lost_locations(hero)
    bx, by, scale = x0 + 2, y0 + 10, 0.78
    shapes.append(Line(bx + 20 * scale, by + 8 * scale, bx + 20 * scale, by + 40 * scale,
                       Style(stroke="#999999", stroke_width=0.6)))
    for loc in LOCATIONS:
        cx, cy = bx + loc.x * scale, by + loc.y * scale
        name = f"{cell}.{loc.key}"
        if loc.key in lost:
            fill = "#555555"
        elif hits.get(loc.key):
            fill = "#e06666" if hits[loc.key] == 1 else "#a61c1c"
        else:
            fill = "#ffffff"
        radius = 4.2 if loc.key in ("head", "torso") else 3.0
        shapes.append(Circle(cx, cy, radius, Style(fill=fill, stroke=colour, stroke_width=0.5), cell=name,
                             role="location"))
        if name in highlight:
            shapes.append(Circle(cx, cy, radius + 1.0, HIGHLIGHT, role="highlight"))
        if loc.key in lost:
            shapes.append(Text(cx, cy + 1.2, "X", TEXT, fill="#ffffff", anchor="middle", bold=True))
    # damage track 0-10: the filled boxes, and the count in words above them
    tx, ty = x0 + 36, y0 + 11
    shapes.append(Text(tx, ty + 3.0, f"Damage {hero.damage} of {DEATH_DAMAGE}", TEXT, bold=True))
    for d in range(DEATH_DAMAGE + 1):
        fill = "#ffffff"
        if d <= hero.damage and d > 0:
            fill = "#a61c1c" if hero.damage >= DEATH_DAMAGE else "#e06666"
        x = tx + d * 4.5
        shapes.append(Rect(x, ty + 4.5, 4.2, 4, Style(fill=fill, stroke="#666666", stroke_width=0.3),
                           cell=f"{cell}.damage", role="track"))
    if f"{cell}.damage" in highlight:
        shapes.append(Rect(tx - 0.5, ty + 4, 50.5, 5, HIGHLIGHT, role="highlight"))
    lines = []
    w = hero.weapon
    if w:
        wp = weapon(w)
        draws = " ".join(f"{b if b != 'inf' else '∞'}:{n if n else '-'}" for b, n in zip(BANDS, wp.draws))
        lines.append(f"{w} {draws}")
        jams = [box.short() for box in wp.jams]
        lines.append("JAM " + " ".join(f"{'ABC'[i]}{' ' + j if j != 'empty' else '–'}" for i, j in enumerate(jams)))
    else:
        lines.append("Weapon: none")
    lines.append("Gadgets: " + (", ".join(hero.gadgets) if hero.gadgets else "none"))
    wounds = []
    if minus_movement(hero):
        wounds.append(f"minus movement {minus_movement(hero)}")
    if cannot_attack(hero):
        wounds.append("cannot attack")
    if hero.trap_turns:
        wounds.append("trapped")
    lines.append("Record: " + (" ".join(hero.record) if hero.record else "empty")
                 + (f" ({', '.join(wounds)})" if wounds else ""))
    lines.append(f"Kills {hero.kills}   Deaths {hero.deaths}")
    for i, text in enumerate(lines):
        shapes.append(Text(x0 + 36, y0 + 24.5 + i * 5.4, _fit(text, LINE_CHARS), TEXT))
    return shapes


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _table_strip(state, x0: float, y0: float) -> list:
    shapes: list = [Rect(x0, y0, 180, 30, Style(fill="#f1efe8", stroke="#999999", stroke_width=0.3), rx=2,
                         role="table")]
    info = f"Turn {state.turn_no}"
    if state.winners is not None:
        info += " - game over: " + state.ending
    else:
        info += f" - {pname(state.current)} "
        info += "moving" if state.moving else ("deciding" if state.phase == "start" else "standing")
        if state.action_card:
            info += f", action card {state.action_card} ({lengths(movement_allowance(state, state.current))})"
    shapes.append(Text(x0 + 3, y0 + 5, info, TEXT, bold=True))
    shapes.append(Text(x0 + 3, y0 + 10, f"Splattercards: deck {sum(state.deck)}, discard {sum(state.discard)}"
                                        + (f"   On the battlefield: {', '.join(n for n, _ in state.field)}"
                                           if state.field else ""), TEXT))
    for i, cid in enumerate(state.last_cards[-4:]):  # the latest four, large enough to read
        c = card(cid)
        x = x0 + 3 + i * 44
        fill = "#fff4c2" if c.is_jam else "#ffffff"
        shapes.append(Rect(x, y0 + 12.5, 42.5, 16.5, Style(fill=fill, stroke="#444444", stroke_width=0.3), rx=1,
                           role="card"))
        shapes.append(Text(x + 1.5, y0 + 16.5, _fit(f"{c.id} {c.title}", CARD_CHARS), TEXT))
        if c.is_jam:
            summary = f"JAM {c.jam}"
        elif c.death:
            summary = "Death (head)"
        elif c.is_hit:
            summary = f"{LOCATION_INDEX[c.hit].label} {c.action} str. {c.still} pl."
        else:
            summary = "Miss"
        shapes.append(Text(x + 1.5, y0 + 21.5, _fit(summary, CARD_CHARS), TEXT))
        shapes.append(Text(x + 1.5, y0 + 26.5, f"move {c.move} heal {c.heal} {c.answer}", TEXT))
    return shapes
