"""Print-and-play kits: boards, cards, sheets and tokens from `content/<slug>/components.toml`.

Public API (what the site build uses):

`load_components(game_dir: Path) -> Components | None`
    Read and validate the game's components.toml (format: `generator.kit.schema`, docs/kit.md) and
    the data files it names. None when the game has no components.toml. Problems
    raise `generator.errors.ContentError` (one) or `ContentErrors` (several), each
    with the file and line: of components.toml, or of the data file (CSV row, map
    row) at fault. Nothing is written while loading, so a bad spec fails the build
    before any output changes.

`render_previews(components) -> list[Preview]`
    One SVG preview per component for the game page's "Print & play" section:
    the board, a 3x3 thumbnail of a card sheet (eight fronts and a back), the first
    copy of each sheet, one of each token. `Preview(name, title, svg, kind)`; the
    SVG has a viewBox in mm and no width/height (size it with CSS) and unique ids.

`write_kits(components, out_dir: Path, *, title: str, author: str,
            papers=None, variants=None) -> list[KitFile]`
    Write the kit PDFs into out_dir: for each edition (if the spec defines card
    editions) x paper ("a4", "letter") x variant ("print", "ink-saver", and
    "fold-over" when the spec asks for it). File names:
    `<slug>-kit[-<edition>]-<paper>[-<variant>].pdf`. Each `KitFile` has path,
    paper, pages, bytes, variant, edition and a label for the download link.
    `title` and `author` go into the PDF metadata, the cover and every footer.
    The same inputs give the same bytes; each file is written atomically.

Pages of a kit: a cover (contents with page numbers, printing steps, calibration
square), then boards (tiled when larger than the page), sheets, tokens, and
cards (fronts, then their mirrored backs, page by page). See `impose` for the
print geometry and the roles that tests read back from the PDF.
"""
from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Optional

__all__ = ["Components", "KitFile", "Preview", "load_components", "render_previews", "write_kits"]

# Imported on first use (PEP 562): reportlab is heavy, and a build whose games
# have no kits, or whose kits are unchanged, never needs it.
_LAZY = {
    "KitFile": "generator.kit.build",
    "load_components": "generator.kit.load",
    "Preview": "generator.kit.preview",
    "render_previews": "generator.kit.preview",
    "Components": "generator.kit.spec",
}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'generator.kit' has no attribute {name!r}")


def write_kits(components, out_dir: Path, *, title: str, author: str,
               papers: Optional[tuple[str, ...]] = None,
               variants: Optional[tuple[str, ...]] = None, rulebook: str = "", artwork=None,
               stamp: str = "", language: str = "") -> list:
    """Write every kit PDF of the game into out_dir; see the module docstring.
    `rulebook`: the typeset rules' file name, "{paper}" for the paper, for the contents.
    `artwork`: the component drawings if already made (build.kit_artwork).
    `stamp`: the release the kit is made from, on its cover ("Version 1.1, 20 November 2026").
    `language`: of the words the kit adds itself (its cover's headings, "page 2 of 9")."""
    from generator.kit.build import build_kits

    return build_kits(components, Path(out_dir), title=title, author=author, papers=papers, variants=variants,
                      rulebook=rulebook, artwork=artwork, stamp=stamp, language=language)
