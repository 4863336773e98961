"""The development server: loopback only, serves the build, pushes reloads."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from generator.build import build
from generator.cli import main
from generator.commands import serve
from tests.sitefactory import make_site


def test_server_binds_only_to_loopback(tmp_path):
    server = serve.make_server(tmp_path, 0, serve.Reloader())
    try:
        assert serve.HOST == "127.0.0.1"
        assert server.server_address[0] == "127.0.0.1"
    finally:
        server.server_close()


def test_server_serves_the_site_and_a_404_page(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    server = serve.make_server(tmp_path / "output", 0, serve.Reloader())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        assert b"Pebbles" in urllib.request.urlopen(base + "/pebbles/").read()
        try:
            urllib.request.urlopen(base + "/nowhere/")
            raise AssertionError("expected a 404")
        except urllib.error.HTTPError as error:
            assert error.code == 404 and b"Page not found" in error.read()
    finally:
        server.shutdown()
        server.server_close()


def test_open_pages_are_told_to_reload_after_a_rebuild(tmp_path):
    reloader = serve.Reloader()
    server = serve.make_server(tmp_path, 0, reloader)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        stream = urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}{serve.RELOAD_PATH}", timeout=10)
        threading.Timer(0.2, reloader.bump).start()
        assert stream.readline() == b"event: reload\n"
    finally:
        server.shutdown()
        server.server_close()


def serving(output: Path, reloader=None):
    server = serve.make_server(output, 0, reloader or serve.Reloader())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def test_served_pages_load_the_reload_script_but_the_output_never_holds_it(tmp_path):
    """Issue 16.9: the reload script is added as pages are served; output/ stays as `build` makes it."""
    make_site(tmp_path)
    serve.rebuild(tmp_path, tmp_path / "output")
    assert "reload.js" not in (tmp_path / "output/index.html").read_text()
    server, base = serving(tmp_path / "output")
    try:
        page = urllib.request.urlopen(base + "/").read()
        assert page.count(b'<script src="/__rulepress/reload.js" defer></script></body>') == 1
    finally:
        server.shutdown()
        server.server_close()


def test_every_response_carries_the_csp_and_nosniff_headers(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    server, base = serving(tmp_path / "output")
    try:
        for path in ("/", "/pebbles/", "/sitemap.xml", serve.RELOAD_SCRIPT):
            response = urllib.request.urlopen(base + path)
            assert "script-src 'self'" in response.headers["Content-Security-Policy"]
            assert response.headers["X-Content-Type-Options"] == "nosniff"
    finally:
        server.shutdown()
        server.server_close()


def test_a_nul_byte_in_the_path_is_a_400_not_a_dropped_connection(tmp_path):
    build(make_site(tmp_path), stages=[])
    server, base = serving(tmp_path / "output")
    try:
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(base + "/%00/x.html")
        assert caught.value.code == 400
        assert urllib.request.urlopen(base + "/").status == 200  # and the server goes on
    finally:
        server.shutdown()
        server.server_close()


def test_the_server_queues_many_waiting_connections(tmp_path):
    server = serve.make_server(tmp_path, 0, serve.Reloader())
    try:
        assert server.request_queue_size >= 64
    finally:
        server.server_close()


@pytest.mark.parametrize("fault", ["a byte that is not UTF-8", "a template override that does not parse",
                                   "a content error"])
def test_a_failed_rebuild_keeps_the_last_good_site_and_tells_the_open_pages(tmp_path, fault, capsys):
    """Issue 16.8: whatever breaks a rebuild, the server survives it, keeps serving the last good
    output, pushes the problem (file:line) to open pages, and recovers on the next save."""
    site = make_site(tmp_path)
    reloader = serve.Reloader()
    assert serve.rebuild(site, site / "output", reloader)
    good = (site / "output/pebbles/index.html").read_bytes()
    rules = site / "content/pebbles/rules.md"
    original = rules.read_bytes()
    if fault == "a byte that is not UTF-8":
        rules.write_bytes(original + b"\ncaf\xe9\n")
        where = f"{rules}:"
    elif fault == "a template override that does not parse":
        (site / "templates").mkdir()
        (site / "templates/base.html").write_text("<html>{% if %}</html>\n")
        where = "base.html:1"
    else:
        rules.write_text(original.decode() + "\n[broken](#nowhere)\n")
        where = f"{rules}:"
    server, base = serving(site / "output", reloader)
    try:
        stream = urllib.request.urlopen(base + serve.RELOAD_PATH, timeout=10)
        assert not serve.rebuild(site, site / "output", reloader)
        assert stream.readline() == b"event: problem\n"
        problem = json.loads(stream.readline().decode().removeprefix("data: "))["text"]
        assert where in problem and where in capsys.readouterr().out
        assert urllib.request.urlopen(base + "/pebbles/").status == 200
        assert (site / "output/pebbles/index.html").read_bytes() == good
        rules.write_bytes(original)
        if fault == "a template override that does not parse":
            (site / "templates/base.html").unlink()
        assert serve.rebuild(site, site / "output", reloader)
        stream.readline()
        assert stream.readline() == b"event: reload\n"
    finally:
        server.shutdown()
        server.server_close()


def test_a_port_in_use_says_so_plainly(tmp_path, capsys):
    make_site(tmp_path)
    busy = serve.make_server(tmp_path, 0, serve.Reloader())
    try:
        port = busy.server_address[1]
        code = main(["serve", str(tmp_path), "-p", str(port)])
        err = capsys.readouterr().err
        assert code == 1 and f"port {port}" in err and "already in use" in err and "Traceback" not in err
    finally:
        busy.server_close()
