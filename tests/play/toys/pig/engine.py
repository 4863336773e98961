"""Pig, a dice race: a toy game with chance for the match and bot tests.

On your turn you roll a die as often as you like; each roll adds to your
turn's pot, a 1 empties the pot and ends your turn, and holding banks the pot.
The first to bank `target` points wins. You must roll at least once a turn.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from generator.play.api import Engine, Event, IllegalAction, Result, Turn


@dataclass(frozen=True)
class PigState:
    scores: tuple[int, ...]
    player: int
    pot: int = 0
    rolling: bool = False  # a die is in the air: chance acts next
    rolled: bool = False  # the player has rolled at least once this turn
    target: int = 20


class Pig(Engine):
    name = "Pig"
    min_players = 2
    max_players = 4
    option_defaults = {"target": 20}

    def initial_state(self, players, options=None):
        self.check_players(players)
        return PigState(scores=(0,) * players, player=0, target=self.options(options)["target"])

    def setups(self):
        return {"close-race": {"scores": [18, 18], "player": 1, "pot": 0, "rolling": False, "rolled": False, "target": 20}}

    def turn(self, state):
        if max(state.scores) >= state.target:
            return Turn.over()
        return Turn.chance() if state.rolling else Turn.of(state.player)

    def legal_actions(self, state, player):
        if self.turn(state) != Turn.of(player):
            return []
        return ["roll", "hold"] if state.rolled else ["roll"]

    def chance_outcomes(self, state):
        return [(f"die {n}", 1 / 6) for n in range(1, 7)] if state.rolling else []

    def apply(self, state, action):
        turn = self.turn(state)
        if turn.kind == "over":
            raise IllegalAction("end", "the race is over")
        if turn.kind == "chance":
            if action not in [o for o, _ in self.chance_outcomes(state)]:
                raise IllegalAction("die", f"{action!r} is not a face of the die")
            face = int(action.split()[1])
            if face == 1:
                nxt = (state.player + 1) % len(state.scores)
                return (PigState(state.scores, nxt, target=state.target),
                        [Event("bust", f"Player {state.player} rolled a 1 and lost {state.pot} points", {"player": state.player})])
            return (replace(state, pot=state.pot + face, rolling=False, rolled=True),
                    [Event("rolled", f"Player {state.player} rolled {face}", {"face": face})])
        if action == "roll":
            return replace(state, rolling=True), []
        if action == "hold":
            if not state.rolled:
                raise IllegalAction("Pig R2", "you must roll at least once before holding")
            scores = list(state.scores)
            scores[state.player] += state.pot
            nxt = (state.player + 1) % len(scores)
            return (PigState(tuple(scores), nxt, target=state.target),
                    [Event("banked", f"Player {state.player} banked {state.pot}", {"player": state.player})])
        raise IllegalAction("Pig R1", f"{action!r} is not roll or hold")

    def result(self, state):
        if self.turn(state).kind != "over":
            return None
        winner = max(range(len(state.scores)), key=lambda p: state.scores[p])
        return Result((winner,), tuple(float(s) for s in state.scores), f"Player {winner} wins")

    def notation(self, action):
        return action

    def parse(self, state, text):
        text = " ".join(text.split())
        if text in ("roll", "hold") or (text.startswith("die ") and text[4:].isdigit()):
            return text
        raise IllegalAction("notation", f"cannot read {text!r}: write roll, hold or die N")

    def state_to_json(self, state):
        return {"scores": list(state.scores), "player": state.player, "pot": state.pot,
                "rolling": state.rolling, "rolled": state.rolled, "target": state.target}

    def state_from_json(self, data):
        return PigState(tuple(data["scores"]), data["player"], data["pot"], data["rolling"], data["rolled"], data["target"])


def hold_at_ten(engine, state, player, rng):
    """Bank as soon as the pot reaches 10 (or the win)."""
    legal = engine.legal_actions(state, player)
    if "hold" in legal and (state.pot >= 10 or state.scores[player] + state.pot >= state.target):
        return "hold"
    return "roll"


ENGINE = Pig()
BOTS = {"hold-at-10": hold_at_ten}
