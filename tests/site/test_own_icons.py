"""Issue 43.5's gap: a game's own SVG icons (icons/<name>.svg) inline in its text: `:coin:` on
the site (an inline SVG named for screen readers, in the text's colour) and in the printed
rules (the same drawing, in the text's ink); a name that is no icon is an error at its line."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from generator.build import build, check
from generator.errors import ContentErrors
from tests.sitefactory import GLOSSARY, SITE_TOML, make_site

COIN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20">'
        '<circle cx="10" cy="10" r="9" fill="#c01010"/><rect x="8" y="5" width="4" height="10" fill="#ffffff"/></svg>')
RULES = "---\ntitle: Rules\n---\n\n## Setting up\n\nEach player takes 3 :coin: and a Pebble.\n\n## Taking turns {#turns}\n\n{text}\n"


def rules(text: str = "Play.") -> str:
    return RULES.replace("{text}", text)


def coin_site(root: Path, text: str = "Play.", rulebooks: bool = True, icon: str = COIN) -> Path:
    site_toml = SITE_TOML if rulebooks else SITE_TOML + "rulebooks = false\n"
    glossary = GLOSSARY.replace("A small stone", "A small stone worth one :coin:")
    return make_site(root, **{"content__site.toml": site_toml, "content__pebbles__rules.md": rules(text),
                              "content__pebbles__glossary.md": glossary, "content__pebbles__icons__coin.svg": icon})


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = coin_site(tmp_path_factory.mktemp("coins") / "site")
    return root, build(root, use_cache=False)


def test_a_games_own_icon_shows_on_its_pages_named_for_screen_readers_in_the_texts_colour(built):
    root, _report = built
    for page in ("index.html", "glossary.html"):
        html = (root / "output" / "pebbles" / page).read_text(encoding="utf-8")
        assert ":coin:" not in html, page
        start = html.index('<svg aria-label="coin"')
        svg = html[start:html.index("</svg>", start)]
        assert "c01010" not in svg  # the file's red is not drawn: the text's colour is
        assert "rp-ink-fill" in svg and "rp-paper-fill" in svg  # the theme's text and ground colours


def test_a_games_own_icon_prints_in_the_rulebook_in_the_texts_ink(built):
    root, _report = built
    book = PdfReader(root / "output" / "pebbles" / "pebbles-rules-a4.pdf")
    assert ":coin:" not in "".join(page.extract_text() for page in book.pages)
    icons = [image.image.convert("RGB") for page in book.pages for image in page.images]
    assert icons
    for icon in icons:
        colours = {colour for _count, colour in icon.getcolors(1 << 20)}
        assert not any(r > 150 and g < 80 and b < 80 for r, g, b in colours)  # no red
        assert any(max(colour) < 60 for colour in colours)  # the text's near-black ink


def errors_of(root: Path) -> list:
    with pytest.raises(ContentErrors) as raised:
        check(root)
    return raised.value.errors


def test_an_unknown_icon_name_is_an_error_at_its_line_naming_the_known_ones(tmp_path):
    root = coin_site(tmp_path / "site", text="Pay 1 :coin: or\ntake 1 :gem:.", rulebooks=False)
    [error] = errors_of(root)
    assert (Path(error.path).name, error.line, error.message, error.found) == ("rules.md", 12, "no icon named 'gem'",
                                                                                ":gem:")
    assert "coin" in error.expected and "star" in error.expected and "icons/gem.svg" in error.expected


def test_an_own_icon_that_cannot_be_drawn_is_an_error_at_its_line_saying_why(tmp_path):
    blurred = COIN.replace('<circle', '<filter id="f"/><circle')
    root = coin_site(tmp_path / "site", rulebooks=False, icon=blurred)
    errors = errors_of(root)
    assert {(Path(e.path).name, e.line) for e in errors} == {("rules.md", 7), ("glossary.md", 7)}
    assert all("icons/coin.svg" in e.message and "filter" in e.message for e in errors)
