"""Start the page's session server inside Pyodide (the worker calls `start`).

Importing svgwrite imports `urllib.request` (for web fonts, which diagrams never
embed), and with it http.client and the email package: 0.3 s of a first "Try it"
in Pyodide. Until something really uses it, a placeholder stands in for it.
"""
from __future__ import annotations

import sys
import types


class _DeferredModule(types.ModuleType):
    """Stands in for a module until an attribute of it is really used."""

    def __getattr__(self, name: str):
        if name.startswith("__"):  # the import system asking what kind of module this is
            raise AttributeError(name)
        if name == "urlopen":  # what svgwrite imports: resolved when called
            return lambda *args, **kwargs: self._real().urlopen(*args, **kwargs)
        return getattr(self._real(), name)

    def _real(self):
        import importlib

        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return importlib.import_module(self.__name__)


def defer(name: str) -> None:
    if name not in sys.modules:
        sys.modules[name] = _DeferredModule(name)


class StdlibOnDemand:
    """Last on sys.meta_path in Python restored from the build's memory snapshot
    (generator/interactive/snapshot.py), whose stdlib zip is empty: the first import of a
    stdlib module the snapshot does not hold fetches the whole stdlib, once, and imports
    it from there. The runtime is in the snapshot whole, with every stdlib module it imports."""

    def __init__(self, names: frozenset[str], archive: str):
        self.names = names  # the stdlib's top-level modules and packages
        self.archive = archive  # where Python finds the stdlib zip
        self.url = ""  # where the worker says the whole stdlib is served
        self.fetch = None  # and how to fetch it: url -> bytes-like (the worker's synchronous request)
        self.fetched = False

    def find_spec(self, name: str, path=None, target=None):
        if self.fetched or self.fetch is None or name.partition(".")[0] not in self.names:
            return None  # not a stdlib module (a missing optional one stays missing)
        self.fetched = True  # the imports below must not fetch it again
        try:
            data = self.fetch(self.url)
            data = data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)  # a JavaScript Uint8Array
        except Exception as error:
            self.fetched = False  # a later import tries again
            raise ImportError(f"cannot load the Python standard library for {name}: {error}") from None
        with open(self.archive, "wb") as archive:
            archive.write(data)
        import zipimport
        from importlib.machinery import PathFinder

        zipimport._zip_directory_cache.pop(self.archive, None)  # read its listing afresh
        sys.path_importer_cache.pop(self.archive, None)
        return PathFinder.find_spec(name, path, target)


def fetch_stdlib_from(url: str, fetch) -> None:
    """Where and how the snapshot's StdlibOnDemand gets the whole stdlib (the worker says, after
    restoring: `fetch(url)` returns its bytes)."""
    for finder in sys.meta_path:
        if isinstance(finder, StdlibOnDemand):
            finder.url, finder.fetch = url, fetch


def start(root: str):
    """The session server for the games unpacked under `root`/games."""
    defer("urllib.request")
    from generator.browser.session import SessionServer

    return SessionServer(root + "/games")
