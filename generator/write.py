"""Write the build into a temporary folder beside the output, then swap it in
whole: a failed build never leaves a half-written or emptied `output/`."""
from __future__ import annotations

import os
import shutil
from pathlib import Path


class Output:
    """The staging folder of one build. `reuse` takes a file unchanged from the
    previous output as a hard link (no copy); `write` never writes through a
    link, so the previous output is never modified in place."""

    def __init__(self, target: Path):
        self.target = Path(target)
        self.staging = self.target.parent / f".{self.target.name}.building-{os.getpid()}"
        if self.staging.exists():
            shutil.rmtree(self.staging)
        self.staging.mkdir(parents=True)
        self.files: dict[str, int] = {}
        self.made: set[Path] = {self.staging}  # folders known to exist

    def path(self, rel: str) -> Path:
        """A fresh path inside the staging folder (parents created), for writers
        that need a file name. Any file already there is removed first: it may be
        a hard link into the previous output, which must never be written through."""
        path = self.staging / rel
        if path.parent not in self.made:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.made.add(path.parent)
        elif path.is_file() or path.is_symlink():
            path.unlink()
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

    def reuse(self, rel: str, size: int | None = None) -> bool:
        """Take `rel` from the previous output (whose size the caller may know);
        False if it is not there."""
        old = self.target / rel
        path = self.path(rel)
        try:
            os.link(old, path)
        except OSError:
            try:
                shutil.copy2(old, path)  # another file system: copy instead
            except OSError:
                return False
        self.files[rel] = path.stat().st_size if size is None else size
        return True

    def record(self, rel: str) -> None:
        """Note a file some other writer put at `self.path(rel)`."""
        self.files[rel] = (self.staging / rel).stat().st_size

    def exists(self, rel: str) -> bool:
        return (self.staging / rel).is_file()

    def commit(self) -> None:
        old = self.target.parent / f".{self.target.name}.old-{os.getpid()}"
        if self.target.exists():
            os.replace(self.target, old)
        os.replace(self.staging, self.target)
        if old.exists():
            shutil.rmtree(old)

    def abort(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)
