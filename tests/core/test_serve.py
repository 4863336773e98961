"""The development server: loopback only, serves the build, pushes reloads."""
from __future__ import annotations

import threading
import urllib.request

from generator.build import build
from generator.commands import serve
from tests.core.sitefactory import make_site


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


def test_served_pages_load_the_reload_script(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[], dev_script=serve.RELOAD_SCRIPT)
    assert '<script src="/__rulepress/reload.js" defer></script>' in (tmp_path / "output/index.html").read_text()
