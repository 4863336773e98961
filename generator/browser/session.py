"""The reader's games in the browser: one `Match` per widget, spoken to as JSON.

The page's module Web Worker creates one `SessionServer` for every widget on
the page and passes it each request as JSON text; the answer comes back as
JSON text too, so JavaScript never holds Python objects.

Requests (`op` plus fields) and what they do:

    open    widget, game, position            reopen a position string ("try it from here", a link)
    open    widget, game, players, seed,      a new game (the Play widget)
            [setup, options]
    act     widget, action                    the reader plays a notation
    click   widget, cell, [selected, parts]   the reader clicked a place on the board, with a piece
                                              selected and parts of its move made: the page's click
                                              rules (clicks.py) play a move, offer a choice, mark
                                              the next choices, or refuse with the engine's reason
    attempt widget, from, to                  two clicks at once: a piece, then a place
    undo    widget                            take back to the reader's previous decision
    bot     widget                            the computer plays the current move
    sides   widget, computer, [bot]           which seats the computer plays
    view    widget                            the current view again
    open    ..., language                     the page's language ("de"): the session's words (the engine's
                                              refusals and narration) are in it where the game has them
                                              (generator/play/words.py), English elsewhere
    (any)   layout                            draw the board in one of the engine's `layouts`
                                              ("narrow" on a narrow screen; "" its own) from now on
    legal   widget                            only the legal actions (cheap, for timing)
    think   widget                            what the computer would play now and how long it thought
                                              (ms), nothing played: scripts/bench_levels.py --browser
    render  widget, highlight                 the board with these cells marked
    replay  widget, step                      the game as it stood after `step` logged actions
                                              (its board, who acted and what happened), the game unchanged

Every answer has `ok`; a refused action answers `ok: false` with `refused`
(the engine's rule, reason and the rule's anchors in the rules page: see
`generator.play.api.rule_anchors`), any other problem with `error`. A view holds
the board as SVG, whose turn it is, the legal actions with their cells, what
happened since the last request (notation and narration), the log, the
position string and the result.

Chance is always resolved at once, from the match's seed, so a link's
(seed, actions) replays the same dice; the computer's seats move on their own.

Hidden information: a session has a viewer, the one seat the reader plays (the
Play page's), or nobody when the reader plays every seat ("Try it"). In a game
whose engine declares `hidden_information`, until the game ends every answer
holds only what the viewer may see: the board is drawn from `engine.view`, the
log and the narration come from `view_action` and `view_events`, and there is no
position string (it holds every card). At the end everything is shown. The
engine itself runs in the reader's browser, so a reader with the developer tools
can look inside it: the page does not pretend otherwise; it only never shows nor
announces a secret (`think` is the exception: a developer's tool, never sent by
the page, that answers the computer's whole choice).

Standard library, generator.play and generator.draw only (runs under Pyodide).
"""
from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, Mapping

from generator.browser import clicks
from generator.browser.arrows import arrow_moves
from generator.browser.refusal import refusal
from generator.browser.diagram import board_drawing, diagram_svg, drawing_svg, player_name
from generator.play import load_engine
from generator.play.api import CHANCE, JOINT, OVER, PLAYER, IllegalAction, Joint, rule_anchors
from generator.play.bots import bot_names, make_bot
from generator.play.levels import game_levels
from generator.play.match import Match, PositionError, draw_outcome, parse_action, turn_json
from generator.play.words import _, speaking, translations_in

CELL = re.compile(r'data-cell="([^"]*)"')
MAX_AUTOMATIC_STEPS = 400  # chance and computer moves played in one request, at most


class SessionError(ValueError):
    """A request the server cannot answer (unknown widget, game or operation)."""


def default_bot(engine) -> str:
    """The game's own first bot if it has one (cheap and sensible), else random."""
    names = bot_names(engine)
    own = [name for name in names if name not in ("random", "mcts")]
    return own[0] if own else "random"


class Seen:
    """What one reader may see of a match: the viewer's view while the game hides something
    from them (engine.view and its kin), everything once it is over or when it hides nothing.
    Fixed for the whole game: handing a seat to the computer later must not uncover a hand."""

    def __init__(self, engine, match: Match, viewer: int | None):
        self.engine, self.match, self.viewer = engine, match, viewer
        self._history: list[tuple] = []  # see history()

    def seer(self) -> int | None:
        """Whose view the page shows now (None: everything)."""
        if not getattr(self.engine, "hidden_information", False) or self.match.over:
            return None
        return self.viewer

    def state(self, state):
        seer = self.seer()
        return state if seer is None else self.engine.view(state, seer)

    def history(self) -> list[tuple]:
        """Each logged step as (notation, state before, action, events, state after), kept as the game grows
        (an undo or a reopened link replays only what changed)."""
        log, kept, engine = self.match.log, self._history, self.engine
        same = 0
        while same < min(len(log), len(kept)) and kept[same][0] == log[same]:
            same += 1
        del kept[same:]
        state = kept[-1][4] if kept else self.match.initial_state
        for notation in log[same:]:
            action = parse_action(engine, state, notation)
            after, events = engine.apply(state, action)
            kept.append((notation, state, action, list(events), after))
            state = after
        return kept

    def log(self) -> list[str]:
        seer = self.seer()
        if seer is None:
            return self.match.log
        return [self.engine.view_action(before, action, seer) for _notation, before, action, _events, _after
                in self.history()]

    def step(self, before, action, events, who: str, notation: str, computer: bool = False) -> dict:
        """One step for the page, told as the viewer saw it."""
        seer, engine = self.seer(), self.engine
        cells = action_cells(engine, before, action)
        if seer is not None:
            notation = engine.view_action(before, action, seer)
            events = engine.view_events(before, action, events, seer)
        return {"who": who, "notation": notation, "cells": list(cells),
                "events": [event.text for event in events], "computer": computer}

    def place_name(self, cell: str) -> str:
        try:
            return str(self.engine.place_name(self.state(self.match.state), cell))
        except Exception:  # a naming hook must never stop play
            return cell

    def place_names(self, svg: str) -> dict[str, str]:
        return {cell: self.place_name(cell) for cell in dict.fromkeys(CELL.findall(svg))}


class PlaySession:
    """One widget's game: the match, which seats the computer plays, and the
    steps played since the page last asked."""

    def __init__(self, engine, match: Match, *, widget: str, computer=(), bot: str | None = None,
                 layout: str = "", viewer: int | None = None):
        self.engine = engine
        self.layout = layout
        self.match = match
        self.widget = widget
        self.computer: frozenset[int] = frozenset(int(seat) for seat in computer)
        if viewer is None:  # the reader's one seat; playing every seat, the reader sees them all
            own = [seat for seat in range(self.seats()) if seat not in self.computer]
            viewer = own[0] if len(own) == 1 else None
        # fixed for the whole game: handing a seat to the computer later must not uncover a hand
        self.viewer: int | None = viewer
        self.seen = Seen(engine, match, viewer)
        self.bot_name = bot or default_bot(engine)
        self.bot = make_bot(engine, self.bot_name)
        self.pending: dict[int, Any] = {}  # a joint turn's parts chosen so far by the reader's seats
        self.last_cells: tuple[str, ...] = ()
        self.fresh: list[dict] = []  # steps played since the last view
        self._rewind: Match | None = None  # a copy of the match for stepping through its log
        self._rewind_log: list[str] = []  # the log that copy was made from
        self.words = None  # the engine's words in the page's language (None: English; SessionServer.open)

    # -- reading ------------------------------------------------------------
    def name(self, seat: int) -> str:
        return player_name(self.engine, self.match.state, seat)

    def seats(self) -> int:
        state_players = self.match.players
        if state_players:
            return state_players
        data = self.engine.state_to_json(self.match.state)
        counted = data.get("players") if isinstance(data, dict) else None
        return counted if isinstance(counted, int) else self.engine.max_players

    def reader_seat(self) -> int | None:
        """The seat whose choice the reader makes now, or None (computer, chance, over)."""
        turn = self.match.turn
        if turn.kind == PLAYER and turn.player not in self.computer:
            return turn.player
        if turn.kind == JOINT:
            for seat in turn.players:
                if seat not in self.computer and seat not in self.pending:
                    return seat
        return None

    def legal(self) -> list[dict]:
        seat = self.reader_seat()
        if seat is None:
            return []
        engine, state = self.engine, self.match.state
        return [legal_entry(engine, state, action, seat) for action in engine.legal_actions(state, seat)]

    def view(self) -> dict:
        match, engine = self.match, self.engine
        result = match.result
        seat = self.reader_seat()
        turn = match.turn
        if result is not None:
            prompt = result.text or _("The game is over.")
        elif seat is not None:
            prompt = (_("{player} to play (your move)") if self.computer else _("{player} to play")).format(
                player=self.name(seat))
        elif turn.kind == JOINT:
            prompt = _("Waiting for the other players")
        else:
            prompt = _("The computer is thinking")
        fresh, self.fresh = [self.seen.step(**step) for step in self.fresh], []
        hidden = self.seen.seer() is not None
        svg, arrows = self.board(self.last_cells)
        names = self.seen.place_names(svg)
        for step in fresh:  # only places the reader's board shows (a card passed unseen is not one)
            step["cells"] = [cell for cell in step["cells"] if cell in names]
        return {
            "widget": self.widget,
            "game": engine.name,
            "svg": svg,
            # each place on the board in the rules' words, for hints and announcements
            "names": names,
            # where each arrow key leads from each place: the focus ring's moves (arrows.py)
            "arrows": arrows,
            "turn": turn_json(turn),
            "seat": seat,
            "prompt": prompt,
            "legal": self.legal(),
            "steps": fresh,
            "log": self.seen.log(),
            # a position string holds every card: shared only once the game has shown them all
            "position": None if hidden else match.to_position(),
            "hidden": hidden,
            "viewer": self.viewer,
            "result": None if result is None else {"winners": list(result.winners), "text": result.text},
            "canUndo": match.can_undo(),
            "players": [{"seat": s, "name": self.name(s), "computer": s in self.computer}
                        for s in range(self.seats())],
            "bot": self.bot_name,
            "bots": bot_names(engine),
            "options": dict(match.options),  # the game's options (a shared link's too): the bar shows them
            "layout": self.layout if self.layout in getattr(engine, "layouts", ()) else "",
            "layouts": list(getattr(engine, "layouts", ())),
            # The level select: [{name, about}] easiest first, and the one playing now (None: a plain bot).
            "levels": [level.to_json() for level in game_levels(engine)],
            "level": self.bot_name if any(level.name == self.bot_name for level in game_levels(engine)) else None,
        }

    def svg(self, highlight=()) -> str:
        """The board as inline SVG; empty if the engine cannot draw (play goes on by the list)."""
        return self.board(highlight)[0]

    def board(self, highlight=()) -> tuple[str, dict]:
        """The board as inline SVG and where the arrow keys lead on it; ("", {}) if the engine cannot draw."""
        label = _("{game} board after {count} actions").format(game=self.engine.name, count=len(self.match.log))
        try:
            drawing = board_drawing(self.engine, self.seen.state(self.match.state), highlight, self.layout)
        except NotImplementedError:
            return "", {}
        return drawing_svg(drawing, id_prefix=f"{self.widget}-live", label=label), arrow_moves(drawing)

    def replay(self, step: int) -> dict:
        """The game as it stood after `step` of its logged actions: the board with
        that action's cells marked, who took it and what it did. The game itself
        is untouched; a copy steps forward by replaying one action at a time."""
        log = self.match.log
        step = max(0, min(int(step), len(log)))
        rewind = self._rewind
        if rewind is None or self._rewind_log != log:  # the game moved on since: copy it again
            rewind = self._rewind = Match.from_json(self.engine, self.match.to_json(), check_version=False)
            self._rewind_log = log
        engine = self.engine
        entry = {"step": step, "total": len(log), "who": "", "notation": "", "events": [], "cells": []}
        if step:
            rewind.goto(step - 1)
            before, turn = rewind.state, rewind.turn
            rewind.redo(1)
            action = parse_action(engine, before, log[step - 1])
            who = "Chance" if turn.kind == CHANCE else " & ".join(
                player_name(engine, before, seat) for seat in turn.players)
            seen = self.seen.step(before, action, rewind.last_events, who, log[step - 1])
            entry.update(who=who, notation=seen["notation"], events=seen["events"], cells=seen["cells"])
        else:
            rewind.goto(0)
        label = _("{game} board after {step} of {count} actions").format(game=engine.name, step=step, count=len(log))
        try:
            entry["svg"] = diagram_svg(engine, self.seen.state(rewind.state), entry["cells"],
                                       id_prefix=f"{self.widget}-replay",
                                       label=label, layout=self.layout)
        except NotImplementedError:
            entry["svg"] = ""
        drawn = set(CELL.findall(entry["svg"]))
        entry["cells"] = [cell for cell in entry["cells"] if cell in drawn]
        return entry

    # -- acting ---------------------------------------------------------------
    def act(self, text: str) -> None:
        """Play the reader's action (a notation); IllegalAction if the rules refuse it."""
        match = self.match
        turn = match.turn
        if turn.kind == OVER:
            raise IllegalAction("game over", "the game is over; start a new one or undo")
        if turn.kind == PLAYER:
            if turn.player in self.computer:
                raise IllegalAction("turn", f"it is {self.name(turn.player)}'s turn, and the computer plays that side")
            self._apply(text)
        elif turn.kind == JOINT:
            self._act_joint(text)
        else:
            raise IllegalAction("turn", "the dice decide now, not a player")
        self.settle()

    def _act_joint(self, text: str) -> None:
        if "&" in text:  # the whole joint action at once
            self.pending.clear()
            self._apply(text)
            return
        seat = self.reader_seat()
        if seat is None:
            raise IllegalAction("joint turn", "the computer chooses for every player now")
        part = self.engine.parse(self.match.state, text)
        legal = {self.engine.notation(a) for a in self.engine.legal_actions(self.match.state, seat)}
        if self.engine.notation(part) not in legal:
            raise IllegalAction("joint turn", f"{self.name(seat)} cannot choose {text!r} now "
                                              f"(possible: {', '.join(sorted(legal))})")
        self.pending[seat] = part

    def click(self, cell: str, selected: str | None = None, parts=()) -> dict:
        """The reader clicked `cell` on the board with `selected` chosen and `parts` of its move made:
        what that does by the page's click rules (generator/browser/clicks.py). A move that fits is
        played; a click that fits none is refused with the engine's reason."""
        answer = self.click_rules(cell, selected, parts)
        if "play" in answer:
            self.act(answer["play"])
            return {}
        if "attempt" in answer:
            raise self._refusal(*answer["attempt"])
        return answer

    def click_rules(self, cell: str, selected: str | None = None, parts=()) -> dict:
        """What a click means now, nothing played (clicks.click, with the game's turn in words)."""
        if self.match.result is not None:
            return {"say": _("The game is over: undo, step through it, or start again.")}
        if self.reader_seat() is None:
            return {"say": _("Wait for the computer to move.")}
        return clicks.click(self.legal(), selected, [str(part) for part in parts], cell, self.seen.place_name)

    def attempt(self, frm: str | None, to: str) -> dict:
        """The reader chose `frm` (a piece, or None) and then `to`: two clicks at once."""
        if frm is not None and "choose" in self.click_rules(frm):
            return self.click(to, frm)
        return self.click(to)  # not a piece that moves: the second click decides alone

    def _refusal(self, frm: str | None, to: str) -> IllegalAction:
        """Why no legal move goes from `frm` to `to`: the engine's own reason if it has one."""
        return refusal(self.engine, self.match.state, self.legal(), frm, to, self.seen.place_name,
                       self.name(self.reader_seat()))

    def undo(self) -> None:
        """Take back to the reader's previous decision (with the dice and the
        computer's replies since then)."""
        match = self.match
        self.pending.clear()
        while match.can_undo():
            match.undo(1)
            if self._reader_turn():
                break
        self.last_cells = ()

    def computer_move(self) -> None:
        """The computer plays the move the reader faces now (a hint, or to skip ahead)."""
        match = self.match
        turn = match.turn
        if turn.kind == OVER:
            raise IllegalAction("game over", "the game is over")
        if turn.kind == PLAYER:
            self._apply(match.bot_action(self.bot, turn.player))
        elif turn.kind == JOINT:
            rng = match.bot_rng()
            parts = tuple(self.pending.get(seat) or self.bot.choose(self.engine, match.state, seat, rng)
                          for seat in turn.players)
            self.pending.clear()
            self._apply(Joint(parts))
        self.settle()

    def set_sides(self, computer, bot: str | None = None) -> None:
        seats = self.seats()
        chosen = frozenset(int(seat) for seat in computer)
        if any(not 0 <= seat < seats for seat in chosen):
            raise SessionError(f"seats run from 0 to {seats - 1}")
        if bot and bot != self.bot_name:
            self.bot = make_bot(self.engine, bot)
            self.bot_name = bot
        self.computer = chosen
        self.settle()

    def settle(self) -> None:
        """Resolve chance and play the computer's seats until the reader must choose."""
        match = self.match
        for _step in range(MAX_AUTOMATIC_STEPS):
            turn = match.turn
            if turn.kind == OVER:
                return
            if turn.kind == CHANCE:
                self._apply(draw_outcome(match.chance_outcomes(), match.chance_rng()))
            elif turn.kind == PLAYER and turn.player in self.computer:
                self._apply(match.bot_action(self.bot, turn.player))
            elif turn.kind == JOINT and all(s in self.computer or s in self.pending for s in turn.players):
                rng = match.bot_rng()
                parts = tuple(self.pending[s] if s in self.pending else self.bot.choose(self.engine, match.state, s, rng)
                              for s in turn.players)
                self.pending.clear()
                self._apply(Joint(parts))
            else:
                return

    # -- helpers ----------------------------------------------------------------
    def _apply(self, action_or_text) -> None:
        match, engine = self.match, self.engine
        before, turn = match.state, match.turn
        action = parse_action(engine, before, action_or_text) if isinstance(action_or_text, str) else action_or_text
        events = match.apply(action)
        self.last_cells = action_cells(self.engine, before, action)
        if turn.kind == CHANCE:
            who = "Chance"
        else:
            who = " & ".join(player_name(engine, before, seat) for seat in turn.players)
        # told in words when the page asks: by then the game may have ended and shown everything
        self.fresh.append({"before": before, "action": action, "events": list(events), "who": who,
                           "notation": match.log[-1],
                           "computer": turn.kind != CHANCE and all(s in self.computer for s in turn.players)})

    def _reader_turn(self) -> bool:
        turn = self.match.turn
        return turn.kind in (PLAYER, JOINT) and any(s not in self.computer for s in turn.players)


def action_cells(engine, state, action, seat: int | None = None) -> tuple[str, ...]:
    """The board cells an action moves through, for the diagram's marks (none for a joint turn)."""
    if isinstance(action, Joint):
        return ()
    try:
        if seat is not None and hasattr(engine, "player_cells"):  # whose it is, for a part of a joint turn
            return tuple(engine.player_cells(state, seat, action))
        return tuple(engine.cells(state, action))
    except Exception:  # a diagram hint must never stop play
        return ()


def legal_entry(engine, state, action, seat: int) -> dict:
    """A legal action for the page: its notation "n", its cells "c" and, for a move made part by part
    on the board, its parts "p" ([[cell, kind, words?], ...]: generator/browser/clicks.py)."""
    entry = {"n": engine.notation(action), "c": list(action_cells(engine, state, action, seat))}
    parts = action_parts(engine, state, action, seat)
    if parts:
        entry["p"] = parts
    return entry


def action_parts(engine, state, action, seat: int | None = None) -> list[list[str]]:
    """The parts a move is made in on the board (engine.move_parts), or [] for a move of one part."""
    if isinstance(action, Joint):
        return []
    try:
        parts = engine.move_parts(state, action, seat) if hasattr(engine, "move_parts") else None
        return [[str(word) for word in part] for part in parts or ()]
    except Exception:  # a marking hint must never stop play
        return []


def think(session: PlaySession) -> dict:
    """The computer's choice for the turn now (every seat of a joint turn), timed, not played:
    how long the reader would wait for it (scripts/bench_levels.py --browser)."""
    match, engine, bot = session.match, session.engine, session.bot
    turn = match.turn
    if turn.kind not in (PLAYER, JOINT):
        raise IllegalAction("turn", "no player chooses now")
    started = time.perf_counter()
    if turn.kind == PLAYER:
        action = match.bot_action(bot, turn.player)
    else:
        rng = match.bot_rng()
        action = Joint(tuple(bot.choose(engine, match.state, seat, rng) for seat in turn.players))
    return {"action": engine.notation(action), "ms": round((time.perf_counter() - started) * 1000, 3)}


class SessionServer:
    """Every widget's session on one page, behind a JSON-in, JSON-out door.

    `games_root` holds one folder per game slug with its engine.py (the
    bundle's `games/` in the browser, a site's `content/` in tests).
    """

    def __init__(self, games_root: str | Path):
        self.games_root = Path(games_root)
        self.sessions: dict[str, PlaySession] = {}

    def engine(self, slug: str):
        path = self.folder(slug) / "engine.py"
        if not path.is_file():
            raise SessionError(f"no engine for the game {slug!r}")
        return load_engine(path)

    def handle(self, request_text: str) -> str:
        """The answer to one request, in the words of its page's language (generator/play/words.py)."""
        started = time.perf_counter()
        with speaking(self.words_for(request_text)):
            answer = self._answer(request_text)
        answer["ms"] = round((time.perf_counter() - started) * 1000, 3)
        return json.dumps(answer)

    def words_for(self, request_text: str):
        """The words a request is answered in: an `open` names its page's language, and its
        session keeps them for every later request (English when the game has none in it)."""
        try:
            request = json.loads(request_text)
            if request.get("op") == "open":
                return translations_in(self.folder(str(request.get("game"))), str(request.get("language") or ""))
            session = self.sessions.get(str(request.get("widget")))
        except (ValueError, AttributeError, SessionError):
            return None
        return session.words if session is not None else None

    def folder(self, slug: str) -> Path:
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", str(slug)):
            raise SessionError(f"not a game slug: {slug!r}")
        return self.games_root / slug

    def _answer(self, request_text: str) -> dict:
        try:
            request = json.loads(request_text)
            answer = {"ok": True, **self.dispatch(request)}
        except IllegalAction as refusal:
            answer = {"ok": False, "refused": {"rule": refusal.rule, "message": refusal.message,
                                               "anchors": rule_anchors(refusal.rule)}}
            session = self._maybe_session(request_text)
            if session is not None:
                answer["view"] = session.view()
        except (SessionError, PositionError) as error:
            answer = {"ok": False, "error": str(error)}
        except Exception as error:  # the page shows it; the worker must keep serving
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        return answer

    def _maybe_session(self, request_text: str) -> PlaySession | None:
        try:
            return self.sessions.get(json.loads(request_text).get("widget"))
        except (ValueError, AttributeError):
            return None

    def dispatch(self, request: Mapping[str, Any]) -> dict:
        if not isinstance(request, Mapping):
            raise SessionError("a request is a JSON object")
        op = request.get("op")
        if op == "open":
            return {"view": self.open(request).view()}
        if op == "warm":  # a widget came into view: import the game now, so that "Try it" only plays
            self.engine(str(request.get("game")))
            return {}
        session = self.sessions.get(str(request.get("widget")))
        if session is None:
            raise SessionError(f"no game open in widget {request.get('widget')!r}")
        if "layout" in request:
            session.layout = str(request.get("layout") or "")
        if op == "view":
            pass
        elif op == "legal":
            return {"legal": session.legal(), "seat": session.reader_seat()}
        elif op == "think":
            return think(session)
        elif op == "render":
            return {"svg": session.svg(tuple(request.get("highlight") or ()))}
        elif op == "replay":
            step = request.get("step", 0)
            if not isinstance(step, int) or isinstance(step, bool):
                raise SessionError(f"step must be a whole number, not {step!r}")
            return {"replay": session.replay(step)}
        elif op == "act":
            session.act(str(request.get("action", "")))
        elif op in ("attempt", "click"):
            if op == "click":
                extra = session.click(str(request.get("cell", "")), request.get("selected") or None,
                                      request.get("parts") or ())
            else:
                extra = session.attempt(request.get("from") or None, str(request.get("to", "")))
            if extra:  # the game goes on as it was: the page marks, offers or says
                return extra
        elif op == "undo":
            session.undo()
        elif op == "bot":
            session.computer_move()
        elif op == "sides":
            session.set_sides(request.get("computer") or (), request.get("bot") or None)
        else:
            raise SessionError(f"unknown operation {op!r}")
        return {"view": session.view()}

    def open(self, request: Mapping[str, Any]) -> PlaySession:
        widget = str(request.get("widget") or "")
        if not widget:
            raise SessionError("open needs a widget id")
        engine = self.engine(str(request.get("game")))
        if request.get("position"):
            match = Match.from_position(engine, str(request["position"]))
        else:
            seed = request.get("seed", 0)
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise SessionError(f"seed must be a whole number, not {seed!r}")
            players = request.get("players")
            try:
                match = Match(engine, players, request.get("options") or {}, seed, start=request.get("setup") or None)
            except (KeyError, TypeError, ValueError) as error:
                if isinstance(error, IllegalAction):
                    raise
                raise SessionError(f"cannot start this game: {error}") from error
        viewer = request.get("viewer")
        if viewer is not None and (not isinstance(viewer, int) or isinstance(viewer, bool)):
            raise SessionError(f"viewer must be a seat number, not {viewer!r}")
        session = PlaySession(engine, match, widget=widget, computer=request.get("computer") or (),
                              bot=request.get("bot") or None, layout=str(request.get("layout") or ""),
                              viewer=viewer)
        session.words = translations_in(self.folder(str(request.get("game"))), str(request.get("language") or ""))
        session.settle()
        self.sessions[widget] = session
        return session
