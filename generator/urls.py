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


def page_url(game: str, name: str) -> str:
    """The page `name` (a file stem: "rules", "reference") of the game `game` (its slug):
    the rules page is the game's index, so `/<slug>/` opens its rules."""
    return f"{game}/{INDEX}" if name == RULES_PAGE else f"{game}/{name}.html"


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
    return f"{slug}-rules-{paper}.pdf"


def rules_booklet_pdf(slug: str, paper: str) -> str:
    """The rules as an A5 booklet, imposed two-up on `paper` sheets."""
    return f"{slug}-rules-booklet-{paper}.pdf"


def player_aid_pdf(slug: str, paper: str) -> str:
    """The player aid on one sheet of `paper`."""
    return f"{slug}-player-aid-{paper}.pdf"
