"""When each page's source last changed, for the sitemap's <lastmod>.

A file git knows, unchanged since the last commit, is dated by the last commit that changed it
(its committer date): the same sources and the same git state give the same sitemap on every
machine and checkout, where file times would differ from one clone to the next. A file git does
not know, or one changed since (the author's work in progress), is dated by its own mtime, as is
every file of a site that is not in git. Dates are UTC, to the second (W3C Datetime).

File times are not sources: two copies of the same sources have other ones. Where a build must
give the same bytes from any copy, SOURCE_DATE_EPOCH (the reproducible-builds convention)
clamps them: a file time after it counts as it.
"""
from __future__ import annotations

import datetime
import os
from pathlib import Path

GIT_SECONDS = 30  # the whole log of a site's folder takes milliseconds


def git(root: Path, *args: str) -> bytes | None:
    """git's output in `root`, or None when git is missing, fails or `root` is not in a work tree."""
    if not may_be_in_git(root):
        return None
    import subprocess  # here: a site outside git never needs it

    try:
        done = subprocess.run(["git", "-C", str(root), "-c", "log.showSignature=false", *args],
                              capture_output=True, timeout=GIT_SECONDS, check=False,
                              env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"})  # a build never writes the index
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def may_be_in_git(root: Path) -> bool:
    """Whether git could find a repository for `root`: the environment names one, or `root` or a
    folder above it (as git walks, from its real path) holds a `.git` or is a bare repository.
    Where none does, git is not run: every build asks (git_state, page_dates), and a process
    costs more than a no-op build has to spare."""
    if any(name in os.environ for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR")):
        return True
    folder = os.path.realpath(root)
    while True:
        if os.path.lexists(os.path.join(folder, ".git")) or bare_repository(folder):
            return True
        parent = os.path.dirname(folder)
        if parent == folder:
            return False
        folder = parent


def bare_repository(folder: str) -> bool:
    """A folder git takes for a repository of its own (its HEAD, objects and refs)."""
    return (os.path.isfile(os.path.join(folder, "HEAD")) and os.path.isdir(os.path.join(folder, "objects"))
            and os.path.isdir(os.path.join(folder, "refs")))


def git_state(root: Path) -> str:
    """The commit the site's work tree is at ("" outside git): part of the no-op check, since a
    commit changes the sitemap's dates without changing a source's bytes."""
    head = git(root, "rev-parse", "--verify", "-q", "HEAD")
    return head.decode("ascii", "replace").strip() if head else ""


def w3c(seconds: float) -> str:
    return datetime.datetime.fromtimestamp(int(seconds), datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def committed_dates(root: Path) -> dict[str, int] | None:
    """Path (relative to `root`, "/"-separated) -> the commit time of the last commit that
    changed it, for every file below `root` git has history of; None outside git."""
    log = git(root, "log", "--format=%x01%ct", "--name-only", "-z", "--relative", "--", ".")
    if log is None:
        return None
    dates: dict[str, int] = {}
    when = 0
    for token in log.decode("utf-8", "surrogateescape").split("\0"):
        token = token.lstrip("\n")
        if token.startswith("\x01"):
            when = int(token[1:])
        elif token:
            dates.setdefault(token, when)  # newest first: the first commit seen is the last change
    return dates


def uncommitted(root: Path) -> set[str]:
    """Files below `root` that differ from the last commit or that git does not track."""
    names: set[str] = set()
    for args in (("diff", "--name-only", "-z", "--relative", "HEAD", "--", "."),
                 ("ls-files", "--others", "-z", "--", ".")):
        out = git(root, *args)
        if out:
            names.update(name for name in out.decode("utf-8", "surrogateescape").split("\0") if name)
    return names


def source_dates(root: Path, paths: list[Path]) -> dict[Path, str]:
    """Each of `paths` (files of the site folder `root`) with the W3C date of its last change;
    a path outside `root` or missing is left out."""
    root = Path(root)
    dates = committed_dates(root)
    changed = uncommitted(root) if dates is not None else set()
    clamp = source_date_epoch()
    found: dict[Path, str] = {}
    written: dict[int, str] = {}  # each second's date, written once: a site's files share few seconds
    prefix = str(root) + os.sep
    for path in paths:
        rel = relative(path, root, prefix)
        try:
            stat = os.stat(path)
        except OSError:
            continue
        if rel is None:
            continue
        if dates is not None and rel in dates and rel not in changed:
            found[path] = w3c(dates[rel])
        else:
            second = int(min(stat.st_mtime, clamp) if clamp is not None else stat.st_mtime)
            found[path] = written.get(second) or written.setdefault(second, w3c(second))
    return found


def relative(path: Path, root: Path, prefix: str) -> str | None:
    """`path` relative to `root` ("/"-separated), None outside it: by its text where it starts
    with `prefix` (root's, with a separator), else as Path.relative_to sees it. Every build
    dates every page: Path arithmetic and a datetime a page were 15 ms of a one-page edit."""
    name = str(path)
    if name.startswith(prefix):
        return name[len(prefix):].replace(os.sep, "/")
    try:
        return Path(path).relative_to(root).as_posix()
    except ValueError:
        return None


def source_date_epoch() -> int | None:
    """SOURCE_DATE_EPOCH (seconds), when set to a whole number (reproducible-builds.org)."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return int(value) if value.isdigit() else None


def page_dates(site) -> dict[str, str]:
    """Each page URL of the site with its <lastmod>: a page's Markdown source; an earlier
    release's page (its sources unpacked from git for this build) the release's date; the index,
    the latest of every current page and site.toml."""
    current = [page for game in site.current_games for page in game.pages]
    sources = [site.content / "site.toml", *(page.path for page in current)]
    dated = source_dates(site.root, sources)
    dates: dict[str, str] = {}
    for game in site.games:
        for page in game.pages:
            if page.path in dated:
                dates[page.url] = dated[page.path]
            elif game.release_of and game.release:
                dates[page.url] = f"{game.release.date}"
    if dated:
        dates["index.html"] = max(dated.values())
    return dates
