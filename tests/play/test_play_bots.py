"""Computer opponents over the engine API (Rule engines I, item 4: a random bot and a
search bot, MCTS with chance nodes sampled, an iteration budget, and only the
player's observation as input; plus each game's own bots)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator.play import load_engine
from generator.play.api import Joint
from generator.play.bots import FunctionBot, MCTSBot, RandomBot, bot_names, choose_turn, game_bots, make_bot
from generator.play.match import Match
from generator.play.playout import play_game

TOYS = Path(__file__).parent / "toys"
PIG = load_engine(TOYS / "pig")
TICTACTOE = load_engine(TOYS / "tictactoe")
GUESS = load_engine(TOYS / "guess")


def record_against_random(engine, bot, games: int, seed0: int = 0) -> tuple[float, float]:
    """(win share, loss share) of `bot` against random over seeded games, alternating seats."""
    wins = losses = 0
    for game in range(games):
        seat = game % 2
        bots = [bot, RandomBot()] if seat == 0 else [RandomBot(), bot]
        winners = play_game(engine, bots, seed0 + game).result.winners
        wins += winners == (seat,)
        losses += winners == (1 - seat,)
    return wins / games, losses / games


def win_rate(engine, bot, games: int, seed0: int = 0) -> float:
    return record_against_random(engine, bot, games, seed0)[0]


def test_mcts_beats_random_at_tic_tac_toe():
    """The search bot wins most games against random and almost never loses."""
    wins, losses = record_against_random(TICTACTOE, MCTSBot(iterations=150), 30)
    print(f"tic-tac-toe: mcts wins {wins:.0%}, loses {losses:.0%}")
    assert wins >= 0.7 and losses <= 0.07


def test_mcts_beats_random_in_a_dice_race_by_sampling_chance():
    """With dice (chance nodes sampled) the search bot still wins clearly more than half
    (luck caps it: about 75% in 200-game runs, so the margin asserted is 65%)."""
    rate = win_rate(PIG, MCTSBot(iterations=40), 60)
    print(f"pig: mcts wins {rate:.0%}")
    assert rate >= 0.65


def test_mcts_takes_a_win_in_one():
    """From a position with a winning move, the search plays it."""
    match = Match(TICTACTOE, start="x-to-win")
    choice = MCTSBot(iterations=200).choose(TICTACTOE, match.state, 0, random.Random(0))
    assert TICTACTOE.notation(choice) == "c1"


def guess_after_deal(hands: tuple[int, int]):
    match = Match(GUESS, 2)
    match.apply(f"deal {hands[0]} {hands[1]}")
    return match.state


def test_mcts_never_sees_hidden_cards():
    """The bot plans on determinized states: its guess depends on its own card only,
    never on the card the other player holds (which it cannot see)."""
    bot = MCTSBot(iterations=120)
    for mine in (1, 3):
        others = [card for card in range(1, 6) if card != mine]
        guesses = {bot.choose(GUESS, guess_after_deal((mine, theirs)), 0, random.Random(7)) for theirs in others}
        assert len(guesses) == 1, f"the guess changed with the hidden card: {guesses}"


class PeekingGuess(type(GUESS)):
    """The same game with determinize switched off: a bot searching it sees everything."""

    def determinize(self, state, player, rng):
        return state


def test_a_peeking_bot_would_guess_right_so_the_hidden_card_test_can_fail():
    """Control for the test above: without determinize the search finds the hidden card
    every time, while the honest bot guesses right about one time in four."""
    bot, peeker = MCTSBot(iterations=120), PeekingGuess()
    honest_right = peeking_right = 0
    deals = [(a, b) for a in range(1, 6) for b in range(1, 6) if a != b]
    for i, (a, b) in enumerate(deals):
        state = guess_after_deal((a, b))
        honest_right += bot.choose(GUESS, state, 0, random.Random(i)) == f"guess {b}"
        peeking_right += bot.choose(peeker, state, 0, random.Random(i)) == f"guess {b}"
    assert peeking_right == len(deals)
    assert honest_right <= len(deals) // 2


def test_on_a_joint_turn_each_bot_returns_its_own_part():
    """choose() gives the bot's own part; choose_turn puts the parts together in player order."""
    state = guess_after_deal((2, 4))
    part = MCTSBot(iterations=50).choose(GUESS, state, 1, random.Random(3))
    assert part in GUESS.legal_actions(state, 1)
    joint = choose_turn(GUESS, state, {0: RandomBot(), 1: MCTSBot(iterations=30)}, random.Random(3))
    assert isinstance(joint, Joint) and len(joint.actions) == 2
    assert joint.actions[0] in GUESS.legal_actions(state, 0)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
def test_every_bot_returns_a_legal_action(seed, steps):
    """Whatever the position, random and search bots answer with a legal action."""
    match = Match(PIG, 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.over:
            break
        match.apply(choose_turn(PIG, match.state, {0: RandomBot(), 1: RandomBot()}, rng))
    match.advance()
    if match.over:
        return
    player = match.turn.player
    for bot in (RandomBot(), MCTSBot(iterations=20), make_bot(PIG, "hold-at-10")):
        assert bot.choose(PIG, match.state, player, rng) in match.legal_actions(player)


def test_the_same_seed_gives_the_same_search_game():
    """Bots draw only from the seeded generator: a bot game replays move for move."""
    bots = [MCTSBot(iterations=40), RandomBot()]
    assert play_game(PIG, bots, 12).log == play_game(PIG, bots, 12).log


def test_a_time_budget_stops_the_search():
    """With a time limit instead of iterations the bot still answers, and promptly."""
    import time

    bot = MCTSBot(iterations=10**9, time_limit=0.05)
    start = time.perf_counter()
    choice = bot.choose(TICTACTOE, TICTACTOE.initial_state(2), 0, random.Random(0))
    assert time.perf_counter() - start < 1.0 and choice in range(9)


def test_a_games_own_bots_come_from_its_engine_module():
    """A game's BOTS dict (name -> fn(engine, state, player, rng)) becomes bots by name."""
    own = game_bots(PIG)
    assert list(own) == ["hold-at-10"] and isinstance(own["hold-at-10"], FunctionBot)
    assert bot_names(PIG) == ["random", "mcts", "hold-at-10"]
    assert bot_names(TICTACTOE) == ["random", "mcts"]
    assert make_bot(PIG, "mcts:25").iterations == 25
    with pytest.raises(ValueError, match="no bot 'genius'"):
        make_bot(PIG, "genius")
    rate = win_rate(PIG, own["hold-at-10"], 40, seed0=100)
    assert rate >= 0.7, f"hold-at-10 should beat random, won {rate:.0%}"
