"""The browser tests' sites, each built once and served (the one Chromium is tests/conftest.py's)."""
from __future__ import annotations

import pytest

from generator.build import build
from tests.browser.harness import ROOT, Server, Watch

FIXTURE_SITE = ROOT / "tests" / "interactive" / "fixtures" / "hopsite"


@pytest.fixture(scope="session")
def hop_site(tmp_path_factory) -> Server:
    """The Hop fixture site (a walkthrough, a position and a play widget), built and served."""
    output = tmp_path_factory.mktemp("hopsite") / "output"
    build(FIXTURE_SITE, output)
    server = Server(output)
    yield server
    server.close()


@pytest.fixture(scope="session")
def real_site(tmp_path_factory) -> Server:
    """This repository's own site (the five launch games), built once and served."""
    output = tmp_path_factory.mktemp("real") / "output"
    build(ROOT, output, use_cache=False)
    server = Server(output)
    yield server
    server.close()


@pytest.fixture
def open_page(browser):
    """A page in a context of its own at a width and colour scheme, watched for errors."""
    contexts = []

    def make(width: int, scheme: str):
        context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.watch = Watch().attach(page)
        return page
    yield make
    for context in contexts:
        context.close()
