"""`{.web-only}` / `{.print-only}` mark a block, or on a heading its whole
section, for one medium; `only: web` in a page's front matter marks the page.
The site leaves print-only material out of its HTML, the rulebook leaves
web-only material out of its PDF; a `play` block prints as one line and a QR
code to the Play page, or as nothing while the site's address is a placeholder."""
from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader

from generator.cli import main
from tests.sitefactory import GAME_TOML, RULES, make_site

MARKED = RULES + '''
{.web-only}
Tap a pebble to move it.

{.print-only}
Cut out the pebbles along the lines.

## Screen controls {.web-only}

Drag with one finger.

### Zooming

Pinch to zoom.

## Cutting out {.print-only}

Use scissors with round tips.

## Afterwards

Put the pebbles back in the bag.
'''

NOTES = '''---
title: Online notes
only: web
---

Only a browser can show these notes.
'''


def built(tmp_path, **files) -> tuple[str, str]:
    """The rules page's HTML and the A4 rulebook's text of a site with the marked pages."""
    make_site(tmp_path, **{"content__pebbles__rules.md": MARKED, "content__pebbles__notes.md": NOTES,
                           "content__pebbles__game.toml": GAME_TOML.replace('"glossary"]', '"glossary", "notes"]'),
                           **files})
    assert main(["build", str(tmp_path)]) == 0
    html = (tmp_path / "output/pebbles/index.html").read_text()
    pdf = (tmp_path / "output/pebbles/pebbles-rules-a4.pdf").read_bytes()
    return html, " ".join(" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(pdf)).pages)


def test_the_site_shows_web_only_content_and_leaves_print_only_content_out(tmp_path):
    html, _book = built(tmp_path)
    for shown in ("Tap a pebble", "Screen controls", "Pinch to zoom", "Put the pebbles back"):
        assert shown in html
    for hidden in ("Cut out the pebbles", "Cutting out", "round tips"):
        assert hidden not in html
    assert (tmp_path / "output/pebbles/notes.html").is_file()


def test_the_rulebook_prints_print_only_content_and_leaves_web_only_content_out(tmp_path):
    _html, book = built(tmp_path)
    for printed in ("Cut out the pebbles", "Cutting out", "round tips", "Put the pebbles back"):
        assert printed in book
    for left_out in ("Tap a pebble", "Screen controls", "Zooming", "Pinch to zoom", "Online notes", "browser"):
        assert left_out not in book


def test_a_block_marked_for_both_media_is_an_error_at_its_line(tmp_path, capsys):
    make_site(tmp_path, **{"content__pebbles__rules.md": RULES + "\n{.web-only .print-only}\nWhich one?\n"})
    assert main(["build", str(tmp_path)]) == 1
    line = RULES.count("\n") + 3  # the block's own line, under its attribute line
    err = capsys.readouterr().err
    assert f"content/pebbles/rules.md:{line}: a block cannot be both web-only and print-only" in err, err


def test_an_unknown_page_medium_is_an_error_at_its_line(tmp_path, capsys):
    make_site(tmp_path, **{"content__pebbles__reference.md": "---\ntitle: Player aid\nonly: paper\n---\n\nText.\n"})
    assert main(["build", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "content/pebbles/reference.md:3:" in err and '"web"' in err, err


def play_block(base_url: str) -> list:
    """What a `play` block prints on A4 for a site at `base_url`."""
    from generator.content.model import Site
    from generator.interactive.paper import play_on_paper
    from generator.markdown.directives import DirectiveContext
    from generator.rulebook.blocks import Typesetter
    from generator.rulebook.directives import PaperDirectives
    from generator.rulebook.fonts import register_book_fonts
    from generator.rulebook.styles import make_styles

    register_book_fonts()

    site = Site(root=None, title="Shelf", base_url=base_url, path_prefix="/games/", language="en", description="",
                raw_html=False, rulebooks=True, search=False, pyodide_url="", accent="#3559c7", games=())
    game = type("Game", (), {"slug": "pebbles", "title": "Pebbles"})()
    env = {"site": site, "game": game}
    directives = PaperDirectives(env, {})
    book = Typesetter(make_styles("#aa3300"), 400, directives)
    return [flowable for item in play_on_paper({}, DirectiveContext(env=env, line=1, name="play"))
            for flowable in directives.set(item, book)]


def test_a_play_block_prints_a_line_and_a_qr_code_to_the_play_page():
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing

    line, code, *_ = play_block("https://boardgames-shelf.org/")
    assert "https://boardgames-shelf.org/games/pebbles/play.html" in line.text
    assert isinstance(code, Drawing) and isinstance(code.contents[0], QrCodeWidget)
    assert code.contents[0].value == "https://boardgames-shelf.org/games/pebbles/play.html"


def test_a_play_block_prints_nothing_while_the_address_is_a_placeholder():
    assert play_block("https://rulepress.example/") == []
    assert play_block("https://games.example.com/") == []


def test_a_web_only_play_page_prints_only_its_play_block_and_only_for_a_real_address():
    import dataclasses
    from pathlib import Path

    from generator.build import directive_registry
    from generator.content.load import load_site
    from generator.markdown.render import make_markdown
    from generator.rulebook.selection import book_pages
    from generator.stages import StageContext, no_templates

    placeholder = load_site(Path(__file__).resolve().parents[2])
    real = dataclasses.replace(placeholder, base_url="https://boardgames-shelf.org/")
    game = placeholder.game("splut")
    directives = directive_registry(real)  # `play` is declared to print from a web-only page
    assert "play" not in [page.name for page in book_pages(game, placeholder, directives)]
    assert "play" not in [page.name for page in book_pages(game)]
    assert "play" in [page.name for page in book_pages(game, real, directives)]
    page = game.page("play")
    build = StageContext(assets={}, hashes={}, render=no_templates, directives=directives)
    tokens = make_markdown(False, {}).parse(page.body, {"page": page, "game": game, "site": real, "build": build})
    assert [(token.type, token.info.strip()) for token in tokens] == [("fence", "play")]
