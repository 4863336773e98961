"""The build cache: what the last build made from which inputs.

It lives beside the output (`.rulepress-cache/<output name>/manifest.json`)
and records, per page and per game stage, the content key of its inputs and
what it produced (files, anchors, links, page sections), the hash of every
source file with its size, times and inode (see file_hashes), and the parsed
front matter and game.toml of each by its hash. The next build keeps the
previous output's files wherever a key is unchanged, and parses only the
files that changed.

Anything unexpected — a missing or unreadable manifest, another version, an
output that no longer matches it — means no cache: a clean build, never a
wrong one.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

CACHE_VERSION = 5


def cache_dir(output: Path) -> Path:
    return output.parent / ".rulepress-cache" / output.name


@dataclass
class Manifest:
    code: str = ""  # our code + library versions
    inputs: str = ""  # every input file, for the no-op check
    pages: dict[str, dict] = field(default_factory=dict)  # url -> {key, path, anchors, links}
    games: dict[str, dict] = field(default_factory=dict)  # "stage/slug" -> {key, files, info}
    files: dict[str, list] = field(default_factory=dict)  # output file -> [size, mtime_ns]
    sources: dict[str, list] = field(default_factory=dict)  # input file -> [sha256, size, mtime_ns, ...]
    front: dict[str, dict] = field(default_factory=dict)  # page file's sha256 -> its front matter
    game_toml: dict[str, dict] = field(default_factory=dict)  # game.toml's sha256 -> its validated values
    site_pages: dict = field(default_factory=dict)  # {key}: of the index, 404 page and sitemap

    def to_json(self) -> dict:
        return {"version": CACHE_VERSION, "code": self.code, "inputs": self.inputs, "pages": self.pages,
                "games": self.games, "files": self.files, "sources": self.sources, "front": self.front,
                "game_toml": self.game_toml, "site_pages": self.site_pages}


def load(output: Path, code: str) -> Manifest | None:
    """The previous build's manifest if it can be trusted, else None."""
    path = cache_dir(output) / "manifest.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != CACHE_VERSION or data.get("code") != code:
            return None
        manifest = Manifest(code=data["code"], inputs=data["inputs"], pages=dict(data["pages"]),
                            games=dict(data["games"]), files=dict(data["files"]), sources=dict(data["sources"]),
                            front=dict(data["front"]), game_toml=dict(data["game_toml"]),
                            site_pages=dict(data["site_pages"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return manifest if output_matches(output, manifest) else None


def output_matches(output: Path, manifest: Manifest) -> bool:
    """The output still holds exactly the files the manifest says it wrote."""
    base = str(output) + os.sep
    try:
        for rel, (size, mtime) in manifest.files.items():
            stat = os.stat(base + rel)
            if stat.st_size != size or stat.st_mtime_ns != mtime:
                return False
    except (OSError, ValueError, TypeError):
        return False
    return True


def save(output: Path, manifest: Manifest) -> None:
    folder = cache_dir(output)
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f"manifest.json.{os.getpid()}"
    # keys keep their order (not sorted): a game.toml's tables and columns keep theirs
    temporary.write_text(json.dumps(manifest.to_json(), separators=(",", ":")), encoding="utf-8")
    os.replace(temporary, folder / "manifest.json")


def forget(output: Path) -> None:
    try:
        (cache_dir(output) / "manifest.json").unlink()
    except FileNotFoundError:
        pass
