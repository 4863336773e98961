"""One rule per URL and file name (generator/urls.py): the page URL a page has is the
target every link to it is rewritten to, and the rulebooks the kit offers are the files
the rulebook stage writes."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from markdown_it import MarkdownIt

from generator import urls
from generator.content.load import load_site
from generator.content.model import Page
from generator.markdown.links import links_plugin

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def catalogue():
    return load_site(ROOT)


def page(game: str, name: str) -> Page:
    return Page(game=game, name=name, path=Path(f"{name}.md"), title=name, summary="", glossary=False,
                clarifications=(), body_line=1)


def link_target(from_page: Page, href: str) -> str:
    """The site URL markdown/links.py records for a link written on `from_page`."""
    env = {"page": from_page}
    MarkdownIt().use(links_plugin).parse(f"[x]({href})", env)
    return env["links"][0]["url"]


def test_a_pages_url_is_where_links_to_it_point():
    """The model's URL and the link rewriter's target are one rule: a link to rules.md
    lands on the game's index, to any other page on its own .html."""
    here = page("pebbles", "reference")
    for game, name in (("pebbles", "rules"), ("pebbles", "glossary"), ("stones", "rules"), ("stones", "play")):
        href = f"{name}.md" if game == "pebbles" else f"../{game}/{name}.md"
        assert link_target(here, href) == page(game, name).url == urls.page_url(game, name)
    assert page("pebbles", "rules").url == "pebbles/index.html"


def test_every_catalogue_page_is_linked_at_its_url():
    for game in catalogue().games:
        for each in game.pages:
            assert link_target(game.pages[0], f"../{game.slug}/{each.name}.md") == each.url


def test_relative_links_between_pages():
    assert urls.relative("pebbles/index.html", "pebbles/reference.html") == "reference.html"
    assert urls.relative("pebbles/index.html", "stones/index.html") == "../stones/index.html"
    assert urls.relative("index.html", "pebbles/kit/board.svg") == "pebbles/kit/board.svg"
    assert urls.relative("pebbles/index.html", "index.html") == "../index.html"


def test_the_kit_offers_the_rulebooks_the_rulebook_stage_writes():
    """Every PDF the kit's section links beside the kit, and the file its kits' covers name,
    is one the rulebook stage writes (and links from the same page)."""
    from generator.kit.stage import KitStage, has_kit
    from generator.rulebook.stage import RulebookStage, files_of
    from generator.stagework import section_html, template_renderer
    from generator.write import DryOutput

    site = catalogue()
    assert site.rulebooks
    games = [game for game in site.games if has_kit(game)]
    assert games
    for game in games:
        context, render = None, template_renderer(site.root, None)
        rules_url = game.page("rules").url
        kit = KitStage().write_game(site, game, DryOutput(site.root / "output"), context)  # named, not drawn
        kit_html = section_html(kit.sections[rules_url][0], game, site, render)
        rulebook = RulebookStage().write_game(site, game, DryOutput(site.root / "output"), context)
        rulebook_html = section_html(rulebook.sections[rules_url][0], game, site, render)
        written = {urls.relative(rules_url, path) for path, _what, _label in files_of(game)}
        assert set(rulebook.files) == {path for path, _what, _label in files_of(game)}
        offered = set(re.findall(r'href="([^"]+\.pdf)"', kit_html)) - {kit for kit in
                                                                        re.findall(r'href="(kit/[^"]+)"', kit_html)}
        assert offered and offered <= written, (game.slug, offered - written)
        assert offered <= set(re.findall(r'href="([^"]+\.pdf)"', rulebook_html))
        for paper, _label in urls.RULEBOOK_PAPERS:  # the kit's cover names the same file (kit/stage.py)
            assert urls.rules_pdf(game.slug, "{paper}").format(paper=paper) in written
