"""Issue 47: `serve` reloads the pages a rebuild changed, and only those: the page being read
reloads as soon as it is made; a page the save did not change keeps its place (and what the
reader typed in it)."""
from __future__ import annotations

from generator.commands import serve
from tests.cli.test_serve import serving
from tests.sitefactory import make_site


def wait_open(reloader, pages: set[str], page) -> None:
    for _ in range(200):
        if reloader.open_pages() >= pages:
            return
        page.wait_for_timeout(25)
    raise AssertionError(f"the pages' reload streams did not connect: {reloader.open_pages()}")


def test_a_reload_reaches_the_pages_it_names_and_no_other(tmp_path, browser):
    site = make_site(tmp_path / "site")
    reloader = serve.Reloader()
    assert serve.rebuild(site, site / "output", reloader)
    server, base = serving(site / "output", reloader)
    context = browser.new_context()
    try:
        rules, aid = context.new_page(), context.new_page()
        rules.goto(base + "/pebbles/")
        aid.goto(base + "/pebbles/reference.html")
        wait_open(reloader, {"pebbles/index.html", "pebbles/reference.html"}, rules)
        for page in (rules, aid):  # a mark a reload would wipe
            page.evaluate("window.rulepressMark = 1")
        with rules.expect_event("load"):
            reloader.bump(None, ["pebbles/index.html"])
        assert rules.evaluate("window.rulepressMark") is None  # reloaded
        assert aid.evaluate("window.rulepressMark") == 1  # kept its place
        with aid.expect_event("load"):
            reloader.bump("PDFs up to date", None)  # no list: every open page
        assert aid.evaluate("window.rulepressMark") is None
    finally:
        context.close()
        server.shutdown()
        server.server_close()
