"""Static assets get a content hash in their name, so a browser may cache
them forever and a changed file always gets a new URL."""
from __future__ import annotations

import hashlib
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from generator.site.theme import asset_names, find_asset

if TYPE_CHECKING:
    from generator.content.model import Site


def hashed_name(name: str, data: bytes) -> str:
    digest = hashlib.sha256(data).hexdigest()[:10]
    path = PurePosixPath(name)
    return str(path.with_name(f"{path.stem}.{digest}{path.suffix}"))


def accent_css(site_accent: str, games, fonts: dict | None = None) -> str:
    """Per-game accent colours as CSS (not inline styles: the CSP forbids those), and each game's
    own fonts (`fonts`: game_fonts' rules) after them."""
    lines = [f":root {{ --accent: {site_accent}; }}"]
    for game in games:
        lines.append(f'[data-game="{game.slug}"] {{ --accent: {game.accent}; }}')
    return "\n".join(lines + list((fonts or {}).values())) + "\n"


def site_assets(site: Site) -> dict[str, tuple[str, bytes]]:
    """Theme assets, the games' fonts and the accent colours: logical name -> (hashed path, bytes)."""
    assets = {}
    for name in asset_names(site.root):
        data = find_asset(site.root, name).read_bytes()
        assets[name] = ("assets/" + hashed_name(name, data), data)
    fonts = game_fonts(site.games, assets)
    css = accent_css(site.accent, site.games, fonts).encode()
    assets["accents.css"] = ("assets/" + hashed_name("accents.css", css), css)
    return assets


def game_fonts(games, assets: dict) -> dict[str, str]:
    """Each game's fonts (game.toml [fonts]) as hashed assets beside the stylesheet, and the CSS
    that names them: an @font-face per file (font-src 'self' in the pages' CSP lets them load)
    and the game's pages' headings in its heading font. A font's family is the name the card
    SVGs give it (draw/svg.font_family). Returns CSS rules by their font's family, in order."""
    rules = {}
    for game in sorted(games, key=lambda g: g.slug):
        if game.release_of:  # an earlier release's pages name the current game's fonts (the same family)
            continue
        for name, font in sorted(game.fonts.items()):
            family = font.ref.family
            faces = []
            for weight, path in (("400", font.ref.regular), ("700", font.ref.bold)):
                if not path:
                    continue
                data = Path(path).read_bytes()
                logical = f"fonts/{family}-{weight}{PurePosixPath(path).suffix.lower()}"
                assets[logical] = ("assets/" + hashed_name(logical, data), data)
                faces.append(f'@font-face {{ font-family: "{family}"; src: url("{assets[logical][0].removeprefix("assets/")}")'
                             f' format("{FORMATS[PurePosixPath(path).suffix.lower()]}"); font-weight: {weight};'
                             f" font-display: swap; }}")
            if name == game.heading_font:
                faces.append(f'[data-game="{game.slug}"] :is(h1, h2, h3, h4, h5, h6) '
                             f'{{ font-family: "{family}", {PAGE_FONTS}; }}')
            rules[family] = "\n".join(faces)
    return rules


FORMATS = {".ttf": "truetype", ".otf": "opentype"}
PAGE_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif'  # style.css's body
