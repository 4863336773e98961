"""Tabletop Simulator: one saved-object JSON that loads the whole game onto the table.

Each deck is a DeckCustom whose face sheets (tts_images) hold its distinct cards, every
physical card listed (a card printed three times is three cards of one CardID); each board a
locked Custom_Tile (cut in tiles when its picture would pass 4096 px); every token a Custom_Token;
each die the rules ask for ([[instead]]'s `die`) a TTS die; the typeset rules a Custom_PDF;
each printed sheet (score pad, record) a Custom_Tile.
The pieces the engine's start position puts on the board (tts_setup) lie there; everything
else lies round the board: decks and dice in front of it, spare tokens behind it, the rules
and then the sheets to its left.

The build writes `<slug>.json`, whose images are the published site's (base_url): the same
bytes for the same sources. `rulepress tts-local` (generator/commands/tts_local.py) writes
`<slug>-local.json` beside it, the same save with this machine's output files as its images
(file:///...), to try the game on the table before publishing: it names a folder of one
machine, so no build makes it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional
from urllib.parse import urlsplit

from generator.exports.formats import Download, Exporter, ExportJob
from generator.exports.tts_objects import (CARD_MM_AT_SCALE_1, CardEntry, Place, Sheet, board_object, deck_object,
                                           die_object, image_scale, pdf_object, saved_object, tile_object,
                                           token_object, units)
from generator.exports.tts_setup import Piece, start_places
from generator.i18n.interface import gettext, ngettext, reader_language
from generator.stages import Section
from generator.urls import export_file, exports_folder, file_stem, rules_pdf

FOLDER = "tabletop-simulator"  # inside the game's exports folder
SECTION_ID = "tabletop-simulator"
GAP = 20.0  # mm between things laid out round the board
RULES_WIDTH = 120.0  # mm: the room the rules' PDF is given left of the board
SPARE_WIDTH = 160.0  # mm: the least width of the spare tokens' rows behind the board
TOKEN_GAP = 4.0


# Hosts reserved for examples and tests (RFC 2606, RFC 6761) and their subdomains: a site whose
# base_url is one of them is not published yet, so no address of a save would load.
PLACEHOLDER_HOSTS = ("example", "example.org", "example.com", "example.net", "localhost")
UNPUBLISHED_ROOT = "./"  # an unpublished save's images: site paths, made files by `rulepress tts-local`


def save_name(slug: str, local: bool = False) -> str:
    return f"{FOLDER}/{file_stem(slug)}{'-local' if local else ''}.json"


def unpublished_name(slug: str) -> str:
    """The save of a site with a placeholder base_url: its images named by site path ("./<game>/..."),
    never offered; the input of `rulepress tts-local`, not a save Tabletop Simulator can load."""
    return f"{FOLDER}/{file_stem(slug)}-unpublished.json"


def placeholder(base_url: str) -> bool:
    host = (urlsplit(base_url).hostname or "").rstrip(".").lower()
    return any(host == name or host.endswith("." + name) for name in PLACEHOLDER_HOSTS)


def unpublished_note(site) -> str:
    """The build's note, said once for the site, when its saves cannot be published."""
    return (f"no Tabletop Simulator save published: base_url {site.base_url} is a placeholder, so the saves' "
            "pictures would not load; set base_url in content/site.toml to the published site's address, "
            "or run `rulepress tts-local` to write saves that load this machine's output")


# -- what the save holds, planned from the components (names known before drawing) --------------
@dataclass(frozen=True)
class PlannedSheet:
    deck: str
    number: int  # 1, 2, ... within the deck
    faces: int
    unique_back: bool

    @property
    def face_file(self) -> str:
        return f"{FOLDER}/{self.deck}-sheet-{self.number}.png"

    @property
    def back_file(self) -> str:
        return f"{FOLDER}/{self.deck}-{'backs-' + str(self.number) if self.unique_back else 'back'}.png"


def planned_sheets(deck) -> list[PlannedSheet]:
    """A deck's sheets: its distinct cards (data rows) 70 to a sheet; one shared back image
    unless the cards' backs differ (then a back sheet beside each face sheet)."""
    from generator.exports.tts_images import split_faces

    unique = len({card.back for card, _count in deck.cards}) > 1
    return [PlannedSheet(deck.name, n + 1, faces, unique) for n, faces in enumerate(split_faces(len(deck.cards)))]


def token_file(spec: str, owner: Optional[int], item: int) -> str:
    return f"{FOLDER}/{spec}-{'' if owner is None else f'p{owner + 1}-'}{item + 1}.png"


def board_size(spec) -> Optional[tuple[float, float]]:
    """A board's size in mm where its spec knows it (the game's own drawing), so that its tiles
    are named before anything is drawn; None for a board laid out from a map (one picture)."""
    drawn = getattr(spec, "drawn", None)
    return (drawn.width, drawn.height) if drawn is not None else None


def board_files(components) -> list[str]:
    """Each board's tile pictures (tts_images.board_grid)."""
    from generator.exports.tts_images import board_grid

    files = []
    for spec in components.boards:
        columns, rows = board_grid(board_size(spec))
        files += [f"{FOLDER}/{spec.name}-{n + 1}.png" for n in range(columns * rows)]
    return files


def sheet_files(components) -> list[str]:
    """One picture per printed copy of each sheet (score pad, record), as the kit prints them."""
    files = []
    for spec in components.sheets:
        owners = len(spec.drawn) if spec.drawn else (len(components.options.players) if spec.per_player else 1)
        files += [f"{FOLDER}/{spec.name}-{n + 1}.png" for n in range(owners * spec.copies)]
    return files


def planned_files(components) -> list[str]:
    files = []
    for deck in components.decks:
        for sheet in planned_sheets(deck):
            files += [sheet.face_file] + ([sheet.back_file] if sheet.number == 1 or sheet.unique_back else [])
    files += board_files(components) + sheet_files(components)
    for spec in components.tokens:
        owners = range(len(components.options.players)) if spec.per_player else (None,)
        files += [token_file(spec.name, owner, item) for owner in owners for item in range(len(spec.items))]
    return files


# -- where the images are -----------------------------------------------------------------------
def local_save(published: str, site_url: str, output_root: Path) -> str:
    """The published (or unpublished) save's text with its images as this machine's files: each
    address that starts with the site's root, `site_url` (a JSON string's start), names the same
    path in `output_root`."""
    return published.replace(f'"{site_url}', f'"{Path(output_root).resolve().as_uri()}/')


def site_root_url(base_url: str, path_prefix: str) -> str:
    return base_url.rstrip("/") + "/" + path_prefix.strip("/") + ("/" if path_prefix.strip("/") else "")


# -- the table ----------------------------------------------------------------------------------
@dataclass
class Table:
    """Everything on the table, with images named by site path; `objects(url)` makes the JSON's
    objects for one way of addressing them."""

    slug: str
    title: str
    language: str = ""  # of its own words (the rules' name, a card's editions): the page's that offers it
    makers: list[Callable[[Callable[[str], str]], dict]] = field(default_factory=list)

    def add(self, maker: Callable[[Callable[[str], str]], dict]) -> None:
        self.makers.append(maker)

    def objects(self, url: Callable[[str], str]) -> list[dict]:
        return [make(url) for make in self.makers]


class Layout:
    """Positions in millimetres from the board's centre (x right, y towards the first seat, as a
    drawing's y), turned into TTS places: decks and dice in a row in front of the board, spare
    tokens in rows behind it, the rules left of it. The board's size sets where the rest goes."""

    def __init__(self, board_w: float, board_h: float):
        self.board_w, self.board_h = board_w, board_h
        self.front_x = -board_w / 2  # the next free x in the row in front of the board
        self.spare_width = max(board_w, SPARE_WIDTH)
        self.spare_at = (-self.spare_width / 2, -board_h / 2 - GAP)  # the next spare token's bottom left
        self.spare_row = 0.0  # the tallest token of the row being filled
        self.sheets_at = -board_h / 2  # the next sheet's top, left of the rules

    @staticmethod
    def place(x: float, y: float, **kw) -> Place:
        return Place(units(x), units(-y), **kw)

    def in_front(self, width: float, height: float, **kw) -> Place:
        """The next place in the row in front of the board (decks, then dice)."""
        x = self.front_x + width / 2
        self.front_x += width + GAP
        return self.place(x, self.board_h / 2 + GAP + height / 2, **kw)

    def spare(self, size: float, **kw) -> Place:
        """The next place among the spare tokens behind the board, row by row away from it."""
        x, y = self.spare_at
        if x + size > self.spare_width / 2 and x > -self.spare_width / 2:
            x, y = -self.spare_width / 2, y - self.spare_row - TOKEN_GAP
            self.spare_row = 0.0
        self.spare_at = (x + size + TOKEN_GAP, y)
        self.spare_row = max(self.spare_row, size)
        return self.place(x + size / 2, y - size / 2, lift=1.5, **kw)

    def on_board(self, x: float, y: float, lift: float = 1.5, **kw) -> Place:
        """A point of the board's drawing (its top left at the origin); a piece is dropped just
        above the board."""
        return self.place(x - self.board_w / 2, y - self.board_h / 2, lift=lift, **kw)

    def left(self, width: float) -> Place:
        """The rules' place, left of the board."""
        return self.place(-self.board_w / 2 - GAP - width / 2, 0.0)

    def far_left(self, width: float, height: float, **kw) -> Place:
        """The next sheet's place, in a column left of the rules, from the board's top down."""
        top = self.sheets_at
        self.sheets_at = top + height + GAP
        return self.place(-self.board_w / 2 - 2 * GAP - RULES_WIDTH - width / 2, top + height / 2, **kw)


def deck_faces(deck, artwork, editions=(), language: str = "") -> tuple[list[tuple], list[int]]:
    """The deck's distinct cards (its data rows) as (front, back, title, description), and each
    physical card, in the kit's order, as its index among them. The save holds every card of
    every edition; a card's description names the editions that play it (in `language`)."""
    _ = gettext(language)
    fronts, backs = artwork.cards(deck, None)  # every card, a row's copies one after another
    faces, order, at = [], [], 0
    whole = [edition for edition in editions if not edition.add_on and edition.column in deck.data.columns]
    for number, (card, count) in enumerate(deck.cards):
        sets = [edition.title for edition in whole if edition.keeps(card.row)]
        description = _("Only in: %(editions)s") % {"editions": "; ".join(sets)} if sets and len(sets) < len(whole) else ""
        faces.append((fronts[at], backs[at], card.front.title or deck.title, description))
        order += [number] * count
        at += count
    return faces, order


def write_sheets(deck, faces: list[tuple], first_key: int, write: Callable[[str, bytes], None]) -> list[tuple]:
    """Draw and write the deck's sheets; each face's (deck key, slot, face file, back file, grid,
    unique back), in the faces' order."""
    from generator.exports import tts_images as images

    trim = (deck.width, deck.height)
    entries, start = [], 0
    sheets = planned_sheets(deck)
    for key, planned in enumerate(sheets, start=first_key):
        chunk = faces[start:start + planned.faces]
        grid = images.grid_for(len(chunk), *trim)
        write(planned.face_file, images.png(images.face_sheet([face[0] for face in chunk], grid, trim, deck.bleed)))
        if planned.unique_back:
            write(planned.back_file, images.png(images.face_sheet([face[1] for face in chunk], grid, trim, deck.bleed)))
        elif planned.number == 1:
            size = images.cell_px(grid, *trim)
            write(planned.back_file, images.png(images.card_image(chunk[0][1], size, trim, deck.bleed)))
        back = planned.back_file if planned.unique_back else sheets[0].back_file
        entries += [(key, slot, planned.face_file, back, grid, planned.unique_back) for slot in range(len(chunk))]
        start += planned.faces
    return entries


def add_decks(table: Table, layout: Layout, components, artwork, write: Callable[[str, bytes], None],
              path: Callable[[str], str]) -> None:
    """Each deck face down in front of the board, its sheets drawn and written; deck keys count
    up from 1 across the game's sheets."""
    key = 1
    for deck in components.decks:
        if not deck.cards:  # a deck whose data keeps no row: nothing to put out
            continue
        faces, order = deck_faces(deck, artwork, components.editions, table.language)
        entries = write_sheets(deck, faces, key, write)
        key += len(planned_sheets(deck))
        cards = [(entries[number], faces[number][2], faces[number][3]) for number in order]
        place = layout.in_front(deck.width, deck.height, face_down=True, scale_x=deck.width / CARD_MM_AT_SCALE_1[0],
                                scale_z=deck.height / CARD_MM_AT_SCALE_1[1])
        table.add(deck_maker(table.slug, deck.name, deck.title, cards, place, path))


def deck_maker(slug: str, name: str, title: str, cards: list, place: Place, path: Callable[[str], str]):
    def make(url: Callable[[str], str]) -> dict:
        entries = [CardEntry(Sheet(key, url(path(face)), url(path(back)), grid.columns, grid.rows, unique), slot, card,
                             description) for (key, slot, face, back, grid, unique), card, description in cards]
        return deck_object(title, entries, place, (slug, "deck", name))
    return make


def add_boards(table: Table, layout: Layout, artwork, write: Callable[[str, bytes], None],
               path: Callable[[str], str]) -> None:
    """Each board's tiles, locked, edge to edge: the first board centred, the others beside it."""
    from generator.exports import tts_images as images

    offset = 0.0
    for spec, drawing in artwork.boards:
        for number, tile in enumerate(images.board_tiles(drawing, images.board_grid(board_size(spec)))):
            name = f"{FOLDER}/{spec.name}-{number + 1}.png"
            write(name, images.png(tile.image, images.BOARD_PX_PER_MM))
            scale = image_scale(tile.width, tile.height)
            place = layout.on_board(offset + tile.x + tile.width / 2, tile.y + tile.height / 2, lift=1.0,
                                    scale_x=scale, scale_z=scale)
            title = spec.title if number == 0 else f"{spec.title} ({number + 1})"
            key = (table.slug, "board", spec.name, str(number))
            table.add(lambda url, title=title, name=name, place=place, key=key:
                      board_object(title, url(path(name)), place, key))
        offset += drawing.width + GAP


def add_sheets(table: Table, layout: Layout, artwork, write: Callable[[str, bytes], None],
               path: Callable[[str], str], files: list[str]) -> None:
    """Each printed sheet (score pad, record) as a tile, in a column left of the rules."""
    from generator.exports import tts_images as images

    names = iter(files)
    for spec, copies in artwork.sheets:
        for number, drawing in enumerate(copies):
            name = next(names)
            write(name, images.png(images.sheet_image(drawing), images.BOARD_PX_PER_MM))
            scale = image_scale(drawing.width, drawing.height)
            place = layout.far_left(drawing.width, drawing.height, scale_x=scale, scale_z=scale)
            title = drawing.title or spec.title
            key = (table.slug, "sheet", spec.name, str(number))
            table.add(lambda url, title=title, name=name, place=place, key=key:
                      tile_object(title, url(path(name)), place, key))


def token_pieces(components, artwork) -> list[tuple[Piece, object, str]]:
    """Every physical token: (the piece, its drawing, its picture's file), set by set."""
    found = []
    for spec, sets in artwork.token_sets:
        owners = list(range(len(components.options.players))) if spec.per_player else [None]
        for owner, group in zip(owners, sets):
            drawings = iter(group)
            for index, item in enumerate(spec.items):
                for copy in range(item.count):
                    found.append((Piece(spec.name, owner, index, copy, item.label, item.caption), next(drawings),
                                  token_file(spec.name, owner, index)))
    return found


def add_tokens(table: Table, layout: Layout, components, artwork, setup, write: Callable[[str, bytes], None],
               path: Callable[[str], str]) -> None:
    """Every token: where the start position puts it, else among the spares."""
    from generator.exports import tts_images as images

    pieces = token_pieces(components, artwork)
    board = artwork.boards[0][1] if artwork.boards else None
    places = start_places(setup, board, [piece for piece, _d, _f in pieces])
    shapes = {spec.name: spec.shape for spec in components.tokens}
    written = set()
    for piece, drawing, name in pieces:
        if name not in written:
            write(name, images.png(images.token_image(drawing, shapes[piece.spec] == "round"), images.TOKEN_PX_PER_MM))
            written.add(name)
        scale = image_scale(drawing.width, drawing.height)
        where = places.get(piece)
        place = (layout.on_board(*where, scale_x=scale, scale_z=scale) if where is not None
                 else layout.spare(max(drawing.width, drawing.height), scale_x=scale, scale_z=scale))
        title = drawing.title or piece.caption or piece.label
        key = (table.slug, "token", piece.spec, str(piece.owner), str(piece.item), str(piece.copy))
        table.add(lambda url, title=title, name=name, place=place, key=key: token_object(title, url(path(name)),
                                                                                          place, key))


def add_dice(table: Table, layout: Layout, components) -> None:
    """A die for each component the rules use that is a die ([[instead]] with `die`)."""
    for number, (sides, title) in enumerate(getattr(components, "dice", ())):
        place = layout.in_front(20.0, 20.0, lift=1.5)
        table.add(lambda url, sides=sides, title=title, place=place, number=number:
                  die_object(sides, title, place, (table.slug, "die", str(number))))


def add_rulebook(table: Table, layout: Layout, rulebook: str) -> None:
    """The typeset rules (a site path; "" when the site typesets none) left of the board."""
    if rulebook:
        place = layout.left(RULES_WIDTH)
        _ = gettext(table.language)
        named = _("%(title)s: rules") % {"title": table.title}
        table.add(lambda url: pdf_object(named, url(rulebook), place, (table.slug, "rules")))


def start_position(components, game_folder: Path):
    """The engine's start position for the game's default player count: the kit's own set-up
    picture ([kit].setup) when it has one, else the engine's fewest players; None when the game
    has no board or no engine that draws (nothing then lies on the board)."""
    if components.setup is not None or not components.boards:
        return components.setup
    if not (Path(game_folder) / "engine.py").is_file():
        return None
    from generator.gamecode import fresh_engine

    try:
        engine = fresh_engine(Path(game_folder))
        return engine.render(engine.initial_state(engine.min_players))
    except Exception:  # the kit's preflight and the walkthroughs report an engine's faults; here: no set-up
        return None


def build_table(components, artwork, *, slug: str, title: str, rulebook: str, setup,
                write: Callable[[str, bytes], None], language: str = "") -> Table:
    """The whole table, its pictures written through `write` (names in the exports folder), its
    own words in `language` (its pieces are named in the kit's)."""
    folder = exports_folder(slug)

    def path(name: str) -> str:
        return f"{folder}/{name}"

    board = artwork.boards[0][1] if artwork.boards else None
    table = Table(slug, title, language)
    layout = Layout(board.width if board else 0.0, board.height if board else 0.0)
    add_boards(table, layout, artwork, write, path)
    add_decks(table, layout, components, artwork, write, path)
    add_dice(table, layout, components)
    add_tokens(table, layout, components, artwork, setup, write, path)
    add_rulebook(table, layout, rulebook)
    add_sheets(table, layout, artwork, write, path, sheet_files(components))
    return table


class TabletopSimulator(Exporter):
    name = "Tabletop Simulator"

    def downloads(self, site, game, components) -> list[Download]:
        if placeholder(site.base_url):
            return []  # the rules page's section says how to get one
        _ = gettext(reader_language(game, site))  # the words of the page that offers it
        return [Download(save_name(game.slug), _("Tabletop Simulator saved object (JSON)"),
                         _("the whole game on a virtual table: put it in Tabletop Simulator's Saved Objects folder "
                           "(how: “Tabletop Simulator” below)"))]

    def files(self, site, game, components) -> list[str]:
        save = unpublished_name(game.slug) if placeholder(site.base_url) else save_name(game.slug)
        return [save] + planned_files(components)

    def note(self, site) -> str:
        return unpublished_note(site) if placeholder(site.base_url) else ""

    def sections(self, site, game, components) -> dict[str, list[Section]]:
        """The how-to the game's rules page shows (the stage adds it to its GameOutput)."""
        return how_to_section(site, game, components)

    def write(self, job: ExportJob) -> None:
        site, game, components = job.site, job.game, job.components
        rulebook = f"{game.slug}/{rules_pdf(game.slug, 'a4')}" if site.rulebooks else ""
        table = build_table(components, job.artwork, slug=game.slug, title=game.title, rulebook=rulebook,
                            setup=start_position(components, game.folder), write=job.write,
                            language=reader_language(game, site))
        if placeholder(site.base_url):
            name, site_url = unpublished_name(game.slug), UNPUBLISHED_ROOT
        else:
            name, site_url = save_name(game.slug), site_root_url(site.base_url, site.path_prefix)
        job.write(name, saved_object(game.title, table.objects(lambda path: site_url + path)).encode("utf-8"))


# -- the how-to on the game's rules page -------------------------------------------------------
def how_to_section(site, game, components) -> dict[str, list[Section]]:
    """The "Tabletop Simulator" section of the game's rules page (template tts-section.html): how
    to load the save, and what it puts on the table. Named from the components, nothing drawn."""
    data = {"save": export_file(save_name(game.slug)), "published": not placeholder(site.base_url),
            "local_save": Path(save_name(game.slug, local=True)).name,  # as `rulepress tts-local` names it
            "contents": table_contents(site, components, reader_language(game, site)),
            "cards": bool(components.decks), "board": bool(components.boards)}
    return {game.page("rules").url: [Section(SECTION_ID, "Tabletop Simulator", "tts-section.html", data)]}


def table_contents(site, components, language: str) -> list[str]:
    """What the save puts on the table, in words of `language` (the page's)."""
    _, n_ = gettext(language), ngettext(language)
    things = []
    for deck in components.decks:
        count = len(deck.instances(None))
        things.append(n_("%(deck)s: a deck of %(num)s card", "%(deck)s: a deck of %(num)s cards", count)
                      % {"deck": deck.title, "num": count})
    things += [_("%(board)s (the board)") % {"board": spec.title} for spec in components.boards]
    things += [_("%(sheet)s (to read; write with Tabletop Simulator's pen)") % {"sheet": spec.title}
               for spec in components.sheets]
    for spec in components.tokens:
        count = sum(item.count for item in spec.items) * (len(components.options.players) if spec.per_player else 1)
        things.append(n_("%(tokens)s: %(num)s token", "%(tokens)s: %(num)s tokens", count)
                      % {"tokens": spec.title, "num": count})
    things += [_("%(die)s (a d%(sides)s)") % {"die": name, "sides": sides} for sides, name in getattr(components, "dice", ())]
    if site.rulebooks:
        things.append(_("The rules, as a PDF to read at the table"))
    return things
