"""Content hashes of what a build depends on, for the build cache.

A key changes whenever anything that could change the bytes it stands for
changes: our own code and the versions of the libraries that shape output
are part of every key, so upgrading either falls back to a fresh render.
"""
from __future__ import annotations

import errno
import hashlib
import os
import re
import sys
import time
from pathlib import Path

GENERATOR = Path(__file__).resolve().parent
# Pillow resamples pictures and writes the PNGs; pypdfium2 rasterises pages; Babel
# formats a translation's catalogues: a new version of any may change the bytes.
SHAPING_LIBRARIES = ("markdown-it-py", "mdit-py-plugins", "rl-accel", "pypdf", "jinja2", "pyyaml", "svgwrite",
                     "reportlab", "pillow", "pypdfium2", "babel")
RACY_NS = 2_000_000_000  # see file_hashes


def digest(*parts: bytes | str) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def files_digest(paths: list[Path] | list[str], base: Path) -> str:
    # plain strings and os calls: this runs on every build, over every source file
    h = hashlib.sha256()
    prefix = len(str(base)) + 1
    for path in sorted(str(p) for p in paths):
        h.update(path[prefix:].encode() + b"\0")
        with open(path, "rb") as handle:
            h.update(handle.read())
        h.update(b"\0")
    return h.hexdigest()


def file_hashes(paths: list[str], known: dict[str, list], read: dict[str, bytes] | None = None) -> dict[str, list]:
    """{path: [sha256, size, mtime_ns, ctime_ns, inode]} for each file.

    A file whose size, times and inode are those `known` from the last build
    keeps its hash there, unread: a rebuild reads the files that changed, not
    every source. Any write to a file or rename onto it gives it a new ctime,
    which no tool can set back (where ctime is the change time, as on Linux and
    macOS). A file looked at within RACY_NS of its last change might change
    again within the same timestamp tick, unseen: it is recorded by its hash
    alone, and read again next time. The bytes of files read go into `read`
    (when given), so loading need not read them a second time."""
    now = time.time_ns()
    table = {}
    for path in paths:
        stat = os.stat(path)  # before reading: a change while we read shows next time
        signature = [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]
        old = known.get(path)
        if old is not None and old[1:] == signature:
            table[path] = old
            continue
        with open(path, "rb") as handle:
            data = handle.read()
        sha = hashlib.sha256(data).hexdigest()
        if read is not None:
            read[path] = data
        changed = max(stat.st_mtime_ns, stat.st_ctime_ns)
        table[path] = [sha, *signature] if now - changed > RACY_NS else [sha]
    return table


def tree_files(folder: Path) -> list[Path]:
    """Every file below `folder`, skipping hidden names and __pycache__."""
    return [Path(p) for p in tree_file_names(folder)]


def tree_file_names(folder: Path, inside: Path | None = None) -> list[str]:
    """`tree_files` as plain strings, for callers that only hash or stat them:
    a Path per file costs more than the hashing on the no-op path.

    With `inside` (the site folder: the walk of an author's files), every symbolic link met,
    `folder` itself included, must lead inside it, and a link to a folder that holds it (a
    loop) is refused: the author's errors, raised before a file under the link is read."""
    found: list[str] = []
    site = os.path.realpath(inside) if inside is not None else None
    if site is not None and os.path.islink(folder):
        _check_link(str(folder), site, ())
    # each folder with the real paths of the folders it is in (kept only where links are checked)
    stack: list[tuple[str, tuple[str, ...]]] = [(str(folder), (site, os.path.realpath(folder)) if site else ())]
    while stack:
        path, chain = stack.pop()
        try:
            entries = os.scandir(path)
        except (FileNotFoundError, NotADirectoryError):
            continue
        with entries:
            for entry in entries:
                if entry.name.startswith(".") or entry.name == "__pycache__":
                    continue
                if not entry.name.isprintable() or _undecodable(entry.name):
                    raise _bad_name(entry.path)
                real = _check_link(entry.path, site, chain) if site and entry.is_symlink() else ""
                if entry.is_dir():
                    stack.append((entry.path, chain + (real or chain[-1] + os.sep + entry.name,) if site else ()))
                elif entry.is_file():
                    found.append(entry.path)
    return found


def _check_link(path: str, site: str, chain: tuple[str, ...]) -> str:
    """The real path of the link `path`, which must lead inside `site` and not to a folder in
    `chain` (the real folders it is in: following it would never end). A dangling link is left
    alone: it has nothing to read, and a page or file the site needs is missing where named."""
    from generator.content.files import check_inside
    from generator.errors import ContentError

    try:
        os.stat(path)
    except OSError as error:
        if error.errno != errno.ELOOP:
            return ""
        chain = ()  # a link to itself, or links that lead round to each other
    else:
        real = os.path.realpath(path)
        if real not in chain:
            return check_inside(Path(path), Path(site))  # the site folder itself is in every chain
    raise ContentError(path, None, "symbolic link loop: following the link leads back to where it is",
                       expected="a link to a file, or to a folder that does not hold the link; or no link",
                       found=f"{os.path.basename(path)} -> {os.readlink(path)}")


def _undecodable(name: str) -> bool:
    """A name whose bytes are not UTF-8 (Python keeps them as surrogates): no output can name it."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _bad_name(path: str):
    from generator.errors import ContentError

    shown = os.fsencode(path).decode("utf-8", "backslashreplace")
    return ContentError(shown, None, "the file name is not UTF-8 text (or holds a control character)",
                        expected="a file name in UTF-8, without control characters: rename the file",
                        found=os.path.basename(shown))


def project_name(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()  # PEP 503, with the underscores of dist-info names


def library_versions() -> str:
    """The installed distributions of the shaping libraries, named by their
    metadata folders (`markdown_it_py-4.3.0.dist-info`: name and version).
    A directory listing instead of importlib.metadata, whose imports alone
    cost a fifth of a no-op build."""
    wanted = {project_name(name) for name in SHAPING_LIBRARIES}
    found = []
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:  # zip files, path hooks, missing folders
            continue
        found += [name for name in names if name.endswith((".dist-info", ".egg-info"))
                  and project_name(name.split("-")[0].removesuffix(".egg-info")) in wanted]
    return ";".join(sorted(found))


def code_digest() -> str:
    """Our code (every module, any stage) and the libraries' versions. Kept in the user cache under
    the stat of every module (size, times and inode, as file_hashes trusts a source's), so that a
    command reads them only after a change: hashing 230 modules was 3-4 ms of every build."""
    code = sorted(p for p in tree_file_names(GENERATOR) if p.endswith(".py"))
    versions = (library_versions(), sys.version.split()[0])
    signature, settled = code_signature(code, versions)
    cached = CodeDigests.read()
    if cached.get(signature):
        return cached[signature]
    found = digest(files_digest(code, GENERATOR), *versions)
    if settled:  # (a module changed within RACY_NS might change again unseen: hashed again next time)
        CodeDigests.write(signature, found)
    return found


def signature(paths) -> tuple:
    """Each path with its stats (a missing one as None), in order: what a kept answer made from
    files stands on (`serve` reads and follows again only what a save changed). A file changed
    within RACY_NS of being looked at could change again within the same timestamp tick, unseen
    (file_hashes's rule): its signature then matches no other, and the answer is made again."""
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


def code_signature(code: list[str], versions: tuple[str, ...]) -> tuple[str, bool]:
    """The stat of every module in `code` (with `versions`: the libraries' and Python's), as one
    digest; and whether every module last changed more than RACY_NS ago."""
    now, settled = time.time_ns(), True
    h = hashlib.sha256()
    for path in code:
        stat = os.stat(path)
        h.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\0{stat.st_ctime_ns}\0{stat.st_ino}\n".encode())
        settled = settled and now - max(stat.st_mtime_ns, stat.st_ctime_ns) > RACY_NS
    return digest(h.hexdigest(), *versions), settled


class CodeDigests:
    """The user cache's code digest of this copy of Rulepress (one file per copy: a user's
    worktrees each keep theirs): "<signature> <digest>"."""

    @staticmethod
    def path() -> str | None:
        from generator.usercache import user_cache

        folder = user_cache("code")
        name = hashlib.sha256(str(GENERATOR).encode("utf-8")).hexdigest()[:16]
        return None if folder is None else os.path.join(folder, name)

    @classmethod
    def read(cls) -> dict[str, str]:
        path = cls.path()
        try:
            with open(path, encoding="utf-8") as handle:
                signature, _, found = handle.read().partition(" ")
        except (OSError, TypeError, ValueError):  # (TypeError: no user cache)
            return {}
        return {signature: found} if len(found) == 64 else {}

    @classmethod
    def write(cls, signature: str, found: str) -> None:
        path = cls.path()
        if path is None:
            return
        temporary = f"{path}.{os.getpid()}"
        try:
            with open(temporary, "w", encoding="utf-8") as handle:
                handle.write(f"{signature} {found}")
            os.replace(temporary, path)
        except OSError:
            pass  # (the next command hashes the modules again)
