"""The engine tutorial's game (docs/engine-guide.md, files in docs/tutorial/): it builds as a
site of its own, walkthrough and Play page included, and its games end (issue 17.2)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import build
from generator.play import load_engine
from generator.play.bots import make_bot
from generator.play.playout import play_game, random_playout
ROOT = Path(__file__).resolve().parents[2]

TUTORIAL = ROOT / "docs" / "tutorial"


def test_the_tutorial_site_builds_with_its_walkthrough_and_play_page(tmp_path):
    site = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, site)
    report = build(site, use_cache=False)
    rules = (site / "output/dice-pig/index.html").read_text()
    assert 'data-rp-widget="walkthrough"' in rules and 'data-rp-widget="position"' in rules
    assert 'data-rp-widget="play"' in (site / "output/dice-pig/play.html").read_text()
    assert any(name.startswith("_play/dice-pig.") for name in report.files)


@pytest.mark.parametrize("seed", range(40))
def test_every_game_of_pig_ends_with_one_winner(seed):
    engine = load_engine(TUTORIAL / "content/dice-pig/engine.py")
    players = 2 + seed % 3
    game = random_playout(engine, players, seed)
    assert not game.capped and len(game.result.winners) == 1
    bot = make_bot(engine, "hold-at-20")
    game = play_game(engine, {p: bot for p in range(players)}, seed, players=players)
    assert not game.capped and len(game.result.winners) == 1


def test_pig_refuses_a_hold_with_nothing_to_bank():
    from generator.play.api import IllegalAction

    engine = load_engine(TUTORIAL / "content/dice-pig/engine.py")
    with pytest.raises(IllegalAction) as refused:
        engine.apply(engine.initial_state(2), "hold")
    assert refused.value.rule == "Pig §Holding"


def test_the_drawing_model_reference_names_every_shape_and_field():
    """docs/engine-guide.md's table cannot go stale: each dataclass of generator/draw/shapes.py
    and each of its fields is in it."""
    import dataclasses

    from generator.draw import shapes

    guide = (ROOT / "docs/engine-guide.md").read_text()
    table = guide[guide.index("### The drawing model"):guide.index("## 7. Bots")]
    for name in dir(shapes):
        kind = getattr(shapes, name)
        if isinstance(kind, type) and dataclasses.is_dataclass(kind) and kind.__module__ == shapes.__name__:
            row = next(line for line in table.splitlines() if line.startswith(f"| `{name}` |"))
            for item in dataclasses.fields(kind):
                assert f"`{item.name}`" in row, f"{name}.{item.name} is missing from the drawing model table"
