"""A game's translatable blocks as a gettext template (a Babel catalogue): one entry per
distinct text, located at every file:line where it stands. The same words in two places
(a term in the glossary and in a card's name) are one entry, translated once."""
from __future__ import annotations

from babel.messages.catalog import Catalog
from markdown_it import MarkdownIt

from generator.content.model import Game, Site
from generator.i18n.blocks import page_blocks, parser
from generator.i18n.components import component_blocks
from generator.i18n.engine import engine_blocks
from generator.i18n.model import STAMP, Block
from generator.i18n.sources import data_blocks, game_toml_blocks


def game_blocks(site: Site, game: Game, md: MarkdownIt | None = None) -> list[Block]:
    """Every translatable block of `game`: game.toml's texts, each page in order, the data, then
    the words its kit prints from components.toml, then the engine's messages."""
    md = md or parser(site)
    found = game_toml_blocks(site, game)
    for page in game.pages:
        if page.game == game.slug:  # not a release's generated "What changed" page (generator/releases)
            found += page_blocks(md, site, game, page)
    return found + data_blocks(game) + component_blocks(site, game) + engine_blocks(game)


def new_catalogue(game: Game, locale: str | None = None) -> Catalog:
    return Catalog(locale=locale, domain=game.slug, project=game.title, version=game.release.version if game.release else "",
                   copyright_holder="", msgid_bugs_address="", creation_date=STAMP, revision_date=STAMP,
                   charset="utf-8", fuzzy=False,
                   header_comment=f"# Translations of {game.title}, extracted by `rulepress i18n` from its sources.\n"
                                  "# Each entry's location is the file:line of its source text.")


def template(game: Game, blocks: list[Block]) -> Catalog:
    """The blocks as a template: each text once, with all its locations and kinds."""
    catalogue = new_catalogue(game)
    for block in blocks:
        catalogue.add(block.text, locations=[(block.file, block.line)], auto_comments=[block.kind])
    return catalogue


def extract(site: Site, game: Game, md: MarkdownIt | None = None) -> Catalog:
    return template(game, game_blocks(site, game, md))
