"""Every ```walkthrough and ```position block in the SPLASH! pages replays through the engine.

Walkthroughs (issue "Interactive walkthroughs"): each step must parse in the
engine's notation and be legal where it is played; positions must name a
setup and highlight cells the diagram really has.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.play import load_engine
from tests.games.fences import fenced_blocks
from generator.play.walkthrough import position_from_spec, replay_walkthrough

GAME = Path(__file__).resolve().parents[2] / "content" / "splash"
ENGINE = load_engine(GAME)
def blocks(kind: str) -> list[tuple[str, dict]]:
    return [(f"{page}:{line}", options) for page, line, options in fenced_blocks(GAME, kind)]


WALKTHROUGHS = blocks("walkthrough")
POSITIONS = blocks("position")


def test_the_pages_show_the_required_walkthroughs():
    """Walkthrough coverage: a passing round to four of a kind with its scoring, and a fake-out."""
    titles = {spec.get("title", "") for _, spec in WALKTHROUGHS}
    assert "A passing round to four of a kind" in titles and "A fake-out" in titles
    assert len(WALKTHROUGHS) >= 5 and len(POSITIONS) >= 2


@pytest.mark.parametrize("where,spec", WALKTHROUGHS, ids=[w for w, _ in WALKTHROUGHS])
def test_walkthrough_replays(where, spec):
    """Each step parses, is legal, and has a caption; the setup is one of ENGINE.setups()."""
    assert spec["setup"] in ENGINE.setups(), where
    played = replay_walkthrough(ENGINE, spec)
    written = [s for s in played.steps if s.index is not None]
    assert len(written) == len(spec["steps"]), f"{where}: chance steps were drawn that the page does not show"
    before = played.start.state
    for step, source in zip(written, spec["steps"]):
        assert step.caption, f"{where}: step {source['do']!r} has no caption"
        assert step.notation == source["do"], f"{where}: write {source['do']!r} as {step.notation!r}"
        assert ENGINE.apply(before, ENGINE.parse(before, step.notation))[0] == step.state, where
        before = step.state


def test_the_four_of_a_kind_walkthrough_scores_the_round():
    """Walkthrough 'A passing round to four of a kind': it ends with letters marked and the next dealer named."""
    spec = next(s for _, s in WALKTHROUGHS if s.get("title") == "A passing round to four of a kind")
    played = replay_walkthrough(ENGINE, spec)
    last = played.steps[-1]
    assert [e["kind"] for e in last.events].count("letter") == 3
    assert last.state.round == 2


def test_the_fake_out_walkthrough_awards_letters_and_play_continues():
    """Walkthrough 'A fake-out': the early touch gives the other players a letter and the round goes on."""
    spec = next(s for _, s in WALKTHROUGHS if s.get("title") == "A fake-out")
    played = replay_walkthrough(ENGINE, spec)
    first = played.steps[0]
    assert "fake-out" in [e["kind"] for e in first.events]
    assert played.steps[-1].state.round == played.start.state.round


@pytest.mark.parametrize("where,spec", POSITIONS, ids=[w for w, _ in POSITIONS])
def test_position_block_shows_real_cells(where, spec):
    """Position blocks start from a named setup and highlight cells that exist in the diagram."""
    diagram = position_from_spec(ENGINE, spec)
    drawn = {getattr(s, "cell", "") for s in ENGINE.render(diagram.state, diagram.highlight).shapes}
    assert set(diagram.highlight) <= drawn, where


def test_every_clarification_names_real_rule_tests():
    """Clarifications: each C-number in the front matter lists tests that exist in test_splash_rules.py."""
    defined = set(re.findall(r"^def (test_\w+)\(", (Path(__file__).parent / "test_splash_rules.py").read_text(), re.M))
    text = (GAME / "rules.md").read_text(encoding="utf-8")
    front = yaml.safe_load(text.split("---")[1])
    in_body = re.findall(r"^::: clarification (C\d+) ", text, re.M)
    assert [c["id"] for c in front["clarifications"]] == in_body
    for entry in front["clarifications"]:
        for test_id in entry["tests"]:
            path, name = test_id.split("::")
            assert path == "tests/games/test_splash_rules.py" and name in defined, test_id
            assert name.startswith(f"test_{entry['id'].lower()}_"), test_id
