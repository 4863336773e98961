"""Guess: a toy hidden-card game with a deal (chance) and a joint turn.

Each player is dealt one card from 1..5, seen only by its owner. Then both
name, at the same moment, the number they think the other holds. Whoever
guesses right wins (both, or nobody, may).
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.play.api import Engine, Event, IllegalAction, Joint, Result, Turn

DECK = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class Table:
    hands: tuple[int, ...] = ()  # empty until the deal
    guesses: tuple[int, ...] = ()  # empty until both have guessed


class Guess(Engine):
    name = "Guess"

    def initial_state(self, players, options=None):
        self.check_players(players)
        return Table()

    def turn(self, state):
        if not state.hands:
            return Turn.chance()
        if not state.guesses:
            return Turn.joint((0, 1))
        return Turn.over()

    def legal_actions(self, state, player):
        if self.turn(state).kind != "joint":
            return []
        return [f"guess {n}" for n in DECK if n != state.hands[player]]

    def chance_outcomes(self, state):
        if state.hands:
            return []
        deals = [f"deal {a} {b}" for a in DECK for b in DECK if a != b]
        return [(deal, 1 / len(deals)) for deal in deals]

    def apply(self, state, action):
        turn = self.turn(state)
        if turn.kind == "chance":
            a, b = (int(x) for x in action.split()[1:])
            return Table((a, b)), [Event("dealt", "Each player gets a card")]
        if turn.kind != "joint" or not isinstance(action, Joint) or len(action.actions) != 2:
            raise IllegalAction("G2", "both players guess at once")
        for player, part in enumerate(action.actions):
            if part not in self.legal_actions(state, player):
                raise IllegalAction("G2", f"player {player} cannot say {part!r}")
        guesses = tuple(int(part.split()[1]) for part in action.actions)
        return Table(state.hands, guesses), [Event("revealed", f"Cards {state.hands}, guesses {guesses}")]

    def result(self, state):
        if not state.guesses:
            return None
        winners = tuple(p for p in (0, 1) if state.guesses[p] == state.hands[1 - p])
        return Result(winners, tuple(1.0 if p in winners else 0.0 for p in (0, 1)))

    def observation(self, state, player):
        hands = [card if p == player else None for p, card in enumerate(state.hands)]
        return {"hands": hands, "guesses": list(state.guesses)}

    def determinize(self, state, player, rng):
        if not state.hands or state.guesses:
            return state
        mine = state.hands[player]
        theirs = rng.choice([card for card in DECK if card != mine])
        hands = (mine, theirs) if player == 0 else (theirs, mine)
        return Table(hands, state.guesses)

    def notation(self, action):
        return action

    def parse(self, state, text):
        words = text.split()
        if len(words) == 2 and words[0] == "guess" and words[1].isdigit():
            return f"guess {words[1]}"
        if len(words) == 3 and words[0] == "deal" and words[1].isdigit() and words[2].isdigit():
            return " ".join(words)
        raise IllegalAction("notation", f"cannot read {text!r}")

    def state_to_json(self, state):
        return {"hands": list(state.hands), "guesses": list(state.guesses)}

    def state_from_json(self, data):
        return Table(tuple(data["hands"]), tuple(data["guesses"]))


ENGINE = Guess()
