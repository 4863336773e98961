"""Static assets get a content hash in their name, so a browser may cache
them forever and a changed file always gets a new URL."""
from __future__ import annotations

import hashlib
from pathlib import PurePosixPath


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
