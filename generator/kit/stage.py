"""The build stage for print-and-play kits (see generator/build.py).

For each game with a `components.toml`: SVG previews and the PDF kits under
`<slug>/kit/`, and a "Print & play" section on the game's rules page
(template `kit-section.html`, which a site may override: the Builder renders it).
"""
from __future__ import annotations

from pathlib import Path

from generator.content.model import Game, Site
from generator.errors import ContentError, ContentErrors
from generator.fingerprint import digest
from generator.keys import folder_key
from generator.stages import PAPER, Directive, GameOutput, Section, Stage, StageContext
from generator.urls import RULEBOOK_PAPERS, in_game, kit_file, kit_folder, preview_file, rules_pdf

SECTION_ID = "print-and-play"


def has_kit(game: Game) -> bool:
    return (game.folder / "components.toml").is_file()


class KitStage(Stage):
    name = "print-and-play kits"
    printed = True  # PDFs: `serve` may make them after the pages
    works_ahead = True  # a clean build's kits are made in a child while the other stages work (kit/ahead.py)

    def __init__(self):
        self._galleries: dict[str, list] = {}  # slug -> its decks' galleries (names and words), per build
        self._checked: dict[str, tuple] = {}  # slug -> (components, artwork) that check preflighted, per build
        self._components: dict[str, object] = {}  # slug -> its components.toml read (or its errors), per build
        # the stage offering the kit's "Other formats" row (exports.stage.ExportStage), if any:
        # its formats(site, game, components) -> [{file, label, use}] and formats_key(site)
        self.other_formats = None
        self._ahead = None  # the child making this build's kits (kit/ahead.KitsAhead), if any

    def start(self, site: Site, context: StageContext) -> None:
        super().start(site, context)
        self.abandon()
        self._galleries = {}
        self._checked = {}
        self._components = {}

    def start_ahead(self, site: Site, output, context: StageContext, checking: list, making: list) -> None:
        """Check `checking` and make `making` (games) in a child process (kit/ahead.py), which
        `check` and `write_game` then read. Not where the exports draw the same kits in this
        process (the child would draw them again) or where there is no fork."""
        from generator.jobs import can_fork

        checking, making = [g for g in checking if has_kit(g)], [g for g in making if has_kit(g)]
        exports_draw_here = self.other_formats is not None and site.exports
        if output.dry or exports_draw_here or not making or not can_fork():
            return
        from generator.kit.ahead import KitsAhead

        self._ahead = KitsAhead(self, site, output, context, checking, making)

    def abandon(self) -> None:
        if self._ahead is not None:
            self._ahead.stop()
        self._ahead = None

    def directives(self, site: Site) -> dict[str, Directive]:
        # on paper, a deck's table (its cards are in the print-and-play kit)
        return {"cards": Directive(self.cards, paper=PAPER + "cards")}

    def cards(self, options: dict, context) -> str:
        """```cards: a deck shown as its cards (the kit's own drawings, each with its words for
        screen readers), and with `data` the same cards as a table, folded away."""
        from generator.markdown.cards import cards_html
        from generator.markdown.directives import check_keys
        from generator.markdown.tables import table_directive

        check_keys(options, context, {"deck", "data", "columns", "headers", "caption"}, {"deck"})
        game = context.game
        galleries = self.galleries(game)
        gallery = next((g for g in galleries if g.name == options["deck"]), None)
        if gallery is None:
            raise context.error(f"no deck '{options['deck']}' in {game.slug}/components.toml",
                                expected="one of: " + (", ".join(g.name for g in galleries) or "(no decks)"),
                                found=str(options["deck"]))
        table = ""
        if "data" in options:
            table = table_directive({k: v for k, v in options.items() if k != "deck"}, context)
        return cards_html(gallery, kit_folder(game.slug), context.page.url, table)

    def components(self, game: Game):
        """The game's components.toml, read and validated once per build (check, the cards
        directive and write_game share it); its errors, raised again to each that asks."""
        if game.slug not in self._components:
            from generator.kit import load_components

            try:
                self._components[game.slug] = load_components(game.folder, game.data)
            except ContentErrors as problems:
                self._components[game.slug] = problems
        found = self._components[game.slug]
        if isinstance(found, ContentErrors):
            raise found
        return found

    def drawn(self, game: Game) -> tuple:
        """(components, {ink saver: Artwork}) of the game's kit, read and drawn once per build and
        shared with the stages that export the same drawings (generator/exports/stage.py)."""
        if game.slug not in self._checked:
            from generator.kit.build import kit_artwork

            components = self.components(game)
            self._checked[game.slug] = (components, kit_artwork(components))
        return self._checked[game.slug]

    def full_colour(self, game: Game) -> tuple:
        """(components, the full-colour Artwork) of the game's kit, drawn once per build: the
        drawings the exports rasterise (made here if the game's kits print only in ink saver)."""
        components, artworks = self.drawn(game)
        if False not in artworks:
            from generator.kit.build import Artwork

            artworks[False] = Artwork(components, False)
        return components, artworks[False]

    has_kit = staticmethod(has_kit)  # for the stages handed this one (exports), which import no kit module

    def galleries(self, game: Game) -> list:
        if game.slug not in self._galleries:
            if not has_kit(game):
                self._galleries[game.slug] = []
            else:
                from generator.kit.preview import card_gallery

                self._galleries[game.slug] = card_gallery(self.components(game), draw=False)
        return self._galleries[game.slug]

    def check(self, site: Site) -> list[ContentError]:
        """Validate every game's components and data, and preflight its kits, without writing anything."""
        if self._ahead is not None:
            return self._ahead.errors()
        return self.check_here(site, site.games)

    def check_here(self, site: Site, games: list) -> list[ContentError]:
        """`check` of `games`, in this process."""
        games = [game for game in games if has_kit(game)]
        if not games:
            return []  # and reportlab is never imported
        from generator.kit.preflight import preflight_kits

        errors = []
        for game in games:
            try:
                # drawn once (the exports may have drawn it already): preflight now, the kits' pages later
                components, artwork = self.drawn(game)
            except ContentErrors as problems:
                errors.extend(problems.errors)
                continue
            errors.extend(preflight_kits(components, artwork))  # every page of every kit, before any is written
        return errors

    def game_key(self, site: Site, game: Game) -> str | None:
        if not has_kit(game):
            return None
        # the spec, its data and the game's code (its drawings are the kit's boards and card art);
        # the pages do not change a kit
        return digest(folder_key(self.context.hashes, game.folder, skip=(".md",)), game.title,
                      ";".join(game.designers), str(site.rulebooks),
                      self.other_formats.formats_key(site) if self.other_formats else "")

    def write_game(self, site: Site, game: Game, output, context: StageContext) -> GameOutput:
        if self._ahead is not None and game.slug in self._ahead.slugs:
            made, files = self._ahead.game(game.slug)
            for rel, size in files.items():
                output.record(rel, size)
            return made
        return self.write_here(site, game, output, context)

    def write_here(self, site: Site, game: Game, output, context: StageContext) -> GameOutput:
        """`write_game`, in this process."""
        from generator.kit import render_previews, write_kits
        from generator.kit.preview import card_gallery

        if output.dry:  # `check`: the section and the files' names, nothing drawn
            return self.named_only(site, game, output)
        components, artwork = self._checked.get(game.slug) or (self.components(game), None)
        folder = kit_folder(game.slug)
        previews = []
        drawn = render_previews(components)
        scale = preview_scale([preview.width for preview in drawn])
        for preview in drawn:
            rel = f"{folder}/{preview_file(preview.name)}"
            output.write(rel, preview.svg)
            previews.append({"title": preview.title, "kind": preview.kind,
                             "file": kit_file(preview_file(preview.name)),
                             "width": round(preview.width * scale), "height": round(preview.height * scale)})
        galleries = []
        for gallery in card_gallery(components):
            for image in gallery.cards:
                output.write(f"{folder}/{image.file}", image.svg)
            galleries.append(gallery_entry(gallery))
        staging = output.folder(folder)
        kits = []
        # a game whose source names no designer gets no "by" line
        rulebook = rules_pdf(game.slug, "{paper}") if site.rulebooks else ""  # a template: each kit its paper's
        for kit in write_kits(components, staging, title=game.title, author=", ".join(game.designers),
                              rulebook=rulebook, artwork=artwork, stamp=game.release.stamp if game.release else ""):
            rel = f"{folder}/{Path(kit.path).name}"
            output.record(rel)
            kits.append({"file": kit_file(Path(kit.path).name), "label": kit.label, "pages": kit.pages,
                         "size": human_size(kit.bytes), "paper": kit.paper, "variant": kit.variant})
        return GameOutput(sections=section(site, game, previews, kits, galleries, components.instead,
                                           self.formats(site, game, components)),
                          cover=cover(game, previews))

    def formats(self, site: Site, game: Game, components) -> list[dict]:
        return self.other_formats.formats(site, game, components) if self.other_formats else []

    def named_only(self, site: Site, game: Game, output) -> GameOutput:
        """What write_game gives, without drawing anything (for a dry output, `check`): the
        section, with every id and link it will have, and the files it would write, named."""
        from generator.kit.preview import card_gallery, plan_previews
        from generator.kit.spec import plan_kits

        components = self.components(game)  # checked: `check` has reported any error in it
        previews = [{"title": title, "kind": kind, "file": kit_file(preview_file(name)), "width": 0, "height": 0}
                    for name, title, kind in plan_previews(components)]
        kits = [{"file": kit_file(kit.name), "label": kit.label, "pages": "", "size": "", "paper": kit.paper,
                 "variant": kit.variant} for kit in plan_kits(components)]
        galleries = [gallery_entry(gallery) for gallery in card_gallery(components, draw=False)]
        files = [in_game(game.slug, entry["file"]) for entry in previews + kits]
        files += [in_game(game.slug, card["file"]) for gallery in galleries for card in gallery["cards"]]
        for rel in files:
            output.record(rel)
        return GameOutput(sections=section(site, game, previews, kits, galleries, components.instead,
                                           self.formats(site, game, components)),
                          cover=cover(game, previews))


def section(site: Site, game: Game, previews: list[dict], kits: list[dict], galleries: list[dict],
            instead=(), formats=()) -> dict[str, list[Section]]:
    """The "Print & play" section of the game's rules page (template kit-section.html), by page URL."""
    # the typeset rules belong with the kit: a player printing it wants them in the same pile
    rulebooks = rulebook_downloads(game) if site.rulebooks else []
    data = {"previews": previews, "kits": kits, "rulebooks": rulebooks, "galleries": galleries,
            "instead": [[component, use] for component, use in instead], "formats": list(formats)}
    return {game.page("rules").url: [Section(SECTION_ID, "Print & play", "kit-section.html", data)]}


def rulebook_downloads(game: Game) -> list[dict]:
    """The typeset rules offered beside the kit: named by the rules the rulebook stage writes
    them by (generator/urls.py), so the two lists never name different PDFs."""
    return [{"file": rules_pdf(game.slug, paper), "label": label} for paper, label in RULEBOOK_PAPERS]


PREVIEW_WIDTH = 720  # px for the widest component: every preview shares one scale, so sizes compare


def cover(game: Game, previews: list[dict]) -> str:
    """The game's picture on the index: its first board (the board its diagrams draw), else its
    first deck, token or sheet, as previewed."""
    for kind in ("board", "deck", "token", "sheet"):
        for preview in previews:
            if preview["kind"] == kind:
                return in_game(game.slug, preview["file"])
    return ""


def preview_scale(widths: list[float]) -> float:
    """Pixels per millimetre for the kit's previews: the widest fits the column, none is drawn above 2 px/mm."""
    return min(2.0, PREVIEW_WIDTH / max(widths)) if widths and max(widths) > 0 else 1.0


def gallery_entry(gallery) -> dict:
    """A deck's card gallery for the template; thumbnails at 2 px/mm."""
    return {"id": f"cards-{gallery.name}", "title": gallery.title,
            "width": round(gallery.width * 2), "height": round(gallery.height * 2),
            "cards": [{"file": kit_file(image.file), "alt": image.description} for image in gallery.cards]}


def human_size(size: int) -> str:
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    return f"{max(1, round(size / 1000))} kB"
