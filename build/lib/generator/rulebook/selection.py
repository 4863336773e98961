"""Which pages go where on paper: the rulebook holds every page but the player
aid, which prints on a sheet of its own."""
from __future__ import annotations

from generator.content.model import Game, Page


def book_pages(game: Game) -> list[Page]:
    return [page for page in game.pages if page.print_layout != "one-page"]


def aid_pages(game: Game) -> list[Page]:
    return [page for page in game.pages if page.print_layout == "one-page"]
