"""A deck in a designer's font: `[[deck]] font = "display"` names a font game.toml declares
([fonts], read by draw/fonts.py). Every text the deck's cards set is checked against the font
before a card is drawn (a character it lacks is the data row's error, never a blank box), and
the cards are laid out measuring in it and drawn in it (`in_deck_font`)."""
from __future__ import annotations

import functools
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Optional

from generator.content.files import read_source
from generator.draw.fonts import GameFont, game_fonts, glyph_message, measured_in, missing_glyph, set_in, texts_of
from generator.draw.shapes import Drawing, FontRef
from generator.errors import ContentError
from generator.kit.spec import DeckSpec


class _Unreported(list):
    """A Source's stand-in for game.toml's fonts read again here: their problems are the
    content loader's to report, at their lines, once."""

    def report(self, *args, **kwargs) -> None:
        self.append(args)


def declared_fonts(game_dir: Path) -> dict[str, GameFont]:
    """The usable fonts game.toml declares (none when it declares none, or cannot be read:
    the content loader says why)."""
    path = Path(game_dir) / "game.toml"
    try:
        declared = tomllib.loads(read_source(path)[0]).get("fonts")
    except (OSError, ContentError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return {}
    if not isinstance(declared, dict):
        return {}
    tables = {name: table for name, table in declared.items() if isinstance(table, dict)}
    return game_fonts(tables, _Unreported(), Path(game_dir))


def with_deck_fonts(checks, tables: list, decks: tuple[DeckSpec, ...]) -> tuple[DeckSpec, ...]:
    """The decks, each in the font its [[deck]] table names (`font`), their texts checked."""
    named = {table["name"]: table for table in tables if table["font"]}
    if not named:
        return decks
    fonts = declared_fonts(checks.game_dir)
    out = []
    for deck in decks:
        table = named.get(deck.name)
        font = fonts.get(table["font"]) if table else None
        if table and font is None:
            checks.source.report(table.key("font"), f"no font '{table['font']}' in game.toml's [fonts]",
                                 expected="a font game.toml declares (with its file and licence): "
                                          + (", ".join(sorted(fonts)) or "none yet"), found=table["font"])
        elif font is not None:
            deck = replace(deck, font=font.ref)
            check_deck_glyphs(checks.source.errors, deck, font)
        out.append(deck)
    return tuple(out)


def check_deck_glyphs(errors: list, deck: DeckSpec, font: GameFont) -> None:
    """Each card's texts, front and back (its art's words too), against the font: the first
    character it lacks per card is an error at the card's data row."""
    for card, _count in deck.cards:
        for where, text, bold in card_texts(card):
            char = missing_glyph(text, font.ref, bold)
            if char:
                message, expected = glyph_message(font, char, f"the card's {where}")
                errors.append(ContentError(deck.data.path, card.row.line, message, expected=expected,
                                           found=text))
                break


def card_texts(card) -> list[tuple[str, str, bool]]:
    """(where, text, bold) of every text a card sets."""
    front, back = card.front, card.back
    texts = [("title", front.title, True), ("value", front.value, True), ("corner", front.corner, True),
             ("body", front.body, False), ("footer", front.footer, False)]
    texts += [("icon", front.icon, True)] if len(front.icon) == 1 else []
    for stat in front.stats:
        texts += [("stat label", stat.label, False), ("stat value", stat.value, True)]
        texts += [("stat icon", stat.icon, True)] if len(stat.icon) == 1 else []
    if front.art is not None:
        texts += [("art", shape.text, shape.bold) for shape in texts_of(front.art.shapes)]
    for layer in getattr(front, "layers", ()):  # the deck's own layers (kit/layers.py)
        if layer.kind == "text" or (layer.kind == "icon" and len(layer.icon) == 1):
            texts.append((layer.name or f"{layer.kind} layer", layer.text or layer.icon, layer.bold))
        elif isinstance(getattr(layer, "art", None), Drawing):
            texts += [(layer.name or "art", shape.text, shape.bold) for shape in texts_of(layer.art.shapes)]
    texts += [("back's title", back.title, True), ("back's subtitle", back.subtitle, False)]
    return [(where, text, bold) for where, text, bold in texts if text]


def in_deck_font(draw):
    """A card drawing function (face or back, deck, ...) made to lay the card out in its deck's
    font and name the font on every text it draws."""
    @functools.wraps(draw)
    def drawn(side, deck: DeckSpec, *args, **kwargs):
        font: Optional[FontRef] = getattr(deck, "font", None)
        if font is None:
            return draw(side, deck, *args, **kwargs)
        with measured_in(font):
            return set_in(draw(side, deck, *args, **kwargs), font)
    return drawn
