"""The peer of a searchable Rulepress site (issue 47): Hugo, then Pagefind over Hugo's output,
as Pagefind's own documentation tells a Hugo user to run it (`pagefind --site public`). Both
are the binaries of the `[bench]` extra (`hugo`) and of the `pagefind` package that Rulepress
itself indexes with (pagefind_bin), so the two sides use the same Pagefind."""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from scripts.benchlib.memory import Run, measured_run


@dataclass(frozen=True)
class PeerRun:
    hugo: Run
    pagefind: Run

    @property
    def seconds(self) -> float:
        return self.hugo.seconds + self.pagefind.seconds

    @property
    def largest_kib(self) -> int:  # one after the other: the peak is the larger of the two
        return max(self.hugo.largest_kib, self.pagefind.largest_kib)

    @property
    def tree_kib(self) -> int | None:
        trees = (self.hugo.tree_kib, self.pagefind.tree_kib)
        return None if None in trees else max(trees)


def pagefind_binary() -> Path | None:
    try:
        from pagefind_bin import get_executable
    except ImportError:
        return None
    return Path(get_executable())


def hugo_binary(bin_folder: Path) -> Path | None:
    found = bin_folder / "hugo"
    return found if found.exists() else (Path(shutil.which("hugo")) if shutil.which("hugo") else None)


def peer_run(hugo: Path, pagefind: Path, site: Path, env: dict[str, str]) -> PeerRun:
    """One clean build of the Hugo site `site` (public/ wiped first), then its search index."""
    shutil.rmtree(site / "public", ignore_errors=True)
    built = measured_run([str(hugo), "--quiet"], site, env)
    indexed = measured_run([str(pagefind), "--site", "public", "--silent"], site, env)
    return PeerRun(built, indexed)
