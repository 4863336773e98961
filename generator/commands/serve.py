"""Serve the built site on 127.0.0.1, rebuild when sources change and reload the open page."""
from __future__ import annotations

import threading
from pathlib import Path

from generator.commands import site_argument

NAME = "serve"
HELP = "serve the site locally and rebuild on change"
HOST = "127.0.0.1"  # never another interface: this is a development server
RELOAD_PATH = "/__rulepress/reload"
RELOAD_SCRIPT = "/__rulepress/reload.js"
RELOAD_JS = b"""(function () {
  var source = new EventSource("%s");
  source.addEventListener("reload", function () { location.reload(); });
})();
""" % RELOAD_PATH.encode()


def add_arguments(parser) -> None:
    site_argument(parser)
    parser.add_argument("-p", "--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000; 0 picks a free one)")
    parser.add_argument("-o", "--output", type=Path, help="output folder (default: SITE/output)")


class Reloader:
    """Tells every open page to reload after a successful rebuild (server-sent events)."""

    def __init__(self):
        self.generation = 0
        self.changed = threading.Condition()

    def bump(self) -> None:
        with self.changed:
            self.generation += 1
            self.changed.notify_all()

    def wait(self, seen: int, timeout: float = 15.0) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.generation != seen, timeout=timeout)
            return self.generation


def make_handler(output: Path, reloader: Reloader):
    import http.server

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(output), **kwargs)

        def log_message(self, format, *args):  # quiet: the terminal shows builds, not requests
            pass

        def do_GET(self):
            if self.path == RELOAD_SCRIPT:
                self.send_response(200)
                self.send_header("Content-Type", "text/javascript")
                self.send_header("Content-Length", str(len(RELOAD_JS)))
                self.end_headers()
                self.wfile.write(RELOAD_JS)
                return
            if self.path == RELOAD_PATH:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                seen = reloader.generation
                try:
                    while True:
                        now = reloader.wait(seen)
                        if now != seen:
                            self.wfile.write(b"event: reload\ndata: %d\n\n" % now)
                            seen = now
                        else:
                            self.wfile.write(b": keep-alive\n\n")
                        self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    return
            return super().do_GET()

        def send_error(self, code, message=None, explain=None):
            page = output / "404.html"
            if code == 404 and page.is_file():
                body = page.read_bytes()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().send_error(code, message, explain)

    return Handler


def make_server(output: Path, port: int, reloader: Reloader):
    import http.server

    server = http.server.ThreadingHTTPServer((HOST, port), make_handler(output, reloader))
    server.daemon_threads = True
    return server


def rebuild(site: Path, output: Path) -> bool:
    from generator.build import build
    from generator.errors import ContentErrors, print_errors

    try:
        report = build(site, output, dev_script=RELOAD_SCRIPT)
    except ContentErrors as problems:
        print_errors(problems.errors)
        return False
    print(rebuilt(report), flush=True)
    return True


def rebuilt(report) -> str:
    """What a rebuild did: the pages it rendered again, not every page of the site."""
    if report.up_to_date:
        return f"Nothing changed: no page rebuilt ({report.seconds:.2f} s)"
    count, unchanged = report.rendered, len(report.site.pages) - report.rendered
    kept = f" ({unchanged} unchanged)" if unchanged else ""
    return f"Rebuilt {count} page{'s' if count != 1 else ''}{kept} in {report.seconds:.2f} s"


def run(args) -> int:
    import watchfiles

    site = args.site.resolve()
    output = (args.output or site / "output").resolve()
    reloader = Reloader()
    rebuild(site, output)
    output.mkdir(parents=True, exist_ok=True)
    server = make_server(output, args.port, reloader)
    host, port = server.server_address[:2]
    print(f"Serving {output} at http://{host}:{port}/ (Ctrl+C to stop)", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    watched = [str(p) for p in (site / "content", site / "templates") if p.exists()]
    try:
        for _changes in watchfiles.watch(*watched, debounce=200, step=50):
            if rebuild(site, output):
                reloader.bump()
    finally:
        server.shutdown()
    return 0
