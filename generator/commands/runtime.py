"""Install the Python runtime the site serves for "Try it" and Play (Pyodide, from npm),
pinned to the version this Rulepress supports, into the site's own node_modules/."""
from __future__ import annotations

from pathlib import Path

from generator.errors import ContentError, ContentErrors
from generator.suggest import command

NAME = "runtime"
HELP = "install the Python runtime that interactive examples run in (needs Node.js and npm)"


def add_arguments(parser) -> None:
    parser.add_argument("site", nargs="?", default=".", type=Path, help="the site folder (default: here)")


def run(args) -> int:
    import shutil
    import subprocess  # here, not above: every command's parser imports this module

    from generator.interactive.runtime import PYODIDE_VERSION, RuntimeMissing, find_pyodide, pyodide_version

    site = args.site.resolve()
    if not (site / "content").is_dir():
        raise ContentErrors([ContentError(site, None, "not a site folder", expected="a folder holding content/",
                                          found=str(site))])
    try:
        have = find_pyodide(site)
        if pyodide_version(have) == PYODIDE_VERSION:
            print(f"The runtime is installed: Pyodide {PYODIDE_VERSION} in {have}")
            return 0
    except RuntimeMissing:
        pass
    npm = shutil.which("npm")
    if npm is None:
        raise ContentErrors([ContentError(site, None, "npm is not installed",
                                          expected="Node.js and npm (https://nodejs.org, or your system's "
                                                   "package manager: apt-get install npm)", found="no npm on PATH")])
    print(f"Installing Pyodide {PYODIDE_VERSION} into {site / 'node_modules'} ...", flush=True)
    done = subprocess.run([npm, "install", "--prefix", str(site), "--save-exact", "--no-audit", "--no-fund",
                           "--loglevel=error", f"pyodide@{PYODIDE_VERSION}"])
    if done.returncode != 0:
        raise ContentErrors([ContentError(site, None, "npm could not install the runtime",
                                          expected=f"pyodide@{PYODIDE_VERSION} from the npm registry",
                                          found=f"npm exit status {done.returncode}")])
    print(f"Done: build again (`{command('build', site)}`) and 'Try it' and Play will run.")
    return 0
