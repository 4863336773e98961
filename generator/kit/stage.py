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
from generator.i18n.interface import N_, gettext, reader_language, release_stamp
from generator.kit.drawings import KitDrawings, has_kit
from generator.kit.paper import cards_on_paper
from generator.jobs import Job
from generator.stages import Directive, GameOutput, Section, Stage, StageContext
from generator.urls import RULEBOOK_PAPERS, in_game, kit_file, kit_folder, preview_file, rules_pdf

SECTION_ID = "print-and-play"
OTHER_FORMATS = "export formats"  # the product of the stage whose files the kit's downloads offer too


class KitStage(Stage):
    name = "print-and-play kits"
    printed = True  # PDFs: `serve` may make them after the pages
    # the kit's downloads offer the exports' "Other formats" row: its formats(site, game, components)
    reads = (OTHER_FORMATS,)

    def __init__(self):
        self.product = KitDrawings()  # its components and drawings, for the exports
        self._galleries: dict[str, list] = {}  # slug -> its decks' galleries (names and words), per build

    def start(self, site: Site, context: StageContext) -> None:
        super().start(site, context)
        self.product.start(context.hashes, site.language)
        self._galleries = {}

    def directives(self, site: Site) -> dict[str, Directive]:
        # on paper, a row of the deck's cards (kit/paper.py)
        return {"cards": Directive(self.cards, paper=cards_on_paper)}

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
        return cards_html(gallery, kit_folder(game.slug), context.page.url, table,
                          words=gettext(reader_language(game, context.env.get("site"))))

    def components(self, game: Game):
        return self.product.components(game)

    def galleries(self, game: Game) -> list:
        if game.slug not in self._galleries:
            if not has_kit(game):
                self._galleries[game.slug] = []
            else:
                from generator.kit.preview import card_gallery

                self._galleries[game.slug] = card_gallery(self.components(game), draw=False)
        return self._galleries[game.slug]

    def check(self, site: Site, game: Game) -> list[ContentError]:
        """Validate the game's components and data, and preflight its kits (every page of every
        kit, before any is written), without writing anything."""
        if not has_kit(game):
            return []  # and reportlab is never imported
        from generator.kit.preflight import preflight_kits

        try:
            # drawn once (the exports may have drawn it already): preflight now, the kits' pages later
            components, artwork = self.product.drawn(game)
        except ContentErrors as problems:
            return problems.errors
        return [*components.warnings, *preflight_kits(components, artwork)]

    def game_key(self, site: Site, game: Game) -> str | None:
        if not has_kit(game):
            return None
        # whether it names the rulebooks; the kit's inputs are its product's key, which the Builder adds
        return digest(str(site.rulebooks))

    def write_game(self, site: Site, game: Game, output, context: StageContext) -> GameOutput:
        from generator.kit import render_previews, write_kits
        from generator.kit.pictures import PictureAssets
        from generator.kit.pictures_screen import GALLERY_PX_PER_MM, screen_entry, screen_files
        from generator.kit.preview import card_gallery

        if output.dry:  # `check`: the section and the files' names, nothing drawn
            return self.named_only(site, game, output)
        components, artwork = self.product.checked(game) or (self.components(game), None)
        folder = kit_folder(game.slug)
        previews = []
        pictures = PictureAssets()
        drawn = render_previews(components, pictures.resolver(), reader_language(game, site))
        scale = preview_scale([preview.width for preview in drawn])
        for preview in drawn:
            rel = f"{folder}/{preview_file(preview.name)}"
            output.write(rel, preview.svg)
            previews.append(screen_entry({"title": preview.title, "kind": preview.kind,
                                          "file": kit_file(preview_file(preview.name)),
                                          "width": round(preview.width * scale),
                                          "height": round(preview.height * scale)}, preview.pictured))
        # what shows pictures is shown as PNGs too: an SVG through <img> loads no picture
        screens = screen_files([(preview_file(p.name), p.drawing) for p in drawn if p.pictured], scale)
        galleries = []
        for gallery in card_gallery(components, resolve_image=pictures.resolver("../")):
            for image in gallery.cards:
                output.write(f"{folder}/{image.file}", image.svg)
            screens.update(screen_files([(image.file, image.drawing) for image in gallery.cards if image.pictured],
                                        GALLERY_PX_PER_MM))
            galleries.append(gallery_entry(gallery))
        for rel, data in sorted({**pictures.files, **screens}.items()):
            output.write(f"{folder}/{rel}", data)
        kits = planned_kits(components, reader_language(game, site))  # their pages and sizes come with the job's answer
        # a game whose source names no designer gets no "by" line
        rulebook = rules_pdf(game.slug, "{paper}") if site.rulebooks else ""  # a template: each kit its paper's
        staging = output.folder(folder)

        def make() -> list[tuple[str, int, int]]:  # in a child: the PDFs, and what the section says of them
            made = write_kits(components, staging, title=game.title, author=", ".join(game.designers),
                              rulebook=rulebook, artwork=artwork, stamp=kit_stamp(site, game),
                              language=reader_language(game, site))
            return [(Path(kit.path).name, kit.pages, kit.bytes) for kit in made]

        # the pages show each PDF's pages and size: the Builder waits for the job before it
        # renders them (or keeps this output), the build's own process going on meanwhile
        job = Job(f"making the print-and-play kits of {game.title}", make, self.name, spare_core=True,
                  done=lambda made: measured(kits, made), before_pages=True)
        return GameOutput(sections=section(site, game, previews, kits, galleries, components.instead,
                                           self.formats(site, game, components)),
                          cover=cover(game, previews), files=tuple(f"{folder}/{row['name']}" for row in kits),
                          jobs=(job,))

    def formats(self, site: Site, game: Game, components) -> list[dict]:
        other_formats = self.context.products.get(OTHER_FORMATS)
        return other_formats.formats(site, game, components) if other_formats else []

    def named_only(self, site: Site, game: Game, output) -> GameOutput:
        """What write_game gives, without drawing anything (for a dry output, `check`): the
        section, with every id and link it will have, and the files it would write, named."""
        from generator.kit.pictures_screen import entry_pngs, screen_entry
        from generator.kit.preview import card_gallery, plan_previews

        components = self.components(game)  # checked: `check` has reported any error in it
        previews = [screen_entry({"title": title, "kind": kind, "file": kit_file(preview_file(name)), "width": 0,
                                  "height": 0}, pictured)
                    for name, title, kind, pictured in plan_previews(components, reader_language(game, site))]
        kits = planned_kits(components, reader_language(game, site))
        galleries = [gallery_entry(gallery) for gallery in card_gallery(components, draw=False)]
        files = [in_game(game.slug, entry["file"]) for entry in previews + kits]
        files += [in_game(game.slug, card["file"]) for gallery in galleries for card in gallery["cards"]]
        files += [in_game(game.slug, png) for entry in previews + [card for gallery in galleries
                                                                     for card in gallery["cards"]]
                  for png in entry_pngs(entry)]
        for rel in files:
            output.record(rel)
        return GameOutput(sections=section(site, game, previews, kits, galleries, components.instead,
                                           self.formats(site, game, components)),
                          cover=cover(game, previews))


def planned_kits(components, language: str) -> list[dict]:
    """The section's row of each kit the game will have, its pages and size still to come; its
    label in the page's `language` ("A4, Tintensparmodus")."""
    from generator.kit.spec import kit_label, plan_kits

    return [{"name": kit.name, "file": kit_file(kit.name),
             "label": kit_label(kit.edition, kit.paper, kit.variant, language),
             "pages": "", "size": "", "paper": kit.paper, "variant": kit.variant} for kit in plan_kits(components)]


def kit_stamp(site: Site, game: Game) -> str:
    """The release on the kit's cover, in the kit's language: "Version 1.1, 26. November 2026"."""
    return release_stamp(reader_language(game, site), game.release)


def measured(kits: list[dict], made: list[tuple[str, int, int]]) -> None:
    """Each kit's row completed with its PDF's pages and size (the job's answer)."""
    found = {name: (pages, size) for name, pages, size in made}
    for row in kits:
        pages, size = found[row["name"]]
        row.update(pages=pages, size=human_size(size))


def section(site: Site, game: Game, previews: list[dict], kits: list[dict], galleries: list[dict],
            instead=(), formats=()) -> dict[str, list[Section]]:
    """The "Print & play" section of the game's rules page (template kit-section.html), by page URL."""
    # the typeset rules belong with the kit: a player printing it wants them in the same pile
    rulebooks = rulebook_downloads(game, gettext(reader_language(game, site))) if site.rulebooks else []
    data = {"previews": previews, "kits": kits, "rulebooks": rulebooks, "galleries": galleries,
            "instead": [[component, use] for component, use in instead], "formats": list(formats)}
    return {game.page("rules").url: [Section(SECTION_ID, N_("Print & play"), "kit-section.html", data)]}


def rulebook_downloads(game: Game, words=None) -> list[dict]:
    """The typeset rules offered beside the kit: named by the rules the rulebook stage writes
    them by (generator/urls.py), so the two lists never name different PDFs; `words`: the page's
    gettext, for their paper ("US-Letter" as the kit's rows say it)."""
    return [{"file": rules_pdf(game.slug, paper), "label": words(label) if words else label}
            for paper, label in RULEBOOK_PAPERS]


PREVIEW_WIDTH = 720  # px for the widest component: every preview shares one scale, so sizes compare


def cover(game: Game, previews: list[dict]) -> str:
    """The game's picture on the index: its first board (the board its diagrams draw), else its
    first deck, token or sheet, as previewed."""
    for kind in ("board", "deck", "token", "sheet"):
        for preview in previews:
            if preview["kind"] == kind:  # a preview with pictures as its PNG: <img> shows no SVG's picture
                return in_game(game.slug, preview.get("png") or preview["file"])
    return ""


def preview_scale(widths: list[float]) -> float:
    """Pixels per millimetre for the kit's previews: the widest fits the column, none is drawn above 2 px/mm."""
    return min(2.0, PREVIEW_WIDTH / max(widths)) if widths and max(widths) > 0 else 1.0


def gallery_entry(gallery) -> dict:
    """A deck's card gallery for the template; thumbnails at 2 px/mm (PNGs for cards with pictures)."""
    from generator.kit.pictures_screen import screen_entry

    return {"id": f"cards-{gallery.name}", "title": gallery.title,
            "width": round(gallery.width * 2), "height": round(gallery.height * 2),
            "cards": [screen_entry({"file": kit_file(image.file), "alt": image.description}, image.pictured)
                      for image in gallery.cards]}


def human_size(size: int) -> str:
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    return f"{max(1, round(size / 1000))} kB"
