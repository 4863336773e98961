"""What a kept answer was read from, by the files' stats: an answer made from files stands while
their times, sizes and inodes are unchanged (an edit, or a rename onto them, changes them), so
that `serve` reads and follows again only what a save changed. Standard library only."""
from __future__ import annotations

import os


def signature(paths) -> tuple:
    """Each path with its stats (a missing one as None), in order."""
    found = []
    for path in paths:
        try:
            stat = os.stat(path)
        except (OSError, ValueError):
            found.append((str(path), None))
            continue
        found.append((str(path), stat.st_mtime_ns, stat.st_ctime_ns, stat.st_size, stat.st_ino))
    return tuple(found)
