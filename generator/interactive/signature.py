"""What a kept answer was read from, by the files' stats: an answer made from files stands while
their times, sizes and inodes are unchanged (an edit, or a rename onto them, changes them), so
that `serve` reads and follows again only what a save changed. A file changed within RACY_NS of
being looked at could change again within the same timestamp tick, unseen (fingerprint.file_hashes's
rule, and its RACY_NS): its signature then matches no other, so the answer is made again next time."""
from __future__ import annotations

import os
import time

from generator.fingerprint import RACY_NS


def signature(paths) -> tuple:
    """Each path with its stats (a missing one as None), in order."""
    now = time.time_ns()
    found = []
    for path in paths:
        try:
            stat = os.stat(path)
        except (OSError, ValueError):
            found.append((str(path), None))
            continue
        if now - max(stat.st_mtime_ns, stat.st_ctime_ns) <= RACY_NS:
            found.append((str(path), object()))  # equal to nothing: not kept on its stats
            continue
        found.append((str(path), stat.st_mtime_ns, stat.st_ctime_ns, stat.st_size, stat.st_ino))
    return tuple(found)
