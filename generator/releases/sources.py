"""An earlier release's sources: the game's folder as it was at that release, unpacked into a
scratch folder outside the site (never into its tree).

Read from the site's git history at the release's `ref` (a tag or commit; when empty, the tag
"<game>-<version>") with `git archive`, or, where the site is not a git repository or the ref
is not in it, from the archived copy `<site>/releases/<game>/<version>/`. Nothing outside the
site folder is read except through git.
"""
from __future__ import annotations

import atexit
import io
import os
import shutil
import stat
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from generator.content.files import check_inside
from generator.content.releases import Release
from generator.errors import ContentError

ARCHIVE = "releases"  # <site>/releases/<game>/<version>/: a copy of content/<game>/ at that release
SCRATCH_PREFIX = "rulepress-releases-"  # the scratch folder's name starts so
GIT_SECONDS = 60  # a `git archive` of one game folder takes well under a second


@dataclass(frozen=True)
class Missing:
    """Why a release's sources could not be found: what was looked for, for the author's message."""

    looked_for: str


def default_ref(slug: str, release: Release) -> str:
    return release.ref or f"{slug}-{release.version}"


def archive_folder(root: Path, slug: str, version: str) -> Path:
    return root / ARCHIVE / slug / version


class Scratch:
    """Scratch folders of one build's earlier releases, removed when the build is done
    (build.remove_release_sources) or, at the latest, when the next one starts."""

    _live: list[str] = []

    def __init__(self):
        for folder in Scratch._live:
            shutil.rmtree(folder, ignore_errors=True)
        Scratch._live.clear()
        self.folder = Path(tempfile.mkdtemp(prefix=SCRATCH_PREFIX))
        Scratch._live.append(str(self.folder))

    def place(self, *parts: str) -> Path:
        """A new, empty folder below the scratch folder."""
        path = self.folder.joinpath(*parts)
        path.mkdir(parents=True)
        return path


def remove_scratch(pid: int = os.getpid()) -> None:
    """Remove the scratch folders (the build calls it when done). A forked page worker inherits
    the list but must not remove them."""
    if os.getpid() == pid:
        for folder in Scratch._live:
            shutil.rmtree(folder, ignore_errors=True)
        Scratch._live.clear()


atexit.register(remove_scratch)  # for a build run from Python, not the command line


def unpack_release(root: Path, slug: str, release: Release, into: Path) -> str | Missing:
    """The game folder `slug` at `release`, unpacked into the empty folder `into`: where it came
    from, as messages name its files ("splut-1.0:content/splut", or the archived folder), or what
    was looked for in vain (Missing)."""
    ref = default_ref(slug, release)
    work_tree = git_work_tree(root)
    # a ref read as an option ("--output=...") is no ref: git is never handed one
    if work_tree is not None and not ref.startswith("-") and \
            git_unpack(work_tree[0], f"{ref}:{work_tree[1]}content/{slug}", into):
        return f"{ref}:{work_tree[1]}content/{slug}"
    archived = archive_folder(root, slug, release.version)
    if archived.is_dir():
        check_inside(archived, root)  # a link there must not lead out of the site
        copy_inside(archived, into, root)
        return str(archived)
    where = (f"the git ref '{ref}' (with content/{slug}/ in it)" if work_tree is not None
             else "git history (the site is not a git repository)")
    return Missing(f"{where}, or the archived sources {ARCHIVE}/{slug}/{release.version}/ in the site folder")


def git_work_tree(root: Path) -> tuple[Path, str] | None:
    """The top of the site's git work tree and the site folder's path inside it ("" at the top,
    "sites/a/" below it), or None when the site is not in a git repository (or git is missing)."""
    found = run_git(root, "rev-parse", "--show-toplevel", "--show-prefix")
    if found is None:
        return None
    top, _, prefix = found.decode("utf-8", "replace").partition("\n")
    return Path(top), prefix.strip()


def run_git(root: Path, *args: str) -> bytes | None:
    """git's output, or None when it fails (git's own checks stand: a repository of another
    user is not read, as git refuses it)."""
    try:
        done = subprocess.run(["git", "-C", str(root), *args],
                              capture_output=True, timeout=GIT_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def git_unpack(root: Path, tree: str, into: Path) -> bool:
    """Unpack the tree `<ref>:<path>` into `into`; False when there is no such tree."""
    data = run_git(root, "archive", "--format=tar", tree)
    if data is None:
        return False
    try:
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            archive.extractall(into, filter="data")  # refuses links and paths that lead out of `into`
    except tarfile.TarError:  # such a link: the release is not read from git
        shutil.rmtree(into, ignore_errors=True)
        into.mkdir()
        return False
    return True


def copy_inside(source: Path, into: Path, root: Path) -> None:
    """Copy the archived folder, refusing any link that leads out of the site."""
    for folder, folders, files in os.walk(source):
        folders[:] = [name for name in folders if name != "__pycache__"]
        target = into / os.path.relpath(folder, source)
        target.mkdir(parents=True, exist_ok=True)
        for name in files:
            path = Path(folder) / name
            inside = check_inside(path, root)
            if not os.path.isfile(inside):  # a named pipe would hang the copy, a device fill the disk
                raise ContentError(path, None, "an archived release holds something that is not a plain file",
                                   expected="plain files and folders (a copy of the game folder at that release)",
                                   found=special_kind(inside))
            shutil.copyfile(inside, target / name)


def special_kind(path: str) -> str:
    mode = os.stat(path).st_mode
    return ("a named pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a plain file")
