"""How much of a game a language covers, measured on the catalogue as `update` would leave
it (so a source edited since the last update already counts): translated blocks, stale ones
(fuzzy: their source changed since they were translated) and untranslated ones. Each stale
block is a warning at its source line; a coverage line sums each language up."""
from __future__ import annotations

from dataclasses import dataclass

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog

from generator.content.model import Game
from generator.errors import WARNING, ContentError
from generator.i18n.update import updated

LISTED = 5  # stale places a coverage line names; the warnings name every one


@dataclass(frozen=True)
class Stale:
    file: str  # relative to the game's folder
    line: int
    text: str  # the source as it is now
    previous: str  # the source the translation was made from ("" when gettext kept none)


@dataclass(frozen=True)
class Coverage:
    game: str
    language: str
    total: int
    translated: int
    stale: tuple[Stale, ...]

    @property
    def untranslated(self) -> int:
        return self.total - self.translated - len(self.stale)

    def summary(self) -> str:
        """`de: 412/430 blocks, 18 stale: rules.md:120, …`"""
        text = f"{self.language}: {self.translated}/{self.total} blocks"
        if self.stale:
            places = ", ".join(f"{s.file}:{s.line}" for s in self.stale[:LISTED])
            text += f", {len(self.stale)} stale: {places}" + (", …" if len(self.stale) > LISTED else "")
        if self.untranslated:
            text += f"{';' if self.stale else ','} {self.untranslated} untranslated"
        return text


def measure(game: Game, template: Catalog, catalogue: Catalog, language: str) -> Coverage:
    merged = updated(game, template, catalogue, language)
    total = translated = 0
    stale = []
    for message in merged:
        if not message.id:
            continue  # the header
        total += 1
        if message.fuzzy:
            file, line = message.locations[0] if message.locations else ("", 0)
            previous = " ".join(message.previous_id) if message.previous_id else ""
            stale.append(Stale(file, int(line or 0), str(message.id), previous))
        elif message.string:
            translated += 1
    return Coverage(game.slug, language, total, translated, tuple(sorted(stale, key=lambda s: (s.file, s.line))))


def language_name(language: str) -> str:
    try:
        return Locale.parse(language, sep="-").english_name or language
    except (UnknownLocaleError, ValueError):
        return language


def warnings(game: Game, coverage: Coverage) -> list[ContentError]:
    """Each stale block of `coverage`, a warning at its source line."""
    name = language_name(coverage.language)
    found = []
    for stale in coverage.stale:
        found.append(ContentError(
            game.folder / stale.file, stale.line,
            f"the {name} translation ({coverage.language}) of this block is stale: its source changed since",
            expected=f"the translation brought up to date in {game.slug}/i18n/{coverage.language}.po and its "
                     "fuzzy flag removed (until then the page shows the source text)",
            found=shorten(stale.text), severity=WARNING))
    return found


def shorten(text: str, most: int = 100) -> str:
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"
