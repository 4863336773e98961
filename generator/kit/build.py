"""Assembling one kit: components laid out once per colour mode, imposed per paper,
numbered, and written as a reproducible PDF."""
from __future__ import annotations

import functools
import os
import tempfile
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Optional, Sequence

from generator.draw.bounds import bounds
from generator.draw.fonts import measured_in, set_in
from generator.draw.inksaver import ink_saver
from generator.draw.inline_icons import use_game_icons
from generator.draw.pdf import PdfPage, has_glyph, render_pdf
from generator.draw.shapes import Drawing, FontRef, Group, Text
from generator.errors import ContentError
from generator.i18n.interface import catalogue, gettext, names_text, ngettext
from generator.kit import text as fit
from generator.kit.board import board_drawing
from generator.kit.cards import back_drawing, front_drawing, shop_cards
from generator.kit.impose import (FURNITURE_BLOCK, INK, PageDraft, PrintedCard, big_pages, calibration_square,
                                  card_pages, cover_page, fold_pages)
from generator.kit.packing import (Frame, PackSection, Placement, Plan, Skyline, balanced, draw,
                                  fits_packed)
from generator.kit.sheets import sheet_drawing
from generator.kit.spec import (PAPERS, VARIANT_LABELS, BoardSpec, Components, DeckSpec, Edition, SheetSpec, kit_label,
                                plan_kits)
from generator.kit.tokens import LabelDoesNotFit, token_sets


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
        use_game_icons(components.game_dir)  # its text's `:coin:` is its own icons/coin.svg
        self.components = components
        self.ink_saver = ink_saver
        self._fronts: dict = {} if ink_saver else dict(components.fronts)  # the loader drew them in colour
        self._decks: dict = {}  # (deck, edition) -> its fronts and backs
        self._backs: dict = {}
        self.boards = [(spec, board_drawing(spec, ink_saver)) for spec in components.boards]
        self.sheets = [(spec, self.sheet_copies(spec)) for spec in components.sheets]
        self.token_sets = [(spec, self.sets_of(spec)) for spec in components.tokens]  # a team, a spec's markers
        self.tokens = [(spec, [d for group in sets for d in group]) for spec, sets in self.token_sets]
        self.setup = self.in_colour_mode(components.setup)  # the start position, for the cover

    def in_colour_mode(self, drawing: Optional[Drawing]) -> Optional[Drawing]:
        """A game's own drawing as this colour mode prints it (the ink saver lightens it)."""
        return ink_saver(drawing) if self.ink_saver and drawing is not None else drawing

    def sets_of(self, spec) -> list[list[Drawing]]:
        """The spec's tokens in their sets; a label that would not fit whole is the author's to fix."""
        try:
            return token_sets(spec, self.components.options.players, self.ink_saver)
        except LabelDoesNotFit as problem:
            raise ContentError(
                self.components.path, spec.size_line, f"token '{spec.name}': the label “{problem.label}” does not fit whole "
                                            f"on a {spec.size:g} mm token",
                expected=(f"size = {problem.size} or more, or a shorter label" if problem.size
                          else "a shorter label"),
                found=f"size = {spec.size:g}") from None

    def sheet_copies(self, spec: SheetSpec) -> list[Drawing]:
        if spec.drawn:  # the game's own drawing, once per player (or once), each copied
            return [self.in_colour_mode(d) for d in spec.drawn for _ in range(spec.copies)]
        if spec.per_player:
            return [sheet_drawing(spec, player, i, self.ink_saver)
                    for player in self.components.options.players for i in range(spec.copies)]
        return [sheet_drawing(spec, None, i, self.ink_saver) for i in range(spec.copies)]

    def cards(self, deck: DeckSpec, edition: Optional[Edition]) -> tuple[list[Drawing], list[Drawing]]:
        """Every card of the deck in the edition, front and back, each distinct face drawn once
        (and the lists made once: every paper and variant of a kit asks for them)."""
        made = (deck.name, edition.name if edition else "")
        if made not in self._decks:
            use_game_icons(self.components.game_dir)  # drawn later than made: another game's may be set
            self._decks[made] = self._draw_cards(deck, edition)
        return self._decks[made]

    def shop_cards(self, deck: DeckSpec, safe_mm: float = 0.0) -> tuple[list[Drawing], list[Drawing]]:
        """Every card of the deck (every edition's) as a shop that die-cuts it prints it
        (cards.shop_cards): to the bleed's edge, text inside `safe_mm` at least; made once."""
        made = ("shop", deck.name, safe_mm)
        if made not in self._decks:
            use_game_icons(self.components.game_dir)
            self._decks[made] = shop_cards(deck, safe_mm)
        return self._decks[made]

    def _draw_cards(self, deck: DeckSpec, edition: Optional[Edition]) -> tuple[list[Drawing], list[Drawing]]:
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


# -- one kit's pages ---------------------------------------------------------------------
@dataclass
class Entry:
    """A line of the cover's contents: a component (or the things packed together), its page
    numbers, and a note."""

    name: str
    pages: list[int]
    note: str


def page_range(numbers: Sequence[int], language: str = "") -> str:
    """"page 2", "pages 2–5", "pages 1, 3–4" (in `language`)."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    listed = ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)
    n_ = ngettext(language)
    return n_("page %(pages)s", "pages %(pages)s", len(numbers)) % {"pages": listed}


@dataclass
class KitParts:
    """What one kit prints, each part on its own pages, before the packing and the cover."""

    boards: list[tuple[BoardSpec, list[PageDraft]]]
    sections: list[PackSection]  # sheets and tokens to pack, and the calibration square
    oversized: list[tuple[SheetSpec, list[PageDraft]]]  # sheets too large to pack: laid out like boards
    decks: list[Entry]  # each deck's note (its pages are numbered once the rest is known)
    deck_pages: list[list[PageDraft]]

    @property
    def board_page(self) -> Optional[PageDraft]:
        """The last board's page if the board leaves room below it for packed things."""
        last = self.boards[-1][1][-1] if self.boards else None
        return last if last is not None and last.free_from is not None else None

    @property
    def board_count(self) -> int:
        return sum(len(pages) for _spec, pages in self.boards)


def kit_parts(components: Components, artwork: Artwork, edition: Optional[Edition], variant: str,
              paper_w: float, paper_h: float, language: str = "") -> KitParts:
    """An add-on kit holds only its extra cards: everything else is in the kit it adds to."""
    add_on = edition is not None and edition.add_on
    boards = [] if add_on else [(spec, big_pages(spec.name, spec.title, drawing, paper_w, paper_h))
                                for spec, drawing in artwork.boards]
    sections, oversized = ([], []) if add_on else packed_sections(artwork, paper_w, paper_h)
    sections.append(calibration_block(language, components.face))
    decks, deck_pages = [], []
    for title, pages, note in card_groups(components, artwork, edition, variant, paper_w, paper_h, language):
        decks.append(Entry(title, [], note))
        deck_pages.append(pages)
    return KitParts(boards, sections, oversized, decks, deck_pages)


def packed_sections(artwork: Artwork, paper_w: float, paper_h: float) -> tuple[list, list]:
    """Sheets and tokens to pack (each sheet a set of its own, each token set whole), and the
    sheets too large to pack."""
    sections, oversized = [], []
    for spec, copies in artwork.sheets:
        if all(fits_packed(d, paper_w, paper_h) for d in copies):
            sets = tuple(((d, f"sheet:{spec.name}:{i}"),) for i, d in enumerate(copies))
            sections.append(PackSection(spec.title, sets, gap=6.0))
        else:
            oversized.append((spec, [page for d in copies for page in big_pages(spec.name, spec.title, d, paper_w,
                                                                                paper_h)]))
    for spec, groups in artwork.token_sets:
        numbered, count = [], 0
        for group in groups:
            numbered.append(tuple((d, f"token:{spec.name}:{count + i}") for i, d in enumerate(group)))
            count += len(group)
        sections.append(PackSection(spec.title, tuple(numbered)))
    return sections, oversized


CALIBRATION = "calibration"  # the calibration block's one item


@functools.lru_cache(maxsize=None)
def calibration_block(language: str = "", face: Optional[FontRef] = None) -> PackSection:
    """The kit's one 50 mm square with its note in `language`, packed like a piece (with no
    heading): it lands on the first page with room, the cover when the cover has room. Its note
    measured in `face`, the kit's language's (one block a language and face)."""
    with measured_in(face):
        shapes = tuple(calibration_square(0.0, 0.0, gettext(language)))
    x, _y, w, _h = bounds(Group(shapes))
    drawing = Drawing(max(FURNITURE_BLOCK[0], round(x + w + 0.5, 1)), FURNITURE_BLOCK[1], shapes,
                      title="calibration square")
    return PackSection("", (((drawing, CALIBRATION),),))


@dataclass
class Layout:
    """Where the packed things go, and so the number of every page of the kit. The plan packs
    the last board's page first (when the board leaves room: pieces beside their board), then
    the cover below its contents, then the pages it adds."""

    parts: KitParts
    plan: Optional[Plan]  # None: not packed yet (a first guess for the cover's words)

    @property
    def given_numbers(self) -> list[int]:
        """The page numbers of the pages the plan is given: the board's page, the cover."""
        return ([self.parts.board_count + 1] if self.parts.board_page is not None else []) + [1]

    @property
    def cover_index(self) -> int:
        return len(self.given_numbers) - 1

    def number(self, index: int) -> int:
        """The page number of the plan's page `index`: the pages added follow the boards."""
        given = self.given_numbers
        return given[index] if index < len(given) else 1 + self.parts.board_count + index - len(given) + 1

    @property
    def packed_pages(self) -> int:
        return self.plan.new_pages if self.plan else 0

    def pages_of(self, which) -> list[int]:
        """The numbers of the pages holding the packed things of sections for which `which` holds."""
        if self.plan is None:
            return [1]
        return sorted({self.number(p.page) for p in self.plan.placements if which(p.block.section)})

    def entries(self, language: str = "") -> list[Entry]:
        """What the cover lists: each thing, its pages and a note, the notes in `language`."""
        _ = gettext(language)
        entries, number = [], 2
        board_page = self.parts.board_page
        below = [p.block.section.title for p in (self.plan.placements if self.plan else ())
                 if board_page is not None and p.page == 0 and p.block.section.title]
        for spec, pages in self.parts.boards:
            tiles = _("one page") if len(pages) == 1 else \
                _("%(count)s tiles to cut and glue, 10 mm overlap") % {"count": len(pages)}
            note = _("board, %(size)s mm spaces; %(tiles)s") % {"size": f"{spec.cell:g}", "tiles": tiles}
            if pages[-1] is board_page and below:
                note += _("; %(names)s below it") % {"names": names_text(language, dict.fromkeys(below))}
            entries.append(Entry(spec.title, list(range(number, number + len(pages))), note))
            number += len(pages)
        packed = [s for s in self.parts.sections if s.title]
        if packed:
            entries.append(Entry(names_text(language, (s.title for s in packed)), self.pages_of(lambda s: s.title != ""),
                                 packed_note(packed, language)))
        number += self.packed_pages
        for spec, pages in self.parts.oversized:
            entries.append(Entry(spec.title, list(range(number, number + len(pages))), _("sheet")))
            number += len(pages)
        for deck, pages in zip(self.parts.decks, self.parts.deck_pages):
            entries.append(Entry(deck.name, list(range(number, number + len(pages))), deck.note))
            number += len(pages)
        return entries

    def calibration_page(self) -> int:
        return self.pages_of(lambda s: s.items[0][1] == CALIBRATION)[0]

    def token_pages(self) -> list[int]:
        return self.pages_of(lambda s: s.items[0][1].startswith("token:"))


def in_kit_face(make):
    """A maker of a kit's pages (its first argument the components) that lays them out measuring
    in the face of the kit's language and sets in it every word the pages draw in no font of
    their own (the cover's, the footers'): a Japanese kit's words are Japanese, in IPA Gothic."""
    @functools.wraps(make)
    def made(components: Components, *args, **kwargs) -> list[PdfPage]:
        if components.face is None:
            return make(components, *args, **kwargs)
        with measured_in(components.face):
            pages = make(components, *args, **kwargs)
        return [replace(page, drawing=set_in(page.drawing, components.face)) for page in pages]
    return made


def drawn_language(language: str) -> str:
    """`language` when the font the kit sets its own words in (the face of its language, being
    measured in, else DejaVu Sans) draws Rulepress's words in it, else English: never a cover
    of empty boxes (docs/translations.md, "Scripts, fonts and hyphenation")."""
    drawn = all(has_glyph(c) and has_glyph(c, bold=True) for c in catalogue_characters(language))
    return language if drawn else ""


@functools.lru_cache(maxsize=None)
def catalogue_characters(language: str) -> frozenset[str]:
    """Every character Rulepress's words in `language` use (none in English): read once a process,
    not for each kit of every paper and variant."""
    found = catalogue(language) if language else None
    words = [s for m in found or () if m.id for s in (m.string if isinstance(m.string, (list, tuple)) else [m.string])]
    return frozenset(c for c in "".join(words) if not c.isspace())


@in_kit_face
def kit_pages(components: Components, artwork: Artwork, *, title: str, author: str, paper: str,
              variant: str, edition: Optional[Edition], rulebook: str = "", stamp: str = "",
              language: str = "") -> list[PdfPage]:
    """Every page of one kit, numbered, cover first. `rulebook`: the file name of the
    typeset rules ("{paper}" stands for the paper), listed with the contents; `stamp`: the
    release it is made from, on the cover; `language`: of the words the kit adds itself."""
    language = drawn_language(language)
    _ = gettext(language)
    label, paper_w, paper_h = PAPERS[paper]
    frame = Frame(paper_w, paper_h)
    parts = kit_parts(components, artwork, edition, variant, paper_w, paper_h, language)
    lines = cover_lines(title, author, label, variant, edition, stamp, language)
    add_on = edition is not None and edition.add_on

    def cover_for(layout: Layout) -> PageDraft:
        contents = [(e.name, page_range(e.pages, language), e.note) for e in layout.entries(language)]
        if rulebook:
            contents.append((_("The rules"), _("own PDF"), _("%(file)s, beside this kit on the rules site (also as "
                                                             "an A5 booklet)") % {"file": rulebook.format(paper=paper)}))
        square = _("below") if layout.calibration_page() == 1 else \
            _("on page %(page)s") % {"page": layout.calibration_page()}
        steps = assembly_steps(components, parts, variant, square, layout.token_pages(), language)
        return cover_page(paper_w, paper_h, lines, contents, steps, () if add_on else components.instead, language)

    # the cover's words say on which pages things are, and the packing starts below the words:
    # pack, write the words, and pack again lower down until the words fit above the packing
    top = cover_for(Layout(parts, None)).free_from
    for _attempt in range(8):
        givens = [Skyline(frame.left, top, frame.right, frame.bottom)]
        if parts.board_page is not None:
            givens.insert(0, Skyline(frame.left, parts.board_page.free_from, frame.right, frame.bottom))
        layout = Layout(parts, balanced(parts.sections, frame, givens))
        cover = cover_for(layout)
        if cover.free_from <= top + 1e-6:
            break
        top = cover.free_from
    else:
        raise ValueError(f"{title}: the cover's contents do not settle")
    packed = draw(layout.plan, ([parts.board_page] if parts.board_page is not None else []) + [cover])
    if artwork.setup is not None:
        on_cover = [p for p in layout.plan.placements if p.page == layout.cover_index]
        place_setup(cover, on_cover, top, artwork.setup, components.setup_caption, frame,
                    _("set-up"))
    drafts = ([cover] + [page for _spec, pages in parts.boards for page in pages] + packed
              + [page for _spec, pages in parts.oversized for page in pages]
              + [page for pages in parts.deck_pages for page in pages])
    total = len(drafts)
    page_words = _("page %(number)s of %(total)s")
    listed = functools.partial(names_text, language)
    return [PdfPage(draft.finish(title, i + 1, total, page_words, listed), draft.trim_box or (0, 0, paper_w, paper_h),
                    draft.bleed_box or (0, 0, paper_w, paper_h))
            for i, draft in enumerate(drafts)]


def cover_lines(title: str, author: str, paper_label: str, variant: str,
                edition: Optional[Edition], stamp: str = "", language: str = "") -> list[tuple[str, float, bool]]:
    """The cover's heading lines: (text, size in mm, bold). The release (`stamp`) shares the
    paper's line: a line of its own would move the packing below it, and preflight, which
    checks the pages without a stamp, would check another layout."""
    _ = gettext(language)
    subtitle = _("Print-and-play kit") + (f": {edition.title}" if edition else "")
    paper_line = _(paper_label) + (f", {_(VARIANT_LABELS[variant])}" if VARIANT_LABELS[variant] else "")
    paper_line += f" · {stamp}" if stamp else ""
    lines = [(title, 9.0, True), (subtitle, 5.0, False)]
    if edition is not None and edition.adds_to is not None:
        lines.append((_("An add-on: only what is not in the %(kit)s kit. Print that kit too.")
                      % {"kit": edition.adds_to.title}, 3.6, True))
    return lines + [(paper_line, 4.0, False), (_("by %(designers)s") % {"designers": author} if author else "", 3.6,
                                               False)]


def place_setup(cover: PageDraft, placements: Sequence[Placement], top: float, picture: Drawing, caption: str,
                frame: Frame, named: str = "set-up") -> None:
    """The start position, as the game's engine draws it, in the largest room the packing left on
    the cover: as large as fits up to its own size, never so small that its words drop under 6 pt.
    `named`: what the cover's footer then adds to what it names, in the kit's language."""
    sky = Skyline(frame.left, top, frame.right, frame.bottom)
    for p in sorted(placements, key=lambda p: p.y):
        sky.place(p.x, p.y, p.block.width, p.block.height, p.block.section.gap)
    least = setup_least(picture)
    above = SETUP_CAPTION if caption else 1.0  # the author's own cover picture has no caption
    best = None
    for x, y, w, h in sky.free_boxes():
        scale = min(1.0, w / picture.width, (h - above) / picture.height)
        if scale >= least and (best is None or scale > best[0]):
            best = (scale, x, y, w)
    if best is None:
        return
    scale, x, y, w = best
    middle = x + w / 2  # the caption and the picture centred in their room, the caption above
    if caption:
        cover.shapes.append(fit.line(middle, y + 4.0, caption, size=3.6, max_width=w, min_size=LEGIBLE_MM,
                                     fill=INK, bold=True, anchor="middle"))
    cover.shapes.append(Group(illustration(picture.shapes), dx=round(middle - picture.width * scale / 2, 4),
                              dy=round(y + above - 1.0, 4), scale=round(scale, 4), role="setup-picture"))
    cover.listed = (*(cover.listed or (cover.component,)), named)  # listed in the kit's language (impose.finish)
    cover.component += ", " + named


def setup_least(picture: Drawing) -> float:
    """The least scale a set-up picture is printed at: half its size, or more where its
    smallest words would drop under 6 pt (kit.preflight says so when the cover has no room)."""
    smallest = smallest_text(picture.shapes)
    return max(SETUP_LEAST, LEGIBLE_MM / smallest if smallest else 0.0)


def illustration(shapes) -> tuple:
    """Shapes of a game's drawing shown as a picture: without their cells and roles, so nothing
    reads the picture as a component of the kit (its board's spaces, its pieces)."""
    out = []
    for shape in shapes:
        if isinstance(shape, Group):
            shape = replace(shape, shapes=illustration(shape.shapes))
        names = {f.name for f in fields(shape)}
        out.append(replace(shape, **{name: "" for name in ("cell", "role") if name in names}))
    return tuple(out)


SETUP_LEAST = 0.5  # a set-up picture smaller than half its size is too small to help
SETUP_CAPTION = 7.0  # its caption's line above it
LEGIBLE_MM = 6 / 72 * 25.4  # 6 pt


def smallest_text(shapes, scale: float = 1.0) -> float:
    """The smallest type (mm) among the shapes, as drawn (0: no text)."""
    sizes = []
    for shape in shapes:
        if isinstance(shape, Group):
            inner = smallest_text(shape.shapes, scale * shape.scale)
            if inner:
                sizes.append(inner)
        elif isinstance(shape, Text) and shape.text.strip():
            sizes.append(shape.size * scale)
    return min(sizes, default=0.0)


def card_groups(components: Components, artwork: Artwork, edition: Optional[Edition], variant: str,
                paper_w: float, paper_h: float, language: str = "") -> list[tuple[str, list[PageDraft], str]]:
    """The card pages: decks of one size and bleed one after another on the same sheets, so a
    deck's last few cards share a sheet with the next deck's rather than have one to themselves
    (their notes in `language`)."""
    _, n_ = gettext(language), ngettext(language)
    groups = []
    for decks in runs_of_one_size(components.decks):
        cards, counts = [], []
        for deck in decks:
            fronts, backs = artwork.cards(deck, edition)
            cards += [PrintedCard(deck.name, deck.title, i, front, back)
                      for i, (front, back) in enumerate(zip(fronts, backs))]
            counts += [f"{len(fronts)} {deck.title}"] if fronts else []
        if not cards:
            continue
        deck = decks[0]
        impose = fold_pages if variant == "fold-over" else card_pages
        pages = impose(cards, deck.width, deck.height, deck.bleed, paper_w, paper_h, _)
        how = _("fold each pair, glue, cut") if variant == "fold-over" else _("double-sided, flip on the long edge")
        title = ", ".join(d.title for d in decks if artwork.cards(d, edition)[0])
        total = n_("%(count)s card", "%(count)s cards", len(cards)) % {"count": len(cards)} + \
            (f" ({', '.join(counts)})" if len(counts) > 1 else "")
        groups.append((title, pages, f"{total}, {deck.width:g} x {deck.height:g} mm; {how}"))
    return groups


def runs_of_one_size(decks: Sequence[DeckSpec]) -> list[list[DeckSpec]]:
    """Neighbouring decks grouped while their cards have the same size and bleed."""
    runs: list[list[DeckSpec]] = []
    for deck in decks:
        if runs and (runs[-1][0].width, runs[-1][0].height, runs[-1][0].bleed) == (deck.width, deck.height, deck.bleed):
            runs[-1].append(deck)
        else:
            runs.append([deck])
    return runs


def packed_note(sections: Sequence[PackSection], language: str = "") -> str:
    """"2 sheets to copy as needed; 16 pieces to cut out", in `language`."""
    n_ = ngettext(language)
    sheets = sum(len(s.items) for s in sections if s.items[0][1].startswith("sheet:"))
    pieces = sum(len(s.items) for s in sections if s.items[0][1].startswith("token:"))
    parts = ([n_("%(count)s sheet to copy as needed", "%(count)s sheets to copy as needed", sheets)
              % {"count": sheets}] if sheets else []) + \
        ([n_("%(count)s piece to cut out", "%(count)s pieces to cut out", pieces) % {"count": pieces}] if pieces else [])
    return "; ".join(parts)


def assembly_steps(components: Components, parts: KitParts, variant: str, square: str,
                   token_pages: Sequence[int], language: str = "") -> list[str]:
    """How to print and put together this kit: only the steps for what it holds, in `language`."""
    _ = gettext(language)
    steps = [_("Print at 100%% (actual size, no 'fit to page'); the calibration square %(square)s must "
               "measure 50 mm.") % {"square": square}]
    if parts.deck_pages and variant == "fold-over":
        steps.append(_("Cards: fold each front against its back along the dashed line, glue, then cut along the "
                       "crop marks."))
    elif parts.deck_pages:
        steps.append(_("Card pages: print double-sided, flipping on the long edge; each back page follows its "
                       "front page, mirrored, so every back lands behind its own card. No duplex printer? Print "
                       "the fronts, put the sheets back in, and print the backs."))
        steps.append(_("Cut the cards along the crop marks in the margins; the colour runs past each cut."))
    if any(len(pages) > 1 for _spec, pages in parts.boards):
        steps.append(_("Boards on several pages: cut each tile along its dashed line, lay it over its neighbour "
                       "so the ring marks line up, and glue. The map on each tile shows where it goes."))
    if token_pages and any(s.items[0][1].startswith("token:") for s in parts.sections):
        steps.append(_("Tokens (%(pages)s): flat pieces that lie on the table. For sturdy ones, glue that part of "
                       "the page to thin card, then cut each along its outline.")
                     % {"pages": page_range(token_pages, language)})
    if variant == "ink-saver":
        steps.append(_("This ink-saver kit prints light fills and outlines instead of full colour."))
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


def kit_metadata(title: str, kit, language: str = "") -> dict[str, str]:
    """The PDF's title, subject and keywords in the kit's `language` (a reader's PDF viewer shows
    the title in its window and its tab): "Splut!: Print-and-Play-Material (A4, Tintensparmodus)"."""
    _ = gettext(language)
    label = kit_label(kit.edition, kit.paper, kit.variant, language)
    return {"title": _("%(title)s: print-and-play kit (%(label)s)") % {"title": title, "label": label},
            "subject": _("Print-and-play kit for %(title)s") % {"title": title},
            "keywords": _("print and play, Rulepress")}


def build_kits(components: Components, out_dir: Path, *, title: str, author: str,
               papers: Optional[tuple[str, ...]] = None,
               variants: Optional[tuple[str, ...]] = None, rulebook: str = "",
               artwork: Optional[dict[bool, Artwork]] = None, stamp: str = "", language: str = "") -> list[KitFile]:
    """`artwork`: the drawings, if already made (preflight made them); `stamp`: the release, on the cover."""
    planned = plan_kits(components, papers, variants)
    artwork = dict(artwork or {})
    for ink in {kit.variant == "ink-saver" for kit in planned} - set(artwork):
        artwork[ink] = Artwork(components, ink)
    written = []
    for kit in planned:
        pages = kit_pages(components, artwork[kit.variant == "ink-saver"], title=title, author=author,
                          paper=kit.paper, variant=kit.variant, edition=kit.edition, rulebook=rulebook,
                          stamp=stamp, language=language)
        data = render_pdf(pages, author=author, **kit_metadata(title, kit, language))
        path = Path(out_dir) / kit.name
        write_atomically(path, data)
        written.append(KitFile(path, kit.paper, len(pages), len(data), kit.variant,
                               kit.edition.name if kit.edition else "", kit.label))
    return written
