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
    writes_later = True  # typeset in child processes while the pages are made

    def __init__(self):
        self.typesetting = None  # the games' typesetting, running while the pages are made
        self.written: list[str] = []  # the PDFs it writes, recorded in the output by `finish`

    def start(self, site: Site) -> None:
        self.abandon()

    def game_key(self, site: Site, game: Game) -> str | None:
        if not site.rulebooks:
            return None
        # pages, data, engine and drawings all live in the game folder
        inputs = [path for path in tree_files(game.folder) if path.suffix != ".pyc"]
        return digest(files_digest(inputs, game.folder), game.title, ";".join(game.designers), game.accent,
                      site.base_url, site.path_prefix)

    def write_game(self, site: Site, game: Game, output, context) -> dict:
        """Starts typesetting in a child process: `finish` waits for it. The PDFs' paths are
        in the info's "files"."""
        from generator.rulebook.make import Typesetting

        if self.typesetting is None:
            self.typesetting = Typesetting()
        jobs = ([("rules", "a5")] + [("rules", paper) for paper, _ in PAPERS]
                + ([("player_aid", paper) for paper, _ in PAPERS] if aid_pages(game) else []))
        paths = {path: output.path(path) for path, _what, _label in files_of(game)}  # folders made here
        self.written.extend(paths)
        self.typesetting.start(site, game, jobs, lambda made: write_books(game, made, paths))
        return self.plan_game(site, game, context)

    def finish(self, site: Site, output) -> None:
        if self.typesetting is not None:
            typesetting, self.typesetting = self.typesetting, None
            typesetting.finish()
        for path in self.written:
            output.record(path)
        self.written = []

    def abandon(self) -> None:
        if self.typesetting is not None:
            self.typesetting.abandon()
        self.typesetting, self.written = None, []

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


def write_books(game: Game, made: dict, paths: dict) -> None:
    """The typeset books of `game` (`made`: (kind, paper) -> PDF) at their `paths`."""
    from generator.rulebook.booklet import impose

    slug = game.slug
    for paper, _label in PAPERS:
        paths[f"{slug}/{slug}-rules-{paper}.pdf"].write_bytes(made["rules", paper])
        paths[f"{slug}/{slug}-rules-booklet-{paper}.pdf"].write_bytes(impose(made["rules", "a5"], paper))
        if ("player_aid", paper) in made:
            paths[f"{slug}/{slug}-player-aid-{paper}.pdf"].write_bytes(made["player_aid", paper])
