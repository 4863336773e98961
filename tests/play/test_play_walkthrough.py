"""Walkthrough and position blocks replayed through an engine (Interactive walkthroughs:
"At build time the engine replays every step: an illegal step fails the build with
... the engine's reason")."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.play import load_engine
from generator.play.match import Match
from generator.play.walkthrough import WalkthroughError, position_from_spec, replay_walkthrough

TOYS = Path(__file__).parent / "toys"
PIG = load_engine(TOYS / "pig")
TICTACTOE = load_engine(TOYS / "tictactoe")
GUESS = load_engine(TOYS / "guess")

CORNER_GAME = {
    "title": "X takes the diagonal",
    "players": 2,
    "steps": [
        {"do": "a1", "say": "X opens in a corner."},
        {"do": "b1", "say": "O answers beside it."},
        {"do": "b2", "say": "X takes the centre."},
        {"do": "c1", "say": "O blocks the wrong line."},
        {"do": "c3", "say": "X completes the diagonal."},
    ],
}


def test_each_step_carries_caption_events_cells_state_and_turn():
    """Every step reports its notation, caption, events, highlighted cells, the state after it and whose turn."""
    walk = replay_walkthrough(TICTACTOE, CORNER_GAME)
    assert walk.title == "X takes the diagonal" and len(walk) == 5
    assert walk.start.state_json == {"cells": "." * 9, "player": 0}
    third = walk.steps[2]
    assert (third.notation, third.caption, third.cells) == ("b2", "X takes the centre.", ("b2",))
    assert third.events == [{"kind": "placed", "text": "X on b2", "data": {"cell": "b2"}}]
    assert third.state_json == {"cells": "XO..X....", "player": 1}
    assert third.actor == {"kind": "player", "players": [0]} and third.turn == {"kind": "player", "players": [1]}
    assert walk.steps[-1].turn == {"kind": "over", "players": []}


def test_each_step_links_to_its_position_for_try_it_from_here():
    """A step's position string reopens the match exactly after that step."""
    walk = replay_walkthrough(TICTACTOE, CORNER_GAME)
    reopened = Match.from_position(TICTACTOE, walk.steps[1].after.position)
    assert reopened.log == ["a1", "b1"] and reopened.state == walk.steps[1].state


def test_an_illegal_step_names_the_step_and_the_engines_reason():
    """A step the rules forbid raises WalkthroughError with its index, notation and the rule."""
    spec = {"players": 2, "steps": [{"do": "a1", "say": ""}, {"do": "b2", "say": ""}, {"do": "a1", "say": "again?"}]}
    with pytest.raises(WalkthroughError) as error:
        replay_walkthrough(TICTACTOE, spec)
    assert error.value.step_index == 2 and error.value.notation == "a1"
    assert "a1 is already taken (T1)" in error.value.reason
    assert str(error.value).startswith("step 3 ('a1')")


def test_an_unreadable_step_names_the_step():
    """A notation the engine cannot read fails at that step with the engine's notation error."""
    spec = {"players": 2, "steps": [{"do": "a1"}, {"do": "middle"}]}
    with pytest.raises(WalkthroughError) as error:
        replay_walkthrough(TICTACTOE, spec)
    assert error.value.step_index == 1 and "(notation)" in error.value.reason


def test_a_bad_block_is_reported_before_any_step():
    """Unknown keys, a missing start, an unknown setup and empty steps are block errors."""
    bad_blocks = [
        ({"players": 2, "steps": [{"do": "a1"}], "seeds": 3}, "unknown key 'seeds'"),
        ({"steps": [{"do": "a1"}]}, "say where the walkthrough starts"),
        ({"setup": "nowhere", "steps": [{"do": "a1"}]}, "no setup 'nowhere'"),
        ({"players": 2, "steps": []}, "non-empty 'steps:'"),
        ({"players": 2, "steps": [{"do": "a1", "sya": "typo"}]}, "unknown key 'sya'"),
        ({"position": {"cells": "XX"}, "steps": [{"do": "a1"}]}, "cannot read the starting state"),
    ]
    for spec, message in bad_blocks:
        with pytest.raises(WalkthroughError, match=message):
            replay_walkthrough(TICTACTOE, spec)


def test_a_walkthrough_can_start_from_a_setup_a_state_or_a_position_string():
    """setup: names engine.setups(); position: is state JSON or a Match position string."""
    assert replay_walkthrough(TICTACTOE, {"setup": "x-to-win", "steps": [{"do": "c1"}]}).steps[0].turn["kind"] == "over"
    from_state = replay_walkthrough(TICTACTOE, {"position": {"cells": "X........", "player": 1}, "steps": ["b2"]})
    assert from_state.steps[0].state_json["cells"] == "X...O...."
    match = Match(TICTACTOE, 2)
    match.apply("c3")
    from_link = replay_walkthrough(TICTACTOE, {"position": match.to_position(), "steps": [{"do": "a3"}]})
    assert from_link.steps[0].state_json["cells"] == "......O.X"


def test_fixed_dice_are_used_and_unfixed_ones_come_from_an_explicit_seed():
    """A step may fix a chance outcome ('die 5'); with an explicit `seed:`, a chance turn the
    spec skips is drawn from it as an uncaptioned step of its own."""
    fixed = replay_walkthrough(PIG, {"players": 2, "steps": [{"do": "roll"}, {"do": "die 5", "say": "A five."}, {"do": "hold"}]})
    assert [s.notation for s in fixed] == ["roll", "die 5", "hold"]
    assert fixed.steps[1].actor["kind"] == "chance" and fixed.steps[2].state_json["scores"] == [5, 0]
    drawn = replay_walkthrough(PIG, {"players": 2, "seed": 3, "steps": [{"do": "roll"}, {"do": "roll", "say": "Again."}]})
    notations = [s.notation for s in drawn]
    assert notations[0] == "roll" and notations[1].startswith("die ") and drawn.steps[1].index is None
    assert drawn == replay_walkthrough(PIG, {"players": 2, "seed": 3, "steps": [{"do": "roll"}, {"do": "roll", "say": "Again."}]})
    with pytest.raises(WalkthroughError) as error:
        replay_walkthrough(PIG, {"players": 2, "steps": [{"do": "roll"}, {"do": "die 9"}]})
    assert error.value.step_index == 1 and "possible were die 1, die 2" in error.value.reason


def test_joint_steps_are_written_with_ampersands():
    """A joint turn's step lists every player's part: 'guess 4 & guess 2'."""
    walk = replay_walkthrough(GUESS, {"players": 2, "steps": [{"do": "deal 2 4"}, {"do": "guess 4 & guess 2", "say": "Both right."}]})
    assert walk.steps[1].actor == {"kind": "joint", "players": [0, 1]}
    with pytest.raises(WalkthroughError) as error:
        replay_walkthrough(GUESS, {"players": 2, "steps": [{"do": "deal 2 4"}, {"do": "guess 2 & guess 4"}]})
    assert error.value.step_index == 1 and "cannot say 'guess 2'" in error.value.reason


def test_a_position_block_gives_the_state_and_cells_to_highlight():
    """A position block: start, optional actions, highlighted cells and a move's cells."""
    diagram = position_from_spec(TICTACTOE, {"setup": "x-to-win", "highlight": ["a1", "b1"], "move": "c1",
                                             "title": "X to play"})
    assert diagram.state_json == {"cells": "XX.OO....", "player": 0}
    assert diagram.highlight == ("a1", "b1", "c1")
    after = position_from_spec(TICTACTOE, {"players": 2, "do": ["b2", "a1"]})
    assert after.state_json["cells"] == "O...X...."
    with pytest.raises(WalkthroughError, match="already taken"):
        position_from_spec(TICTACTOE, {"setup": "x-to-win", "move": "a1"})


# -- issue 26.1: walkthroughs the author fully determines ---------------------------------
def test_a_step_that_leaves_a_chance_turn_to_an_unfixed_draw_is_an_error_listing_the_outcomes():
    """Without an explicit seed, nothing is drawn behind the author's back: a mistyped step
    ('roll' where the die's face is due) cannot shift every later step in silence."""
    with pytest.raises(WalkthroughError) as error:
        replay_walkthrough(PIG, {"players": 2, "steps": [{"do": "roll"}, {"do": "roll", "say": "A five."}]})
    assert error.value.step_index == 1 and error.value.notation == "roll"
    assert "the dice or the deck decide here (a chance turn)" in error.value.reason
    assert "possible were die 1, die 2, die 3, die 4, die 5, die 6" in error.value.reason
    assert "explicit 'seed:'" in error.value.reason


def test_a_chance_outcome_written_where_a_player_acts_says_whose_turn_it_is():
    with pytest.raises(WalkthroughError) as error:
        replay_walkthrough(PIG, {"players": 2, "steps": [{"do": "die 5"}]})
    assert error.value.step_index == 0 and "(it is Player 1's turn)" in error.value.reason


def test_an_expect_that_fails_names_the_step_and_what_was_found():
    steps = [{"do": "roll"}, {"do": "die 5"}, {"do": "hold", "expect": {"scores.0": 6}}]
    with pytest.raises(WalkthroughError) as error:
        replay_walkthrough(PIG, {"players": 2, "steps": steps})
    assert error.value.step_index == 2
    assert str(error.value) == "step 3 ('hold'): expected scores.0: 6 after this step, but scores.0 is 5"
    with pytest.raises(WalkthroughError) as error:
        replay_walkthrough(PIG, {"players": 2, "steps": steps[:2] + [{"do": "hold", "expect": {"winner": "Player 1"}}]})
    assert "expected winner: 'Player 1' after this step, but no winner yet" in error.value.reason


def test_expectations_that_hold_pass_silently():
    steps = [{"do": "roll"}, {"do": "die 5"},
             {"do": "hold", "expect": {"scores.0": 5, "over": False, "turn": "Player 2", "scores": [5, 0]}}]
    walkthrough = replay_walkthrough(PIG, {"players": 2, "steps": steps})
    assert walkthrough.steps[-1].state_json["scores"] == [5, 0]
    won = replay_walkthrough(PIG, {"setup": "close-race", "steps": [
        {"do": "roll"}, {"do": "die 4"}, {"do": "hold", "expect": {"winner": "Player 2", "over": True}}]})
    assert won.steps[-1].turn["kind"] == "over"
