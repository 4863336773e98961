"""Issue 29.1: after a save, `serve` rebuilds the pages first and reloads them; the kits,
rulebooks and search index follow in a background build, whose progress and failure the
open pages are told, while the last good PDFs stay served."""
from __future__ import annotations

import json
import time
import urllib.request

from generator.build import build
from generator.commands import serve
from tests.sitefactory import make_site
from tests.errors.test_author_messages import KIT
from tests.cli.test_serve import serving


def site_with_kit(tmp_path):
    return make_site(tmp_path / "site", **{"content__pebbles__components.toml": KIT})


def test_pages_first_keeps_the_last_pdfs_and_a_full_build_then_remakes_them(tmp_path):
    site = site_with_kit(tmp_path)
    build(site)
    rulebook = site / "output/pebbles/pebbles-rules-a4.pdf"
    before = rulebook.stat().st_ino, rulebook.read_bytes()
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\nA new sentence about zeppelins.\n")
    report = build(site, pages_first=True)
    assert report.deferred and report.rendered == 1
    assert "zeppelins" in (site / "output/pebbles/index.html").read_text()
    assert (rulebook.stat().st_ino, rulebook.read_bytes()) == before  # the last rulebook, for now
    report = build(site)  # the background build: not "up to date"
    assert not report.up_to_date and not report.deferred
    assert rulebook.read_bytes() != before[1]
    assert build(site).up_to_date


def test_pages_first_makes_what_a_new_page_links_to(tmp_path):
    """A game that has no kit files yet gets them at once: its pages link to them."""
    site = make_site(tmp_path / "site")
    build(site)
    (site / "content/pebbles/components.toml").write_text(KIT)
    report = build(site, pages_first=True)
    assert "pebbles/kit/pebbles-kit-a4.pdf" in report.files


def events(stream, count: int) -> list[tuple[str, dict]]:
    found = []
    while len(found) < count:
        kind = stream.readline().decode().strip().removeprefix("event: ")
        data = json.loads(stream.readline().decode().removeprefix("data: "))
        stream.readline()
        found.append((kind, data))
    return found


def test_the_background_build_is_shown_updating_then_up_to_date(tmp_path):
    site = site_with_kit(tmp_path)
    reloader = serve.Reloader()
    assert serve.rebuild(site, site / "output", reloader)
    server, base = serving(site / "output", reloader)
    background = serve.Background(site, site / "output", reloader)
    try:
        stream = urllib.request.urlopen(base + serve.RELOAD_PATH, timeout=60)
        rules = site / "content/pebbles/rules.md"
        rules.write_text(rules.read_text() + "\nOne more sentence.\n")
        assert serve.rebuild(site, site / "output", reloader, pages_first=True, background=background)
        assert events(stream, 2) == [("reload", {"text": serve.PDFS_UPDATING, "title": "",
                                                 "pages": ["pebbles/index.html"]}),
                                     ("status", {"text": serve.PDFS_DONE, "title": ""})]
        assert "One more sentence" in (site / "output/pebbles/index.html").read_text()
    finally:
        background.stop()
        server.shutdown()
        server.server_close()


def test_a_failed_background_build_shows_in_the_overlay_and_the_last_good_pdfs_stay(tmp_path, capsys):
    site = site_with_kit(tmp_path)
    reloader = serve.Reloader()
    assert serve.rebuild(site, site / "output", reloader)
    kits = {path.name: path.read_bytes() for path in (site / "output/pebbles").rglob("*.pdf")}
    server, base = serving(site / "output", reloader)
    background = serve.Background(site, site / "output", reloader)
    try:
        stream = urllib.request.urlopen(base + serve.RELOAD_PATH, timeout=60)
        spec = site / "content/pebbles/components.toml"
        spec.write_text(spec.read_text().replace("rows = 4", "rows = 4\nrowz = 5"))
        assert serve.rebuild(site, site / "output", reloader, pages_first=True, background=background)
        (reload, _), (kind, problem) = events(stream, 2)
        assert (reload, kind) == ("reload", "problem")
        assert problem["title"] == serve.PDFS_FAILED
        assert f"{spec}:" in problem["text"] and "rowz" in problem["text"]  # file:line and what is wrong
        assert {path.name: path.read_bytes() for path in (site / "output/pebbles").rglob("*.pdf")} == kits
        assert urllib.request.urlopen(base + "/pebbles/kit/pebbles-kit-a4.pdf").read() == kits["pebbles-kit-a4.pdf"]
    finally:
        background.stop()
        server.shutdown()
        server.server_close()


def test_a_new_save_stops_the_background_build(tmp_path):
    site = site_with_kit(tmp_path)
    build(site)
    reloader = serve.Reloader()
    background = serve.Background(site, site / "output", reloader)
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\nFirst save.\n")
    assert serve.rebuild(site, site / "output", reloader, pages_first=True, background=background)
    process = background.process
    background.stop()  # what the next save does first
    assert process.poll() is not None and background.process is None
    rules.write_text(rules.read_text() + "\nSecond save.\n")
    started = time.perf_counter()
    assert serve.rebuild(site, site / "output", reloader, pages_first=True)  # no wait for the killed build
    assert time.perf_counter() - started < 30
    assert build(site).rendered == 0 and build(site).up_to_date


def test_the_page_a_browser_shows_is_made_first_and_the_others_follow_with_the_pdfs(tmp_path, capsys):
    """Issue 47: a save reloads the page being read as soon as it alone is made; the pages no
    browser shows keep their last HTML until the background build, whose reload names them."""
    site = make_site(tmp_path / "site")
    reloader = serve.Reloader()
    assert serve.rebuild(site, site / "output", reloader)
    server, base = serving(site / "output", reloader)
    background = serve.Background(site, site / "output", reloader)
    try:
        stream = urllib.request.urlopen(base + serve.RELOAD_PATH + "?page=pebbles/index.html", timeout=60)
        deadline = time.monotonic() + 10
        while not reloader.open_pages() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert reloader.open_pages() == {"pebbles/index.html"}
        game = site / "content/pebbles/game.toml"  # the title: on every page of the game
        game.write_text(game.read_text().replace('title = "Pebbles"', 'title = "Pebbles Deluxe"'))
        aid = (site / "output/pebbles/reference.html").read_text()
        assert serve.rebuild(site, site / "output", reloader, pages_first=True, background=background)
        assert "Rebuilt 1 page (2 more follow) in " in capsys.readouterr().out
        assert "Pebbles Deluxe" in (site / "output/pebbles/index.html").read_text()
        assert (site / "output/pebbles/reference.html").read_text() == aid  # not shown: kept for now
        first, done = events(stream, 2)
        assert first == ("reload", {"text": serve.PDFS_UPDATING, "title": "",
                                    "pages": ["404.html", "index.html", "pebbles/index.html"]})
        assert done[0] == "reload" and done[1]["text"] == serve.PDFS_DONE
        assert {"pebbles/reference.html", "pebbles/glossary.html"} <= set(done[1]["pages"])
        assert "pebbles/index.html" not in done[1]["pages"]  # made before: the open page stays as it is
        assert "Pebbles Deluxe" in (site / "output/pebbles/reference.html").read_text()
    finally:
        background.stop()
        server.shutdown()
        server.server_close()


def test_a_reload_stream_names_a_page_of_the_output_or_none():
    assert serve.open_page("/__rulepress/reload?page=de%2Fsplut%2Findex.html") == "de/splut/index.html"
    assert serve.open_page("/__rulepress/reload") is None
    assert serve.open_page("/__rulepress/reload?page=..%2F..%2Fetc%2Fpasswd") is None
    assert serve.open_page("/__rulepress/reload?page=%2Fetc%2Fpasswd") is None
