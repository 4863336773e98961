"""Where things go in the output: every page URL, relative link and output file name
the build writes or links to, each one rule written once.

URLs here are site-relative ("splat/index.html"), never absolute: a site may be served
under any path prefix, and its pages link each other relatively. This module imports
nothing of the generator, so any layer (content, markdown, stages) may use it.
"""
from __future__ import annotations

import posixpath

INDEX = "index.html"  # a folder's page: the site's home, and each game's rules page
RULES_PAGE = "rules"  # the page that is its game's index
PAGE_SUFFIX = ".html"  # a page's file: "<name>.html"


def page_url(game: str, name: str) -> str:
    """The page `name` (a file stem: "rules", "reference") of the game `game` (its slug):
    the rules page is the game's index, so `/<slug>/` opens its rules."""
    return f"{game}/{INDEX}" if name == RULES_PAGE else f"{game}/{name}{PAGE_SUFFIX}"


CHANGES_PAGE = "changes"  # a release's "What changed" page (generator/releases), in the release's folder


def release_folder(game: str, version: str) -> str:
    """Where an earlier release of a game is readable: `<slug>/<version>` (its rules at
    `<slug>/<version>/index.html`). The current release is the game's own folder."""
    return f"{game}/{version}"


def translation_folder(language: str, game: str) -> str:
    """Where a game is readable in another language (generator/i18n/site.py): `<lang>/<slug>`
    (its rules at `de/splut/index.html`); the site's own language stays at the root."""
    return f"{language}/{game}"


def changes_url(game: str, version: str) -> str:
    """The "What changed" page of a release (every release after a game's first has one), at the
    same URL whether the release is current or earlier."""
    return page_url(release_folder(game, version), CHANGES_PAGE)


def file_stem(slug: str) -> str:
    """A game's name in the names of its files (rulebooks): an earlier release's slug
    "<game>/<version>" gives "<game>-<version>", so a downloaded PDF names its release."""
    return slug.replace("/", "-")


def absolute_url(base_url: str, prefix: str, url: str) -> str:
    """`url` as a full address (a page's canonical link, the sitemap, a feed): a folder's
    index.html is the folder itself."""
    if url.endswith(INDEX):
        url = url[: -len(INDEX)]
    return base_url.rstrip("/") + prefix + url


def relative(from_url: str, to_url: str) -> str:
    """`to_url` as seen from the page at `from_url` (both site-relative)."""
    both = from_url + " " + to_url
    if both.startswith(("/", ".")) or " /" in both or " ." in both or "/." in both or "//" in both:
        return posixpath.relpath(to_url, posixpath.dirname(from_url) or ".")
    # Every page links a dozen URLs; posixpath.relpath asks the OS for the
    # working directory each time, which made it a tenth of a page's cost.
    base = from_url.split("/")[:-1]
    target = to_url.split("/")
    common = 0
    while common < len(base) and common < len(target) and base[common] == target[common]:
        common += 1
    return "/".join([".."] * (len(base) - common) + target[common:]) or "."


def in_game(slug: str, name: str) -> str:
    """A file of the game's folder in the output (`name` relative to it) as a site URL."""
    return f"{slug}/{name}"


def kit_folder(slug: str) -> str:
    """Where a game's kit (previews, card images, PDF kits) goes: `<slug>/kit`."""
    return in_game(slug, "kit")


def kit_file(name: str) -> str:
    """A kit file (`name` relative to the kit folder) as its game's pages link it:
    the kit belongs to the rules page, which sits in the game's folder."""
    return f"kit/{name}"


def preview_file(name: str) -> str:
    """A component's preview picture, relative to the kit folder."""
    return f"{name}.svg"


# The printed rulebooks, by file name within the game's folder. The kit's download list
# and its PDFs' contents name them too, so these are the only spelling of each.

RULEBOOK_PAPERS = (("a4", "A4"), ("letter", "US Letter"))  # (in the file name, for the reader)

def rules_pdf(slug: str, paper: str) -> str:
    """The rules typeset on `paper` ("a4", "letter"); `paper` may be "{paper}", a template."""
    return f"{file_stem(slug)}-rules-{paper}.pdf"


def rules_booklet_pdf(slug: str, paper: str) -> str:
    """The rules as an A5 booklet, imposed two-up on `paper` sheets."""
    return f"{file_stem(slug)}-rules-booklet-{paper}.pdf"


def player_aid_pdf(slug: str, paper: str) -> str:
    """The player aid on one sheet of `paper`."""
    return f"{file_stem(slug)}-player-aid-{paper}.pdf"


# The exports (generator/exports/): files for print-on-demand shops and virtual tabletops,
# made from the kit's drawings, in the game's `exports` folder.

def exports_folder(slug: str) -> str:
    """Where a game's exports go: `<slug>/exports`."""
    return in_game(slug, "exports")


def export_file(name: str) -> str:
    """An export (`name` relative to the exports folder) as its game's pages link it."""
    return f"exports/{name}"


def pod_cards_zip(slug: str, deck: str, shop: str) -> str:
    """A deck's card images for the print-on-demand shop `shop` ("thegamecrafter"), one PNG a card."""
    return f"{file_stem(slug)}-{deck}-{shop}.zip"


def pod_cards_pdf(slug: str, deck: str) -> str:
    """A deck as one PDF, each card's back then its front (DriveThruCards' order)."""
    return f"{file_stem(slug)}-{deck}-drivethrucards.pdf"


def tabletopia_zip(slug: str) -> str:
    """The game's components as Tabletopia images, one PNG a card face, back, board and token."""
    return f"{file_stem(slug)}-tabletopia.zip"


# The releases' Atom feeds (generator/feeds): one per game that lists releases, one for the site.

SITE_FEED = "releases.atom"  # every game's releases, newest first


def releases_feed(game: str) -> str:
    """A game's feed of its releases, in its folder: `<slug>/releases.atom`."""
    return in_game(game, "releases.atom")


# What a game's own output folder holds, beside its pages (<name>.html) and its earlier releases'
# folders (<version>/): a release's version may be none of these, or the release's folder and
# the file would be one path.

def game_folder_names(slug: str) -> frozenset[str]:
    """The names the build writes directly in the output folder of the game `slug`, its pages'
    apart, each from the rule above that makes it."""
    papers = [paper for paper, _label in RULEBOOK_PAPERS]
    made = [page_url(slug, RULES_PAGE), kit_folder(slug), exports_folder(slug), releases_feed(slug),
            *(in_game(slug, book(slug, paper)) for book in (rules_pdf, rules_booklet_pdf, player_aid_pdf)
              for paper in papers)]
    return frozenset(path[len(slug) + 1:].split("/")[0] for path in made)
