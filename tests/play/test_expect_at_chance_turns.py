"""Issue 44.7: `expect: {turn: ...}` where the next turn opens with a throw or a draw (a chance
turn) names the player whose turn it opens, the one who acts after it whatever it brings;
`turn: chance` says the dice decide next. Hop's turns each open with a coin."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.play import load_engine
from generator.play.api import CHANCE
from generator.play.walkthrough import WalkthroughError, _whose_turn, replay_walkthrough

HOP = load_engine(Path(__file__).resolve().parents[1] / "interactive" / "fixtures" / "hopsite" / "content" / "hop")


def walk(expect: dict) -> dict:
    return {"setup": "start", "steps": [{"do": "roll 2"}, {"do": "b1-b3", "expect": expect}]}


@pytest.mark.parametrize("expect", [{"turn": "Blue"}, {"turn": "chance"}, {"turn": "Blue", "over": False}])
def test_whose_turn_opens_with_the_coin_is_the_player_who_moves_after_it(expect):
    replay_walkthrough(HOP, walk(expect))


def test_the_wrong_player_at_a_chance_turn_names_whose_turn_it_opens():
    with pytest.raises(WalkthroughError) as error:
        replay_walkthrough(HOP, walk({"turn": "Red"}))
    assert error.value.reason == ("expected turn: 'Red' after this step, but it is Blue's turn, "
                                  "which opens with a chance turn")



class EndlessDeck:
    """Every turn a draw from 50 cards: looked through four deep, 6 million ends."""

    class Turn:
        kind, players = CHANCE, ()

    def __init__(self):
        self.applied = 0

    def apply(self, state, action):
        self.applied += 1
        return state, []

    def turn(self, state):
        return self.Turn

    def chance_outcomes(self, state):
        return [(("draw", n), 1 / 50) for n in range(50)]


def test_whose_turn_after_a_deep_deck_is_looked_for_in_a_bounded_number_of_outcomes():
    deck = EndlessDeck()
    match = SimpleNamespace(engine=deck, state=None, turn=deck.Turn, chance_outcomes=lambda: deck.chance_outcomes(None))
    assert _whose_turn(match) == []  # nobody's: the deck decides, as far as can be seen
    assert deck.applied <= 256
