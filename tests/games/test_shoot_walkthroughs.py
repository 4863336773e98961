"""Every ```walkthrough and ```position block in the Splatter SHOOT pages replays through the
engine: each step parses and is legal. The rules page must show an attack with its counterattack
(action damage against full damage) and a JAM, as issue "Interactive walkthroughs" asks."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.play import load_engine
from tests.games.fences import fenced_blocks
from generator.play.walkthrough import position_from_spec, replay_walkthrough

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "content" / "shoot"
ENGINE = load_engine(GAME)
def blocks(kind: str) -> list[tuple[str, int, dict]]:
    return [(f"{page}:{line}", line, options) for page, line, options in fenced_blocks(GAME, kind)]


WALKTHROUGHS = blocks("walkthrough")
POSITIONS = blocks("position")


@pytest.mark.parametrize("where,line,spec", WALKTHROUGHS, ids=[w for w, _, _ in WALKTHROUGHS])
def test_walkthrough_replays(where, line, spec):
    """Each walkthrough step parses and is legal; its written chance steps fix every draw."""
    walkthrough = replay_walkthrough(ENGINE, spec)
    assert len(walkthrough.steps) == len(spec["steps"])  # no draw was left to the seed
    for step, written in zip(walkthrough.steps, spec["steps"]):
        assert step.notation == written["do"]


@pytest.mark.parametrize("where,line,spec", POSITIONS, ids=[w for w, _, _ in POSITIONS])
def test_position_renders(where, line, spec):
    """Each position block names a setup and cells the diagram knows."""
    diagram = position_from_spec(ENGINE, spec)
    drawing = ENGINE.render(diagram.state, diagram.highlight)

    def cells(shapes):
        for shape in shapes:
            if getattr(shape, "cell", ""):
                yield shape.cell
            yield from cells(getattr(shape, "shapes", ()))
    assert set(diagram.highlight) <= set(cells(drawing.shapes))


def test_rules_show_an_attack_with_counterattack_and_a_jam():
    """Rules §Example of play: walkthroughs show an exchange at action damage, one at full damage, and a JAM."""
    kinds = []
    for _, _, spec in WALKTHROUGHS:
        walkthrough = replay_walkthrough(ENGINE, spec)
        kinds.append({event["kind"] for step in walkthrough.steps for event in step.events}
                     | {"full" if event["data"].get("full") else "action"
                        for step in walkthrough.steps for event in step.events if event["kind"] == "attack"})
    assert any({"attack", "action", "hit"} <= k for k in kinds)
    assert any({"attack", "full", "hit"} <= k for k in kinds)
    assert any("jammed" in k for k in kinds)
