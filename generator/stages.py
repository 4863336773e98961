"""The optional build stages that ship with Rulepress, in the order they run.

Each stage is an object with any of the methods of the stage protocol
described in generator/build.py."""
from __future__ import annotations


def available_stages() -> list:
    from generator.interactive.stage import InteractiveStage  # walkthroughs, diagrams, play
    from generator.kit.stage import KitStage  # print-and-play kits

    return [KitStage(), InteractiveStage()]
