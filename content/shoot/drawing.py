"""Splatter SHOOT: the status diagram, drawn with generator.draw.shapes.

Each player's panel (Medical Record, damage track, Weapon, Gadgets, wounds,
kills and deaths), then a strip for the table: whose turn, the decks, what
lies on the battlefield and the latest Splattercards drawn. Cells named in
the diagram ("P2", "P2.head", "P2.damage") are what engine.cells highlights.
On a phone (the "narrow" layout) each panel is one compact row, so that a table of
four HEROES fits the first screen at 12 px text.

A state is taken duck-typed (an engine.ShootState): the engine imports this
module to render, so this one never imports the engine.
Standard library only: this module runs in the browser under Pyodide.
"""
from __future__ import annotations

from generator.draw.colour import ink_on
from generator.draw.shapes import Circle, Drawing, Line, Rect, Style, Text

from .board import BANDS, DEATH_DAMAGE, HIDDEN, LOCATION_INDEX, LOCATIONS, PLAYER_COLOURS, lengths, pname
from .cards import cannot_attack, card, lost_locations, minus_movement, movement_allowance, weapon

WIDTH = 184.0
PANEL_W = 88.0  # one player's panel, in mm (two panels a row)
# The smallest text, all of the diagram's words: a rulebook figure's labels print at 7 pt or more,
# and the diagram prints smallest across the A5 booklet's page on US Letter (109 mm wide, 0.59 mm
# on paper per mm drawn: 3.7 mm was 6.2 pt). On screen the diagram is shown wide enough for it to be 12 px
TEXT = 4.2
LINE_H = 5.5  # from one line of text to the next
# The font's average advance for these labels, a little generous (digits and capitals are wide):
# what a line of a given width holds, without font metrics (this module runs in the browser)
EM_PER_CHAR = 0.62
# A panel: the Medical Record's body on the left, beside it the damage track and what only
# needs a short line (the Weapon's name and draws, kills and deaths, wounds); under the body,
# across the panel, the long lines (the JAM boxes, Gadgets, the Record's cards). Kept low
# enough for two steps of a walkthrough to share a page of the A5 booklet.
BODY_SCALE = 0.62  # the Medical Record's own units (medical.csv) to mm
BODY_W = 29.0  # the body's column
BELOW_BODY = 57.0  # the first line across the panel, under the feet (and under six short lines)
PANEL_H = BELOW_BODY + 2 * LINE_H + 3
CARD_H = 3 * LINE_H + 2
STRIP_H = 2 * LINE_H + 2.5 + CARD_H + 2  # two lines, then a row of cards
CARDS_SHOWN = 3  # the latest cards drawn, each wide enough for its longest line
HIGHLIGHT = Style(fill=None, stroke="#ff7a00", stroke_width=1.2)
# The table strip's paper: near enough to white that the site's diagrams count it as paper
# (generator/draw/svg.py neutral_tone), so in the dark theme it darkens with the panels and its
# words and the cards drawn on it take the theme's ink; a board colour there stayed light, and
# the cards' words stayed black on the dark theme's paper
TABLE_FILL = "#f5f4f0"
# A lost location's grey: just lighter than the greys the site's diagrams count as ink (svg.py
# neutral_tone: up to #666666), so the dark theme keeps it grey under its white cross; #555555
# counted as ink and turned light there, behind white
LOST_FILL = "#6b6b6b"
# Portrait, for a phone: one panel a row, as wide as a phone's screen holds at 12 px text
# (120 mm of 4.2 mm text in 343 px). Four HEROES and the table must fit the first screen under
# the page's title and bar (503 px at 390x844: 176 mm), so a panel is a header (name, what is
# happening to them, kills and deaths) and four lines beside a small body: 31 mm, not 52
NARROW_W = 120.0
NARROW_HEADER_H = 7.0
NARROW_PANEL_H = NARROW_HEADER_H + 4 * LINE_H + 2
NARROW_GAP = 2.0
NARROW_BODY_SCALE = 0.35  # the body in a column 15 mm wide, as tall as the four lines
NARROW_LINES_X = 17.5  # the lines' left edge, from the panel's, clear of the body
TRACK_BESIDE = 44.0  # the damage boxes' left edge from their count's, clear of "Damage 10 of 10" in bold
NARROW_CARDS = 2
LAYOUTS = ("narrow",)
# Drawn for a rulebook's page only (Engine.print_layouts): the phone's panels over a table strip of
# lines, not cards, so that three steps of a walkthrough share a page of the A5 booklet
PRINT_LAYOUTS = ("book",)
BOOK_STRIP_LINES = 3  # whose turn and the piles, then the two latest cards drawn, a line each


def draw_status(state, highlight: tuple[str, ...] = (), layout: str = "") -> Drawing:
    """Each player's Medical Record, damage track, Weapon and Gadgets, then the latest cards drawn."""
    if layout in ("narrow", "book"):
        return _draw_narrow(state, highlight, book=layout == "book")
    shapes: list = []
    rows = (state.players + 1) // 2
    for p in range(state.players):
        x0 = 2 + (p % 2) * (PANEL_W + 4)
        y0 = 2 + (p // 2) * (PANEL_H + 4)
        shapes += _hero_panel(state, p, x0, y0, highlight)
    y = 2 + rows * (PANEL_H + 4)
    shapes += _table_strip(state, 2, y)
    return Drawing(WIDTH, y + STRIP_H + 2, tuple(shapes), title="Splatter SHOOT: the players' status")


def _draw_narrow(state, highlight: tuple[str, ...], book: bool = False) -> Drawing:
    """The same status, one compact panel a row (a narrow screen); `book`: under them the table
    as lines of words (a rulebook's page), not a row of cards."""
    shapes: list = []
    top, gap = (1.0, 1.5) if book else (2.0, NARROW_GAP)  # on paper the strip's cell pads the drawing
    for p in range(state.players):
        shapes += _narrow_panel(state, p, 2, top + p * (NARROW_PANEL_H + gap), highlight)
    y = top + state.players * (NARROW_PANEL_H + gap)
    if book:
        shapes += _table_lines(state, 2, y, NARROW_W - 4)
        height = BOOK_STRIP_LINES * LINE_H + 2.5
    else:
        shapes += _table_strip(state, 2, y, NARROW_W - 4, NARROW_CARDS)
        height = STRIP_H
    return Drawing(NARROW_W, y + height + top, tuple(shapes), title="Splatter SHOOT: the players' status")


def _narrow_panel(state, p: int, x0: float, y0: float, highlight) -> list:
    """Player `p`'s panel across the screen: the header, then the body on the left and four
    lines beside it (the damage track; the Weapon and its draws; its JAM boxes; the wounds'
    effects, the Gadgets and the Record's cards)."""
    colour = PLAYER_COLOURS[p][1]
    cell, hero, width = pname(p), state.heroes[p], NARROW_W - 4
    shapes: list = [Rect(x0, y0, width, NARROW_PANEL_H, Style(fill="#fbfaf7", stroke=colour, stroke_width=0.8),
                         rx=2, cell=cell, role="panel")]
    if cell in highlight:
        shapes.append(Rect(x0 - 0.6, y0 - 0.6, width + 1.2, NARROW_PANEL_H + 1.2, HIGHLIGHT, rx=2.5,
                           role="highlight"))
    shapes += _narrow_header(state, p, x0, y0, width)
    shapes += _body(hero, cell, colour, x0 + 1.5, y0 + NARROW_HEADER_H + 0.1, highlight, NARROW_BODY_SCALE)
    left = x0 + NARROW_LINES_X
    first = y0 + NARROW_HEADER_H + 4.5  # the first line's baseline
    shapes += _damage_track(hero, cell, left, first - 3.3, highlight, beside=TRACK_BESIDE)
    room = x0 + width - 2 - left
    for i, text in enumerate((_weapon_line(hero), _jam_line(hero, room), _last_line(hero, room))):
        if text:  # a HERO without a Weapon has no JAM boxes: the line stays empty
            shapes.append(Text(left, first + (i + 1) * LINE_H, _fit(text, room), TEXT))
    return shapes


def _last_line(hero, room: float) -> str:
    """The wounds' effects and the Gadgets, then the Record's cards where there are some and the
    line has room for them: what they did is on the body (each location hit or lost) and in the
    wounds' words."""
    line = "; ".join(_wounds(hero) + [_gadgets_line(hero)])
    whole = f"{line}; {_record_line(hero)}"
    return whole if hero.record and _text_width(whole) <= room else line


def _narrow_header(state, p: int, x0: float, y0: float, width: float) -> list:
    """The player's name on their colour, what is happening to them beside it, kills and deaths at the end."""
    colour_name, colour = PLAYER_COLOURS[p]
    hero, ink, baseline = state.heroes[p], ink_on(colour), y0 + 5.0
    name = f"{pname(p)} {colour_name}"
    tally = f"Kills {hero.kills} Deaths {hero.deaths}"
    after = x0 + 3 + _text_width(name, bold=True) + 2.5
    room = x0 + width - 3 - _text_width(tally) - 2.5 - after
    return [Rect(x0, y0, width, NARROW_HEADER_H, Style(fill=colour), rx=2, role="header"),
            Text(x0 + 3, baseline, name, TEXT, fill=ink, bold=True),
            Text(after, baseline, _fit(_short_status(_status_words(state, p), room), room), TEXT, fill=ink),
            Text(x0 + width - 3, baseline, tally, TEXT, fill=ink, anchor="end")]


def _short_status(words: str, room: float) -> str:
    """The status in `room` mm beside the name and the kills and deaths: "has the Flag" said
    shorter where "to play, has the Flag" is too long ("P4 Yellow" takes more room than "P1 Red")."""
    for flag in ("has the Flag", "has Flag", "Flag"):
        shorter = words.replace("has the Flag", flag)
        if _text_width(shorter) <= room:
            return shorter
    return shorter


def _text_width(text: str, bold: bool = False) -> float:
    """How wide `text` sets at TEXT, in mm, a little generous (see EM_PER_CHAR)."""
    return len(text) * TEXT * EM_PER_CHAR * (1.08 if bold else 1.0)


def _fit(text: str, width: float, bold: bool = False) -> str:
    """`text`, cut short with an ellipsis where it would run past `width` mm at TEXT."""
    chars = int(width / _text_width("x", bold))
    return text if len(text) <= chars else text[: chars - 1] + "…"


def _hero_panel(state, p: int, x0: float, y0: float, highlight) -> list:
    """Player `p`'s panel, its top left corner at (x0, y0)."""
    colour_name, colour = PLAYER_COLOURS[p]
    cell = pname(p)
    shapes: list = [Rect(x0, y0, PANEL_W, PANEL_H, Style(fill="#fbfaf7", stroke=colour, stroke_width=0.8), rx=2,
                         cell=cell, role="panel")]
    if cell in highlight:
        shapes.append(Rect(x0 - 0.6, y0 - 0.6, PANEL_W + 1.2, PANEL_H + 1.2, HIGHLIGHT, rx=2.5, role="highlight"))
    shapes += _header(state, p, x0, y0, colour_name, colour)
    shapes += _body(state.heroes[p], cell, colour, x0 + 2, y0 + 10, highlight)
    shapes += _damage_track(state.heroes[p], cell, x0 + BODY_W, y0 + 11, highlight)
    for i, text in enumerate(_short_lines(state.heroes[p])):
        shapes.append(Text(x0 + BODY_W, y0 + 25.5 + i * LINE_H, _fit(text, PANEL_W - BODY_W - 2), TEXT))
    for i, text in enumerate(_long_lines(state.heroes[p])):
        shapes.append(Text(x0 + 3, y0 + BELOW_BODY + i * LINE_H, _fit(text, PANEL_W - 5), TEXT))
    return shapes


def _header(state, p: int, x0: float, y0: float, colour_name: str, colour: str, width: float = PANEL_W) -> list:
    """The player's name on their colour; beside it what is happening to them."""
    ink = ink_on(colour)  # white on red, blue and green; dark on yellow
    return [Rect(x0, y0, width, 8, Style(fill=colour), rx=2, role="header"),
            Text(x0 + 3, y0 + 5.9, f"{pname(p)} {colour_name}", TEXT, fill=ink, bold=True),
            Text(x0 + width - 3, y0 + 5.9, _status_words(state, p), TEXT, fill=ink, anchor="end")]


def _status_words(state, p: int) -> str:
    """Dead or out, whose turn it is, the Flag ("alive" only when nothing else is said: the
    name and all three did not fit one line)."""
    hero = state.heroes[p]
    status = "dead" if not hero.alive else "alive"
    if hero.out:
        status = "out of lives"
    marks = []
    if state.current == p and state.winners is None:
        marks.append("to play")
    if state.flag == p:
        marks.append("has the Flag")
    return ", ".join(([status] if status != "alive" or not marks else []) + marks)


def _body(hero, cell: str, colour: str, bx: float, by: float, highlight, scale: float = BODY_SCALE) -> list:
    """The Medical Record's body: a circle per location, red once hit, grey and crossed once lost."""
    hits: dict[str, int] = {}
    for cid in hero.record:
        loc = card(cid).hit
        hits[loc] = hits.get(loc, 0) + 1
    lost = lost_locations(hero)
    shapes: list = [Line(bx + 20 * scale, by + 8 * scale, bx + 20 * scale, by + 40 * scale,
                         Style(stroke="#999999", stroke_width=0.6))]
    for loc in LOCATIONS:
        cx, cy = bx + loc.x * scale, by + loc.y * scale
        name = f"{cell}.{loc.key}"
        if loc.key in lost:
            fill = LOST_FILL
        elif hits.get(loc.key):
            fill = "#e06666" if hits[loc.key] == 1 else "#a61c1c"
        else:
            fill = "#ffffff"
        # the legs' circles clear of each other; a smaller body (a phone's panel) has smaller circles
        radius = (4.2 if loc.key in ("head", "torso") else 2.8) * scale / BODY_SCALE
        shapes.append(Circle(cx, cy, radius, Style(fill=fill, stroke=colour, stroke_width=0.5), cell=name,
                             role="location"))
        if name in highlight:
            shapes.append(Circle(cx, cy, radius + 1.0, HIGHLIGHT, role="highlight"))
        if loc.key in lost:
            shapes += _lost_mark(cx, cy, radius)
    return shapes


def _lost_mark(cx: float, cy: float, radius: float) -> list:
    """A lost location's cross: the letter X where the circle holds it, else two white strokes
    (the smallest readable letter would spill out of a phone panel's circle onto the panel)."""
    if radius >= 2.8:
        return [Text(cx, cy + 1.2, "X", TEXT, fill="#ffffff", anchor="middle", bold=True)]
    arm = radius * 0.6
    cross = Style(stroke="#ffffff", stroke_width=0.5)
    return [Line(cx - arm, cy - arm, cx + arm, cy + arm, cross, role="lost"),
            Line(cx - arm, cy + arm, cx + arm, cy - arm, cross, role="lost")]


def _damage_track(hero, cell: str, tx: float, ty: float, highlight, beside: float = 0.0) -> list:
    """Damage 0-10: the count in words, and the filled boxes under it (or, `beside` mm right of
    the count's start, on its line)."""
    shapes: list = [Text(tx, ty + 3.3, f"Damage {hero.damage} of {DEATH_DAMAGE}", TEXT, bold=True)]
    bx, by = (tx + beside, ty) if beside else (tx, ty + 5)
    for d in range(DEATH_DAMAGE + 1):
        fill = "#ffffff"
        if d <= hero.damage and d > 0:
            fill = "#a61c1c" if hero.damage >= DEATH_DAMAGE else "#e06666"
        shapes.append(Rect(bx + d * 4.5, by, 4.2, 4, Style(fill=fill, stroke="#666666", stroke_width=0.3),
                           cell=f"{cell}.damage", role="track"))
    if f"{cell}.damage" in highlight:
        shapes.append(Rect(bx - 0.5, by - 0.5, 50.5, 5, HIGHLIGHT, role="highlight"))
    return shapes


def _short_lines(hero) -> list[str]:
    """Beside the body: the Weapon's name and the cards it draws at each distance, kills and
    deaths, then each wound's effect."""
    if hero.weapon == HIDDEN:
        lines = ["Weapon: hidden"]
    else:
        lines = [hero.weapon, _draws(hero)] if hero.weapon else ["Weapon: none"]
    return lines + [f"Kills {hero.kills}   Deaths {hero.deaths}"] + _wounds(hero)


def _weapon_line(hero) -> str:
    if hero.weapon == HIDDEN:
        return "Weapon: hidden"
    return f"{hero.weapon}: {_draws(hero)}" if hero.weapon else "Weapon: none"


BAND_WORDS = {"0": "close", "1": "mid", "inf": "far"}  # touching, within 1 card length, further


def _draws(hero) -> str:
    """The cards the Weapon draws at each distance it reaches, in words: "2 close, 3 mid, 2 far"."""
    return ", ".join(f"{n} {BAND_WORDS[b]}" for b, n in zip(BANDS, weapon(hero.weapon).draws) if n)


def _wounds(hero) -> list[str]:
    """Each lasting wound's effect, in words."""
    wounds = []
    if minus_movement(hero):
        wounds.append(f"minus movement {minus_movement(hero)}")
    if cannot_attack(hero):
        wounds.append("cannot attack")
    if hero.trap_turns:
        wounds.append("trapped")
    return wounds


def _long_lines(hero) -> list[str]:
    """Under the body, across the panel: the Weapon's JAM boxes, the Gadgets, the Record's cards."""
    return [line for line in (_jam_line(hero), _gadgets_line(hero), _record_line(hero)) if line]


def _jam_line(hero, room: float = PANEL_W - 5) -> str:
    """The Weapon's JAM boxes ("" without a Weapon), in as many words as `room` mm holds:
    "JAM A empty, B yellow, C red, 4 cards to you", "... C red +4 cards", "JAM A –, B yellow push"."""
    if not hero.weapon or hero.weapon == HIDDEN:
        return ""
    boxes = weapon(hero.weapon).jams
    for words in (2, 1, 0):
        line = "JAM " + ", ".join(f"{'ABC'[i]} {_jam_words(box, words)}" for i, box in enumerate(boxes))
        if _text_width(line) <= room:
            return line
    return line


def _jam_words(box, words: int = 2) -> str:
    """A JAM box: in words (2) "red, 4 cards to you", "yellow, pushed back"; shorter (1) "red +4 cards",
    "yellow push"; shortest (0), as the card marks it, "red +4", "–" for an empty box."""
    result = "–" if box.result == "empty" and not words else box.result
    damage = ("" if not box.damage else f", {box.damage} cards to you" if words == 2
              else f" +{box.damage} cards" if words else f" +{box.damage}")
    return result + damage + ("" if not box.push else ", pushed back" if words == 2 else " push")


def _gadgets_line(hero) -> str:
    if hero.gadgets and all(name == HIDDEN for name in hero.gadgets):
        return f"Gadgets: {len(hero.gadgets)} hidden"
    return "Gadgets: " + (", ".join(hero.gadgets) if hero.gadgets else "none")


def _record_line(hero) -> str:
    """The Medical Record's cards by their titles."""
    return "Record: " + (", ".join(card(cid).title for cid in hero.record) if hero.record else "empty")


def _table_strip(state, x0: float, y0: float, width: float = WIDTH - 4, shown: int = CARDS_SHOWN) -> list:
    """Whose turn, the Splattercards' piles, what lies on the battlefield, the latest cards drawn."""
    shapes: list = [Rect(x0, y0, width, STRIP_H, Style(fill=TABLE_FILL, stroke="#999999", stroke_width=0.3), rx=2,
                         role="table")]
    info, piles = _turn_words(state), _piles_words(state)
    for i, (text, bold) in enumerate(((info, True), (piles, False))):
        shapes.append(Text(x0 + 3, y0 + 5.5 + i * LINE_H, _fit(text, width - 6, bold), TEXT, bold=bold))
    card_w = (width - 6 - (shown - 1) * 1.5) / shown
    top = y0 + 2 * LINE_H + 2.5
    for i, cid in enumerate(state.last_cards[-shown:]):
        shapes += _drawn_card(card(cid), x0 + 3 + i * (card_w + 1.5), top, card_w)
    return shapes


def _turn_words(state) -> str:
    """Whose turn it is and what they are doing: "Turn 3: P1 moves up to 3 card lengths"."""
    info = f"Turn {state.turn_no}"
    if state.winners is not None:
        return info + ": game over, " + state.ending
    doing = "moves" if state.moving else ("decides" if state.phase == "start" else "stands")
    info += f": {pname(state.current)} {doing}"
    if state.action_card:
        info += f" up to {lengths(movement_allowance(state, state.current))}"
    return info


def _piles_words(state) -> str:
    piles = f"Splattercards: deck {sum(state.deck)}, discard {sum(state.discard)}"
    if state.field:
        piles += f"   On the battlefield: {', '.join(n for n, _ in state.field)}"
    return piles


def _table_lines(state, x0: float, y0: float, width: float) -> list:
    """The table strip of a rulebook's page: whose turn, then the two latest Splattercards
    drawn, each a line of words (its title and what it hits, then its movement, healing and
    answer where the line has room), the latest first."""
    shapes: list = [Rect(x0, y0, width, BOOK_STRIP_LINES * LINE_H + 2.5,
                         Style(fill=TABLE_FILL, stroke="#999999", stroke_width=0.3), rx=2, role="table")]
    room = width - 6
    lines = [(_turn_words(state), True)]
    for i, cid in enumerate(reversed(state.last_cards[-(BOOK_STRIP_LINES - 1):])):
        c = card(cid)
        short = f"{c.title}, {_hit_words(c)}"
        labelled = f"{'Drawn' if i == 0 else 'Before'}: {short}"
        tries = (f"{labelled}; move {c.move}, heal {c.heal}, {c.answer}", labelled, short)
        lines.append((next((line for line in tries if _text_width(line) <= room), short), False))
    for i, (text, bold) in enumerate(lines):
        shapes.append(Text(x0 + 3, y0 + 5.5 + i * LINE_H, _fit(text, room, bold), TEXT, bold=bold))
    return shapes


def _hit_words(c) -> str:
    """What a Splattercard does in words: "torso 2 striped + 1 plain", "JAM A", "death"."""
    if c.is_jam:
        return f"JAM {c.jam}"
    if c.death:
        return "death (head)"
    if not c.is_hit:
        return "miss"
    damage = " + ".join(f"{n} {kind}" for n, kind in ((c.action, "striped"), (c.still, "plain")) if n) or "no damage"
    return f"{LOCATION_INDEX[c.hit].label.lower()} {damage}"


def _drawn_card(c, x: float, y: float, width: float) -> list:
    """A Splattercard as drawn: its number and title, what it hits, its movement, healing and answer."""
    summary = _hit_words(c)
    summary = summary[:1].upper() + summary[1:]
    fill = "#fff4c2" if c.is_jam else "#ffffff"
    shapes: list = [Rect(x, y, width, CARD_H, Style(fill=fill, stroke="#444444", stroke_width=0.3), rx=1,
                         role="card")]
    for i, text in enumerate((c.title, summary, f"Move {c.move}, heal {c.heal}, {c.answer}")):
        shapes.append(Text(x + 1.5, y + 5 + i * LINE_H, _fit(text, width - 3), TEXT))
    return shapes
