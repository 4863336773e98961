"""Computer levels (issue 28, item 3): every game offers at least three named levels,
a level's name works wherever a bot's does, the Play page's worker lists them, and the
measured strengths the Play page shows belong to the levels the game declares."""
from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest

from generator.browser.session import SessionServer
from generator.play import load_engine
from generator.play.bots import RandomBot, bot_names, make_bot
from generator.play.levels import BlunderingBot, Level, game_levels
from generator.play.match import Match

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = sorted(path.parent.name for path in CONTENT.glob("*/engine.py"))
TOYS = Path(__file__).parent / "toys"


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_offers_at_least_three_levels_that_each_choose_a_legal_move(slug):
    engine = load_engine(CONTENT / slug)
    levels = game_levels(engine)
    assert len(levels) >= 3
    assert all(level.about for level in levels), "each level tells the reader what it does"
    match = Match(engine, max(2, engine.min_players), None, 0)
    while match.turn.kind == "chance":
        match.resolve_chance()
    player = match.turn.players[0]
    legal = {engine.notation(a) for a in engine.legal_actions(match.state, player)}
    for level in levels:
        bot = make_bot(engine, level.name)
        assert engine.notation(bot.choose(engine, match.state, player, random.Random(1))) in legal


@pytest.mark.parametrize("slug", GAMES)
def test_the_measured_levels_table_lists_the_declared_levels_in_order(slug):
    """content/<game>/levels.csv (written by scripts/bench_levels.py) must not go stale
    when a level is added, renamed or reordered, and holds at least 200 games per match."""
    engine = load_engine(CONTENT / slug)
    with (CONTENT / slug / "levels.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["level"] for row in rows] == [level.name for level in game_levels(engine)]
    assert all(int(row["games"]) >= 200 for row in rows)
    assert [row["below"] for row in rows[1:]] == [row["level"] for row in rows[:-1]]


@pytest.mark.parametrize("slug", GAMES)
def test_each_level_scores_above_an_even_share_against_the_level_below(slug):
    """Issue 28.3: "strong means something". Each level's measured score against the level below
    (a win 1, a game nobody won an even share) is above an even share of the table, and so is every
    level's score against random play."""
    with (CONTENT / slug / "levels.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    percent = lambda text: int(text.rstrip("%"))
    for row in rows:
        even = 100 / int(row["players"])
        assert percent(row["vs_random"]) > even, f"{row['level']} scores {row['vs_random']} against random"
        if row["below"] != "-":
            assert percent(row["vs_below"]) > even, \
                f"{row['level']} scores {row['vs_below']} against {row['below']}: no stronger (even share {even:.0f}%)"


def test_a_levels_title_is_its_name_in_the_readers_language():
    """Rulepress's catalogues name the levels its games use: the level select of a German page
    says "Anfänger"; a name they do not know reads as written; the name itself stays the bot's."""
    from generator.i18n.interface import translations
    from generator.play.words import speaking

    with speaking(translations("de")):
        shown = [Level(name, bot="random").to_json() for name in ("beginner", "club", "strong", "grandmaster")]
    assert [level["title"] for level in shown] == ["Anfänger", "Vereinsspieler", "stark", "grandmaster"]
    assert [level["name"] for level in shown] == ["beginner", "club", "strong", "grandmaster"]


def test_a_level_name_is_a_bot_name_and_the_worker_lists_the_levels():
    server = SessionServer(CONTENT)
    answer = json.loads(server.handle(json.dumps(
        {"op": "open", "widget": "w", "game": "splat", "players": 2, "seed": 3, "computer": [1], "bot": "strong"})))
    view = answer["view"]
    assert [level["name"] for level in view["levels"]] == ["beginner", "club", "strong"]
    assert all(set(level) == {"name", "title", "about"} for level in view["levels"])
    assert [level["title"] for level in view["levels"]] == ["beginner", "club", "strong"]  # English: as named
    assert view["level"] == "strong"
    answer = json.loads(server.handle(json.dumps({"op": "sides", "widget": "w", "computer": [1], "bot": "beginner"})))
    assert answer["view"]["level"] == "beginner"
    assert "beginner" in bot_names(load_engine(CONTENT / "splat"))


def test_a_plain_bot_is_not_a_level():
    server = SessionServer(CONTENT)
    answer = json.loads(server.handle(json.dumps(
        {"op": "open", "widget": "w", "game": "splat", "players": 2, "seed": 3, "computer": [1], "bot": "random"})))
    assert answer["view"]["level"] is None


def test_a_blundering_level_plays_random_moves_as_often_as_it_says():
    engine = load_engine(TOYS / "tictactoe")
    state = engine.initial_state(2)

    class Never:
        def choose(self, engine, state, player, rng):
            return "inner"

    rng = random.Random(0)
    picks = [BlunderingBot(Never(), 0.3).choose(engine, state, 0, rng) for _ in range(2000)]
    assert 0.25 < sum(p != "inner" for p in picks) / len(picks) < 0.35
    assert BlunderingBot(Never(), 0.0).choose(engine, state, 0, rng) == "inner"


@pytest.mark.parametrize("bad, says", [
    (dict(name="Club", bot="heuristic"), "lower-case"),
    (dict(name="club", bot=""), "bot must name a bot"),
    (dict(name="club", bot="heuristic", blunders=1.5), "share of moves from 0 to 1"),
])
def test_a_badly_declared_level_says_what_is_wrong(bad, says):
    with pytest.raises(ValueError, match=says):
        Level(**bad)


def test_a_level_naming_an_unknown_bot_fails_with_the_bots_known(monkeypatch):
    engine = load_engine(TOYS / "pig")
    module = __import__(type(engine).__module__, fromlist=["x"])
    monkeypatch.setattr(module, "LEVELS", (Level("easy", bot="genius"),), raising=False)
    with pytest.raises(ValueError, match="no bot 'genius'"):
        make_bot(engine, "easy")
    assert isinstance(make_bot(engine, "random"), RandomBot)
