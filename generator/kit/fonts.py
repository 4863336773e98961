"""The designer's fonts in the kit: a deck (`[[deck]] font = "display"`), a text layer of a card
(`[[deck.front.layer]] font`), a token set and a sheet (`font` on `[[token]]` and `[[sheet]]`) name
a font game.toml declares ([fonts], read by draw/fonts.py). Every text set in it is checked
against the font before it is drawn (a character it lacks is the data row's or the key's error,
never a blank box), and the component is laid out measuring in it and drawn in it
(`in_deck_font`, `in_spec_font`). A kit in Japanese, Chinese or Korean sets every component that
names no font in its language's face the same way (`language_font`, draw/cjk.py)."""
from __future__ import annotations

import functools
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Optional

from generator.content.files import read_source
from generator.content.schema import Values
from generator.draw.cjk import language_face
from generator.draw.fonts import GameFont, game_fonts, glyph_message, measured_in, missing_glyph, set_in, texts_of
from generator.draw.shapes import Drawing, FontRef
from generator.errors import ContentError
from generator.kit.schema import BUILT_IN_FONT
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


def named_font(checks, table: Values, key: str = "font") -> Optional[GameFont]:
    """The declared font `table[key]` names (None when it names one game.toml does not declare:
    reported at the key's line); when it names none, the face of the kit's language (a CJK
    kit's, `language_font`), else None: the built-in."""
    name = table[key]
    if not name:
        return checks.face
    fonts = declared_fonts(checks.game_dir)
    if name not in fonts:
        checks.source.report(table.key(key), f"no font '{name}' in game.toml's [fonts]",
                             expected="a font game.toml declares (with its file and licence): "
                                      + (", ".join(sorted(fonts)) or "none yet"), found=name)
    return fonts.get(name)


def with_deck_fonts(checks, tables: list, decks: tuple[DeckSpec, ...]) -> tuple[DeckSpec, ...]:
    """The decks, each in the font its [[deck]] table names (`font`), else in the face of the
    kit's language (a CJK kit's), their texts checked; a text layer that asks for the kit's own
    "sans" in a deck naming a font keeps the kit's own: DejaVu Sans, or the language's face."""
    named = {table["name"]: table for table in tables if table["font"]}
    own = checks.face.ref if checks.face else None
    out = []
    for deck in decks:
        font = named_font(checks, named[deck.name]) if deck.name in named else checks.face
        if font is not None:
            cards = with_sans_layers(deck.cards, named[deck.name], own) if deck.name in named else deck.cards
            deck = replace(deck, font=font.ref, cards=cards)
            check_deck_glyphs(checks.source.errors, deck, font)
        out.append(deck)
    return tuple(out)


def with_sans_layers(cards: tuple, table: Values, own: Optional[FontRef] = None) -> tuple:
    """The cards with their layers that say `font = "sans"` set in the kit's own font by name (a
    text naming no font takes the deck's): `own`, the face of its language, else the built-in."""
    sans = {f"card-layer-{number}" for number, layer in enumerate(table["front"]["layer"] or (), 1)
            if layer["font"] == BUILT_IN_FONT}
    if not sans:
        return cards
    ref = own or built_in_font()
    return tuple((replace(card, front=replace(card.front, layers=tuple(
        replace(layer, font=ref) if layer.role in sans else layer for layer in card.front.layers))), count)
        for card, count in cards)


def language_font(language: str) -> Optional[GameFont]:
    """The face a kit in `language` sets the words of its components in when they name no font
    (draw/cjk.py: Japanese, Chinese, Korean), as a declared font is: measured, set, embedded and
    checked the same way. None for a language the built-in DejaVu Sans draws."""
    ref = language_face(language)
    if ref is None:
        return None
    return GameFont(ref.family, ref.regular, "", "", ref)  # its licence: draw/cjk.py


def built_in_font() -> FontRef:
    """The kit's own DejaVu Sans as a named font, for a text that keeps it inside a deck set in another."""
    from generator.draw.pdf import font_files

    files = font_files()
    return FontRef(files.family, str(files.regular), str(files.bold))


def check_deck_glyphs(errors: list, deck: DeckSpec, font: GameFont) -> None:
    """Each card's texts, front and back (its art's words too), against the font: the first
    character it lacks per card is an error at the card's data row."""
    for card, _count in deck.cards:
        problem = glyph_problem(font, card_texts(card), "the card's ")
        if problem:
            errors.append(ContentError(deck.data.path, card.row.line, problem[0], expected=problem[1],
                                       found=problem[2]))


def glyph_problem(font: GameFont | FontRef, texts, what: str = "") -> Optional[tuple[str, str, str]]:
    """(message, expected, text) of the first character of `texts` ((where, text, bold) each) the
    font lacks; None when it draws them all."""
    ref = font.ref if isinstance(font, GameFont) else font
    for where, text, bold in texts:
        char = missing_glyph(text, ref, bold)
        if char:
            return (*glyph_message(font, char, what + where), text)
    return None


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
        if layer.font is not None:  # set in a font of its own: checked in it (layers_load.py), or the built-in
            continue
        if layer.kind == "text" or (layer.kind == "icon" and len(layer.icon) == 1):
            texts.append((layer.name or f"{layer.kind} layer", layer.text or layer.icon, layer.bold))
        elif isinstance(getattr(layer, "art", None), Drawing):
            texts += [(layer.name or "art", shape.text, shape.bold) for shape in texts_of(layer.art.shapes)]
    texts += [("back's title", back.title, True), ("back's subtitle", back.subtitle, False)]
    return [(where, text, bold) for where, text, bold in texts if text]


def in_spec_font(draw, at: int = 0):
    """A drawing function made to lay out in the font of its spec (its argument `at`: a deck, a
    sheet, a token set; none when its `font` is None) and name the font on every text it draws."""
    @functools.wraps(draw)
    def drawn(*args, **kwargs):
        font: Optional[FontRef] = getattr(args[at], "font", None)
        if font is None:
            return draw(*args, **kwargs)
        with measured_in(font):
            made = draw(*args, **kwargs)
        return set_in(made, font) if isinstance(made, Drawing) else made
    return drawn


def in_deck_font(draw):
    """A card drawing function (face or back, deck, ...) in its deck's font (`in_spec_font`)."""
    return in_spec_font(draw, at=1)
