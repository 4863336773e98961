"""The build stage for printable rulebooks: per game, the rules as PDF (A4 and
US Letter) and the player aid as its own PDF, offered on the rules page."""
from __future__ import annotations

from html import escape

from generator.content.model import Game, Site
from generator.fingerprint import digest, files_digest, tree_files
from generator.rulebook.selection import aid_pages
from generator.stages import Stage

PAPERS = (("a4", "A4"), ("letter", "US Letter"))


def files_of(game: Game) -> list[tuple[str, str, str]]:
    """(path in the output, what it is, paper) of every PDF the game gets."""
    files = [(f"{game.slug}/{game.slug}-rules-{paper}.pdf", "Rules", label) for paper, label in PAPERS]
    files += [(f"{game.slug}/{game.slug}-rules-booklet-{paper}.pdf", "Rules as an A5 booklet", f"printed on {label}")
              for paper, label in PAPERS]
    if aid_pages(game):
        files += [(f"{game.slug}/{game.slug}-player-aid-{paper}.pdf", "Player aid on one sheet", label)
                  for paper, label in PAPERS]
    return files


class RulebookStage(Stage):
    name = "rulebooks"
    printed = True  # PDFs: `serve` may make them after the pages

    def game_key(self, site: Site, game: Game) -> str | None:
        if not site.rulebooks:
            return None
        # pages, data, engine and drawings all live in the game folder
        inputs = [path for path in tree_files(game.folder) if path.suffix != ".pyc"]
        return digest(files_digest(inputs, game.folder), game.title, ";".join(game.designers), game.accent,
                      site.base_url, site.path_prefix)

    def write_game(self, site: Site, game: Game, output, context) -> dict:
        from generator.rulebook.booklet import impose
        from generator.rulebook.make import typeset_all

        made = typeset_all(site, game, [("rules", "a5")] + [("rules", paper) for paper, _ in PAPERS]
                           + ([("player_aid", paper) for paper, _ in PAPERS] if aid_pages(game) else []))
        for paper, _label in PAPERS:
            output.write(f"{game.slug}/{game.slug}-rules-{paper}.pdf", made["rules", paper])
            output.write(f"{game.slug}/{game.slug}-rules-booklet-{paper}.pdf", impose(made["rules", "a5"], paper))
            if aid_pages(game):
                output.write(f"{game.slug}/{game.slug}-player-aid-{paper}.pdf", made["player_aid", paper])
        return self.plan_game(site, game, context)

    def plan_game(self, site: Site, game: Game, context) -> dict:
        if not site.rulebooks:
            return {}
        rules = next(page for page in game.pages if page.name == "rules")
        items = "".join(f'<li><a href="{escape(path.split("/", 1)[1])}" download>{escape(game.title)}: '
                        f"{escape(what)} ({escape(label)}, PDF)</a></li>" for path, what, label in files_of(game))
        html = (f"<p>Download the rules (PDF) to print or to read offline, with every example and diagram "
                f"of these pages.</p>\n<ul class=\"rulebook-downloads\">{items}</ul>\n")
        section = {"id": "rulebook", "title": "Printable rules", "html": html}
        return {"sections": {rules.url: [section]}, "files": [path for path, _what, _label in files_of(game)]}
