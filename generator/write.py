"""Write the build into a staging folder beside the output, and change the
output only once the whole build has succeeded: a failed build never leaves a
half-written or emptied `output/`."""
from __future__ import annotations

import os
import shutil
from pathlib import Path


class Output:
    """The staging folder of one build. `write` puts new files there; `reuse`
    keeps a file of the previous output as it is, without touching it.

    `commit` then swaps the staging folder in whole, or, when the build reused
    files, moves just the new files into the output (each by a rename, so an
    open reader of an old file keeps reading the old bytes) and deletes the
    files this build no longer makes: a one-page edit touches a handful of
    files instead of relinking the whole site. While that runs (milliseconds)
    the output mixes old and new files; if it is interrupted, the build cache
    no longer matches the output and the next build is a clean one."""

    def __init__(self, target: Path):
        self.target = Path(target)
        self.staging = self.target.parent / f".{self.target.name}.building-{os.getpid()}"
        if self.staging.exists():
            shutil.rmtree(self.staging)
        self.staging.mkdir(parents=True)
        self.files: dict[str, int] = {}  # every file of the new output -> size
        self.reused: dict[str, list] = {}  # those left where they are in the previous output -> [size, mtime_ns]
        self.made: set[Path] = {self.staging}  # folders known to exist

    def path(self, rel: str) -> Path:
        """A path inside the staging folder (parents created), for writers that
        need a file name."""
        self.reused.pop(rel, None)
        path = self.staging / rel
        if path.parent not in self.made:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.made.add(path.parent)
        return path

    def folder(self, rel: str) -> Path:
        """A folder inside the staging output, for writers that write several files."""
        path = self.staging / rel
        path.mkdir(parents=True, exist_ok=True)
        return path

    def write(self, rel: str, data: bytes | str) -> None:
        if isinstance(data, str):
            data = data.encode("utf-8")
        self.path(rel).write_bytes(data)
        self.files[rel] = len(data)

    def reuse(self, rel: str, known: list | None = None) -> bool:
        """Keep `rel` from the previous output; False if it is not there.
        `known`: its [size, mtime_ns] from the build cache, which has just checked it."""
        if known is None:
            try:
                known = file_stat(self.target / rel)
            except OSError:
                return False
        self.files[rel] = known[0]
        self.reused[rel] = known
        return True

    def record(self, rel: str, size: int | None = None) -> None:
        """Note a file some other writer put at `self.path(rel)` (of `size` bytes, if known)."""
        self.reused.pop(rel, None)
        self.files[rel] = (self.staging / rel).stat().st_size if size is None else size

    def exists(self, rel: str) -> bool:
        return rel in self.reused or (self.staging / rel).is_file()

    def commit(self) -> None:
        if self.reused and self.target.is_dir():
            self.update_in_place()
        else:
            self.swap()

    def swap(self) -> None:
        old = self.target.parent / f".{self.target.name}.old-{os.getpid()}"
        if self.target.exists():
            os.replace(self.target, old)
        os.replace(self.staging, self.target)
        if old.exists():
            shutil.rmtree(old)

    def update_in_place(self) -> None:
        new = files_below(self.staging)
        keep = self.reused.keys() | set(new)  # what a swap would leave, written by other hands included
        gone = [rel for rel in files_below(self.target) if rel not in keep]
        for rel in gone:  # first, so that a file can make way for a folder of the same name
            os.unlink(self.target / rel)
        folders = {parent for rel in gone for parent in Path(rel).parents if parent.parts}
        for folder in sorted(folders, key=lambda folder: len(folder.parts), reverse=True):  # deepest first
            try:
                (self.target / folder).rmdir()  # only if now empty: a clean build would not make it
            except OSError:
                pass
        for rel in new:
            destination = self.target / rel
            destination.parent.mkdir(parents=True, exist_ok=True)
            os.replace(self.staging / rel, destination)
        shutil.rmtree(self.staging)

    def abort(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)

    def stats(self) -> dict[str, list]:
        """[size, mtime_ns] of every file of the committed output, for the build
        cache: a reused file's as it was (it was left untouched)."""
        return {rel: self.reused.get(rel) or file_stat(self.target / rel) for rel in self.files}


def file_stat(path: Path) -> list:
    stat = os.stat(path)
    return [stat.st_size, stat.st_mtime_ns]


def files_below(folder: Path) -> list[str]:
    """Every file (or link) below `folder`, as a path relative to it with / separators."""
    found, stack = [], [("", str(folder))]
    while stack:  # scandir, not os.walk: this runs over the whole output on every build
        prefix, where = stack.pop()
        with os.scandir(where) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    stack.append((f"{prefix}{entry.name}/", entry.path))
                else:
                    found.append(prefix + entry.name)
    return found
