"""The engine runtime: standard library only, so it runs under Pyodide unchanged."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def load_engine(path: str | Path):
    """Import a game's engine.py from its folder and return its `ENGINE` object.

    The module is registered as `rulepress_engine_<slug>` so two games'
    engines never clash, and so the same file works in the browser bundle.
    """
    path = Path(path)
    if path.is_dir():
        path = path / "engine.py"
    slug = path.parent.name.replace("-", "_")
    name = f"rulepress_engine_{slug}"
    if name in sys.modules and getattr(sys.modules[name], "__file__", None) == str(path):
        return sys.modules[name].ENGINE
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module.ENGINE
