"""SPLASH! cards and seats: the deck, the cards in play per player count and
the score pad's word, read from this game's tables; card and seat names; the
phases of a round. What the rules (engine.py) and the diagrams (drawing.py)
both need; it knows nothing of how a beat resolves.

Cards are ranks ("2".."10", and "S" for a SPLASH! card); a hand is a tuple of
them sorted by rank. Players are numbered 0..n-1 in code and written P1..Pn.
"""
from __future__ import annotations

from pathlib import Path

from generator.play.tables import game_tables

HERE = Path(__file__).resolve().parent


TABLES = game_tables(HERE)  # the data tables game.toml declares, read by the one table reader


# -- data: one source of truth shared with the rules page and the kit ------
DECK_ROWS = TABLES["deck"].rows
RANKS: tuple[str, ...] = tuple(row["rank"] for row in DECK_ROWS)  # "2".."10", "S"
RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
RANK_QTY = {row["rank"]: row["qty"] for row in DECK_ROWS}
RANK_COLOUR = {row["rank"]: row["colour"] for row in DECK_ROWS}
RANK_MARK = {row["rank"]: row["mark"] for row in DECK_ROWS}  # what a card shows: "S!" for the SPLASH! card
SPLASH_RANK = "S"
HIDDEN = "?"  # a card its viewer may not see (engine.view): drawn face down
FULL_DECK: tuple[str, ...] = tuple(r for r in RANKS for _ in range(RANK_QTY[r]))

PLAYER_ROWS = {row["players"]: row for row in TABLES["players"].rows}
WORD = "".join(row["letter"] for row in TABLES["letters"].rows)  # "SPLASH"
LETTERS_TO_WIN = len(WORD)

# Phases of a round: here rather than in engine.py because the diagram marks
# the winner once the game is over.
DEAL, BEAT, DRAW, RACE, OVER = "deal", "beat", "draw", "race", "over"


# -- cards and seats ----------------------------------------------------------
def sort_cards(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=RANK_INDEX.__getitem__))


def remove_card(cards: tuple[str, ...], rank: str) -> tuple[str, ...]:
    i = cards.index(rank)
    return cards[:i] + cards[i + 1:]


def seat(player: int) -> str:
    return f"P{player + 1}"


def deck_for(players: int, variant: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(cards in play, cards set aside) for a round (C3; advanced: C12)."""
    if variant == "advanced":
        return FULL_DECK, ()
    sets = PLAYER_ROWS[players]["sets"].split()
    in_play = sort_cards(c for c in FULL_DECK if c in sets)
    aside = sort_cards(c for c in FULL_DECK if c not in sets)
    return in_play, aside

