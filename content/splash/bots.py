"""SPLASH! computer players: simple collectors of four of a kind, and one
that passes at random. The loader finds `BOTS` here (see generator/play/bots.py).
"""
from __future__ import annotations

from generator.play.levels import Level
from generator.play.words import N_

from .board import DECK_ROWS, SPLASH_RANK, sort_cards
from .engine import Grab, Pass, four_of_a_kind


def _kept_rank(hand: tuple[str, ...], rng, prefer_splash: bool) -> str:
    best = max(hand.count(r) for r in set(hand))
    candidates = sort_cards(r for r in set(hand) if hand.count(r) == best)
    if prefer_splash and SPLASH_RANK in candidates:
        return SPLASH_RANK
    return rng.choice(candidates)


def _collect(engine, state, player, rng, prefer_splash: bool):
    hand = state.hands[player]
    if four_of_a_kind(hand):
        return Grab()
    keep = _kept_rank(hand, rng, prefer_splash)
    others = [r for r in set(hand) if r != keep]
    fewest = min(hand.count(r) for r in others)
    return Pass(rng.choice(sort_cards(r for r in others if hand.count(r) == fewest)))


def collector_bot(engine, state, player, rng):
    """Keeps the rank it holds most; passes a card of its rarest other rank."""
    return _collect(engine, state, player, rng, prefer_splash=False)


def heuristic_bot(engine, state, player, rng):
    """The collector, but it chases the SPLASH! set on a tie: four SPLASH!
    cards with a dolphin score two letters. It never grabs early."""
    return _collect(engine, state, player, rng, prefer_splash=True)


def random_passer_bot(engine, state, player, rng):
    """Grabs when it must; otherwise passes a card picked at random."""
    hand = state.hands[player]
    if four_of_a_kind(hand):
        return Grab()
    return Pass(rng.choice(hand))


BOTS = {
    "heuristic": heuristic_bot,
    "collector": collector_bot,
    "random-passer": random_passer_bot,
}

LEVELS = (
    Level("beginner", bot="random-passer", about=N_("Passes any card at all, and grabs only with four of a kind.")),
    Level("club", bot="collector", about=N_("Keeps the rank it holds most and passes its rarest card.")),
    Level("strong", bot="heuristic", about=N_("Collects like the club level, and goes for the SPLASH! set's bonus letter on a tie.")),
)
LEVEL_PLAYERS = 4  # scripts/bench_levels.py measures the levels at a table of four


RANK_NAMES = {row["rank"]: row["name"] for row in DECK_ROWS}


def deciding_card(notation: str, events) -> str | None:
    """For the balance notes: the rank of the four of a kind whose grab ended a round
    (the first one shown, if two players grab in the same beat)."""
    for event in events:
        if event.kind == "grabbed" and "rank" in event.data:
            return RANK_NAMES.get(event.data["rank"], event.data["rank"])
    return None


DECIDING_CARD = deciding_card
