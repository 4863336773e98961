"""What an export is to the export stage (stage.py), and the small things every export shares.

An `Exporter` makes one kind of file set for a game (print-on-demand cards, Tabletopia
images, a Tabletop Simulator save). The stage asks each, for every game with a kit:

    downloads(site, game, components) -> [Download]   the files the kit's "Other formats" row
                                                        offers, named without drawing anything
    files(site, game, components) -> [name]           every file it writes (default: those of
                                                        its downloads), names in the exports folder
    sections(site, game, components) -> {url: [Section]}  what it adds to the game's pages
                                                        (a how-to), named without drawing anything
    write(job)                                         make them: `job.pieces` are the kit's
                                                        drawings (raster.KitPiece), `job.write`
                                                        stores a file; runs in a child process

Names are relative to the game's exports folder (urls.exports_folder); every name an exporter
writes must be in its `files`, so the build knows them before they exist.
"""
from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # every member's date: the same sources give the same zip


@dataclass(frozen=True)
class Download:
    """A file the kit's downloads offer under "Other formats"."""

    file: str  # name in the game's exports folder
    label: str  # the link's words: "Splattercards for The Game Crafter (ZIP of PNG)"
    use: str  # what it is for, in one line

    def __post_init__(self):
        if not (self.file and self.label and self.use):
            raise ValueError(f"a download needs a file, a label and a use: {self!r}")


@dataclass
class ExportJob:
    """One game's exports being made: what every exporter's `write` is given."""

    site: object  # content.model.Site
    game: object  # content.model.Game
    components: object  # kit.spec.Components
    artwork: object  # kit.build.Artwork: the kit's full-colour drawings (its `cards(deck, None)`: every card in order)
    pieces: list  # [raster.KitPiece]: every distinct drawing of the kit, with its count
    write: Callable[[str, bytes], None]  # (name in the exports folder, bytes)
    output_root: Optional[Path] = None  # the site's output folder, where the files will be once built

    def __post_init__(self):
        if self.artwork is None:
            raise ValueError("an export job needs the kit's full-colour artwork")

    def pieces_of(self, *kinds: str) -> list:
        return [piece for piece in self.pieces if piece.kind in kinds]


class Exporter:
    name = "exporter"  # for timings and messages

    def downloads(self, site, game, components) -> list[Download]:
        return []

    def files(self, site, game, components) -> list[str]:
        return [download.file for download in self.downloads(site, game, components)]

    def sections(self, site, game, components) -> dict:
        return {}

    def note(self, site) -> str:
        """What the build should tell its user once about this exporter's files ("": nothing)."""
        return ""

    def write(self, job: ExportJob) -> None:
        return None

    def check(self, components, artwork) -> list:
        """Preflight of what this export prints ([ContentError]); the kit's own preflight has
        checked every drawing already."""
        return []


def zip_bytes(members: list[tuple[str, bytes]], comment: bytes = b"") -> bytes:
    """A zip of `members` (name, bytes) in the order given, with fixed dates and modes, so
    the same members give the same bytes. PNGs are stored (deflating them again gains nothing).
    `comment`: the archive's comment (what it was made from, for the next build to compare)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.comment = comment
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # unix, whatever machine builds it
            archive.writestr(info, data)
    return out.getvalue()


def last_build_zip(path: Path, key: bytes) -> bytes | None:
    """The bytes of the ZIP at `path` (the last build's) if its comment is `key` (it was made
    from what this build would make it from); None if it is not there, or was made from other."""
    try:
        data = path.read_bytes()
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return data if archive.comment == key else None
    except (OSError, zipfile.BadZipFile):
        return None


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet read a cell as a formula (OWASP)


def csv_text(rows: list[list]) -> bytes:
    """A small CSV (a manifest), with a header row first; fields quoted where they need it.
    Every CSV the build writes comes through here, so that a card titled =HYPERLINK(...) is
    never a formula in the spreadsheet a printer or a player opens it in."""
    import csv

    out = io.StringIO()
    # RFC 4180's line ends: the writer then quotes a cell holding a lone \r too, which would
    # otherwise end its row early in a spreadsheet and start a row of the cell's own words
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([csv_cell(cell) for cell in row] for row in rows)
    return out.getvalue().encode("utf-8")


def csv_cell(cell):
    """Text that a spreadsheet would run, as text: OWASP's advice, a single quote before it
    (numbers the build counts stay numbers)."""
    if cell is None or isinstance(cell, (int, float)) and not isinstance(cell, bool):
        return cell
    text = str(cell)
    return "'" + text if text.startswith(FORMULA_STARTS) else text
