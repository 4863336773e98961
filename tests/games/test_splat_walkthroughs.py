"""Every ```walkthrough and ```position block in the Splat pages replays
through the engine: each step parses and is legal, and the dice are all
written out (nothing is left to the seed)."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.play import load_engine
from tests.games.fences import fenced_blocks
from generator.play.walkthrough import position_from_spec, replay_walkthrough

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "content" / "splat"
ENGINE = load_engine(GAME)

def blocks(kind: str):
    return [pytest.param(options, id=f"{page}:{line}") for page, line, options in fenced_blocks(GAME, kind)]


WALKTHROUGHS = blocks("walkthrough")
POSITIONS = blocks("position")


@pytest.mark.parametrize("spec", WALKTHROUGHS)
def test_walkthrough_replays_step_by_step(spec):
    """Each walkthrough starts from a named setup and every written step is legal."""
    assert spec["setup"] in ENGINE.setups()
    played = replay_walkthrough(ENGINE, spec)
    assert all(step.index is not None for step in played.steps), "a die was left to the seed"
    assert [step.notation for step in played.steps] == [
        ENGINE.notation(ENGINE.parse(ENGINE.initial_state(2), s["do"])) for s in spec["steps"]]
    assert all(step.caption for step in played.steps)


@pytest.mark.parametrize("spec", POSITIONS)
def test_position_block_shows_a_legal_setup(spec):
    diagram = position_from_spec(ENGINE, spec)
    cells = {f"{c}{r}" for c in "abcde" for r in range(0, 11)}
    assert set(diagram.highlight) <= cells


def test_walkthroughs_cover_the_key_rules():
    """Issue 7: Splat gets walkthroughs of a capture, a sideways chain, a collision
    from above and a wrap-around (plus snatching, landing, smashing, a lost parachute)."""
    kinds = set()
    wrapped = chained = False
    for param in WALKTHROUGHS:
        for step in replay_walkthrough(ENGINE, param.values[0]).steps:
            kinds |= {event["kind"] for event in step.events}
            pushes = [e for e in step.events if e["kind"] == "pushed"]
            chained |= len(pushes) >= 2 and all(e["data"]["from"][1:] == e["data"]["to"][1:] for e in pushes)
            for event in step.events:
                ends = (event["data"].get("from"), event["data"].get("to"))
                if all(ends) and {ends[0][0], ends[1][0]} == {"a", "e"}:
                    wrapped = True
    assert {"captured", "snatched", "bounced", "landed", "smashed", "lost", "skipped"} <= kinds
    assert chained, "no walkthrough shoves a line sideways"
    assert wrapped, "no walkthrough crosses the wrapping edge"
