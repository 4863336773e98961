"""The build cache: what the last build made from which inputs.

It lives beside the output (`.rulepress-cache/<output name>/manifest.json`)
and records, per page and per game stage, the content key of its inputs and
what it produced (files, anchors, links, page sections), the hash of every
source file with its size, times and inode (see file_hashes), and the parsed
front matter and game.toml of each by its hash. The next build keeps the
previous output's files wherever a key is unchanged, and parses only the
files that changed.

After its seal, the manifest is two lines: the head (HEAD: what decides a no-op build, its
sources, output files and notes), then the entries (everything else). A no-op build reads
the head alone; the entries, four fifths of the file, are parsed only by a build that
makes something (`with_entries`).

Anything unexpected — a missing or unreadable manifest, a seal that does
not match its content, another version, an entry of the wrong shape, an output
that no longer matches it — means no cache: a clean build, never a wrong one.
A manifest that is there but damaged (unreadable, unsealed, of the wrong shape) is
named in `problems`, for the build's note.

The seal (the manifest's first line) is an HMAC of the rest under a key of this user's
(usercache.user_secret), not a plain checksum. What the cache holds flows into the next
output (page titles from the cached front matter, sections from a stage's info), and a
checksum anyone can recompute from the file alone stops only accidents: an entry edited
and re-sealed by hand, or a cache copied from another machine, restored from a CI cache
or shipped inside a site's folder, would be published. Only this user's Rulepress can
make a seal this user's builds accept; checking every cached value against its source
instead would parse every page's front matter again on each edit, which is what the
cache saves. Without a user cache (no key) the seal falls back to a checksum.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path

from generator.usercache import user_secret

CACHE_VERSION = 12
HEAD = ("version", "code", "inputs", "files", "sources", "notes")  # the manifest's first line
ENTRIES = ("pages", "games", "front", "game_toml", "site_pages", "search")  # its second
# the tables a build knows before its end, nine tenths of the manifest: encoded while Pagefind
# indexes (Manifest.encode_early), not after the output is committed
EARLY = ("pages", "front", "game_toml", "sources")
SEAL_KEY = "site-cache-seal"  # the user secret that seals manifests
SLOTS = ("manifest.a", "manifest.b")  # the files manifests are written into, in turn (write_in_turn)


class Untrusted(ValueError):
    """A manifest entry of the wrong shape: the cache is not used."""


def expect(value, kind, what: str):
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise Untrusted(what)
    return value


def strings(value, what: str) -> list[str]:
    return [expect(item, str, what) for item in expect(value, list, what)]


# The checks of the thousands of values a large site's manifest holds go by exact type: JSON makes
# no subclasses (and a bool is no int to `type`), and a set of types is made in C, not a call a value.
STR, STATS, LINE = frozenset({str}), frozenset({int, str}), frozenset({int, type(None)})
DICT, LIST = frozenset({dict}), frozenset({list})


def all_of(values, kinds: frozenset) -> bool:
    """Every one of `values` is exactly of one of `kinds`."""
    return set(map(type, values)) <= kinds


@dataclass
class PageEntry:
    """One page: the key of its inputs, and what the link check needs of it."""

    key: str
    path: str = ""  # its Markdown source
    anchors: list[str] = field(default_factory=list)  # every id of the finished page
    links: list[dict] = field(default_factory=list)  # {line, href, url, anchor} of each internal link
    uses: dict[str, list[str]] = field(default_factory=dict)  # what its directives need site-wide
    html: str = ""  # sha256 of the finished page (the search index is keyed by it)

    @classmethod
    def from_json(cls, data) -> "PageEntry":
        """The entry of a page, shape-checked by exact types (see all_of): a thousand make a
        one-page edit's manifest."""
        if type(data) is not dict:
            raise Untrusted("page entry")
        key, path, anchors, links, uses, html = (data["key"], data["path"], data["anchors"], data["links"],
                                                  data["uses"], data["html"])
        if not (type(key) is str and type(path) is str and type(html) is str and type(anchors) is list
                and type(links) is list and type(uses) is dict and all_of(anchors, STR)):
            raise Untrusted("page entry")
        for link in links:
            if (type(link) is not dict or type(link["href"]) is not str or type(link["url"]) is not str
                    or type(link["anchor"]) is not str or type(link["line"]) not in LINE):
                raise Untrusted("link")
        for kind, values in uses.items():
            if type(kind) is not str or type(values) is not list or not all_of(values, STR):
                raise Untrusted("uses")
        return cls(key, path, anchors, links, uses, html)


@dataclass
class GameEntry:
    """One stage's work for one game: the key of its inputs, the files it wrote, its info."""

    key: str
    files: list[str]
    info: dict

    @classmethod
    def from_json(cls, data) -> "GameEntry":
        expect(data, dict, "game entry")
        return cls(expect(data["key"], str, "key"), strings(data["files"], "files"), expect(data["info"], dict, "info"))


def cache_dir(output: Path) -> Path:
    return output.parent / ".rulepress-cache" / output.name


@dataclass
class Manifest:
    code: str = ""  # our code + library versions
    inputs: str = ""  # every input file, for the no-op check
    pages: dict[str, PageEntry] = field(default_factory=dict)  # by url
    games: dict[str, GameEntry] = field(default_factory=dict)  # by "stage/slug"
    files: dict[str, list] = field(default_factory=dict)  # output file -> [size, mtime_ns]
    sources: dict[str, list] = field(default_factory=dict)  # input file -> [sha256, size, mtime_ns, ...]
    front: dict[str, dict] = field(default_factory=dict)  # page file's sha256 -> its front matter
    game_toml: dict[str, dict] = field(default_factory=dict)  # game.toml's sha256 -> its validated values
    site_pages: str = ""  # keys of the index and 404 page, and of the sitemap and robots.txt (sitewide.py)
    search: dict[str, GameEntry] = field(default_factory=dict)  # search index shards by name: key of their pages, files
    notes: list[str] = field(default_factory=list)  # the build's notes to its user, repeated by a no-op

    unread: bytes | None = field(default=None, repr=False)  # the entries' line, until with_entries parses it
    # output file -> its inode, as output_matches found it (not saved): the commit's look at the
    # kept earlier output compares it with that folder's own (write.Output.look_ahead)
    inodes: dict[str, int] = field(default_factory=dict, repr=False)
    early: dict[str, tuple[object, bytes]] = field(default_factory=dict, repr=False)  # EARLY: (the table, its JSON)

    def to_json(self) -> dict:
        return {key: self.json_of(key) for key in ("version", "code", "inputs", "pages", "games", "files", "sources",
                                                   "front", "game_toml", "site_pages", "search", "notes")}

    def json_of(self, key: str):
        """The value the manifest's JSON holds under `key`."""
        if key == "version":
            return CACHE_VERSION
        value = getattr(self, key)
        if key in ("pages", "games", "search"):  # entries as plain tables (not asdict: it deep-copies)
            return {name: vars(entry) for name, entry in value.items()}
        return value

    def encode_early(self) -> None:
        """Encode the EARLY entries now, once they are final: `save` writes them as they are then
        (a table replaced since is encoded again; one changed in place would not be)."""
        self.early = {key: (getattr(self, key), encoded(self.json_of(key)).encode("ascii")) for key in EARLY}

    def member(self, key: str) -> bytes:
        """`"key":value` of the manifest's JSON: the value as encoded early if the table is still that one."""
        known = self.early.get(key)
        value = known[1] if known is not None and known[0] is getattr(self, key) else \
            encoded(self.json_of(key)).encode("ascii")
        return b'"' + key.encode("ascii") + b'":' + value

    def read_entries(self, data: dict) -> None:
        """The entries (the manifest's second line, parsed), shape-checked: Untrusted if one is wrong."""
        expect(data, dict, "entries")
        self.pages = {url: PageEntry.from_json(entry) for url, entry in expect(data["pages"], dict, "pages").items()}
        self.games = {name: GameEntry.from_json(entry) for name, entry in expect(data["games"], dict, "games").items()}
        self.front, self.game_toml = tables_of(data["front"], "front"), tables_of(data["game_toml"], "game_toml")
        self.site_pages = expect(data["site_pages"], str, "site_pages")
        self.search = {expect(name, str, "shard"): GameEntry.from_json(entry)
                       for name, entry in expect(data["search"], dict, "search").items()}


def checksum(body: str | bytes) -> str:
    """The seal of a manifest's body: an HMAC under this user's key (see the module's docstring)."""
    data = body.encode("utf-8") if isinstance(body, str) else body
    key = user_secret(SEAL_KEY)
    if key is None:
        return "sha256:" + hashlib.sha256(data).hexdigest()
    return "hmac-sha256:" + hmac.new(key, data, hashlib.sha256).hexdigest()


def tables_of(value, what: str) -> dict:
    """A {hash: table} map of parsed files (front matter, game.toml): every value a table."""
    if type(value) is not dict or not (all_of(value, STR) and all_of(value.values(), DICT)):
        raise Untrusted(what)
    return dict(value)


def stats_of(value, what: str) -> dict:
    """A {path: [numbers and strings]} map (file sizes and times, source hashes)."""
    if type(value) is not dict or not (all_of(value, STR) and all_of(value.values(), LIST)
                                       and all_of(chain.from_iterable(value.values()), STATS)):
        raise Untrusted(what)
    return dict(value)


def load(output: Path, code: str, problems: list[str] | None = None, entries: bool = True) -> Manifest | None:
    """The previous build's manifest if it can be trusted, else None; a damaged one is
    named in `problems` (a missing one, or another version's, is not damage). Without
    `entries`, its head alone (a no-op build needs no more): `with_entries` reads the rest."""
    path = cache_dir(output) / "manifest.json"
    try:  # bytes, sealed and parsed as they are: the manifest is ASCII (JSON's escapes), 1.3 MB at 1,000 pages
        sealed = path.read_bytes()
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return damaged(problems, path, "unreadable")
    seal, _, body = sealed.partition(b"\n")  # the first line: the seal of the rest
    if not seal.isascii():  # (the body is checked by its seal)
        return damaged(problems, path, "unreadable")
    if not seal.startswith((b"hmac-sha256:", b"sha256:")):
        return None  # an older version's plain checksum: not damage, only old
    if not hmac.compare_digest(seal, checksum(body).encode("ascii")):
        return damaged(problems, path, "its seal does not match: edited, or sealed by another user")
    head, _, rest = body.partition(b"\n")
    try:
        data = json.loads(head)
        if not isinstance(data, dict):
            raise Untrusted("manifest")
        if data.get("version") != CACHE_VERSION or data.get("code") != code:
            return None
        manifest = Manifest(code=data["code"], inputs=expect(data["inputs"], str, "inputs"),
                            files=stats_of(data["files"], "files"), sources=stats_of(data["sources"], "sources"),
                            notes=strings(data["notes"], "notes"), unread=rest)
    except (ValueError, KeyError, TypeError, AttributeError):  # Untrusted is a ValueError
        return damaged(problems, path, "an entry of the wrong shape")
    if not output_matches(output, manifest):
        return None
    return with_entries(output, manifest, problems) if entries else manifest


def with_entries(output: Path, manifest: Manifest | None, problems: list[str] | None = None) -> Manifest | None:
    """`manifest` (its head, from load) with its entries read, or None (named in `problems`)
    when they are not of the shape this version writes."""
    if manifest is None or manifest.unread is None:
        return manifest
    try:
        manifest.read_entries(json.loads(manifest.unread))
    except (ValueError, KeyError, TypeError, AttributeError):
        return damaged(problems, cache_dir(output) / "manifest.json", "an entry of the wrong shape")
    manifest.unread = None
    return manifest


def load_noting(output: Path, code: str, entries: bool = True) -> tuple[Manifest | None, list[str]]:
    """load, and the damaged manifest it did not use (if any), for the build's notes."""
    problems: list[str] = []
    return load(output, code, problems, entries), problems


def damaged(problems: list[str] | None, path: Path, why: str) -> None:
    if problems is not None:
        problems.append(f"{path.parent.parent.name}/{path.parent.name}/{path.name} ({why})")
    return None


def output_matches(output: Path, manifest: Manifest) -> bool:
    """The output still holds exactly the files the manifest says it wrote; their inodes noted
    (`manifest.inodes`, those on the output folder's device), so that no later step stats them again."""
    base = str(output) + os.sep
    inodes = manifest.inodes = {}
    try:
        device = os.stat(output).st_dev
        for rel, (size, mtime) in manifest.files.items():
            stat = os.stat(base + rel)
            if stat.st_size != size or stat.st_mtime_ns != mtime:
                return False
            if stat.st_dev == device:
                inodes[rel] = stat.st_ino
    except (OSError, ValueError, TypeError):
        return False
    return True


def save(output: Path, manifest: Manifest) -> None:
    folder = cache_dir(output)
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f"manifest.json.{os.getpid()}"
    # as json.dumps writes the head's and the entries' tables, in bytes (ASCII: JSON's escapes)
    head = b"{" + b",".join(manifest.member(key) for key in HEAD) + b"}"
    entries = b"{" + b",".join(manifest.member(key) for key in ENTRIES) + b"}"
    body = head + b"\n" + entries
    sealed = checksum(body).encode("ascii") + b"\n" + body
    try:
        write_in_turn(folder, sealed)
    except OSError:  # (no hard links there, a slot that is not a file...: a new file, as the first save made)
        temporary.write_bytes(sealed)
        os.replace(temporary, folder / "manifest.json")


def write_in_turn(folder: Path, sealed: bytes) -> None:
    """`sealed` made the manifest: written over the other of two files kept for it (SLOTS), then
    linked in place of the last one, which its own slot keeps. Replacing the last manifest freed
    its blocks, on a disk that discards freed blocks 1.3 ms of a one-page edit at 1,000 pages (after
    the commit, waited for); overwritten, a slot's blocks are used again. The manifest in force
    is never written to: a build killed on the way leaves it whole."""
    live = folder / "manifest.json"
    in_force = inode(live)
    slot = next((path for path in (folder / name for name in SLOTS) if in_force is None or inode(path) != in_force),
                None)
    if slot is None:  # (both slots the manifest in force: linked so by hand)
        raise OSError(f"no manifest slot but the one in force in {folder}")
    with open(slot, "r+b" if slot.exists() else "wb") as handle:
        handle.write(sealed)
        handle.truncate()
    linked = folder / f"manifest.json.{os.getpid()}"
    linked.unlink(missing_ok=True)
    os.link(slot, linked)
    os.replace(linked, live)


def inode(path: Path) -> int | None:
    try:
        return os.stat(path).st_ino
    except FileNotFoundError:
        return None


def encoded(value) -> str:
    """The manifest's JSON of `value`: compact, keys in their order (a game.toml's tables and
    columns keep theirs); check_circular off: plain trees, and the check is a tenth of the time."""
    return json.dumps(value, separators=(",", ":"), check_circular=False)


def prepare(output: Path) -> Path:
    """Make sure the cache folder is a folder this user can write, clearing whatever damage
    stands in the way (a file where the folder goes, a folder where the manifest goes), so
    that saving after the output has changed cannot fail. PermissionError if not writable."""
    folder = cache_dir(output)
    for path in (folder.parent, folder):
        if path.exists() and not path.is_dir():
            path.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / "manifest.json"
    if manifest.is_dir():
        shutil.rmtree(manifest)
    probe = folder / f".probe-{os.getpid()}"
    probe.write_bytes(b"")
    probe.unlink()
    return folder


def forget(output: Path) -> None:
    manifest = cache_dir(output) / "manifest.json"
    if manifest.is_dir():
        shutil.rmtree(manifest)
    else:
        manifest.unlink(missing_ok=True)
