"""The match driver works with every game's engine (Rule engines I: "States and action logs
round-trip through JSON" and "a compact position string suitable for a URL"; the
"Try it" links of the walkthroughs issue reopen positions this way)."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.play import load_engine
from generator.play.bots import MCTSBot
from generator.play.match import Match
from generator.play.playout import random_playout

CONTENT = Path(__file__).resolve().parents[2] / "content"
ENGINE_FILES = sorted(CONTENT.glob("*/engine.py"))


@pytest.mark.skipif(not ENGINE_FILES, reason="no content/*/engine.py written yet")
@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.parent.name)
def test_a_random_game_reopens_from_its_position_string_at_every_stage(path):
    """Cut a random game at several points: the position string replays to the same state."""
    engine = load_engine(path)
    for seed in range(3):
        players = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
        playout = random_playout(engine, players, seed, max_steps=200)
        match = playout.match
        for cut in sorted({0, len(match.log) // 3, len(match.log)}):
            match.goto(cut)
            back = Match.from_position(engine, match.to_position())
            assert back.log == match.log
            assert engine.state_to_json(back.state) == engine.state_to_json(match.state)


@pytest.mark.skipif(not ENGINE_FILES, reason="no content/*/engine.py written yet")
@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.parent.name)
def test_the_search_bot_answers_with_a_legal_action_in_every_game(path):
    """A small-budget MCTS bot can play each game (joint turns and hidden cards included)."""
    import random

    engine = load_engine(path)
    match = Match(engine, engine.min_players, seed=1)
    bot = MCTSBot(iterations=8, rollout_limit=20)
    for _ in range(6):
        match.advance()
        if match.over:
            break
        turn = match.turn
        for player in turn.players:
            legal = [engine.notation(a) for a in match.legal_actions(player)]
            assert engine.notation(bot.choose(engine, match.state, player, random.Random(player))) in legal
        match.play_bots({p: bot for p in turn.players})
