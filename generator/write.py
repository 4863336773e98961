"""Write the build into a staging folder beside the output, and change the
output only once the whole build has succeeded, in one step: a failed or
killed build never leaves a half-written, mixed or missing `output/`.

The staging folder becomes the complete new output: new files are written
there, and files kept from the previous output are hard-linked in (the same
inode: an open reader keeps its bytes, and nothing is copied). `commit` then
exchanges the two folders atomically (Linux renameat2 RENAME_EXCHANGE) and
removes the old one. Where the exchange is not available it falls back to two
renames recorded in a journal, which the next command (`recover`) completes
before anything else. Leftover staging folders of builds that were killed are
removed by the next build; a lock keeps two builds of one output apart.
"""
from __future__ import annotations

import errno
import fcntl
import functools
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Protocol

from generator.children import hold_in_parent_only, release_descriptor

RENAME_EXCHANGE = 2  # linux/fs.h
AT_FDCWD = -100


@functools.cache
def libc():
    """The C library (its renameat2), on Linux; None elsewhere. Looked up in the process's own
    symbols when a build first commits, as children.py does: ctypes.util.find_library runs
    `ldconfig -p`, a process on every command, no-op builds included."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one atomic step; False where the system cannot (then nothing changed)."""
    if not can_exchange():
        return False
    if libc().renameat2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    import ctypes

    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):  # an old kernel or a filesystem without it
        return False
    raise OSError(code, os.strerror(code), str(b))


class OutputFolder(Protocol):
    """What a stage may do with the build's output, the same for a build (Output) and for
    `rulepress check` (DryOutput, `dry`: it only names files)."""

    dry: bool
    target: Path  # the output folder the build makes (a dry one never touches it)
    files: dict[str, int]  # every file of the new output -> its size

    def write(self, rel: str, data: bytes | str) -> None: ...  # a new file
    def record(self, rel: str, size: int | None = None) -> None: ...  # a file written some other way
    def reuse(self, rel: str, known: list | None = None, inode: int | None = None) -> bool: ...  # keep the previous output's file
    def exists(self, rel: str) -> bool: ...
    def path(self, rel: str) -> Path: ...  # where to write a file oneself (not when dry)


class Output:
    """The staging folder of one build. `write` puts new files there; `reuse`
    keeps a file of the previous output as it is (linked in at commit).

    `previous`, where given, is a folder (on the output's file system) that keeps the
    output a commit replaced. The next commit brings that folder up to date and
    exchanges it with the output, instead of making every folder and link of a
    whole new tree and deleting the old one: a one-page edit of a 1,000-page site
    then touches a few files, not 2,000 links and 300 folders (on this kind of
    disk a folder costs 0.1-0.3 ms to make).

    `spare`, where given, is where such a commit sets the staging folder aside once its files
    are moved out (folders alone), for the next build to stage in: on a disk that discards
    freed blocks a folder costs 2-3 ms to remove, and an edit's staging holds a few dozen."""

    dry = False  # see DryOutput

    def __init__(self, target: Path, previous: Path | None = None, spare: Path | None = None):
        self.target = Path(target)
        self.previous = Path(previous) if previous is not None else None
        self.spare = Path(spare) if spare is not None else None
        recover(self.target)
        remove_stale(self.target)
        self.staging = staging_path(self.target, "building", os.getpid())
        if self.staging.exists():
            shutil.rmtree(self.staging)
        self.recycled = self.spare is not None and take_spare(self.spare, self.staging)  # empty folders in it
        if not self.recycled:
            self.staging.mkdir(parents=True)
        self.files: dict[str, int] = {}  # every file of the new output -> size
        self.reused: dict[str, list] = {}  # those kept from the previous output -> [size, mtime_ns]
        self.inodes: dict[str, int] = {}  # the inodes of kept files, where the build cache knows them (see reuse)
        self.made: set[Path] = {self.staging}  # folders known to exist
        self.ahead: tuple[dict[str, int], int, dict[str, bool]] | None = None  # see look_ahead

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

    def reuse(self, rel: str, known: list | None = None, inode: int | None = None) -> bool:
        """Keep `rel` from the previous output; False if it is not there.
        `known`: its [size, mtime_ns] from the build cache, which has just checked it, and `inode`
        its inode as the cache's check found it (on the output folder's device)."""
        if known is None:
            try:
                known = file_stat(self.target / rel)
            except OSError:
                return False
        self.files[rel] = known[0]
        self.reused[rel] = known
        if inode is not None:
            self.inodes[rel] = inode
        return True

    def record(self, rel: str, size: int | None = None) -> None:
        """Note a file some other writer put at `self.path(rel)` (of `size` bytes, if known)."""
        self.reused.pop(rel, None)
        self.files[rel] = (self.staging / rel).stat().st_size if size is None else size

    def materialize(self, rel: str) -> Path:
        """The path of `rel` in the staging folder, a file kept from the previous output
        linked in now rather than at the commit (for a tool that reads the new output)."""
        known = self.reused.pop(rel, None)
        if known is not None:
            link_or_copy(self.target / rel, self.path(rel))
        return self.staging / rel

    def exists(self, rel: str) -> bool:
        return rel in self.reused or (self.staging / rel).is_file()

    def commit(self) -> None:
        """Make the staging folder the output, in one step. A folder of the output (or of the kept
        previous output) that cannot be changed, as a read-only one, is the site owner's to fix:
        an error naming it, the output as it was (every step before the exchange is undoable)."""
        try:
            self.commit_steps()
        except PermissionError as error:
            from generator.errors import ContentError

            place = Path(error.filename or self.target)
            raise ContentError(place, None, "the build cannot change the output folder: permission denied",
                               expected=f"an output this user may change: make it writable (chmod -R u+w "
                                        f"{place.parent}) and build again",
                               found=f"{place} is read-only") from None

    def commit_steps(self) -> None:
        if self.previous is not None and self.target.is_dir() and self.previous.is_dir() and can_exchange():
            self.commit_into_previous()
            return
        for rel in self.reused:  # the kept files join the new files: the staging folder is the whole output
            destination = self.staging / rel
            if destination.parent not in self.made:
                destination.parent.mkdir(parents=True, exist_ok=True)
                self.made.add(destination.parent)
            link_or_copy(self.target / rel, destination)
        if self.recycled:  # the staging folder becomes the output: none of the last one's empty folders
            remove_empty_folders_below(self.staging)
        if self.target.exists() and exchange(self.staging, self.target):
            self.keep_as_previous(self.staging)  # now the previous output
        else:
            self.swap()

    def commit_into_previous(self) -> None:
        """Make the previous output's folder exactly the new output (new files moved in,
        kept files the output's own inodes, the rest removed), then exchange it with the
        output. A kill on the way leaves the output as it was: only the exchange touches it,
        and the next commit brings the folder up to date again from whatever state it is in.
        Plain strings and os calls: this looks at every file of the output on every build
        (a Path a file cost a one-page edit of a 1,000-page site a fifth of its time)."""
        base, target, staging = str(self.previous), str(self.target), str(self.staging)
        if self.ahead is None:
            self.look_ahead()
        present, device, same = self.ahead
        ready: set[str] = set()  # folders of `base` known to be folders now
        gone = present.keys() - self.files.keys()
        for rel in sorted(gone):  # first, so a file that stood where a folder now goes is out of the way
            os.unlink(f"{base}/{rel}")
            remove_empty_folders(self.previous, rel)
        for rel in self.files:
            destination = f"{base}/{rel}"
            if rel in self.reused:
                if same[rel] if rel in same else same_inode(f"{target}/{rel}", present.get(rel), device):
                    continue
                make_room(base, rel, ready)
                link_or_copy(f"{target}/{rel}", destination)
            else:
                make_room(base, rel, ready)
                os.replace(f"{staging}/{rel}", destination)
        if exchange(self.previous, self.target):
            self.set_aside()  # only the folders its files were moved out of
        else:  # the exchange failed after all: the two journaled renames, with the brought-up folder
            shutil.rmtree(self.staging)
            self.staging = self.previous
            self.swap()

    def look_ahead(self) -> None:
        """Read what the commit will find in the kept previous output (its files' inodes, as its
        folders list them: no stat a file) and which of the files kept so far it holds already
        (the output's own inode): a build reads them while Pagefind works, and the commit then
        only changes what differs. Nothing else changes either folder meanwhile (the build's lock).
        With no earlier output kept yet (the first build after a clean one), the output's files are
        linked into one now: the commit that would link them into the staging folder instead then
        moves in only what changed (a one-page edit's first commit linked 2,000 files, waited for)."""
        exchangeable = can_exchange()  # asked here, beside Pagefind: ctypes's import was 2 ms of the commit
        if self.previous is None or not self.target.is_dir():
            return
        if not os.path.lexists(self.previous) and len(self.reused) * 2 > len(self.files) and exchangeable:
            link_tree(self.target, self.previous)  # (a build that keeps little moves its files in)
        if not self.previous.is_dir():
            return
        present, device = inodes_below(self.previous), os.stat(self.previous).st_dev
        target = str(self.target)
        # a kept file's inode as the build cache found it (on the output's device), else stat it: 2,000 stats
        known = self.inodes if os.stat(self.target).st_dev == device else {}
        self.ahead = present, device, {rel: present.get(rel) == known[rel] if rel in known else
                                       same_inode(f"{target}/{rel}", present.get(rel), device) for rel in self.reused}

    def set_aside(self) -> None:
        """The staging folder, its files moved out, kept as the next build's (`spare`)."""
        if self.spare is not None:
            try:
                os.rename(self.staging, self.spare)
                return
            except OSError:  # a spare folder still there (with something in it): as before
                pass
        shutil.rmtree(self.staging)

    def keep_as_previous(self, folder: Path) -> None:
        """After the exchange the new output stands: an old tree that cannot be removed (a
        read-only folder in it) is left as a stale folder, never a failed build."""
        if self.previous is None:
            shutil.rmtree(folder, ignore_errors=True)
            return
        if self.previous.exists() or self.previous.is_symlink():
            try:
                remove_path(self.previous)
            except OSError:
                return  # `folder` stays, a stale one the next build removes if it can
        try:
            self.previous.parent.mkdir(parents=True, exist_ok=True)
            os.replace(folder, self.previous)
        except OSError:
            pass  # as above: the build has succeeded, only its leftovers could not be tidied

    def swap(self) -> None:
        """Two renames, for systems without an atomic exchange: journaled, so that a kill
        between them is completed by the next command instead of leaving no output."""
        old = staging_path(self.target, "old", os.getpid())
        journal = journal_path(self.target)
        write_journal(journal, {"staging": str(self.staging), "old": str(old)})
        if self.target.exists():
            os.replace(self.target, old)
        os.replace(self.staging, self.target)
        journal.unlink()
        if old.exists():
            shutil.rmtree(old, ignore_errors=True)  # the new output stands; a read-only leftover is stale

    def abort(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)

    def stats(self) -> dict[str, list]:
        """[size, mtime_ns] of every file of the committed output, for the build
        cache: a reused file's as it was (it was linked, not rewritten)."""
        return {rel: self.reused.get(rel) or file_stat(self.target / rel) for rel in self.files}


def can_exchange() -> bool:
    return libc() is not None and hasattr(libc(), "renameat2")


def same_inode(path: str, inode: int | None, device: int) -> bool:
    """Whether `path` is the file of that inode (a folder's listing of `device` gave it; None: no file there)."""
    if inode is None:
        return False
    try:
        stat = os.stat(path)
    except OSError:
        return False
    return (stat.st_ino, stat.st_dev) == (inode, device)


def remove_path(path: str | Path) -> None:
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass


def make_room(base: str, rel: str, ready: set[str]) -> None:
    """Make `base/rel` free to receive a file: its folders made (a file in their way
    removed; those in `ready` are known to be folders), and whatever stands at `rel` removed."""
    parent, folder = base, ""
    for part in rel.split("/")[:-1]:
        parent, folder = f"{parent}/{part}", f"{folder}/{part}"
        if folder in ready:
            continue
        if os.path.islink(parent) or os.path.exists(parent) and not os.path.isdir(parent):
            os.unlink(parent)
        if not os.path.isdir(parent):
            os.mkdir(parent)
        ready.add(folder)
    destination = f"{base}/{rel}"
    if os.path.lexists(destination):
        remove_path(destination)


def take_spare(spare: Path, staging: Path) -> bool:
    """Make the folders a last commit set aside (`spare`) the `staging` folder; any file in them
    (a build killed on the way) removed first. False where there are none to take."""
    try:
        for rel in files_below(spare):
            os.unlink(spare / rel)
        os.rename(spare, staging)
    except OSError:
        return False
    return True


def remove_empty_folders_below(folder: Path) -> None:
    """Every folder below `folder` that holds no file, however deep."""
    for where, folders, files in os.walk(folder, topdown=False):
        if not files and where != str(folder):
            try:
                os.rmdir(where)
            except OSError:  # a folder still in it (one that holds a file)
                pass


def remove_empty_folders(base: Path, rel: str) -> None:
    """The folders of `rel` that its removal left empty."""
    parts = rel.split("/")[:-1]
    while parts:
        try:
            os.rmdir(base.joinpath(*parts))
        except OSError:  # not empty (or already gone)
            return
        parts.pop()


def staging_path(target: Path, kind: str, pid: int) -> Path:
    return target.parent / f".{target.name}.{kind}-{pid}"


def journal_path(target: Path) -> Path:
    return target.parent / f".{target.name}.journal"


def write_journal(path: Path, entry: dict) -> None:
    temporary = path.with_name(path.name + f".{os.getpid()}")
    temporary.write_text(json.dumps(entry), encoding="utf-8")
    os.replace(temporary, path)


def recover(target: Path) -> None:
    """Complete a swap a killed build left half done: the output is never left missing."""
    journal = journal_path(target)
    try:
        entry = json.loads(journal.read_text(encoding="utf-8"))
        staging, old = Path(entry["staging"]), Path(entry["old"])
    except (OSError, ValueError, KeyError, TypeError):
        return
    if staging.is_dir() and not target.exists():
        os.replace(staging, target)  # the kill fell between the two renames: roll forward
    elif staging.is_dir():
        shutil.rmtree(staging)  # killed before the first rename: the old output stands
    if old.exists() and target.exists():
        shutil.rmtree(old, ignore_errors=True)
    journal.unlink(missing_ok=True)


def remove_stale(target: Path) -> None:
    """Staging and old folders, and half-written journals, of builds whose process is gone
    (killed builds leave them)."""
    prefix = f".{target.name}."
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if not name.startswith(prefix):
            continue
        kind, _, pid = name[len(prefix):].replace("journal.", "journal-").rpartition("-")
        if not (pid.isdigit() and int(pid) != os.getpid() and not alive(int(pid))):
            continue
        if kind in ("building", "old") and entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        elif kind == "journal":  # a journal being written when its build was killed: never in force
            os.unlink(entry.path)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


class BuildLock:
    """One build of an output at a time: the second waits, and says why. The lock is an
    flock on a file, which the kernel releases the moment its holder dies (by any signal);
    the build's forked children never hold it (children.hold_in_parent_only), so a killed
    build's lock is free at once for the next."""

    def __init__(self, target: Path, say=None):
        folder = Path(target).parent / ".rulepress-cache"  # beside the build cache, out of the site's way
        if folder.exists() and not folder.is_dir():
            folder.unlink()
        folder.mkdir(exist_ok=True)
        self.path = folder / f"{Path(target).name}.lock"
        self.target = Path(target)
        self.say = say or (lambda message: print(message, file=sys.stderr))
        self.descriptor: int | None = None

    def __enter__(self) -> "BuildLock":
        self.descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        hold_in_parent_only(self.descriptor)
        try:
            fcntl.flock(self.descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(self.descriptor, 64, 0).decode("utf-8", "replace").strip() or "another process"
            self.say(f"Waiting for another build of {self.target} (process {holder}) to finish…")
            fcntl.flock(self.descriptor, fcntl.LOCK_EX)
        os.ftruncate(self.descriptor, 0)
        os.pwrite(self.descriptor, str(os.getpid()).encode(), 0)
        return self

    def __exit__(self, *exc) -> None:
        release_descriptor(self.descriptor)
        fcntl.flock(self.descriptor, fcntl.LOCK_UN)
        os.close(self.descriptor)
        self.descriptor = None


def link_tree(source: Path, destination: Path) -> None:
    """`destination`: a folder of `source`'s folders and of links to its files (made beside it,
    then renamed into place: a kill on the way leaves no half-made one, and the next build
    removes what it left)."""
    partial = destination.with_name(f".{destination.name}.linking")  # one build at a time: the lock
    if os.path.lexists(partial):
        remove_path(partial)
    base, into = str(source), str(partial)
    os.mkdir(into)
    made = {""}
    for rel in files_below(source):
        folder = rel.rpartition("/")[0]
        if folder not in made:
            os.makedirs(f"{into}/{folder}", exist_ok=True)
            made.add(folder)
        link_or_copy(f"{base}/{rel}", f"{into}/{rel}")
    os.rename(into, destination)


def link_or_copy(source: Path, destination: Path) -> None:
    try:
        os.link(source, destination)
    except OSError as error:
        if error.errno not in (errno.EXDEV, errno.EPERM, errno.EMLINK, errno.ENOTSUP):
            raise
        shutil.copy2(source, destination)


def file_stat(path: Path) -> list:
    stat = os.stat(path)
    return [stat.st_size, stat.st_mtime_ns]


def files_below(folder: Path) -> list[str]:
    """Every file (or link) below `folder`, as a path relative to it with / separators."""
    return list(inodes_below(folder))


def inodes_below(folder: Path) -> dict[str, int]:
    """Every file (or link) below `folder` ("/"-separated, relative to it) with its inode as its
    folder lists it (a link's own, as lstat gives it: no system call a file)."""
    found, stack = {}, [("", str(folder))]
    while stack:  # scandir, not os.walk: this runs over the whole output on every build
        prefix, where = stack.pop()
        with os.scandir(where) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    stack.append((f"{prefix}{entry.name}/", entry.path))
                else:
                    found[prefix + entry.name] = entry.inode()
    return found


class DryOutput:
    """An output that writes nothing, for `rulepress check`: the build runs as it does (the
    same stages, pages and links, so the two give the same errors) and every file it would
    write is only named, with its size where it is known. A stage whose files are costly to
    make (a kit's PDFs, a rulebook) skips making them when `dry`, and names them with `record`."""

    dry = True
    staging = None  # no folder: pages are rendered and checked, not written

    def __init__(self, target: Path):
        self.target = Path(target)  # the output a build would make (never touched)
        self.files: dict[str, int] = {}  # every file the build would write -> size (0: not made)

    def write(self, rel: str, data: bytes | str) -> None:
        self.files[rel] = len(data.encode("utf-8") if isinstance(data, str) else data)

    def record(self, rel: str, size: int | None = None) -> None:
        self.files[rel] = size or 0

    def reuse(self, rel: str, known: list | None = None, inode: int | None = None) -> bool:
        return False  # nothing is kept from a previous output: every file is named anew

    def exists(self, rel: str) -> bool:
        return rel in self.files

    def path(self, rel: str) -> Path:
        raise RuntimeError(f"a dry output has no files: name {rel} with record()")

    folder = materialize = path

    def stats(self) -> dict[str, list]:
        return {}

    def commit(self) -> None:
        return None

    def abort(self) -> None:
        return None
