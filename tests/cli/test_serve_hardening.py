"""Issue 30.8: the dev server answers every malformed request with a status (no dropped
connection, no traceback in the terminal), says nothing when readers close connections,
watches a templates/ folder made after it started; and site.toml's pyodide_url must be
a place the pages' Content-Security-Policy lets them load Pyodide from."""
from __future__ import annotations

import os
import queue
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from generator.build import build
from generator.cli import main
from generator.commands import serve
from generator.errors import ContentErrors
from tests.cli.test_serve import serving
from tests.sitefactory import SITE_TOML, make_site

ROOT = Path(__file__).resolve().parents[2]
QUICK = "rulebooks = false\nsearch = false\n"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A built site's output, served: (output folder, port)."""
    site = make_site(tmp_path_factory.mktemp("served") / "site")
    build(site, stages=[])
    (site / "output/big.bin").write_bytes(b"x" * 8_000_000)  # more than a socket buffer holds
    (site / "output/big.html").write_bytes(b"<p>" + b"x" * 8_000_000 + b"</p></body>")
    server, base = serving(site / "output")
    yield site / "output", server.server_address[1]
    server.shutdown()
    server.server_close()


def ask(port: int, request: bytes) -> bytes:
    """The server's whole answer to a raw request (it ends the connection after HTTP/1.0)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def status_line(answer: bytes) -> str:
    return answer.split(b"\r\n", 1)[0].decode("latin-1")


MALFORMED = {
    "HEAD of a NUL byte": (b"HEAD /%00 HTTP/1.0\r\n\r\n", 400),
    "GET of a NUL byte": (b"GET /%00 HTTP/1.0\r\n\r\n", 400),
    "GET of a lone surrogate": (b"GET /%ed%a0%80 HTTP/1.0\r\n\r\n", 400),
    "HEAD of a lone surrogate": (b"HEAD /%ed%a0%80.html HTTP/1.0\r\n\r\n", 400),
    "a request line that is not HTTP": (b"GARBAGE\r\n\r\n", 400),
    "a path deeper than any file": (b"GET /" + b"a/" * 3000 + b"x.html HTTP/1.0\r\n\r\n", 404),
    "a request line too long": (b"GET /" + b"a" * 70000 + b" HTTP/1.0\r\n\r\n", 414),
    "a method the server has not": (b"POST / HTTP/1.0\r\n\r\n", 501),
    "a way out of the output folder": (b"GET /..%2F..%2F..%2Fetc%2Fpasswd HTTP/1.0\r\n\r\n", 404),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_every_malformed_request_gets_a_status_and_no_traceback(served, case, capsys):
    _output, port = served
    request, code = MALFORMED[case]
    assert status_line(ask(port, request)).startswith(f"HTTP/1.0 {code} ")
    assert status_line(ask(port, b"GET / HTTP/1.0\r\n\r\n")) == "HTTP/1.0 200 OK"  # and it goes on
    assert capsys.readouterr().err == ""


def test_head_answers_a_page_with_the_headers_of_get_and_no_body(served):
    _output, port = served
    head, get = ask(port, b"HEAD /pebbles/ HTTP/1.0\r\n\r\n"), ask(port, b"GET /pebbles/ HTTP/1.0\r\n\r\n")
    head_headers, _, body = head.partition(b"\r\n\r\n")
    assert body == b""
    assert head_headers == get.partition(b"\r\n\r\n")[0]  # Content-Length too: the reload script counted


def test_readers_who_close_the_connection_print_nothing(served, capsys):
    """A reload or a closed tab mid-download is no news (the old server printed a BrokenPipe
    or ConnectionReset traceback for each)."""
    _output, port = served
    for _ in range(5):
        for path in (b"/big.bin", b"/big.html"):
            connection = socket.create_connection(("127.0.0.1", port))
            connection.sendall(b"GET " + path + b" HTTP/1.1\r\nHost: here\r\n\r\n")
            connection.recv(100)
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # a reset
            connection.close()
    time.sleep(1)  # the handler threads meet the closed connections
    assert status_line(ask(port, b"GET / HTTP/1.0\r\n\r\n")) == "HTTP/1.0 200 OK"
    assert capsys.readouterr().err == ""


def test_a_bug_in_answering_is_a_500_and_one_line_not_a_traceback(tmp_path, capsys, monkeypatch):
    build(make_site(tmp_path), stages=[])
    server, base = serving(tmp_path / "output")
    try:
        monkeypatch.setattr(Path, "read_bytes", lambda *args: 1 / 0)  # before any header is sent
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(base + "/pebbles/", timeout=10)
        assert caught.value.code == 500
        monkeypatch.setattr(serve.Reloader, "wait", lambda *args: 1 / 0)  # after the headers: the stream ends
        assert urllib.request.urlopen(base + serve.RELOAD_PATH, timeout=10).read() == b""
        time.sleep(0.2)
    finally:
        server.shutdown()
        server.server_close()
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("a request failed: ZeroDivisionError: division by zero\n") == 2


# -- watching templates/ -------------------------------------------------------------------
def test_a_templates_folder_made_after_the_watch_began_is_watched(tmp_path):
    (tmp_path / "content").mkdir()
    stop, batches = threading.Event(), queue.Queue()
    watcher = threading.Thread(target=lambda: [batches.put(b) for b in serve.source_changes(tmp_path, stop)])
    watcher.start()
    try:
        time.sleep(0.5)  # the watch is running
        (tmp_path / "templates").mkdir()
        assert str(tmp_path / "templates") in {path for _change, path in batches.get(timeout=5)}
        time.sleep(0.3)
        (tmp_path / "templates/404.html").write_text("moved")
        assert str(tmp_path / "templates/404.html") in {path for _change, path in batches.get(timeout=5)}
    finally:
        stop.set()
        watcher.join(timeout=10)
    assert not watcher.is_alive()  # the watch ends when asked


def test_serve_rebuilds_with_a_templates_folder_made_while_it_runs(tmp_path):
    site = make_site(tmp_path / "site", **{"content__site.toml": QUICK + SITE_TOML})
    server = subprocess.Popen([sys.executable, "-m", "generator", "serve", str(site), "-p", "0"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
                              preexec_fn=as_from_a_terminal)
    try:
        line = ""
        while not line.startswith("Serving"):
            line = server.stdout.readline()
            assert line, "serve ended before it served"
        base = line.split(" at ")[1].split()[0]
        time.sleep(0.5)
        (site / "templates").mkdir()
        theme = (ROOT / "generator/theme/404.html").read_text()
        (site / "templates/404.html").write_text(theme.replace("Page not found", "Lost among the pebbles"))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(base + "nowhere/", timeout=10)
            except urllib.error.HTTPError as error:
                if b"Lost among the pebbles" in error.read():
                    break
            time.sleep(0.3)
        else:
            raise AssertionError("the new templates/404.html was never built")
    finally:
        stop_and_say_what_is_left(server)


def as_from_a_terminal() -> None:
    """Ctrl-C as a terminal delivers it: a test run started in the background of a shell script
    (`... &`) has SIGINT ignored, which its children inherit, and Python leaves an ignored
    SIGINT ignored: serve would then never see the Ctrl-C this test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stop_and_say_what_is_left(server: subprocess.Popen) -> None:
    """Ctrl-C to serve; if it has not ended (and let go of its output) within 30 s, fail naming
    every process of its session, so that a hang says where it is."""
    os.killpg(server.pid, signal.SIGINT)
    try:
        server.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        left = subprocess.run(["ps", "-o", "pid,ppid,pgid,stat,wchan:20,args", "-s", str(server.pid)],
                              capture_output=True, text=True).stdout
        os.killpg(server.pid, signal.SIGKILL)
        server.communicate()
        raise AssertionError(f"serve did not end within 30 s of Ctrl-C; its session held:\n{left}") from None


# -- pyodide_url ---------------------------------------------------------------------------
BAD_PYODIDE_URLS = {
    "javascript:": ("javascript:alert(1)", "is neither a path starting with / nor an http(s) address"),
    "a relative path": ("pyodide/", "is neither a path starting with / nor an http(s) address"),
    "another origin": ("https://cdn.example/pyodide/", "is on https://cdn.example, another origin than the "
                                                       "site's (https://games.example, from base_url)"),
    "another scheme of the site's host": ("http://games.example/pyodide/", "another origin"),
    "another port of the site's host": ("https://games.example:8443/pyodide/", "another origin"),
    "a protocol-relative address": ("//cdn.example/pyodide/", "starts with //"),
    "a backslash a browser reads as //": ("/\\\\cdn.example/pyodide/", "a backslash"),
}


@pytest.mark.parametrize("case", sorted(BAD_PYODIDE_URLS))
def test_a_pyodide_url_the_pages_could_not_load_is_an_error_at_its_line(tmp_path, case):
    url, said = BAD_PYODIDE_URLS[case]
    site = make_site(tmp_path, **{"content__site.toml": SITE_TOML + 'language = "en"\n' + f'pyodide_url = "{url}"\n'})
    with pytest.raises(ContentErrors) as caught:
        build(site, stages=[])
    (error,) = caught.value.errors
    assert (error.path, error.line) == (site / "content/site.toml", 4)
    assert error.message.startswith("pyodide_url ") and said in error.message


@pytest.mark.parametrize("url", ["/pyodide/v0.27/", "https://games.example/pyodide/", "https://GAMES.example:443/p/"])
def test_a_pyodide_url_on_the_sites_own_origin_builds(tmp_path, url):
    site = make_site(tmp_path, **{"content__site.toml": SITE_TOML + f'pyodide_url = "{url}"\n'})
    build(site, stages=[])


def test_a_bad_pyodide_url_exits_1_naming_the_line(tmp_path, capsys):
    site = make_site(tmp_path, **{"content__site.toml": QUICK + SITE_TOML + 'pyodide_url = "javascript:alert(1)"\n'})
    assert main(["build", str(site)]) == 1
    err = capsys.readouterr().err
    assert f"{site / 'content/site.toml'}:5: pyodide_url is neither" in err and "Traceback" not in err
