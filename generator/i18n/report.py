"""The translations of a site, game by game and language by language: what `rulepress i18n
stats` prints and what `rulepress check` reports (a coverage line per game and language, and
each stale block as a warning at its source line)."""
from __future__ import annotations

from dataclasses import dataclass

from babel.messages.catalog import Catalog

from generator.content.model import Game, Site
from generator.errors import ContentError
from generator.i18n.blocks import parser
from generator.i18n.catalogues import catalogue_path, languages, read
from generator.i18n.coverage import Coverage, measure, warnings
from generator.i18n.extract import extract
from generator.i18n.pseudo import PSEUDO, pseudo_catalogue


@dataclass(frozen=True)
class Translations:
    coverages: tuple[tuple[Game, Coverage], ...]

    def lines(self) -> list[str]:
        """A line per game and language: `splut de: 412/430 blocks, 18 stale: rules.md:120, …`"""
        return [f"{game.slug} {coverage.summary()}" for game, coverage in self.coverages]

    def interface_notes(self) -> list[str]:
        """A line for each language Rulepress has no words of its own for (no catalogue in
        generator/i18n/locale): its pages and books frame the translation in English."""
        from generator.i18n.interface import has_catalogue

        missing = sorted({coverage.language for _game, coverage in self.coverages
                          if coverage.language != PSEUDO and not has_catalogue(coverage.language)})
        return [f"{language}: Rulepress's own words (menus, headings, a book's \"Contents\") have no catalogue in "
                f"this language and read English (docs/translations.md, \"The interface's own words\")"
                for language in missing]

    def warnings(self) -> list[ContentError]:
        return [found for game, coverage in self.coverages for found in warnings(game, coverage)]


def catalogue_for(game: Game, template: Catalog, language: str) -> Catalog:
    """The catalogue of `language` for `game`: its PO file, or the pseudo-locale made from the template."""
    if language == PSEUDO:
        return pseudo_catalogue(template)
    return read(catalogue_path(game, language), language)


def translations(site: Site, games: list[Game] | None = None, only: list[str] | None = None) -> Translations:
    """Coverage of every catalogue of `games` (every current game), or of the languages `only` names."""
    md, found = None, []
    for game in games if games is not None else site.current_games:
        wanted = only or languages(game)
        if not wanted:
            continue  # a game nobody translates costs nothing
        md = md or parser(site)
        template = extract(site, game, md)
        for language in wanted:
            if language != PSEUDO and not catalogue_path(game, language).is_file():
                found.append((game, measure(game, template, Catalog(locale=None), language)))
                continue
            found.append((game, measure(game, template, catalogue_for(game, template, language), language)))
    return Translations(tuple(found))
