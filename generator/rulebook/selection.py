"""Which pages go where on paper: the rulebook holds every page but the player
aid, which prints on a sheet of its own. A page marked `only: web` in its front
matter prints nowhere, except a web-only page holding a block of a directive declared
`from_web_pages` (stages.Directive: `play`) when the site has a real address: its
chapter is then those blocks alone, a line and a QR code to the Play page
(generator/markdown/media.py leaves out the rest)."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from generator.content.model import Game, Page, Site

FENCE = re.compile(r"^\s*(?:```+|~~~+)\s*(\S+)\s*$", re.M)  # a fenced block's opening line: its directive
# names reserved for examples and tests (RFC 2606, RFC 6761): no reader can visit them
PLACEHOLDER_HOSTS = (".example", ".test", ".invalid", ".localhost", "example.com", "example.org", "example.net")


def real_address(base_url: str) -> bool:
    """Whether a reader could visit the site: a placeholder address is never printed."""
    host = (urlsplit(base_url).hostname or "").lower()
    return bool(host) and host != "localhost" and not host.endswith(PLACEHOLDER_HOSTS)


def printed(page: Page, site: Site | None = None, directives: dict | None = None) -> bool:
    if page.only != "web":
        return True
    from_web = {name for name, directive in (directives or {}).items() if directive.from_web_pages}
    return (site is not None and real_address(site.base_url)
            and any(name in from_web for name in FENCE.findall(page.body)))


def book_pages(game: Game, site: Site | None = None, directives: dict | None = None) -> list[Page]:
    """The pages of the rulebook. Without `site`, no web-only page (its address is unknown);
    `directives`: the build's registry (stages.Directive), which says what a web-only page prints."""
    return [page for page in game.pages if printed(page, site, directives) and page.print_layout != "one-page"]


def aid_pages(game: Game) -> list[Page]:
    return [page for page in game.pages if printed(page) and page.print_layout == "one-page"]
