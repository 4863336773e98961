"""Preflight of the print-on-demand cards: a card printed at its own size is the kit's card,
which the kit's preflight has checked (generator/kit/preflight.py); a deck whose trim is not a
shop's size is scaled to the nearest one, and its words are checked again at that scale: large
enough, and inside the shop's trim by the deck's safe margin."""
from __future__ import annotations

from dataclasses import replace

from generator.draw.flatten import Affine, flatten
from generator.draw.preflight import errors_of, surface_findings
from generator.errors import ContentError


def pod_preflight(components, artwork, shops, cover_scale, dtc_safe_mm: float) -> list:
    """[ContentError] for every card word a shop's size would print too small or cut, or that
    has no room inside a shop's safe area; `cover_scale(size, width_mm, height_mm)`: how much a
    deck is enlarged to the shop's size; `dtc_safe_mm`: DriveThruCards' safe area (its deck as drawn)."""
    findings, errors = [], []
    for deck in components.decks:
        errors += shop_fit_errors(artwork, deck, dtc_safe_mm, "DriveThruCards")
        for shop in shops:
            size = shop.nearest(deck.width, deck.height)
            scale = cover_scale(size, deck.width, deck.height)
            errors += shop_fit_errors(artwork, deck, shop.safe_mm / scale, shop.title)
            if scale == 1.0:
                continue  # the kit's card without its white edge, words kept inside the shop's safe area
            findings += scaled_deck_findings(deck, artwork, shop, size, scale)
    return errors + errors_of(components.path, findings)


def shop_fit_errors(artwork, deck, safe_mm: float, shop: str) -> list:
    """The card whose words a shop's safe area (wider than the deck's) leaves no room for, at its data row."""
    if not deck.cards:
        return []
    try:
        artwork.shop_cards(deck, safe_mm)
    except ValueError as problem:  # kit.cards.CardTextDoesNotFit, with the card it was drawing
        card = getattr(problem, "card", None)
        return [ContentError(deck.data.path, card.row.line if card else None,
                             f"the card's {getattr(problem, 'region', 'text')} does not fit inside {shop}'s safe area "
                             f"({safe_mm:.2f} mm inside the trim)", expected=f"text that fits {getattr(problem, 'room', '')}"
                             f"; or a deck `safe` of {safe_mm:.2f} mm, to see it in the kit too",
                             found=getattr(problem, "text", str(problem)))]
    return []


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
