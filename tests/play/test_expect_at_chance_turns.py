"""Issue 44.7: `expect: {turn: ...}` where the next turn opens with a throw or a draw (a chance
turn) names the player whose turn it opens, the one who acts after it whatever it brings;
`turn: chance` says the dice decide next. Hop's turns each open with a coin."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.play import load_engine
from generator.play.walkthrough import WalkthroughError, replay_walkthrough

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
