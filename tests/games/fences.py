"""Find the fenced directive blocks (```walkthrough, ```position, ```play) in a
game's pages, for tests that replay them through the engine."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

FENCE = re.compile(r"^```(walkthrough|position|play)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def fenced_blocks(game: Path, kind: str) -> list[tuple[str, int, dict]]:
    """(page file name, line of the opening fence, YAML options) for every block of `kind`."""
    found = []
    for page in sorted(game.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) == kind:
                line = text.count("\n", 0, match.start()) + 1
                found.append((page.name, line, yaml.safe_load(match.group(2))))
    return found


def replay_steps(engine, options: dict):
    """Play a walkthrough block's steps from its named setup, checking that each
    is written the way the engine prints it and is legal (or a possible chance
    outcome); return the final state and the kinds of every event."""
    from generator.play.api import CHANCE

    setups = engine.setups()
    assert options["setup"] in setups, f"unknown setup {options['setup']!r}"
    state = setups[options["setup"]]
    kinds = []
    for step in options["steps"]:
        text = step["do"]
        assert step.get("say"), f"step {text!r} needs a caption"
        action = engine.parse(state, text)
        assert engine.notation(action) == text, "write steps the way the engine prints them"
        turn = engine.turn(state)
        if turn.kind == CHANCE:
            assert action in [outcome for outcome, _ in engine.chance_outcomes(state)], f"{text!r} cannot be rolled now"
        else:
            assert action in engine.legal_actions(state, turn.player), f"{text!r} is not legal here"
        state, events = engine.apply(state, action)
        kinds += [event.kind for event in events]
    return state, kinds
