"""Reading a site's source files: only from inside the site folder, and only
once per build (the bytes hashed for the build cache are the bytes loaded)."""
from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path

from generator.errors import ContentError


def read_source(path: Path, read: dict[str, bytes] | None = None) -> tuple[str, str]:
    """A file's text (decoded as open() in text mode decodes it) and the sha256 of
    its bytes; taken from `read` when the build has just read them."""
    data = read.pop(str(path), None) if read else None
    if data is None:
        with open(path, "rb") as handle:
            data = handle.read()
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read(), hashlib.sha256(data).hexdigest()


def read_text(path: Path, root: Path) -> str:
    """Read a file that must lie inside the site folder (no escaping via .. or links)."""
    with open(check_inside(path, root), encoding="utf-8") as handle:
        return handle.read()


def check_inside(path: Path, root: Path) -> str:
    """The real path of `path`, which must lie inside the site folder."""
    resolved = os.path.realpath(path)  # strings, not Path.resolve: this runs for many files
    if not resolved.startswith(os.path.realpath(root) + os.sep):
        raise ContentError(path, None, "path leads outside the site folder",
                           expected=f"a file inside {root}", found=resolved)
    return resolved
