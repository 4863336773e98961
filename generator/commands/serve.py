"""Serve the built site on 127.0.0.1, rebuild when sources change and reload the open page.

Pages first: a save rebuilds the pages (with the kits', rulebooks' and search index's
last files) and reloads the open page at once; the full build then follows in a
background process, and the open pages show "PDFs updating…", then "PDFs up to date"
(or what went wrong, with file and line). The next save stops a background build that
is still running: its work would be out of date.

The server never dies of a bad rebuild: whatever goes wrong (a content error, a file
that is not UTF-8, a template override that does not parse) is printed, shown in every
open page as an overlay naming the file and line, and the last good output stays
served until the next save fixes it. The live-reload script is added to pages as they
are served, never written into them: `output/` is the same as `rulepress build` makes.
"""
from __future__ import annotations

import errno
import io
import json
import threading
import time
import urllib.parse
from pathlib import Path

from generator.commands import site_argument
from generator.suggest import command

NAME = "serve"
HELP = "serve the site locally and rebuild on change"
HOST = "127.0.0.1"  # never another interface: this is a development server
RELOAD_PATH = "/__rulepress/reload"
RELOAD_SCRIPT = "/__rulepress/reload.js"
RELOAD_TAG = b'<script src="%s" defer></script>' % RELOAD_SCRIPT.encode()
RELOAD_JS = b"""(function () {
  // the page this is, as the output names it: the server makes it first after a save, and
  // a reload that names the pages it changed reloads only those
  var page = decodeURIComponent(location.pathname).replace(/^\\/+/, "");
  if (page === "" || page.slice(-1) === "/") { page += "index.html"; }
  var source = new EventSource("%s?page=" + encodeURIComponent(page));
  source.addEventListener("reload", function (event) {
    var data = JSON.parse(event.data);
    if (!data.pages || data.pages.indexOf(page) >= 0) { location.reload(); } else if (data.text) { show(data.text); }
  });
  source.addEventListener("status", function (event) { show(JSON.parse(event.data).text); });
  function show(text) {
    var chip = document.getElementById("rulepress-status");
    if (!chip) {
      chip = document.createElement("div");
      chip.id = "rulepress-status";
      chip.setAttribute("role", "status");
      var s = chip.style;
      s.position = "fixed"; s.right = "1rem"; s.bottom = "1rem"; s.zIndex = "2147483646";
      s.padding = "0.4rem 0.8rem"; s.borderRadius = "1rem"; s.font = "14px/1.4 system-ui, sans-serif";
      s.background = "#1d2330"; s.color = "#ffffff"; s.boxShadow = "0 2px 8px rgba(0, 0, 0, 0.3)";
      document.body.appendChild(chip);
    }
    chip.textContent = text;
  }
  source.addEventListener("problem", function (event) {
    var old = document.getElementById("rulepress-problem");
    if (old) { old.remove(); }
    var data = JSON.parse(event.data);
    var box = document.createElement("div");
    box.id = "rulepress-problem";
    box.setAttribute("role", "alert");
    var s = box.style;
    s.position = "fixed"; s.inset = "0"; s.zIndex = "2147483647"; s.overflow = "auto"; s.padding = "2rem";
    s.background = "rgba(20, 20, 24, 0.94)"; s.color = "#ffd7d7"; s.font = "14px/1.5 monospace";
    var title = document.createElement("strong");
    title.textContent = data.title;
    var text = document.createElement("pre");
    text.style.whiteSpace = "pre-wrap";
    text.textContent = data.text;
    box.appendChild(title); box.appendChild(text);
    document.body.appendChild(box);
  });
})();
""" % RELOAD_PATH.encode()


def add_arguments(parser) -> None:
    site_argument(parser)
    parser.add_argument("-p", "--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000; 0 picks a free one)")
    parser.add_argument("-o", "--output", type=Path, help="output folder (default: SITE/output)")


NO_SUCH_FILE = (errno.ENOENT, errno.ENOTDIR, errno.ENAMETOOLONG, errno.ELOOP, errno.EISDIR)
PAGES_FAILED = "The last rebuild failed: this page is the last good build. Fix the file and save."
PDFS_FAILED = ("The pages are up to date, but the PDFs and the search index could not be made: "
               "the last good ones are still served. Fix the file and save.")
PDFS_UPDATING = "PDFs updating…"
PDFS_DONE = "PDFs up to date"


class Reloader:
    """Tells every open page to reload after a successful rebuild, or what is wrong after a
    failed one, and how the background build stands (server-sent events)."""

    def __init__(self):
        self.generation = 0
        self.problem: str | None = None  # the last rebuild's failure, until one succeeds
        self.title = PAGES_FAILED  # what failed: the pages, or the background build
        self.status: str | None = None  # the background build's state, for the open pages
        self.event = "reload"  # what the last change of generation was
        self.pages: list[str] | None = None  # what the last reload changed (None: any page may have)
        self.changed = threading.Condition()
        self.open: dict[str, int] = {}  # the pages the browsers show (output path -> how many)

    def bump(self, status: str | None = None, pages: list[str] | None = None) -> None:
        """The pages changed (`pages`, the output's paths; None: any): reload them, and show
        `status`. After a failure every page reloads: each shows its overlay."""
        self.tell("reload", None, PAGES_FAILED, status, None if self.problem else pages)

    def fail(self, text: str, title: str = PAGES_FAILED) -> None:
        self.tell("problem", text, title, None)

    def show(self, status: str) -> None:
        """Only the background build's state changed: the open pages keep their place."""
        self.tell("status", None, PAGES_FAILED, status)

    def tell(self, event: str, problem: str | None, title: str, status: str | None,
             pages: list[str] | None = None) -> None:
        with self.changed:
            self.generation += 1
            self.event, self.problem, self.title, self.status, self.pages = event, problem, title, status, pages
            self.changed.notify_all()

    def opened(self, page: str) -> None:
        with self.changed:
            self.open[page] = self.open.get(page, 0) + 1

    def closed(self, page: str) -> None:
        with self.changed:
            self.open[page] -= 1
            if not self.open[page]:
                del self.open[page]

    def open_pages(self) -> frozenset[str]:
        with self.changed:
            return frozenset(self.open)

    def wait(self, seen: int, timeout: float = 15.0) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.generation != seen, timeout=timeout)
            return self.generation


# A connection is a thread: one that holds it without asking for anything must let it go, as a
# production server's do (an attack held 1,000 idle connections open, each a thread for good)
IDLE_TIMEOUT = 15.0  # seconds a request (its line and headers) may take to arrive, from the
# connection's opening or its last answer; also how long one write may wait on a reader that reads nothing
MAX_CONNECTIONS = 256  # at once (each open page holds one for its reloads); past it, a 503 at once
BUSY = (b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 1\r\n"
        b"Connection: close\r\n\r\nThe development server has too many connections open; try again.\n")


class RequestReader(io.RawIOBase):
    """A connection's incoming bytes, read against a deadline for the whole request: a socket's
    own timeout is per read, so a client sending a byte at a time just inside it would hold the
    connection for ever. A read past the deadline raises TimeoutError, which http.server takes
    as "Request timed out" and closes the connection on."""

    def __init__(self, connection, timeout: float):
        self.connection, self.timeout = connection, timeout
        self.deadline = time.monotonic() + timeout

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not arrive in time")
        self.connection.settimeout(left)
        try:
            return self.connection.recv_into(buffer)
        finally:
            self.connection.settimeout(self.timeout)  # the answer's writes have their own


# long: one request handler class, closed over this output and reloader
def make_handler(output: Path, reloader: Reloader, timeout: float = IDLE_TIMEOUT):
    import http.server

    from generator.policy import CSP

    seconds = timeout

    class Handler(http.server.SimpleHTTPRequestHandler):
        default_request_version = "HTTP/1.0"  # a request line that is not HTTP still gets a status line
        timeout = seconds  # StreamRequestHandler.setup sets it on the connection: every write's bound

        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(output), **kwargs)

        def setup(self):
            super().setup()
            self.rfile.close()  # the socket's own reader, which would keep the socket open after close
            self.rfile = io.BufferedReader(RequestReader(self.connection, seconds))

        def handle_one_request(self):
            self.rfile.raw.deadline = time.monotonic() + seconds  # each request of a kept-alive connection
            super().handle_one_request()

        def log_message(self, format, *args):  # quiet: the terminal shows builds, not requests
            pass

        def end_headers(self):
            self.send_header("Content-Security-Policy", CSP)
            self.send_header("X-Content-Type-Options", "nosniff")
            super().end_headers()

        def do_GET(self):
            self.answer()

        def do_HEAD(self):  # the same status and headers as GET, never a body
            self.answer()

        def answer(self) -> None:
            """Every request gets a status, whatever its path: a path no file can have is a
            400, one too long or too deep, or a file a rebuild just removed, a 404; a bug of the
            server's own a 500. A reader who left (ConnectionError) is for the server's
            handle_error, which says nothing."""
            self.answered = False
            try:
                self.route()
            except ConnectionError:
                raise
            except ValueError:  # a NUL byte, or %-escapes that decode to no file name (a lone surrogate)
                self.refuse(400, "Bad request: the path cannot name a file")
            except OSError as error:  # a path too long or too deep for any file; a file a rebuild just removed
                if error.errno in NO_SUCH_FILE:
                    self.refuse(404, None)
                else:
                    self.refuse(500, f"The file could not be read: {error.strerror}")
            except Exception:  # a bug of the server's own: a status still, and one line (handle_error)
                self.refuse(500, "The development server failed on this request (see its terminal)")
                raise

        def refuse(self, code: int, message: str | None) -> None:
            if self.answered:  # part of the answer is out: end it there
                self.close_connection = True
            else:
                self.send_error(code, message)

        def route(self) -> None:
            if "\x00" in urllib.parse.unquote(self.path):
                self.send_error(400, "Bad request: a NUL byte in the path")
            elif self.path == RELOAD_SCRIPT:
                self.send_bytes(200, "text/javascript", RELOAD_JS)
            elif self.path.split("?")[0] == RELOAD_PATH and self.command == "GET":
                self.stream_events(open_page(self.path))
            elif self.html_path() is not None:
                self.send_page(self.html_path())
            elif self.command == "HEAD":
                super().do_HEAD()
            else:
                super().do_GET()

        def send_response(self, *args, **kwargs):
            self.answered = True
            super().send_response(*args, **kwargs)

        def html_path(self) -> Path | None:
            """The HTML file the request asks for (a folder's index.html included), if any."""
            try:
                path = Path(self.translate_path(self.path))
            except ValueError:
                return None
            if path.is_dir() and self.path.split("?")[0].endswith("/"):
                path = path / "index.html"
            return path if path.suffix == ".html" and path.is_file() else None

        def send_page(self, path: Path) -> None:
            """The page with the live-reload script added before </body>."""
            body = path.read_bytes()
            at = body.rfind(b"</body>")
            body = body[:at] + RELOAD_TAG + body[at:] if at >= 0 else body + RELOAD_TAG
            self.send_bytes(200, "text/html; charset=utf-8", body)

        def send_bytes(self, code: int, kind: str, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def stream_events(self, page: str | None) -> None:
            """The reloads, statuses and problems, as they come, while the page is open (`page`:
            the output path it shows, made first after a save while it is open)."""
            if page is not None:
                reloader.opened(page)
            try:
                self.send_events()
            finally:
                if page is not None:
                    reloader.closed(page)

        def send_events(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            seen = reloader.generation
            try:
                if reloader.problem:  # a page opened while the build is broken shows why at once
                    self.event("problem", reloader.problem, reloader.title)
                if reloader.status:
                    self.event("status", reloader.status)
                while True:
                    now = reloader.wait(seen)
                    if now == seen:
                        self.wfile.write(b": keep-alive\n\n")
                    elif reloader.event == "problem":
                        self.event("problem", reloader.problem, reloader.title)
                    elif reloader.event == "status":
                        self.event("status", reloader.status)
                    else:
                        self.event("reload", reloader.status or "", pages=reloader.pages)
                    seen = now
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return

        def event(self, kind: str, text: str, title: str = "", pages: list[str] | None = None) -> None:
            data = {"text": text, "title": title, **({"pages": pages} if kind == "reload" else {})}
            self.wfile.write(f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode())
            self.wfile.flush()

        def send_error(self, code, message=None, explain=None):
            page = output / "404.html"
            if code == 404 and page.is_file():
                self.send_bytes(404, "text/html; charset=utf-8", page.read_bytes())
                return
            super().send_error(code, message, explain)

    return Handler


def open_page(path: str) -> str | None:
    """The page a reload stream's request names (`?page=`, as the output names it), if it names
    a plausible one: its pages are made first after a save."""
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(path).query)
    page = (query.get("page") or [""])[0]
    if not page or len(page) > 1024 or page.startswith("/") or ".." in page.split("/"):
        return None
    return page


def make_server(output: Path, port: int, reloader: Reloader, timeout: float = IDLE_TIMEOUT,
                max_connections: int = MAX_CONNECTIONS):
    """The server (not yet serving). `timeout`: see IDLE_TIMEOUT; `max_connections`: MAX_CONNECTIONS."""
    import http.server

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True
        request_queue_size = 128  # many files at once (a page and its assets): none waits on the queue
        slots = threading.BoundedSemaphore(max_connections)

        def process_request(self, request, client_address):
            if not self.slots.acquire(blocking=False):
                self.turn_away(request)
                return
            try:
                super().process_request(request, client_address)
            except BaseException:  # no thread started: nothing else gives the slot back
                self.slots.release()
                raise

        def process_request_thread(self, request, client_address):
            try:
                super().process_request_thread(request, client_address)
            finally:
                self.slots.release()

        def turn_away(self, request) -> None:
            """A 503 and the connection closed, from the thread that accepts connections: so
            without waiting on the client (a send that would wait sends nothing)."""
            try:
                request.setblocking(False)
                request.send(BUSY)
            except OSError:
                pass
            self.shutdown_request(request)

        def handle_error(self, request, client_address):
            """A reader who closed the connection (a reload, a closed tab) is no news; anything
            else is one line, never a traceback in the terminal that shows the builds."""
            import sys

            error = sys.exc_info()[1]
            if not isinstance(error, ConnectionError):  # BrokenPipe, ConnectionReset, ConnectionAborted
                print(f"rulepress serve: a request failed: {type(error).__name__}: {error}", file=sys.stderr,
                      flush=True)

    return Server((HOST, port), make_handler(output, reloader, timeout))


def rebuild(site: Path, output: Path, reloader: Reloader | None = None, pages_first: bool = False,
            background: Background | None = None) -> bool:
    """Build; on any failure print it, tell the open pages, and keep serving the last good output.
    `pages_first`: the pages now, and what they can wait for (`report.deferred`) from `background`."""
    from generator.build import build
    from generator.errors import ContentErrors, format_errors

    before = html_files(output) if reloader else {}  # (with no browser to tell, no page is looked at)
    # pages first, those the browsers show first of all: the others follow with the PDFs (with no
    # page open, all of them now: the one the author opens next is up to date)
    showing = (reloader.open_pages() if pages_first and reloader else None) or None
    try:
        report = build(site, output, pages_first=pages_first, open_pages=showing)
    except ContentErrors as problems:
        text = format_errors(problems.errors)
    except KeyboardInterrupt:
        raise
    except Exception as error:  # a dev server survives everything: the next save may fix it
        text = describe_failure(error)
    else:
        print(rebuilt(report), flush=True)
        if report.warnings:  # poor print, not wrong: the pages are served, the warnings said (issue 44.1)
            print("\n".join(["Warnings:", *report.warnings]), flush=True)
        later = bool(report.deferred and background)
        after = None
        if reloader:
            after = html_files(output)
            reloader.bump(PDFS_UPDATING if later else None, changed_pages(before, after))
        if later:
            background.start(after)  # the pages as this build left them: not looked at again
        return True
    print(text + "\nThe last good build is still being served.", flush=True)
    if reloader:
        reloader.fail(text)
    return False


class Background:
    """The full build that follows a pages-first rebuild: `rulepress build` in a process
    group of its own, so that it and its workers stop together when the next save comes."""

    def __init__(self, site: Path, output: Path, reloader: Reloader):
        self.site, self.output, self.reloader = site, output, reloader
        self.process = None
        self.before: dict[str, tuple] = {}  # the output's pages as the build found them
        self.lock = threading.Lock()

    def start(self, before: dict[str, tuple] | None = None) -> None:
        """`before`: the output's pages now (html_files), if the caller has just looked."""
        import subprocess
        import sys

        self.stop()
        with self.lock:
            self.before = html_files(self.output) if before is None else before
            self.process = subprocess.Popen(
                [sys.executable, "-m", "generator", "build", str(self.site), "-o", str(self.output)],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
            threading.Thread(target=self.finish, args=(self.process,), daemon=True).start()

    def finish(self, process) -> None:
        said = process.stdout.read()
        code = process.wait()
        with self.lock:
            if process is not self.process:  # stopped for a newer save: its news is out of date
                return
            self.process = None
            before = self.before
        if code == 0:
            print(f"{PDFS_DONE}.", flush=True)
            changed = changed_pages(before, html_files(self.output))
            if changed:  # pages no browser showed, made now; or the kits' new drawings on pages
                self.reloader.bump(PDFS_DONE, changed)
            else:
                self.reloader.show(PDFS_DONE)
        elif code > 0:
            print(said.rstrip() + "\nThe last good PDFs are still being served.", flush=True)
            self.reloader.fail(said.rstrip(), PDFS_FAILED)

    def stop(self) -> None:
        """Stop a background build that is still running (a killed build leaves the output
        as it was, and the next build clears what it left)."""
        import os
        import signal

        with self.lock:
            process, self.process = self.process, None
        if process is not None and process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()


def html_files(output: Path) -> dict[str, tuple]:
    """The output's pages (path -> inode, time, size): a page a build made again is a new file,
    one it kept is the same file (the output keeps it by a hard link)."""
    import os

    found = {}
    for folder, _folders, names in os.walk(output):
        for name in names:
            if name.endswith(".html"):
                path = os.path.join(folder, name)
                try:
                    stat = os.stat(path)
                except OSError:  # removed while looked at: the next build says
                    continue
                found[os.path.relpath(path, output).replace(os.sep, "/")] = (stat.st_ino, stat.st_mtime_ns,
                                                                              stat.st_size)
    return found


def changed_pages(before: dict[str, tuple], after: dict[str, tuple]) -> list[str]:
    """The pages a build made again or new: those whose open browsers reload."""
    return sorted(page for page, stat in after.items() if before.get(page) != stat)


def describe_failure(error: BaseException) -> str:
    """A failure that is not a content error, with its file and line where it has them."""
    where = getattr(error, "filename", None) or ""
    line = getattr(error, "lineno", None)
    if isinstance(error, UnicodeDecodeError):
        where = ""
    place = f"{where}:{line}: " if where and line else f"{where}: " if where else ""
    return f"rulepress: {place}{type(error).__name__}: {error}"


def rebuilt(report) -> str:
    """What a rebuild did: the pages it rendered again, not every page of the site."""
    if report.up_to_date:
        return f"Nothing changed: no page rebuilt ({report.seconds:.2f} s)"
    count, unchanged = report.rendered, len(report.site.pages) - report.rendered - report.later
    kept = ", ".join(([f"{report.later} more follow"] if report.later else [])
                     + ([f"{unchanged} unchanged"] if unchanged else []))
    kept = f" ({kept})" if kept else ""
    later = f"; {'the other pages, ' if report.later else ''}PDFs and search index follow" if report.deferred else ""
    return f"Rebuilt {count} page{'s' if count != 1 else ''}{kept} in {report.seconds:.2f} s{later}"


REARM_MS = 1000  # how soon a templates/ folder made (or removed) while serving is watched


def source_folders(site: Path) -> list[str]:
    """The folders a rebuild reads from: content/, and templates/ when the site has one."""
    return [str(folder) for folder in (site / "content", site / "templates") if folder.is_dir()]


def source_changes(site: Path, stop_event: threading.Event | None = None):
    """Each batch of changes to the site's sources, until `stop_event` is set. The watch is of
    the source folders alone (watching the whole site would watch output/ as it is written,
    and node_modules); a templates/ folder made after it began, or removed, is seen within
    REARM_MS: the watch starts again over the folders there are now, and that is a batch."""
    import watchfiles

    while True:
        folders = source_folders(site)
        for changes in watchfiles.watch(*folders, debounce=200, step=30, stop_event=stop_event,
                                        rust_timeout=REARM_MS, yield_on_timeout=True):
            if source_folders(site) != folders:
                yield changes | {(watchfiles.Change.added, folder) for folder in source_folders(site)
                                 if folder not in folders}
                break
            if changes:
                yield changes
        else:
            return


def run(args) -> int:
    import sys

    site = args.site.resolve()
    output = (args.output or site / "output").resolve()
    reloader = Reloader()
    try:
        server = make_server(output, args.port, reloader)
    except OSError as error:
        if error.errno != errno.EADDRINUSE:
            raise
        print(f"rulepress: port {args.port} on {HOST} is already in use (another server is running there?)\n"
              f"    serve on another port: {command('serve', site, '-p', str(args.port + 1))} (or -p 0 for any "
              "free port)",
              file=sys.stderr)
        return 1
    rebuild(site, output, reloader)
    background = Background(site, output, reloader)
    output.mkdir(parents=True, exist_ok=True)
    host, port = server.server_address[:2]
    print(f"Serving {output} at http://{host}:{port}/ (Ctrl+C to stop)", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        for _changes in source_changes(site):
            background.stop()
            rebuild(site, output, reloader, pages_first=True, background=background)
    finally:
        background.stop()
        server.shutdown()
    return 0
