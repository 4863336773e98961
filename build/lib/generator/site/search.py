"""Site search: a Pagefind index of the games' pages, made at build time.

Pagefind (the `pagefind` package's binary) reads each finished page, keeps what
the theme marks `data-pagefind-body` (the article: not menus, not diagrams) and
writes a static index to `pagefind/` with its own search UI. The site serves it
itself: nothing is fetched from elsewhere, and it runs under the pages'
Content-Security-Policy ('wasm-unsafe-eval' is already there for Pyodide).

The binary is run on a folder of the pages rather than through the package's
async service, which polls its pipe and costs 0.4 s even for one page.
"""
from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

FOLDER = "pagefind"
# Pagefind's other UIs (web components, modular) and its highlighter: the theme uses the default UI
UNUSED = ("pagefind-component-ui.css", "pagefind-component-ui.js", "pagefind-modular-ui.css",
          "pagefind-modular-ui.js", "pagefind-highlight.js")
NOT_TEXT = ("svg", "[hidden]")  # diagrams' labels and hidden helpers are not words of the rules


class SearchIndexFailed(RuntimeError):
    """Pagefind could not index the pages (its own message says why)."""


def write_index(pages: dict[str, bytes], folder: Path, language: str) -> None:
    """Index `pages` (url -> its HTML) into `folder`, which must not exist yet."""
    from pagefind_bin import get_executable

    with tempfile.TemporaryDirectory(prefix="rulepress-search-") as site:
        for url, html in pages.items():
            path = Path(site, url)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(html)
        command = [str(get_executable()), "--site", site, "--output-path", str(folder), "--silent",
                   "--keep-index-url", "--force-language", language.split("-")[0].lower()]
        for selector in NOT_TEXT:
            command += ["--exclude-selectors", selector]
        done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SearchIndexFailed(f"Pagefind failed ({done.returncode}): {(done.stderr or done.stdout).strip()}")
    for name in UNUSED:
        (folder / name).unlink(missing_ok=True)
