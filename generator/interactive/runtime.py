"""Pyodide for the site: copied from the pinned npm package into the output
(`_pyodide/<version>/`), never fetched from a CDN unless the site says so
(`pyodide_url` in site.toml)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
PYODIDE_VERSION = "314.0.7"  # what `rulepress runtime` installs: the version play-worker.js is tested with
# What loadPyodide fetches for a pure-Python bundle (verified for 314.0.7).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


class RuntimeMissing(RuntimeError):
    """The pyodide npm package is not installed where the build looks for it."""


def find_pyodide(site_root: Path) -> Path:
    """The installed npm `pyodide` package: the site's own node_modules, else Rulepress's."""
    for base in (Path(site_root), REPO_ROOT):
        folder = base / "node_modules" / "pyodide"
        if all((folder / name).is_file() for name in RUNTIME_FILES):
            return folder
    from generator.suggest import command

    raise RuntimeMissing(
        f"the Pyodide runtime is not installed (node_modules/pyodide): run `{command('runtime', site_root)}` "
        "(or scripts/setup in Rulepress's own repository), or set pyodide_url in content/site.toml")


def pyodide_version(folder: Path) -> str:
    return str(json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"])


def runtime_location(site) -> str:
    """Where pages find Pyodide: the site's `pyodide_url`, or `_pyodide/<version>/` in the output."""
    if site.pyodide_url:
        return site.pyodide_url.rstrip("/") + "/"
    return f"_pyodide/{pyodide_version(find_pyodide(site.root))}/"


def copy_runtime(site, output) -> None:
    """Copy Pyodide into the output (unless the site serves it from elsewhere).
    A previous build's copy of the same version is reused as a hard link."""
    if site.pyodide_url:
        return
    folder = find_pyodide(site.root)
    target = runtime_location(site)
    for name in RUNTIME_FILES:
        source, rel = folder / name, target + name
        if output.dry:  # `check`: named, not copied
            output.record(rel, source.stat().st_size)
            continue
        previous = output.target / rel
        if previous.is_file() and previous.stat().st_size == source.stat().st_size and output.reuse(rel):
            continue
        shutil.copyfile(source, output.path(rel))
        output.record(rel)
