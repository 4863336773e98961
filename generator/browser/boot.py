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


def start(root: str):
    """The session server for the games unpacked under `root`/games."""
    defer("urllib.request")
    from generator.browser.session import SessionServer

    return SessionServer(root + "/games")
