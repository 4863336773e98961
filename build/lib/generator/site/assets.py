"""Static assets get a content hash in their name, so a browser may cache
them forever and a changed file always gets a new URL."""
from __future__ import annotations

import hashlib
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from generator.site.theme import asset_names, find_asset

if TYPE_CHECKING:
    from generator.content.model import Site


def hashed_name(name: str, data: bytes) -> str:
    digest = hashlib.sha256(data).hexdigest()[:10]
    path = PurePosixPath(name)
    return str(path.with_name(f"{path.stem}.{digest}{path.suffix}"))


def accent_css(site_accent: str, games) -> str:
    """Per-game accent colours as CSS (not inline styles: the CSP forbids those)."""
    lines = [f":root {{ --accent: {site_accent}; }}"]
    for game in games:
        lines.append(f'[data-game="{game.slug}"] {{ --accent: {game.accent}; }}')
    return "\n".join(lines) + "\n"


def site_assets(site: Site) -> dict[str, tuple[str, bytes]]:
    """Theme assets and the accent colours: logical name -> (hashed path, bytes)."""
    assets = {}
    for name in asset_names(site.root):
        data = find_asset(site.root, name).read_bytes()
        assets[name] = ("assets/" + hashed_name(name, data), data)
    css = accent_css(site.accent, site.games).encode()
    assets["accents.css"] = ("assets/" + hashed_name("accents.css", css), css)
    return assets
