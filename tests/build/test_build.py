"""Whole builds: what the output holds, under a prefix, byte for byte."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path
from urllib.parse import urlsplit

from generator.build import build
from tests.sitefactory import make_site


def tree_digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_same_sources_build_byte_identical_output(tmp_path):
    make_site(tmp_path)
    build(tmp_path, tmp_path / "one", stages=[])
    build(tmp_path, tmp_path / "two", stages=[])
    assert tree_digest(tmp_path / "one") == tree_digest(tmp_path / "two")


def test_index_lists_games_as_cards(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    html = (tmp_path / "output/index.html").read_text()
    card = html.split('<li class="game-card" data-game="pebbles">', 1)[1].split("</li>", 1)[0]
    assert 'href="pebbles/index.html">Pebbles</a>' in card
    assert "<dt>Players</dt><dd>2–4</dd>" in card and "10–20 min" in card and "7+" in card
    assert "Move pebbles; take the most." in card


def test_game_page_has_toc_credits_theme_toggle_and_print_css(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/index.html").read_text()
    assert '<aside class="page-toc" aria-labelledby="page-toc-title">' in html
    assert "Designed by Ada Example (2020)." in html and "Licence: Free to share." in html
    assert 'class="theme-toggle"' in html
    css_name = re.search(r'href="\.\./(assets/style\.[0-9a-f]{10}\.css)"', html)[1]
    css = (tmp_path / "output" / css_name).read_text()
    assert "@media print" in css and "prefers-color-scheme: dark" in css


def test_prev_next_follow_the_page_order(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/reference.html").read_text()
    assert '<a class="prev" rel="prev" href="index.html"><span>Previous</span> Rules</a>' in html
    assert '<a class="next" rel="next" href="glossary.html"><span>Next</span> Glossary</a>' in html


def test_assets_carry_content_hashes(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    names = sorted(p.name for p in (tmp_path / "output/assets").iterdir())
    assert all(re.match(r"^[\w-]+\.[0-9a-f]{10}\.\w+$", n) for n in names), names


def test_pages_carry_a_content_security_policy(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/index.html").read_text()
    assert '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'' in html


def test_sitemap_lists_every_page_under_the_prefix(tmp_path):
    make_site(tmp_path, **{"content__site.toml": 'title = "T"\nbase_url = "https://games.example/"\npath_prefix = "/shelf/"\n'})
    build(tmp_path, stages=[])
    xml = (tmp_path / "output/sitemap.xml").read_text()
    locs = re.findall(r"<loc>(.*?)</loc>", xml)
    assert locs == sorted([
        "https://games.example/shelf/", "https://games.example/shelf/pebbles/",
        "https://games.example/shelf/pebbles/reference.html", "https://games.example/shelf/pebbles/glossary.html",
    ])


def test_every_link_resolves_when_served_under_a_path_prefix(tmp_path):
    """Serve the output at /shelf/: every relative href and src must hit a file."""
    make_site(tmp_path, **{"content__site.toml": 'title = "T"\npath_prefix = "/shelf/"\n'})
    build(tmp_path, stages=[])
    out = tmp_path / "output"
    checked = 0
    for page in out.rglob("*.html"):
        served_at = "/shelf/" + str(page.relative_to(out))
        for ref in re.findall(r'(?:href|src)="([^"]+)"', page.read_text()):
            parts = urlsplit(ref)
            if parts.scheme or not parts.path:
                continue
            if page.name == "404.html":
                assert parts.path.startswith("/shelf/"), ref  # 404 is served at any depth
                target = out / parts.path[len("/shelf/"):]
            else:
                assert not parts.path.startswith("/"), f"absolute link {ref} in {page}"
                resolved = Path(served_at).parent / parts.path
                target = out / Path(*resolved.resolve().parts[2:])
            assert target.is_file(), f"{ref} in {page} does not resolve"
            checked += 1
    assert checked > 20


def test_a_site_template_overrides_the_default_theme(tmp_path):
    make_site(tmp_path, **{"templates__404.html": "{% extends 'base.html' %}{% block main %}<h1>Lost at sea</h1>{% endblock %}"})
    build(tmp_path, stages=[])
    assert "Lost at sea" in (tmp_path / "output/404.html").read_text()
    assert "Designed by" in (tmp_path / "output/pebbles/index.html").read_text()


def test_new_scaffolds_a_game_that_builds_at_once(tmp_path):
    from generator.cli import main
    make_site(tmp_path)
    assert main(["new", "river-race", "--site", str(tmp_path)]) == 0
    report = build(tmp_path, stages=[])
    assert (tmp_path / "output/river-race/index.html").is_file()
    assert report.pages == 8
