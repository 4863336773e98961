"""The worker's boot (generator/browser/boot.py): a first "Try it" does not pay for
modules the diagrams never use, and nothing breaks for code that does use them."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_starting_the_session_server_does_not_load_urllib_request_or_html():
    loaded = run("import sys; from generator.browser.boot import start; start('content'); "
                 "print(sorted(m for m in ('http.client', 'email.parser', 'html.entities') if m in sys.modules))")
    assert loaded == "[]"


def test_urllib_request_still_works_when_something_uses_it():
    out = run("from generator.browser.boot import defer; defer('urllib.request'); "
              "from urllib.request import urlopen, Request; import urllib.request as r; "
              "print(Request('http://example.org/').host, r.__name__, callable(urlopen))")
    assert out == "example.org urllib.request True"
