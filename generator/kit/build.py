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
from generator.kit.impose import (PackSection, PageDraft, big_pages, card_pages, cover_page, fits_packed,
                                  fold_pages, pack_pages)
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


def kit_pages(components: Components, artwork: Artwork, *, title: str, author: str, paper: str,
              variant: str, edition: Optional[Edition], rulebook: str = "") -> list[PdfPage]:
    """Every page of one kit, numbered, cover first. `rulebook`: the file name of the
    typeset rules ("{paper}" stands for the paper), listed with the contents."""
    label, paper_w, paper_h = PAPERS[paper]
    groups: list[tuple[str, list[PageDraft], str]] = []  # (contents name, pages, note)
    for spec, drawing in artwork.boards:
        pages = big_pages(spec.name, spec.title, drawing, paper_w, paper_h)
        note = "one page" if len(pages) == 1 else f"{len(pages)} tiles to cut and glue, 10 mm overlap"
        groups.append((spec.title, pages, f"board, {spec.cell:g} mm spaces; {note}"))
    packed, oversized = [], []
    for spec, copies in artwork.sheets:
        role = f"sheet:{spec.name}"
        if all(fits_packed(d, paper_w, paper_h) for d in copies):
            packed.append(PackSection(spec.title, tuple((d, f"{role}:{i}") for i, d in enumerate(copies)), gap=6.0))
        else:
            for drawing in copies:
                oversized.append((spec, drawing))
    if packed:
        groups.append((", ".join(s.title for s in packed), pack_pages(packed, paper_w, paper_h),
                       f"{sum(len(s.items) for s in packed)} sheet(s) to copy as needed"))
    for spec, drawing in oversized:
        groups.append((spec.title, big_pages(spec.name, spec.title, drawing, paper_w, paper_h), "sheet"))
    if artwork.tokens:
        sections = [PackSection(spec.title, tuple((d, f"token:{spec.name}:{i}") for i, d in enumerate(items)))
                    for spec, items in artwork.tokens]
        count = sum(len(items) for _spec, items in artwork.tokens)
        groups.append((", ".join(s.title for s in sections), pack_pages(sections, paper_w, paper_h),
                       f"{count} pieces to cut out"))
    for deck in components.decks:
        fronts, backs = artwork.cards(deck, edition)
        if not fronts:
            continue
        impose = fold_pages if variant == "fold-over" else card_pages
        pages = impose(deck.name, deck.title, fronts, backs, deck.width, deck.height, deck.bleed, paper_w, paper_h)
        how = "fold each pair, glue, cut" if variant == "fold-over" else "double-sided, flip on the long edge"
        groups.append((deck.title, pages, f"{len(fronts)} cards, {deck.width:g} x {deck.height:g} mm; {how}"))

    contents, number = [], 2
    for name, pages, note in groups:
        contents.append((name, page_range(number, len(pages)), note))
        number += len(pages)
    if rulebook:
        contents.append(("The rules", "own PDF", f"{rulebook.format(paper=paper)}, beside this kit on the rules "
                                                 "site (also as an A5 booklet)"))
    subtitle = "Print-and-play kit" + (f": {edition.title}" if edition else "")
    paper_line = label + (f", {VARIANT_LABELS[variant]}" if VARIANT_LABELS[variant] else "")
    cover = cover_page(paper_w, paper_h, [(title, 9.0, True), (subtitle, 5.0, False), (paper_line, 4.0, False),
                                          (f"by {author}" if author else "", 3.6, False)], contents)
    drafts = [cover] + [page for _name, pages, _note in groups for page in pages]
    total = len(drafts)
    return [PdfPage(draft.finish(title, i + 1, total), draft.trim_box or (0, 0, paper_w, paper_h),
                    draft.bleed_box or (0, 0, paper_w, paper_h))
            for i, draft in enumerate(drafts)]


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


def build_kits(components: Components, out_dir: Path, *, title: str, author: str,
               papers: Optional[tuple[str, ...]] = None,
               variants: Optional[tuple[str, ...]] = None, rulebook: str = "") -> list[KitFile]:
    planned = plan_kits(components, papers, variants)
    artwork = {ink: Artwork(components, ink) for ink in {kit.variant == "ink-saver" for kit in planned}}
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
