"""The site's previews of components and cards that show pictures, as PNGs the page can show.

An SVG shown through `<img>` loads no picture it names (draw/screen.py says why), so a preview
or gallery card with a picture is also written as two PNGs beside its SVG, at the size the page
shows it and twice that (`srcset`: sharp on a phone's or a laptop's dense screen), and the page
shows those, lazily; the SVG stays, linked, the vector original. Previews without pictures stay
SVG only. Whether a preview is pictured is known from the components (kit/preview.py), so
`rulepress check` names the same files a build writes.
"""
from __future__ import annotations

from generator.draw.screen import screen_pngs

DENSITIES = (1, 2)  # the page's size, and twice it for dense screens
GALLERY_PX_PER_MM = 2.0  # the card gallery's thumbnails (kit/stage.gallery_entry, markdown/cards)


def png_names(svg: str) -> tuple[str, ...]:
    """The PNGs of a preview, by its SVG's name: "cards/beasts-01.svg" -> ("cards/beasts-01.png",
    "cards/beasts-01-2x.png"), one per density."""
    stem = svg[:-len(".svg")] if svg.endswith(".svg") else svg
    return tuple(f"{stem}.png" if density == 1 else f"{stem}-{density}x.png" for density in DENSITIES)


def srcset(urls: tuple[str, ...]) -> str:
    """`srcset` for the PNGs' URLs, in the order png_names gives them."""
    return ", ".join(f"{url} {density}x" for url, density in zip(urls, DENSITIES))


def screen_files(items: list[tuple[str, object]], px_per_mm: float) -> dict[str, bytes]:
    """The PNGs (name -> bytes) of each (SVG name, drawing) at `px_per_mm` and its densities."""
    rendered = screen_pngs([drawing for _name, drawing in items], [px_per_mm * d for d in DENSITIES])
    return {name: data for (svg, _drawing), pngs in zip(items, rendered)
            for name, data in zip(png_names(svg), pngs)}


def screen_entry(entry: dict, pictured: bool) -> dict:
    """A template entry (with its "file", a kit URL) given "png" and "srcset" when pictured:
    the template shows the PNGs then, and the SVG otherwise."""
    names = png_names(entry["file"]) if pictured else ("",)
    return {**entry, "png": names[0], "srcset": srcset(names) if pictured else ""}  # keys a strict template reads


def entry_pngs(entry: dict) -> tuple[str, ...]:
    """The PNG URLs a template entry shows (none when it shows its SVG)."""
    return png_names(entry["file"]) if entry.get("png") else ()
