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
    return decode(data, path), hashlib.sha256(data).hexdigest()


def read_text(path: Path, root: Path) -> str:
    """Read a file that must lie inside the site folder (no escaping via .. or links)."""
    with open(check_inside(path, root), "rb") as handle:
        return decode(handle.read(), path)


def decode(data: bytes, path: Path) -> str:
    """UTF-8 text with universal newlines, a leading byte-order mark dropped (editors add
    one unseen); bytes that are not UTF-8 are the file's error at their line and offset."""
    try:
        text = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()
    except UnicodeDecodeError as error:
        start = _offset(data, error)
        raise ContentError(path, data[:start].count(b"\n") + 1, "the file is not UTF-8 text",
                           expected="UTF-8 text (save the file as UTF-8 in your editor)",
                           found=f"the byte {data[start]:#04x} at byte offset {start}") from None
    return text.removeprefix("\ufeff")


def _offset(data: bytes, error: UnicodeDecodeError) -> int:
    """Where in the file the bad byte is (the decoder may have seen the bytes in pieces)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as whole:
        return whole.start
    return error.start


def check_inside(path: Path, root: Path) -> str:
    """The real path of `path`, which must lie inside the site folder."""
    resolved = os.path.realpath(path)  # strings, not Path.resolve: this runs for many files
    if not resolved.startswith(os.path.realpath(root) + os.sep):
        raise ContentError(path, None, "path leads outside the site folder",
                           expected=f"a file or folder inside {root}", found=resolved)
    return resolved
