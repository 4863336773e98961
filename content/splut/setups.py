"""Splut! walkthrough setups: the named positions the walkthroughs in rules.md
start from, as plain data (engine.py's `setups` turns them into states).

Every one is a two-player game with Red (South) to play a full three-step
turn and Yellow (North) waiting. Each entry gives the Red team, the Yellow
team (piece letter -> square) and the four Rocks' squares in id order.
"""
from __future__ import annotations

WALKTHROUGH_SETUPS = {
    # Pull: the Troll walks away from the Rock behind him and drags it along.
    "pull": ({"S": "d2", "T": "e4", "D": "f3"}, {"S": "f8", "T": "d8", "D": "e8"},
             ["e3", "a5", "e9", "i5"]),
    # Throw at a Sorcerer: the Rock on e4 is in line with the Yellow Sorcerer on e7,
    # with the Yellow Dwarf on e6 in between (the Rock flies over him).
    "throw-kill": ({"S": "d2", "T": "c4", "D": "f3"}, {"S": "e7", "T": "d8", "D": "e6"},
                   ["e4", "a5", "e9", "i5"]),
    # Throw that crushes a Dwarf: the Yellow Troll on h5 stands right behind his Dwarf.
    "throw-crush": ({"S": "d2", "T": "e3", "D": "e2"}, {"S": "f8", "T": "h5", "D": "g5"},
                    ["e5", "a5", "e9", "e1"]),
    # Levitation: the Red Sorcerer steers the Rock on g4 from afar, into line
    # with the Yellow Sorcerer and next to the Red Troll.
    "levitate": ({"S": "d3", "T": "e6", "D": "e2"}, {"S": "f8", "T": "d8", "D": "e8"},
                 ["g4", "a5", "e9", "e1"]),
    # Push: the Red Dwarf shoves the Yellow Troll, then a whole line.
    "push-line": ({"S": "d2", "T": "f2", "D": "c5"}, {"S": "g5", "T": "d5", "D": "e8"},
                  ["f5", "a5", "e9", "e1"]),
}
