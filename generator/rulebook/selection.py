"""Which pages go where on paper: the rulebook holds every page but the player
aid, which prints on a sheet of its own. A page marked `only: web` in its front
matter prints nowhere, except a web-only page holding a `play` block when the
site has a real address: its chapter is then that block alone, one line and a
QR code to the Play page (generator/markdown/media.py leaves out the rest)."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from generator.content.model import Game, Page, Site

PLAY_BLOCK = re.compile(r"^\s*(```+|~~~+)\s*play\s*$", re.M)
# names reserved for examples and tests (RFC 2606, RFC 6761): no reader can visit them
PLACEHOLDER_HOSTS = (".example", ".test", ".invalid", ".localhost", "example.com", "example.org", "example.net")


def real_address(base_url: str) -> bool:
    """Whether a reader could visit the site: a placeholder address is never printed."""
    host = (urlsplit(base_url).hostname or "").lower()
    return bool(host) and host != "localhost" and not host.endswith(PLACEHOLDER_HOSTS)


def printed(page: Page, site: Site | None = None) -> bool:
    if page.only != "web":
        return True
    return site is not None and real_address(site.base_url) and bool(PLAY_BLOCK.search(page.body))


def book_pages(game: Game, site: Site | None = None) -> list[Page]:
    """The pages of the rulebook. Without `site`, no web-only page (its address is unknown)."""
    return [page for page in game.pages if printed(page, site) and page.print_layout != "one-page"]


def aid_pages(game: Game) -> list[Page]:
    return [page for page in game.pages if printed(page) and page.print_layout == "one-page"]
