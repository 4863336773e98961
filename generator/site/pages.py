"""Render every HTML file of the site from the templates, over one shared context."""
from __future__ import annotations

import re
from html import unescape
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from markupsafe import Markup

from generator.content.model import Game, Site
from generator.i18n.interface import N_, gettext, reader_language, template_words
from generator.markdown.links import relative
from generator.markdown.render import RenderedPage
from generator.policy import CSP
from generator.site.sitemap import absolute_url
from generator.site.stamp import game_feed_head, page_release, site_feed_head

# An id attribute as the renderer, the templates and the SVG writer write it; text and
# attribute values have their quotes escaped, so ` id="` cannot appear inside them.
ID_ATTRIBUTE = re.compile(r'\sid="([^"]*)"')

@dataclass
class SiteContext:
    """What every template sees: the site, hashed asset names and extra page sections."""

    site: Site
    assets: dict[str, str]  # logical name -> hashed path under the site root
    sections: dict[str, list[dict]] = field(default_factory=dict)  # page url -> [{id, title, html}]
    bytecode_dir: Path | None = None  # compiled templates kept between builds (site.theme.template_cache)
    csp: str = CSP
    notes: list[str] = field(default_factory=list)  # what the build tells its user beside "Built ..."
    covers: dict[str, str] = field(default_factory=dict)  # game slug -> its index picture (from the kit stage)
    socials: dict[str, str] = field(default_factory=dict)  # game slug -> its PNG for shared links (the exports')

    def asset_url(self, from_url: str, name: str) -> str:
        if name not in self.assets:
            raise KeyError(f"no asset named {name!r}")
        return relative(from_url, self.assets[name])


def root_prefix(url: str) -> str:
    depth = url.count("/")
    return "../" * depth or "./"


def social_image(context: SiteContext, game: Game | None = None) -> str:
    """The picture a shared link shows (og:image), as a full address: the game's cover (its
    board, else a card or token, as the index shows it; an earlier release or a translation shows its game's),
    else, on the site's own pages, the first game's; "" when no game has one. The cover as a PNG
    where the exports drew one (many crawlers and chat apps show no SVG), else as the kit drew it."""
    slugs = [game.slug, game.release_of, game.translation_of] if game else [g.slug for g in context.site.current_games]
    found = next((pictures[slug] for slug in slugs for pictures in (context.socials, context.covers)
                  if pictures.get(slug)), "")
    return absolute_url(context.site.base_url, context.site.path_prefix, found) if found else ""


def common(context: SiteContext, url: str, game: Game | None = None) -> dict:
    site = context.site
    language = reader_language(game, site)  # a translated game's pages speak its language
    return {
        **template_words(language),
        "social_image": social_image(context, game),
        "site": site,
        "url": url,
        "root": root_prefix(url),
        "asset": lambda name: context.asset_url(url, name),
        "link": lambda target: relative(url, target),
        "canonical": absolute_url(site.base_url, site.path_prefix, url),
        "csp": Markup(context.csp),  # our own constant: its quotes must stay readable
        "extra_head": Markup(""),
        "language": language,
        "languages": [],  # the page in every language the site has it in
    }


def render_index(env: jinja2.Environment, context: SiteContext) -> str:
    games = [{"game": g, "href": relative("index.html", g.pages[0].url), "links": game_links(g),
              "picture": context.covers.get(g.slug, ""),
              "languages": page_languages(context.site, g, g.pages[0].name, "index.html")[1:]}
             for g in context.site.current_games]
    data = common(context, "index.html")
    data["extra_head"] = Markup("\n".join(site_feed_head(context.site, "index.html")))
    return env.get_template("index.html").render(**data, games=games, title=context.site.title)


def game_links(game: Game) -> list[dict]:
    """The index's direct links for a game: Rules · Player aid · Print & play · Play (those it has)."""
    links = []
    for name, label in (("rules", N_("Rules")), ("reference", N_("Player aid"))):
        page = game.page(name)
        if page:
            links.append({"label": label, "href": relative("index.html", page.url)})
    rules = game.page("rules")
    if rules and game.has_file("components.toml"):
        links.append({"label": N_("Print & play"), "href": relative("index.html", rules.url) + "#print-and-play"})
    play = game.page("play")
    if play:
        links.append({"label": N_("Play"), "href": relative("index.html", play.url)})
    return links


def render_not_found(env: jinja2.Environment, context: SiteContext) -> str:
    # A 404 page is served at any depth, so it links from the site root.
    data = common(context, "404.html")
    prefix = context.site.path_prefix
    data["asset"] = lambda name: prefix + context.assets[name]
    data["link"] = lambda target: prefix + target
    data["root"] = prefix
    return env.get_template("404.html").render(**data, title=gettext(context.site.language)("Page not found"),
                                               games=context.site.current_games)


def page_languages(site: Site, game: Game, name: str, url: str) -> list[dict]:
    """The page `name` of `game` in each language the site has it in, the site's own first (its
    `hreflang` alternates and language switcher); none for a game nobody translates."""
    source = site.game(game.translation_of) if game.translation_of else game
    translations = site.translations_of(source)
    if not translations:
        return []
    from generator.i18n.site import language_name

    found = []
    for version in (source, *translations):
        page = version.page(name)
        if page is not None:
            language = version.language or site.language
            found.append({"lang": language, "name": language_name(language), "href": relative(url, page.url),
                          "url": absolute_url(site.base_url, site.path_prefix, page.url),
                          "current": version is game})
    return found


def render_game_page(env: jinja2.Environment, context: SiteContext, game: Game, rendered: RenderedPage) -> str:
    page = rendered.page
    url = page.url
    order = list(game.pages)
    index = order.index(page)
    nav = [{"title": p.title, "href": relative(url, p.url), "current": p is page} for p in order]
    prev_page = order[index - 1] if index > 0 else None
    next_page = order[index + 1] if index + 1 < len(order) else None
    data = common(context, url, game)
    release = page_release(context.site, game, url)
    # tags the page's directives asked for, and its game's feed
    data["extra_head"] = Markup("\n".join([*rendered.head, *game_feed_head(game, release,
                                                                          reader_language(game, context.site))]))
    data["languages"] = page_languages(context.site, game, page.name, url)
    return env.get_template("game.html").render(
        release=release,
        **data,
        title=f"{page.title} — {game.title}",
        game=game,
        page=page,
        content=Markup(rendered.html),
        toc=rendered.toc,
        nav=nav,
        prev={"title": prev_page.title, "href": relative(url, prev_page.url)} if prev_page else None,
        next={"title": next_page.title, "href": relative(url, next_page.url)} if next_page else None,
        terms=rendered.terms,
        sections=context.sections.get(url, []),
        home=relative(url, "index.html"),
    )


def page_ids(html: str) -> set[str]:
    """Every id in a finished page: what a link's #anchor may name."""
    return {unescape(value) for value in ID_ATTRIBUTE.findall(html)}
