"""A deck in the printed rulebook: the `cards` directive's paper rendering (generator/paper.py).

The rulebook shows a deck as a row of the kit's own card drawings (rulebook/cards.py sets it);
the drawings come from the kit's product ("kit drawings"), which the rulebook stage reads and
hands its directives as `context.products`: the rulebook never imports the kit."""
from __future__ import annotations

from generator.kit.drawings import NAME as PRODUCT  # the kit stage's product, "kit drawings"
from generator.paper import Cards, Words


def cards_on_paper(options: dict, context) -> list:
    """The deck `deck` as its distinct fronts, or a line saying where its cards are (no kit)."""
    deck = kit_deck(context.products.get(PRODUCT), context.game, str(options.get("deck", "")))
    if deck is None or not deck.fronts:
        return [Words("<i>The cards are drawn in the print-and-play kit.</i>")]
    return [deck]


def kit_deck(kit, game, name: str) -> Cards | None:
    """The deck `name` of the game's kit, from the kit stage's product (None: no kit, no such deck)."""
    if kit is None or not kit.has_kit(game):
        return None
    components, artwork = kit.full_colour(game)
    spec = next((deck for deck in components.decks if deck.name == name), None)
    if spec is None:
        return None
    fronts, _backs = artwork.cards(spec, None)
    distinct: dict[int, object] = {}
    for front in fronts:
        distinct.setdefault(id(front), front)
    return Cards(spec.title, tuple(distinct.values()), len(fronts), spec.bleed)
