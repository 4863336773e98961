"""The HTML of the three widgets, complete without JavaScript.

* A walkthrough is an ordered list of frames (the start, then one per step),
  each with its diagram, the step's notation, caption and the engine's
  narration. Without scripts every frame shows (and prints as a strip);
  play.js turns the list into a stepper.
* A position is one diagram with its caption.
* A play widget shows the starting board and says that playing needs
  JavaScript; play.js adds the game. Its HTML is a template (play-section.html),
  which a site may override: play_data gives what the template shows. An engine
  that draws a "narrow" layout gets it too, shown instead (by play.css) in a frame
  too narrow for its own drawing: a phone sees the board whole before, or without,
  JavaScript.

Each widget carries what play.js needs in data attributes: its game and the
URL of the game's bundle, and each frame's position string for "Try it from here".
"""
from __future__ import annotations

import json
import math
import re
from html import escape

from generator.browser.diagram import player_name
from generator.interactive.written import diagram_svg
from generator.play.api import Event
from generator.play.match import parse_action
from generator.play.walkthrough import PositionDiagram, Walkthrough
from generator.play.words import _  # a translated game's page: the stage speaks its language (its Play words)


# play.css shows the narrow drawing in a frame narrower than `rp-narrow-below-<px>` (a container
# query per width: CSS cannot compare a frame's width with a number in the page), so widths go
# up in steps; a board wider than the last step scrolls in frames between it and its own width
NARROW_STEP_PX = 64
NARROW_BELOW_PX = range(320, 1280 + 1, NARROW_STEP_PX)
SVG_WIDTH = re.compile(r'<svg [^>]*?\bwidth="([0-9.]+)"')


def _attr(value) -> str:
    return escape(str(value), quote=True)


def _actor(engine, state, actor: dict) -> str:
    if actor.get("kind") == "chance":
        return _("Chance")
    return " & ".join(player_name(engine, state, seat) for seat in actor.get("players", []))


def walkthrough_html(engine, slug: str, bundle: str, widget_id: str, walkthrough: Walkthrough, *,
                     rules: str = "") -> str:
    title = walkthrough.title or _("{game} walkthrough").format(game=engine.name)
    total = len(walkthrough.steps)
    seen = SeenBy(engine, walkthrough.viewer)
    frames = [_frame_html(
        widget_id, 0, total,
        svg=diagram_svg(engine, seen.state(walkthrough.start.state), (), id_prefix=f"{widget_id}-0",
                        label=_("{title}: the starting position").format(title=title)),
        head=escape(_("Start")), caption=_("The starting position."), events=[], position=seen.position(walkthrough.start),
        cells=())]
    before = walkthrough.start.state
    for number, step in enumerate(walkthrough.steps, start=1):
        who = _actor(engine, before, step.actor)
        notation, events = seen.step(before, step)
        svg = diagram_svg(engine, seen.state(step.state), step.cells, id_prefix=f"{widget_id}-{number}",
                          label=_("{title}, step {number}: {player} {move}").format(
                              title=title, number=number, player=who, move=notation))
        frames.append(_frame_html(
            widget_id, number, total, svg=svg,
            head=escape(_("Step {number} · {player}: {move}")).format(
                number=number, player=escape(who), move=f'<code class="rp-notation">{escape(notation)}</code>'),
            caption=step.caption, events=events,
            position=seen.position(step.after), cells=seen.cells(step, svg)))
        before = step.state
    whose = seen.whose(walkthrough.start.state)
    kind = escape(_("Walkthrough"))
    return (
        f'<figure class="rp-walkthrough" id="{_attr(widget_id)}" data-rp-widget="walkthrough" '
        f'data-game="{_attr(slug)}" data-bundle="{_attr(bundle)}" data-rules="{_attr(rules)}" '
        f'aria-labelledby="{_attr(widget_id)}-title">\n'
        f'<figcaption class="rp-title" id="{_attr(widget_id)}-title">'
        f'<span class="rp-kind">{kind}</span> {escape(title)}'
        + (f' <span class="rp-seen">{escape(whose)}</span>' if whose else "")
        + f'</figcaption>\n<ol class="rp-frames">\n{"".join(frames)}</ol>\n</figure>\n'
    )


class SeenBy:
    """A walkthrough as one seat sees it (`view:`), or everything (a teacher's table): what its
    frames draw and say. Only games that hide something differ; the end shows everything."""

    def __init__(self, engine, viewer: int | None):
        self.engine = engine
        self.viewer = viewer if getattr(engine, "hidden_information", False) else None

    def whose(self, state) -> str:
        """The line that says whose view the frames show ("" for a game that hides nothing)."""
        if not getattr(self.engine, "hidden_information", False):
            return ""
        if self.viewer is None:
            return _("Everything face up, as a teacher shows it")
        return _("As {player} sees it").format(player=player_name(self.engine, state, self.viewer))

    def _hiding(self, state) -> bool:
        return self.viewer is not None and self.engine.result(state) is None

    def state(self, state):
        return self.engine.view(state, self.viewer) if self._hiding(state) else state

    def position(self, frame) -> str:
        """A frame's position string for "Try it from here", which holds every card: none while
        the frame hides some (the page's "Try it" then waits for a frame that hides nothing)."""
        return "" if self._hiding(frame.state) else frame.position

    def cells(self, step, svg: str) -> tuple[str, ...]:
        """The step's places that the frame draws (a card passed unseen is not one)."""
        if not self._hiding(step.state):
            return step.cells
        drawn = set(re.findall(r'data-cell="([^"]*)"', svg))
        return tuple(cell for cell in step.cells if cell in drawn)

    def step(self, before, step) -> tuple[str, list[str]]:
        """The step's notation and narration as the viewer saw them."""
        texts = [event["text"] for event in step.events]
        if not self._hiding(step.state):
            return step.notation, texts
        action = parse_action(self.engine, before, step.notation)
        events = [Event(e["kind"], e["text"], e.get("data") or {}) for e in step.events]
        return (self.engine.view_action(before, action, self.viewer),
                [event.text for event in self.engine.view_events(before, action, events, self.viewer)])


def _frame_html(widget_id: str, number: int, total: int, *, svg: str, head: str, caption: str,
                events: list[str], position: str, cells) -> str:
    narration = "".join(f"<li>{escape(text)}</li>" for text in events if text)
    happened = _attr(_("What happened"))
    return (
        f'<li class="rp-frame" id="{_attr(widget_id)}-step-{number}" data-step="{number}" '
        f'data-position="{_attr(position)}" data-cells="{_attr(" ".join(cells))}">\n'
        f'<div class="rp-board">{svg}</div>\n'
        f'<div class="rp-text"><p class="rp-step-head">{head}</p>\n'
        + (f'<p class="rp-caption">{escape(caption)}</p>\n' if caption else "")
        + (f'<ul class="rp-events" aria-label="{happened}">{narration}</ul>\n' if narration else "")
        + "</div>\n</li>\n"
    )


def position_html(engine, slug: str, bundle: str, widget_id: str, diagram: PositionDiagram, *,
                  rules: str = "") -> str:
    label = diagram.title or diagram.caption or _("{game} position").format(game=engine.name)
    svg = diagram_svg(engine, diagram.state, diagram.highlight, id_prefix=widget_id, label=label)
    caption = ""
    if diagram.title or diagram.caption:
        title = f"<strong>{escape(diagram.title)}</strong> " if diagram.title else ""
        caption = f'<figcaption class="rp-caption">{title}{escape(diagram.caption)}</figcaption>\n'
    return (
        f'<figure class="rp-position" id="{_attr(widget_id)}" data-rp-widget="position" '
        f'data-game="{_attr(slug)}" data-bundle="{_attr(bundle)}" data-rules="{_attr(rules)}" '
        f'data-position="{_attr(diagram.position)}">\n'
        f'<div class="rp-board">{svg}</div>\n{caption}</figure>\n'
    )


def play_data(engine, slug: str, bundle: str, widget_id: str, *, title: str, state, players: int, seats: list[int],
              bot: str, setup: str, options: dict, rules: str = "", tables: list[int] = (), choices: list = ()) -> dict:
    """What the play section's template (play-section.html) shows: the starting board, and what
    play.js needs to start the game in data attributes (`tables`: the numbers of players a reader
    may pick; `choices`: the game options picked in the bar, [{option, label, values, value}])."""
    names = [player_name(engine, state, seat) for seat in range(players)]
    return {"id": widget_id, "slug": slug, "bundle": bundle, "players": players, "seats": list(seats), "bot": bot,
            "setup": setup, "options_json": json.dumps(options, sort_keys=True), "names_json": json.dumps(names),
            "title": title, "engine_name": engine.name, "rules": rules,
            "tables": ",".join(str(n) for n in (tables or [players])),
            "choices_json": json.dumps(list(choices), sort_keys=True),
            # the starting board as the reader's first seat sees it (a setup may deal hands before play)
            **static_boards(engine, engine.view(state, seats[0]) if getattr(engine, "hidden_information", False)
                            and seats else state, widget_id, _("{game}: the starting position").format(game=engine.name))}


def static_boards(engine, state, widget_id: str, label: str) -> dict:
    """The starting board as the play section shows it: `svg`, the engine's own drawing; where the
    engine draws a narrower "narrow" layout, `narrow_svg` (sized for its words alone, so that it fits
    a phone) and `board_class`, the frame's classes that tell play.css below which width to show it."""
    svg = diagram_svg(engine, state, (), id_prefix=widget_id, label=label)
    boards = {"svg": svg, "narrow_svg": "", "board_class": ""}
    if "narrow" not in getattr(engine, "layouts", ()):
        return boards
    narrow = diagram_svg(engine, state, (), id_prefix=f"{widget_id}-narrow", label=label, layout="narrow",
                         least_px=0)
    own_px, narrow_px = _width_px(svg), _width_px(narrow)
    if not own_px or not narrow_px or narrow_px >= own_px:
        return boards
    below = math.ceil(own_px / NARROW_STEP_PX) * NARROW_STEP_PX
    below = min(max(below, NARROW_BELOW_PX[0]), NARROW_BELOW_PX[-1])
    boards["narrow_svg"] = narrow.replace('class="rp-diagram"', 'class="rp-diagram rp-layout-narrow"', 1)
    boards["board_class"] = f" rp-two-layouts rp-narrow-below-{below}"
    return boards


def _width_px(svg: str) -> float:
    found = SVG_WIDTH.search(svg)
    return float(found.group(1)) if found else 0.0
