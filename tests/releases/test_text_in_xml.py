"""Text in the XML the build writes (issue 48.4): a control character in any text a feed
carries (the site's title and language, a game's title, designers and summary, a release's
summary, a page's title and summary) is an error at its line, and nothing is written; and the
XML writers themselves (the feeds, the sitemap, SVG) drop what XML 1.0 cannot hold, whatever
reaches them, so no build that succeeds writes a file a feed reader or a browser refuses."""
from __future__ import annotations

from xml.etree import ElementTree as ET

import feedparser
import pytest

from generator.cli import main
from generator.draw.shapes import Drawing, Rect, Style, Text
from generator.draw.svg import to_svg
from generator.feeds import Entry, Feed, atom_xml
from generator.site.sitemap import sitemap
from tests.sitefactory import GAME_TOML, REFERENCE, RULES, SITE_TOML, make_site

RELEASE = '\n[[releases]]\nversion = "1.0"\ndate = 2026-10-01\nsummary = "First release."\n'
# every character XML 1.0 forbids (it allows tab, newline and return)
FORBIDDEN = "".join(chr(c) for c in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)]) + "\ud800\ufffe\uffff"
MIXED = "A" + FORBIDDEN + "\tB\nC"


def released_site(root, **overrides):
    files = {"content__pebbles__game.toml": GAME_TOML + RELEASE}
    files.update(overrides)
    return make_site(root, **files)


# (file changed, its new text, the file named in the error, the line)
FIELDS = {
    "site title": ("content__site.toml", SITE_TOML.replace("Test shelf", "Test\\u0001shelf"), "site.toml", 1),
    "site language": ("content__site.toml", SITE_TOML + 'language = "e\\u0008n"\n', "site.toml", 3),
    "game title": ("content__pebbles__game.toml", GAME_TOML.replace('"Pebbles"', '"Peb\\u0001bles"') + RELEASE,
                   "game.toml", 1),
    "designers": ("content__pebbles__game.toml", GAME_TOML.replace('"Ada Example"', '"Ada\\u001bExample"') + RELEASE,
                  "game.toml", 2),
    "game summary": ("content__pebbles__game.toml", GAME_TOML.replace("Move pebbles", "Move\\u000cpebbles") + RELEASE,
                     "game.toml", 9),
    "release summary": ("content__pebbles__game.toml", GAME_TOML + RELEASE.replace("First release.", "a\\u0001b"),
                        "game.toml", GAME_TOML.count("\n") + 5),
    "page title": ("content__pebbles__rules.md", RULES.replace("title: Rules", 'title: "Ru\\x01les"'), "rules.md", 2),
    "page summary": ("content__pebbles__reference.md",
                     REFERENCE.replace("title: Player aid", 'title: Player aid\nsummary: "x\\x1fy"'), "reference.md", 3),
}


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_a_control_character_in_any_text_a_feed_carries_is_an_error_at_its_line(tmp_path, field, capsys):
    key, text, name, line = FIELDS[field]
    site = released_site(tmp_path / "site", **{key: text})
    assert main(["build", str(site)]) == 1
    err = capsys.readouterr().err
    assert f"{name}:{line}: " in err and "holds a control character" in err, err
    assert "expected: text without control characters" in err and "Traceback" not in err
    assert not (site / "output").exists()  # no feed at all, rather than one a reader cannot parse


def test_tab_and_newline_stay_allowed_and_the_feeds_parse(tmp_path):
    game_toml = GAME_TOML.replace("Move pebbles", "Move\\tpebbles") + RELEASE.replace('"First release."',
                                                                                   '"""First\nrelease."""')
    site = released_site(tmp_path / "site", **{"content__pebbles__game.toml": game_toml})
    assert main(["build", str(site), "-q"]) == 0
    for feed in ("releases.atom", "pebbles/releases.atom"):
        parsed = feedparser.parse((site / "output" / feed).read_bytes())
        assert not parsed.bozo and parsed.entries[0].summary == "First\nrelease."


def feed_of(text: str) -> Feed:
    entry = Entry(id="tag:games.example,2026-10-01:/pebbles/" + text, title=text, updated="2026-10-01T00:00:00Z",
                  link="https://games.example/pebbles/" + text, summary=text)
    return Feed(id="https://games.example/" + text, title=text, updated=entry.updated,
                self_link="https://games.example/releases.atom" + text, page_link="https://games.example/" + text,
                author=text, language="en" + text, entries=(entry,))


def test_the_atom_writer_drops_what_xml_cannot_hold_from_every_text_and_address():
    data = atom_xml(feed_of(MIXED))
    root = ET.fromstring(data)  # raises on any character XML 1.0 forbids
    atom = "{http://www.w3.org/2005/Atom}"
    assert root.find(f"{atom}title").text == "A\tB\nC"
    assert root.find(f"{atom}entry/{atom}summary").text == "A\tB\nC"
    assert not feedparser.parse(data).bozo


def test_a_feed_of_plain_text_is_written_as_before():
    assert atom_xml(feed_of("x")).count(b"x") > 5 and b"&#" not in atom_xml(feed_of("x"))


def test_the_sitemap_drops_what_xml_cannot_hold():
    text = sitemap("https://games.example" + FORBIDDEN, "/", ["pebbles/index.html", "pebbles/a" + FORBIDDEN + ".html"])
    locs = [node.text for node in ET.fromstring(text).iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    assert locs == ["https://games.example/pebbles/", "https://games.example/pebbles/a.html"]


def test_svg_text_titles_and_cell_names_drop_what_xml_cannot_hold():
    """A card's words come from a data file's cell or a game engine's drawing, which load never sees."""
    drawing = Drawing(20, 10, (Rect(0, 0, 20, 10, Style(fill="#ffffff"), cell="c" + FORBIDDEN),
                               Text(1, 5, MIXED, 3)), title="Card " + FORBIDDEN)
    root = ET.fromstring(to_svg(drawing))
    svg = "{http://www.w3.org/2000/svg}"
    assert [node.text for node in root.iter(f"{svg}text")] == ["A\tB\nC"]
    assert root.find(f"{svg}title").text == "Card "
    assert root.find(f"{svg}rect").get("data-cell") == "c"
