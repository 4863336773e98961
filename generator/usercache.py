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


SECRET_BYTES = 32


def user_secret(name: str) -> bytes | None:
    """A random key of this user's, made once and kept in the user cache (readable by this user
    alone), never in a site: what it seals can be sealed again only by someone who can read this
    user's files, not by whoever edits, copies or ships a site's folder. None without a cache."""
    folder = user_cache("keys")
    if folder is None:
        return None
    path = folder / name
    for _attempt in range(2):
        try:
            key = path.read_bytes()
            if len(key) == SECRET_BYTES:
                return key
            path.unlink()  # damaged: a new key (what the old one sealed is then simply not trusted)
        except FileNotFoundError:
            pass
        except OSError:
            return None
        temporary = folder / f".{name}.{os.getpid()}"
        try:
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(handle, "wb") as stream:
                stream.write(os.urandom(SECRET_BYTES))
            try:
                os.link(temporary, path)  # never over a key a build beside this one has just made
            except FileExistsError:
                pass
        except OSError:
            return None
        finally:
            try:
                os.unlink(temporary)
            except OSError:
                pass
    return None


REPAIRED = "rebuilt a damaged cache entry: "  # the build's note, said by the build that found it alone


def repaired(which: str) -> str:
    return REPAIRED + which


# A page's `uses` kind for the note of a cache entry its directives remade (in whichever process
# rendered it): the build says it, and never keeps it in the page's cache entry.
REPAIRED_USE = "repaired-cache"
