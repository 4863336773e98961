"""Preflight of the print-on-demand cards: a card printed at its own size is the kit's card,
which the kit's preflight has checked (generator/kit/preflight.py); a deck whose trim is not a
shop's size is scaled to the nearest one, and its words are checked again at that scale: large
enough, and inside the shop's trim by the deck's safe margin."""
from __future__ import annotations

from dataclasses import replace

from generator.draw.flatten import Affine, flatten
from generator.draw.preflight import errors_of, surface_findings


def pod_preflight(components, artwork, shops, cover_scale) -> list:
    """[ContentError] for every card word a shop's size would print too small or cut;
    `cover_scale(size, width_mm, height_mm)`: how much a deck is enlarged to the shop's size."""
    findings = []
    for deck in components.decks:
        for shop in shops:
            size = shop.nearest(deck.width, deck.height)
            scale = cover_scale(size, deck.width, deck.height)
            if scale == 1.0:
                continue  # the kit's own card, checked by the kit's preflight
            findings += scaled_deck_findings(deck, artwork, shop, size, scale)
    return errors_of(components.path, findings)


def scaled_deck_findings(deck, artwork, shop, size, scale: float) -> list:
    shop_w, shop_h = size.mm
    safe = (deck.safe, deck.safe, shop_w - 2 * deck.safe, shop_h - 2 * deck.safe)
    fronts, backs = artwork.cards(deck, None)
    found, seen = [], set()
    for card, front, back in zip(deck.instances(None), fronts, backs):
        for side, drawing in (("front", front), ("back", back)):
            if id(drawing) in seen:
                continue
            seen.add(id(drawing))
            # the card centred on the shop's trim (origin: the trim's corner), enlarged by `scale`
            place = Affine(scale, 0.0, 0.0, scale, (shop_w - drawing.width * scale) / 2,
                           (shop_h - drawing.height * scale) / 2)
            where = (f"on the {side} of {deck.name} card “{drawing.title}” printed as {shop.title} "
                     f"{size.words} cards (the deck's {deck.width:g} x {deck.height:g} mm scaled by {scale:.3f})")
            found += [replace(finding, expected=f"{finding.expected}; {SCALED_FIX}") for finding in surface_findings(
                list(flatten(drawing.shapes, place)), where, ("pod", shop.key, deck.name, side, drawing.title),
                deck.data.path if side == "front" else None, card.row.line if side == "front" else None, safe,
                only=("small", "safe"))]
    return found


SCALED_FIX = ("for print on demand, a deck `size` within 1 mm of a shop's card (poker, bridge, mini, tarot) prints "
              "as drawn; or `exports = false` in site.toml")
