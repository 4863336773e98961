"""What the browser tests share: Debian's Chromium, a built site served on
127.0.0.1, a record of every request and console error, and axe-core.

Chromium is launched by path (never `playwright install`, which downloads
browsers and cannot work here). scripts/test installs it with apt and the
npm packages (Pyodide, axe-core) with `npm ci`.
"""
from __future__ import annotations

import functools
import http.server
import shutil
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_URL = "/__tests__/axe.min.js"  # served by the test server, so the page's CSP ('self') allows it
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu",
    # keep Chromium from phoning home: every request must stay on 127.0.0.1
    "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
    "--disable-sync", "--no-first-run", "--metrics-recording-only", "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
]
PYODIDE_TIMEOUT_MS = 180_000  # a cold Pyodide start takes 3 s on a quiet machine, far more on a busy one


def chromium_path() -> str | None:
    found = shutil.which("chromium") or "/usr/bin/chromium"
    return found if Path(found).exists() else None


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}

    def translate_path(self, path):
        if urlsplit(path).path == AXE_URL:
            return str(AXE)
        return super().translate_path(path)

    def log_message(self, format, *args):  # keep test output quiet
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A request Chromium dropped (a page closed or navigated while its files came) is no
        failure of the site: say nothing. Anything else still prints its traceback."""
        import sys

        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@dataclass
class Server:
    """A built site served on 127.0.0.1 at a free port, in a background thread."""

    folder: Path
    httpd: http.server.ThreadingHTTPServer = field(init=False)

    def __post_init__(self):
        handler = functools.partial(_Handler, directory=str(self.folder))
        self.httpd = _QuietServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_port}/"

    def url(self, path: str) -> str:
        return self.base + path.lstrip("/")

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# Run before a page's scripts: the connection asks to save data, so nothing loads Python ahead
# of a click (the reader's choice, and the old behaviour the stepping tests rely on)
SAVE_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true}})"


@dataclass
class Watch:
    """Everything a page asked for and every error it logged (its workers included)."""

    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def attach(self, page) -> "Watch":
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda message: self._console(message))
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("worker", lambda worker: worker.on("console", self._console) if hasattr(worker, "on") else None)
        return self

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def runtime_requests(self) -> list[str]:
        """Requests for Pyodide or a game bundle."""
        return [url for url in self.requests if "/_pyodide/" in url or "/_play/" in url or "pyodide" in url]

    def off_site(self, base: str) -> list[str]:
        """Requests that left the test server (data: and blob: URLs never leave the page)."""
        return [url for url in self.requests if not url.startswith(base) and not url.startswith(("data:", "blob:"))]


def launch(playwright):
    path = chromium_path()
    if path is None:
        raise RuntimeError("Chromium is not installed: run scripts/test (it installs Debian's chromium)")
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)


def axe_violations(page, impacts=("moderate", "serious", "critical")) -> list[dict]:
    """Run axe-core on the page; the violations of the given impacts, summarised."""
    if not AXE.is_file():
        raise RuntimeError("axe-core is not installed: run scripts/setup (npm ci)")
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(url=AXE_URL)
    results = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")
    return [v for v in results if v["impact"] in impacts]


def button(page, scope: str, name: str):
    """The button named exactly `name` inside `scope` (a CSS selector): what a reader sees."""
    return page.locator(scope).first.get_by_role("button", name=name, exact=True)
