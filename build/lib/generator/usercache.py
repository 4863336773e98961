"""Per-user caches shared by every site (like Python's __pycache__): what is kept there
depends only on its inputs, so a clean build of any site may reuse it."""
from __future__ import annotations

import os
from pathlib import Path


def user_cache(kind: str) -> Path | None:
    """~/.cache/rulepress/<kind> (or under $XDG_CACHE_HOME); None if it cannot be written."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "rulepress" / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None
