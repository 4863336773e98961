"""Pig: the engine tutorial's game (docs/engine-guide.md walks through this file).

On your turn you roll one die, again and again. Each roll adds to your turn's
points, unless it is a 1: then the turn's points are lost and the die passes on.
You may hold instead of rolling: the turn's points join your score and the die
passes on. The first player whose score reaches the target (50) wins.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from generator.draw.shapes import Circle, Drawing, Rect, Style, Text
from generator.play.api import Engine, Event, IllegalAction, Result, Turn

NAMES = ("Ann", "Ben", "Cat", "Dan")
COLOURS = ("#b5477a", "#2f6fa5", "#3c8a4a", "#c77d1a")
ROLL, HOLD = "roll", "hold"
FACES = tuple(f"die {n}" for n in range(1, 7))  # the chance outcomes, as written in walkthroughs


@dataclass(frozen=True)
class PigState:
    """Everything a position needs, and nothing else: immutable, so bots may look ahead."""

    scores: tuple[int, ...]
    current: int = 0
    turn_points: int = 0
    rolling: bool = False  # the player chose to roll: the die is in the air (a chance turn)
    last: int = 0  # the last face shown, for the drawing
    target: int = 50


class PigEngine(Engine):
    name = "Pig"
    min_players = 2
    max_players = 4
    option_defaults = {"target": 50}
    rules_version = "pig-1"  # positions saved in pages name this version

    # -- setting up ---------------------------------------------------------------
    def initial_state(self, players=2, options=None):
        self.check_players(players)
        target = int(self.options(options)["target"])
        return PigState(scores=(0,) * players, target=target)

    def setups(self):
        """Named positions for walkthroughs and diagrams (`setup: close-finish`)."""
        return {
            "start": self.initial_state(2),
            "close-finish": PigState(scores=(44, 47), current=0, turn_points=4),
        }

    def player_name(self, state, player: int) -> str:
        return NAMES[player]

    # -- whose turn, and what they may do --------------------------------------------
    def turn(self, state: PigState) -> Turn:
        if self.result(state) is not None:
            return Turn.over()
        return Turn.chance() if state.rolling else Turn.of(state.current)

    def legal_actions(self, state: PigState, player: int) -> list:
        if self.turn(state) != Turn.of(player):
            return []
        return [ROLL, HOLD] if state.turn_points else [ROLL]  # holding nothing would only pass the die

    def chance_outcomes(self, state: PigState):
        return [(face, 1 / 6) for face in FACES] if self.turn(state).kind == "chance" else []

    # -- the rules ------------------------------------------------------------------
    def apply(self, state: PigState, action):
        kind = self.turn(state).kind
        who = NAMES[state.current]
        if kind == "over":
            raise IllegalAction("Pig §End", "the game is over")
        if kind == "chance":
            if action not in FACES:
                raise IllegalAction("Pig §Rolling", f"the die shows 1 to 6, not {action!r}")
            face = int(action.split()[1])
            if face == 1:
                after = self._pass_die(replace(state, rolling=False, last=1))
                return after, [Event("pigged", f"{who} rolls a 1 and loses the turn's {state.turn_points}.",
                                     {"player": state.current, "lost": state.turn_points})]
            after = replace(state, rolling=False, turn_points=state.turn_points + face, last=face)
            return after, [Event("rolled", f"{who} rolls {face}: {after.turn_points} this turn.",
                                 {"player": state.current, "face": face})]
        if action == ROLL:
            return replace(state, rolling=True), []  # the chance turn that follows says what came up
        if action == HOLD:
            if not state.turn_points:
                raise IllegalAction("Pig §Holding", "there is nothing to hold yet: roll first")
            scores = list(state.scores)
            scores[state.current] += state.turn_points
            after = replace(state, scores=tuple(scores))
            events = [Event("held", f"{who} holds and banks {state.turn_points}: {scores[state.current]} in all.",
                            {"player": state.current, "banked": state.turn_points})]
            if scores[state.current] >= state.target:
                events.append(Event("won", f"{who} reaches {state.target} and wins!", {"player": state.current}))
                return replace(after, turn_points=0), events
            return self._pass_die(after), events
        raise IllegalAction("Pig §A turn", f"{action!r} is not a move: roll or hold")

    def _pass_die(self, state: PigState) -> PigState:
        return replace(state, current=(state.current + 1) % len(state.scores), turn_points=0)

    def result(self, state: PigState):
        for player, score in enumerate(state.scores):
            if score >= state.target:
                return Result((player,), tuple(1.0 if p == player else 0.0 for p in range(len(state.scores))),
                              f"{NAMES[player]} wins with {score}")
        return None

    # -- notation and saved positions ----------------------------------------------
    def notation(self, action) -> str:
        return str(action)

    def parse(self, state, text: str):
        clean = " ".join(str(text).lower().split())
        if clean in (ROLL, HOLD, *FACES):
            return clean
        raise IllegalAction("notation", f"cannot read {text!r}: write 'roll', 'hold' or 'die 1' to 'die 6'")

    def state_to_json(self, state: PigState) -> dict:
        return {"scores": list(state.scores), "current": state.current, "turn_points": state.turn_points,
                "rolling": state.rolling, "last": state.last, "target": state.target}

    def state_from_json(self, data) -> PigState:
        return PigState(scores=tuple(int(s) for s in data["scores"]), current=int(data["current"]),
                        turn_points=int(data["turn_points"]), rolling=bool(data["rolling"]),
                        last=int(data["last"]), target=int(data["target"]))

    # -- the drawing: one bar per player, and the die -------------------------------------
    def render(self, state: PigState, highlight=()) -> Drawing:
        width, bar = 128.0, 90.0
        shapes = []
        for player, score in enumerate(state.scores):
            y = 8 + player * 12
            name = NAMES[player]
            shapes.append(Text(4, y + 5, name, size=4, bold=player == state.current, role="label"))
            shapes.append(Rect(22, y, bar, 7, Style(fill="#f2ece4", stroke="#8a7f74", stroke_width=0.3),
                               cell=name.lower(), role="track"))
            banked = bar * min(score, state.target) / state.target
            shapes.append(Rect(22, y, banked, 7, Style(fill=COLOURS[player]), cell=name.lower(), role="score"))
            if player == state.current and state.turn_points:
                at_risk = bar * min(state.turn_points, state.target - score) / state.target
                shapes.append(Rect(22 + banked, y, at_risk, 7, Style(fill=COLOURS[player], stroke=COLOURS[player],
                                                                     stroke_width=0.3, opacity=0.35),
                                   role="turn-points"))
            shapes.append(Text(22 + bar + 2, y + 5, str(score), size=4, role="score-label"))  # beside the bar: on it, the colour hid it
        y = 12 + len(state.scores) * 12
        shapes += die(10, y, state.last)
        status = self.result(state).text if self.result(state) else (
            f"{NAMES[state.current]}: {state.turn_points} this turn" + (", rolling…" if state.rolling else ""))
        shapes.append(Text(26, y + 7, status, size=4, role="status"))
        return Drawing(width, y + 16, tuple(shapes), title=f"Pig: {status}")


PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def die(x: float, y: float, face: int) -> list:
    """A die showing `face` (none yet: a blank die), 12 mm square, its top left at x, y."""
    shapes = [Rect(x, y, 12, 12, Style(fill="#ffffff", stroke="#333333", stroke_width=0.5), rx=2, role="die")]
    for row, col in PIPS.get(face, []):
        shapes.append(Circle(x + 3 + col * 3, y + 3 + row * 3, 1.1, Style(fill="#333333"), role="pip"))
    return shapes


ENGINE = PigEngine()
