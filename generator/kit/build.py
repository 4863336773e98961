"""Assembling one kit: components laid out once per colour mode, imposed per paper,
numbered, and written as a reproducible PDF."""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from generator.draw.pdf import PdfPage, render_pdf
from generator.draw.shapes import Drawing
from generator.kit.board import board_drawing
from generator.kit.cards import back_drawing, front_drawing
from generator.draw.inksaver import ink_saver
from generator.kit.impose import (PackSection, PageDraft, big_pages, card_pages, cover_page, fits_packed,
                                  fold_pages, pack_pages, place_calibration, sections_of, sparse)
from generator.kit.sheets import sheet_drawing
from generator.kit.spec import PAPERS, VARIANT_LABELS, Components, DeckSpec, Edition, SheetSpec, plan_kits
from generator.kit.tokens import token_drawings


@dataclass(frozen=True)
class KitFile:
    """One PDF written by `write_kits`."""

    path: Path
    paper: str  # "a4" | "letter"
    pages: int
    bytes: int
    variant: str = "print"  # "print" | "ink-saver" | "fold-over"
    edition: str = ""  # edition name, "" when the game has one kit
    label: str = ""  # for a download link: "A4", "US Letter, ink saver", "Beginner game, A4"


class Artwork:
    """Component drawings for one colour mode, made once and shared by every paper size."""

    def __init__(self, components: Components, ink_saver: bool):
        self.components = components
        self.ink_saver = ink_saver
        self._fronts: dict = {}
        self._backs: dict = {}
        self.boards = [(spec, board_drawing(spec, ink_saver)) for spec in components.boards]
        self.sheets = [(spec, self.sheet_copies(spec)) for spec in components.sheets]
        self.tokens = [(spec, token_drawings(spec, components.options.players, ink_saver))
                       for spec in components.tokens]

    def sheet_copies(self, spec: SheetSpec) -> list[Drawing]:
        if spec.drawn:  # the game's own drawing, once per player (or once), each copied
            return [ink_saver(d) if self.ink_saver else d for d in spec.drawn for _ in range(spec.copies)]
        if spec.per_player:
            return [sheet_drawing(spec, player, i, self.ink_saver)
                    for player in self.components.options.players for i in range(spec.copies)]
        return [sheet_drawing(spec, None, i, self.ink_saver) for i in range(spec.copies)]

    def cards(self, deck: DeckSpec, edition: Optional[Edition]) -> tuple[list[Drawing], list[Drawing]]:
        fronts, backs = [], []
        for card in deck.instances(edition):
            key = (deck.name, card.front)
            if key not in self._fronts:
                self._fronts[key] = front_drawing(card.front, deck, self.ink_saver)
            key_back = (deck.name, card.back)
            if key_back not in self._backs:
                self._backs[key_back] = back_drawing(card.back, deck, self.ink_saver)
            fronts.append(self._fronts[key])
            backs.append(self._backs[key_back])
        return fronts, backs


def page_range(first: int, count: int) -> str:
    return f"page {first}" if count == 1 else f"pages {first}–{first + count - 1}"


Group = tuple[str, list[PageDraft], str]  # a contents line: name, its pages, a note


def kit_pages(components: Components, artwork: Artwork, *, title: str, author: str, paper: str,
              variant: str, edition: Optional[Edition], rulebook: str = "") -> list[PdfPage]:
    """Every page of one kit, numbered, cover first. `rulebook`: the file name of the
    typeset rules ("{paper}" stands for the paper), listed with the contents."""
    label, paper_w, paper_h = PAPERS[paper]
    boards = [(spec, big_pages(spec.name, spec.title, drawing, paper_w, paper_h)) for spec, drawing in artwork.boards]
    groups: list[Group] = [(spec.title, pages, f"board, {spec.cell:g} mm spaces; " + (
        "one page" if len(pages) == 1 else f"{len(pages)} tiles to cut and glue, 10 mm overlap"))
        for spec, pages in boards]
    groups += packed_groups(artwork, groups, paper_w, paper_h)
    groups += card_groups(components, artwork, edition, variant, paper_w, paper_h)
    subtitle = "Print-and-play kit" + (f": {edition.title}" if edition else "")
    paper_line = label + (f", {VARIANT_LABELS[variant]}" if VARIANT_LABELS[variant] else "")
    lines = [(title, 9.0, True), (subtitle, 5.0, False), (paper_line, 4.0, False),
             (f"by {author}" if author else "", 3.6, False)]
    tiled = any(len(pages) > 1 for _spec, pages in boards)

    def cover_for(groups: list[Group], leftovers=()) -> Optional[tuple[PageDraft, list[PageDraft]]]:
        """The cover (with `leftovers` packed below its contents) and the component pages, the
        calibration square on the first with a free corner, else on the cover; None if no room."""
        component_pages = [page for _name, pages, _note in groups for page in pages]
        for page in component_pages:  # a second try starts again from the pages as packed
            page.shapes = [shape for shape in page.shapes if getattr(shape, "role", "") != "calibration"]
        holder = place_calibration(component_pages)
        where = f"on page {component_pages.index(holder) + 2}" if holder else "below"
        steps = assembly_steps(components, variant, tiled, square=where)
        cover = cover_page(paper_w, paper_h, lines, contents_of(groups, paper, rulebook), steps, components.instead)
        if leftovers and pack_pages(sections_of(leftovers), paper_w, paper_h, after=cover):
            return None
        if holder is None and place_calibration([cover]) is None:
            return None
        return cover, component_pages

    # a last packed page holding only a few pieces: those go on the cover, below the contents
    moved = without_sparse_last_page(groups)
    made = (cover_for(*moved) if moved else None) or cover_for(groups)
    if made is None:
        raise ValueError(f"{title}: no page of the kit has room for the calibration square")
    cover, component_pages = made
    drafts = [cover] + component_pages
    total = len(drafts)
    return [PdfPage(draft.finish(title, i + 1, total), draft.trim_box or (0, 0, paper_w, paper_h),
                    draft.bleed_box or (0, 0, paper_w, paper_h))
            for i, draft in enumerate(drafts)]


def packed_groups(artwork: Artwork, boards: list[Group], paper_w: float, paper_h: float) -> list[Group]:
    """Sheets and tokens, all packed together, starting below the last board if it leaves room;
    sheets too large to pack are laid out like boards. Notes the board that shares its page."""
    sections, oversized = [], []
    for spec, copies in artwork.sheets:
        role = f"sheet:{spec.name}"
        if all(fits_packed(d, paper_w, paper_h) for d in copies):
            sections.append(PackSection(spec.title, tuple((d, f"{role}:{i}") for i, d in enumerate(copies)), gap=6.0))
        else:
            oversized += [(spec, drawing) for drawing in copies]
    sections += [PackSection(spec.title, tuple((d, f"token:{spec.name}:{i}") for i, d in enumerate(items)))
                 for spec, items in artwork.tokens]
    groups: list[Group] = []
    if sections:
        board_page = boards[-1][1][-1] if boards and boards[-1][1][-1].free_from is not None else None
        pages = pack_pages(sections, paper_w, paper_h, after=board_page)
        titles = ", ".join(section.title for section in sections)
        if board_page is not None:
            name, board_pages, note = boards[-1]
            boards[-1] = (name, board_pages, f"{note}; {titles} below it" + (", continued after" if pages else ""))
        if pages:
            groups.append((titles, pages, packed_note(artwork)))
    groups += [(spec.title, big_pages(spec.name, spec.title, drawing, paper_w, paper_h), "sheet")
               for spec, drawing in oversized]
    return groups


def card_groups(components: Components, artwork: Artwork, edition: Optional[Edition], variant: str,
                paper_w: float, paper_h: float) -> list[Group]:
    groups: list[Group] = []
    for deck in components.decks:
        fronts, backs = artwork.cards(deck, edition)
        if not fronts:
            continue
        impose = fold_pages if variant == "fold-over" else card_pages
        pages = impose(deck.name, deck.title, fronts, backs, deck.width, deck.height, deck.bleed, paper_w, paper_h)
        how = "fold each pair, glue, cut" if variant == "fold-over" else "double-sided, flip on the long edge"
        groups.append((deck.title, pages, f"{len(fronts)} cards, {deck.width:g} x {deck.height:g} mm; {how}"))
    return groups


def without_sparse_last_page(groups: list[Group]) -> Optional[tuple[list[Group], list]]:
    """If the packed pages end on a page with only a few pieces: the groups without that page,
    and the pieces it held (to go on the cover). Else None."""
    for i, (name, pages, note) in enumerate(groups):
        last = pages[-1] if pages else None
        if last is not None and last.packed and last.free_from is None and sparse(last):
            rest = [(name, pages[:-1], note + "; the last few on page 1")] if len(pages) > 1 else []
            return groups[:i] + rest + groups[i + 1:], last.packed
    return None


def contents_of(groups: list[Group], paper: str, rulebook: str) -> list[tuple[str, str, str]]:
    contents, number = [], 2
    for name, pages, note in groups:
        contents.append((name, page_range(number, len(pages)), note))
        number += len(pages)
    if rulebook:
        contents.append(("The rules", "own PDF", f"{rulebook.format(paper=paper)}, beside this kit on the rules "
                                                 "site (also as an A5 booklet)"))
    return contents


def packed_note(artwork: Artwork) -> str:
    sheets = sum(len(copies) for _spec, copies in artwork.sheets)
    pieces = sum(len(items) for _spec, items in artwork.tokens)
    parts = ([f"{sheets} sheet{'s' if sheets != 1 else ''} to copy as needed"] if sheets else []) + \
        ([f"{pieces} pieces to cut out"] if pieces else [])
    return "; ".join(parts)


def assembly_steps(components: Components, variant: str, tiled: bool, square: str) -> list[str]:
    """How to print and put together this kit: only the steps for what it holds."""
    steps = [f"Print at 100% (actual size, no 'fit to page'); the calibration square {square} must "
             "measure 50 mm."]
    if components.decks and variant == "fold-over":
        steps.append("Cards: fold each front against its back along the dashed line, glue, then cut along the "
                     "crop marks.")
    elif components.decks:
        steps.append("Card pages: print double-sided, flipping on the long edge; each back page follows its "
                     "front page, mirrored, so every back lands behind its own card. No duplex printer? Print "
                     "the fronts, put the sheets back in, and print the backs.")
        steps.append("Cut the cards along the crop marks in the margins; the colour runs past each cut.")
    if tiled:
        steps.append("Boards on several pages: cut each tile along its dashed line, lay it over its neighbour "
                     "so the ring marks line up, and glue. The map on each tile shows where it goes.")
    if components.tokens:
        steps.append("Pieces: glue the page to thin card before cutting, so the tokens are sturdy to handle.")
    if variant == "ink-saver":
        steps.append("This ink-saver kit prints light fills and outlines instead of full colour.")
    return steps


def write_atomically(path: Path, data: bytes) -> None:
    """Write beside the target and rename, so a failure never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def kit_artwork(components: Components) -> dict[bool, Artwork]:
    """The component drawings of every colour mode the kits use (ink saver: True), made once."""
    planned = plan_kits(components, None, None)
    return {ink: Artwork(components, ink) for ink in {kit.variant == "ink-saver" for kit in planned}}


def build_kits(components: Components, out_dir: Path, *, title: str, author: str,
               papers: Optional[tuple[str, ...]] = None,
               variants: Optional[tuple[str, ...]] = None, rulebook: str = "",
               artwork: Optional[dict[bool, Artwork]] = None) -> list[KitFile]:
    """`artwork`: the drawings, if already made (preflight made them)."""
    planned = plan_kits(components, papers, variants)
    artwork = dict(artwork or {})
    for ink in {kit.variant == "ink-saver" for kit in planned} - set(artwork):
        artwork[ink] = Artwork(components, ink)
    written = []
    for kit in planned:
        pages = kit_pages(components, artwork[kit.variant == "ink-saver"], title=title, author=author,
                          paper=kit.paper, variant=kit.variant, edition=kit.edition, rulebook=rulebook)
        data = render_pdf(pages, title=f"{title}: print-and-play kit ({kit.label})", author=author,
                          subject=f"Print-and-play kit for {title}", keywords="print and play, Rulepress")
        path = Path(out_dir) / kit.name
        write_atomically(path, data)
        written.append(KitFile(path, kit.paper, len(pages), len(data), kit.variant,
                               kit.edition.name if kit.edition else "", kit.label))
    return written
