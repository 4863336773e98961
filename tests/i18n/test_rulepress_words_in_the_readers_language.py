"""The words Rulepress writes itself around a translated game (a level's sentence on the Play page,
a seat's name in the balance notes, a data table's caption, a kit's PDF title, the feed's link,
a list of names) reach the reader in the page's language, through the same catalogues as the
rest: the game's for what the game names, Rulepress's for its own words."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from generator.content.load import load_site
from generator.i18n.engine import compiled_words
from generator.i18n.site import with_translations

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site():
    return with_translations(load_site(ROOT))


def session_in(folder: Path, game, language: str):
    """A session server for `game` in a games folder of its own, its words compiled as its Play download has them."""
    from generator.browser.session import SessionServer

    games = folder / "games"
    source = game.translation_of or game.slug
    shutil.copytree(ROOT / "content" / source, games / source, ignore=shutil.ignore_patterns("__pycache__"))
    for name, data in compiled_words(game).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    server = SessionServer(games)
    opened = json.loads(server.handle(json.dumps({"op": "open", "widget": "w", "game": source, "players": 2,
                                                  "seed": 1, "computer": [1], "language": language})))
    assert opened["ok"], opened
    return server


def levels_offered(server) -> list[dict]:
    """What the Play page's level select is given: each level's name, title and sentence."""
    answer = json.loads(server.handle(json.dumps({"op": "view", "widget": "w"})))
    assert answer["ok"], answer
    return answer["view"]["levels"]


@pytest.mark.parametrize(("language", "title", "about"), [
    ("de", "Anfänger", "Wirft, wenn sich ein Wurf bietet"),
    ("ja", "初級", "投げられるときは岩を投げますが"),
])
def test_the_play_page_names_bot_levels_in_the_readers_language(site, tmp_path, language, title, about):
    levels = levels_offered(session_in(tmp_path, site.game(f"{language}/splut"), language))
    assert [level["name"] for level in levels] == ["beginner", "club", "strong"]  # the names the select sends back
    assert levels[0]["title"] == title and levels[0]["about"].startswith(about)
    for level in levels:  # no sentence left in English
        assert level["about"] and not any(word in level["about"] for word in ("Throws", "Looks", "Searches"))


def test_the_play_page_names_bot_levels_in_english_on_the_english_page(site, tmp_path):
    levels = levels_offered(session_in(tmp_path, site.game("splut"), "en"))
    assert levels[0] == {"name": "beginner", "title": "beginner",
                         "about": "Throws when a throw is there, but wanders at random two steps in five."}


def balance_summary(site, slug: str) -> str:
    """The balance notes' summary and seat chart of `slug`'s balance page, from figures given
    (the build's self-play hands its figures over by key the same way)."""
    from generator.gamecode import fresh_engine
    from generator.interactive.balance import balance_notes, block_spec, figures_key
    from generator.markdown.directives import DirectiveContext
    from generator.play.balance import BalanceStats

    game = site.game(slug)
    engine = fresh_engine(game.folder)
    context = DirectiveContext({"site": site, "game": game, "page": game.page("balance")}, 1, "balance")
    options = {"bot": "club", "players": 2, "games": 500}
    stats = BalanceStats("club", 2, 500, seat_wins=[271, 229], lengths=[11, 36, 165])
    played = {figures_key(game, block_spec(options, context, engine)): stats}
    return balance_notes(options, context, game, engine, played)


@pytest.mark.parametrize(("language", "seats", "share"), [
    ("de", ("Rot", "Gelb"), "54\N{NO-BREAK SPACE}%"),
    ("ja", ("赤", "黄"), "54%"),
    ("en", ("Red", "Yellow"), "54%"),
])
def test_the_balance_notes_name_each_seat_and_its_share_in_the_readers_language(site, language, seats, share):
    notes = balance_summary(site, "splut" if language == "en" else f"{language}/splut")
    summary = notes.split("</p>")[0]
    assert seats[0] in summary and share in summary  # "The first seat (Rot) won 54 % ..."
    chart = notes.split('id="balance-', 1)[1]
    for seat in seats:  # the seat chart's labels
        assert f">{seat}<" in chart
    if language != "en":
        assert "Red" not in notes and "Yellow" not in notes


def page_html(site, slug: str, name: str) -> str:
    from generator.i18n.notices import stale_notices_plugin
    from generator.markdown.render import glossary_terms, make_markdown, render_page

    game = site.game(slug)
    md = make_markdown(site.raw_html, {}).use(stale_notices_plugin)
    return render_page(md, site, game, game.page(name), glossary_terms(md, site, game)).html


@pytest.mark.parametrize(("language", "captions"), [
    ("de", ["Schritte", "Hindernisse", "Plätze"]),
    ("ja", ["ステップ数", "障害物", "席"]),
    ("en", ["Steps", "Blockers", "Seats"]),
])
def test_a_table_captioned_by_its_data_name_is_captioned_in_the_readers_language(site, language, captions):
    html = page_html(site, "splut" if language == "en" else f"{language}/splut", "reference")
    assert re.findall(r"<caption>(.*?)</caption>", html) == captions
    for caption in captions:  # the scrolling region's name, for a screen reader
        assert f'aria-label="{caption}"' in html


def test_the_catalogue_holds_a_tables_caption_made_from_its_data_name_at_the_tables_block(site):
    from generator.i18n.extract import extract

    template = extract(site, site.game("splut"))
    blockers = template.get("Blockers")
    assert blockers is not None and blockers.locations == [("reference.md", 34)]
    source = (ROOT / "content/splut/reference.md").read_text(encoding="utf-8").splitlines()
    assert source[33] == "data: blockers"
    captions = {message.id for message in template if "caption" in message.auto_comments}
    assert captions >= {"Steps", "Blockers", "Seats"}
    assert not captions & {"Board", "Seating", "Components"}  # a table no page shows unnamed gets no entry


@pytest.mark.parametrize(("language", "title", "subject"), [
    ("de", "Splut!: Print-and-Play-Kit (A4, Tintensparmodus)", "Print-and-Play-Kit für Splut!"),
    ("ja", "Splut!：プリント＆プレイキット（A4、インク節約）", "Splut!のプリント＆プレイキット"),
    ("en", "Splut!: print-and-play kit (A4, ink saver)", "Print-and-play kit for Splut!"),
])
def test_a_kits_pdf_is_titled_in_the_kits_language(site, tmp_path, language, title, subject):
    from pypdf import PdfReader

    from generator.kit import write_kits
    from generator.kit.drawings import KitDrawings

    game = site.game("splut" if language == "en" else f"{language}/splut")
    product = KitDrawings()
    product.start({}, site.language)
    components, artwork = product.drawn(game)
    [kit] = write_kits(components, tmp_path, title=game.title, author=", ".join(game.designers), artwork=artwork,
                       papers=("a4",), variants=("ink-saver",), language=game.language)
    metadata = PdfReader(kit.path).metadata
    assert (metadata.title, metadata.subject) == (title, subject)  # what a PDF viewer's window and tab show


def kit_text(site, slug: str, folder: Path) -> str:
    import subprocess

    from generator.kit import write_kits
    from generator.kit.drawings import KitDrawings

    game = site.game(slug)
    product = KitDrawings()
    product.start({}, site.language)
    components, artwork = product.drawn(game)
    [kit] = write_kits(components, folder, title=game.title, author=", ".join(game.designers), artwork=artwork,
                       papers=("a4",), variants=("print",), language=game.language)
    return subprocess.run(["pdftotext", str(kit.path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize(("language", "listed", "footer"), [
    ("ja", "その下にチーム、岩", "Splut! — アリーナ、チーム、岩 — 2 / 2 ページ"),
    ("de", "darunter Teams und Steine", "Splut! — Die Arena, Teams und Steine — Seite 2 von 2"),
    ("en", "Teams, Rocks below it", "Splut! — The arena, Teams, Rocks — page 2 of 2"),
])
def test_a_kit_lists_its_components_as_the_kits_language_writes_a_list(site, tmp_path, language, listed, footer):
    text = " ".join(kit_text(site, "splut" if language == "en" else f"{language}/splut", tmp_path).split())
    assert listed in text and footer in text


@pytest.mark.parametrize(("language", "footer", "doubled"), [
    ("de", "Splut! — Inhalt und Druck, Aufbau — Seite 1 von 2", "Druck und Aufbau"),
    ("fr", "Splut! — Contenu et impression, mise en place — page 1 sur 2", "impression et mise"),
])
def test_a_kits_footer_lists_names_holding_its_languages_and_with_separators_alone(site, tmp_path, language, footer,
                                                                                     doubled):
    """"Inhalt und Druck und Aufbau" reads as three sections: the cover's footer lists two."""
    text = " ".join(kit_text(site, f"{language}/splut", tmp_path).split())
    assert footer in text and doubled not in text


def test_a_translated_page_lists_the_designers_as_its_language_writes_a_list(tmp_path):
    from generator.build import build
    from tests.i18n.translating import CARDS_TOML, i18n, translate_everything, translated_site

    toml = CARDS_TOML.replace('designers = ["Ada Example"]', 'designers = ["Ada Example", "Bo Beispiel", "Cy Rei"]')
    root = translated_site(tmp_path, **{"content/pebbles/game.toml": toml})
    for language in ("de", "ja"):
        assert i18n("update", str(root), "--lang", language) == 0
        translate_everything(root, language, language.upper())
    build(root)
    credits = {url: re.search(r'<section class="credits".*?</p>', (root / "output" / url).read_text("utf-8"), re.S)[0]
               for url in ("pebbles/index.html", "de/pebbles/index.html", "ja/pebbles/index.html")}
    assert "Ada Example, Bo Beispiel, Cy Rei" in credits["pebbles/index.html"]
    assert "Ada Example, Bo Beispiel und Cy Rei" in credits["de/pebbles/index.html"]
    assert "Ada Example、Bo Beispiel、Cy Rei" in credits["ja/pebbles/index.html"]


@pytest.mark.parametrize(("language", "title"), [("de", "Splut!: Versionen"), ("ja", "Splut!：リリース"),
                                                 ("en", "Splut!: releases")])
def test_a_pages_link_to_the_releases_feed_is_named_in_the_pages_language(site, language, title):
    from generator.site.stamp import game_feed_head, page_release

    game = site.game("splut" if language == "en" else f"{language}/splut")
    [link] = game_feed_head(game, page_release(site, game, game.pages[0].url), language)
    assert f'title="{title}"' in link


def test_a_sites_releases_feed_speaks_the_sites_language(tmp_path):
    import feedparser

    from generator.build import build
    from tests.sitefactory import GAME_TOML, SITE_TOML, make_site

    release = '\n[[releases]]\nversion = "1.0"\ndate = 2026-10-01\nsummary = "Erste Ausgabe."\n'
    root = make_site(tmp_path / "site", **{"content__site.toml": SITE_TOML + 'language = "de"\n',
                                           "content__pebbles__game.toml": GAME_TOML + release})
    build(root, root / "output")
    for path, title in (("pebbles/releases.atom", "Pebbles: Versionen"), ("releases.atom", "Test shelf: Versionen")):
        feed = feedparser.parse((root / "output" / path).read_bytes())
        assert feed.feed.title == title
        assert feed.entries[0].title == "Pebbles Version 1.0, 1. Oktober 2026"


@pytest.mark.parametrize(("language", "titles"), [
    ("de", ["Die Arena", "Teams: 12 Teile", "Steine: 4 Teile"]),
    ("ja", ["アリーナ", "チーム：駒12個", "岩：駒4個"]),
    ("en", ["The arena", "Teams: 12 pieces", "Rocks: 4 pieces"]),
])
def test_the_kits_previews_count_their_pieces_in_the_readers_language(site, language, titles):
    from generator.kit.drawings import KitDrawings
    from generator.kit.preview import plan_previews

    game = site.game("splut" if language == "en" else f"{language}/splut")
    product = KitDrawings()
    product.start({}, site.language)
    components, _artwork = product.drawn(game)
    assert [title for _name, title, _kind, _pictured in plan_previews(components, language)] == titles


@pytest.mark.parametrize(("language", "said"), [
    ("de", ["<h1>Was sich in 1.1 geändert hat</h1>", '<h2 id="changed-sections">Regeltext</h2>',
            "<strong>Version 1.1</strong>, 20. November 2026:", "Verglichen mit", "(5. Januar 2026)",
            '<span class="change-kind">Geändert</span>', "Das Ergebnis hat sich bei Schritt 2 geändert",
            "Die Regeln der Engine haben sich geändert"]),
    ("ja", ["<h1>1.1の変更点</h1>", '<h2 id="changed-clarifications">補足</h2>',
            "<strong>バージョン1.1</strong>（2026年11月20日）：", "との比較です", '<span class="change-kind">追加</span>',
            "ステップ2（<code>take 2</code>）で結果が変わりました", "<th scope=\"col\">行</th>",
            '<span class="change-page">（Rules）</span>']),
])
def test_a_sites_what_changed_page_speaks_the_sites_language(tmp_path, language, said):
    from generator.build import build
    from tests.releases.history import archived_site
    from tests.sitefactory import SITE_TOML, write

    root = archived_site(tmp_path)
    write(root, {"content/site.toml": SITE_TOML + f'rulebooks = false\nsearch = false\nlanguage = "{language}"\n'})
    build(root)
    page = (root / "output/pebbles/1.1/changes.html").read_text(encoding="utf-8")
    for words in said:
        assert words in page
    for english in ("What changed", "Rules text", "Compared with", "The outcome changed", "Removed words are"):
        assert english not in page


@pytest.mark.parametrize(("language", "quoted"), [("de", "„{}“"), ("ja", "「{}」"), ("fr", "«\N{NO-BREAK SPACE}{}\N{NO-BREAK SPACE}»")])
def test_the_translated_prose_names_a_level_as_the_level_select_does(site, language, quoted):
    from generator.i18n.interface import gettext

    _ = gettext(language)  # the select's words: Rulepress's catalogue (play/levels.py)
    html = page_html(site, f"{language}/splut", "play") + page_html(site, f"{language}/splut", "balance")
    named = [name for name in ("beginner", "club", "strong") if quoted.format(_(name)) in html]
    assert "club" in named and "strong" in named
    assert not any(quoted.format(name) in html for name in ("beginner", "strong") if _(name) != name)


@pytest.mark.parametrize(("language", "said"), [
    ("de", "Beidseitig drucken, an der kurzen Kante gewendet"),
    ("ja", "短辺綴じの両面印刷で"),
    ("en", "Print double-sided, flipping on the short edge"),
])
def test_a_booklet_says_how_to_print_it_in_the_books_language(language, said):
    from reportlab.lib.pagesizes import A5

    from generator.rulebook.booklet import how_to_print

    page = how_to_print(*A5, language)
    text = "".join(page.extract_text().split())
    assert "".join(said.split()) in text
    fonts = {str(font) for font in page["/Resources"]["/Font"].values() for font in [font.get_object()["/BaseFont"]]}
    assert (language == "ja") == any("Gothic" in font or "IPA" in font for font in fonts), fonts  # kana need a CJK face


def test_a_tables_own_words_are_in_the_readers_language_on_the_page_and_on_paper(tmp_path):
    """What Rulepress writes in a data table's cells (true/false as yes/no, a hex colour's name, two
    colours at once) and the note of a page that decides no ambiguities."""
    from generator.build import build
    from generator.content.load import load_site
    from generator.markdown.directives import DirectiveContext
    from generator.markdown.tables import table_on_paper
    from generator.rulebook.make import GameBook
    from tests.i18n.translating import CARDS_TOML, i18n, translate_everything, translated_site
    from tests.sitefactory import RULES

    toml = CARDS_TOML + '\n[data.teams]\nfile = "teams.csv"\ncolumns = { cloth = "str", hex = "str", home = "bool" }\n'
    table = "\n```table\ndata: teams\ncolumns: [hex, cloth, home]\nheaders: [Colour, Cloth, Home]\n```\n"
    root = translated_site(tmp_path, **{"content/pebbles/game.toml": toml, "content/pebbles/rules.md": RULES + table,
                                        "content/pebbles/teams.csv": "cloth,hex,home\nwhite-red,#c81e28,true\n"
                                                                     "plain,#2a5ac8,false\n",
                                        "content/pebbles/reference.md": "---\ntitle: Player aid\n---\n\n"
                                                                        "## Summary\n\n```clarifications\n```\n"})
    assert i18n("update", str(root), "--lang", "de") == 0
    translate_everything(root, "de", "DE")
    build(root)
    cells = {url: re.findall(r"<td>(.*?)</td>", (root / "output" / url).read_text("utf-8"))
             for url in ("pebbles/index.html", "de/pebbles/index.html")}
    assert cells["pebbles/index.html"][-6:] == ["Red", "white and red", "yes", "Blue", "plain", "no"]
    assert cells["de/pebbles/index.html"][-6:] == ["Rot", "white und red", "ja", "Blau", "plain", "nein"]
    aid = (root / "output/de/pebbles/reference.html").read_text("utf-8")
    assert '<p class="empty">Diese Seite klärt keine Zweifelsfälle.</p>' in aid
    site = with_translations(load_site(root))
    book = GameBook(site, site.game("de/pebbles"), {})
    [printed] = table_on_paper({"data": "teams", "columns": ["hex", "cloth", "home"], "headers": ["Colour", "Cloth", "Home"]},
                               DirectiveContext(book.chapters["rules"].env, 1, "table"))
    assert printed.rows == (("Rot", "white und red", "ja"), ("Blau", "plain", "nein"))


@pytest.mark.parametrize(("language", "live", "replayed"), [
    ("de", "Spielplan von Splut! nach 0 Aktionen", "Spielplan von Splut! nach 0 von 0 Aktionen"),
    ("ja", "0手後のSplut!の盤", "全0手中0手後のSplut!の盤"),
    ("en", "Splut! board after 0 actions", "Splut! board after 0 of 0 actions"),
])
def test_the_play_pages_board_is_named_for_a_screen_reader_in_the_readers_language(site, tmp_path, language, live,
                                                                                   replayed):
    server = session_in(tmp_path, site.game("splut" if language == "en" else f"{language}/splut"), language)
    view = json.loads(server.handle(json.dumps({"op": "view", "widget": "w"})))["view"]
    assert f'aria-label="{live}"' in view["svg"]
    replay = json.loads(server.handle(json.dumps({"op": "replay", "widget": "w", "step": 0})))
    assert f'aria-label="{replayed}"' in replay["replay"]["svg"]



@pytest.mark.parametrize(("language", "chance"), [("de", "Zufall"), ("ja", "偶然")])
def test_a_chance_step_is_announced_in_the_readers_language(language, chance):
    """play.js names a step of chance (the session's "Chance") with t("Chance"): the page gives it the word."""
    from generator.i18n.interface import script_words

    assert script_words(language)["Chance"] == chance
    assert 'step.who === "Chance" ? t("Chance")' in (ROOT / "templates/assets/play.js").read_text(encoding="utf-8")


@pytest.mark.parametrize(("language", "named"), [("de", {"Zauberer (Rot)", "Troll (Blau)", "Stein"}),
                                                 ("ja", {"赤のソーサラー", "青のトロル", "岩"}),
                                                 ("en", {"Red Sorcerer", "Blue Troll", "Rock"})])
def test_a_players_token_is_named_as_the_kits_language_names_it(site, language, named):
    """What the virtual tables and shops' files call a piece: "Zauberer (Rot)", not "Rot Zauberer"."""
    from generator.kit.drawings import KitDrawings

    product = KitDrawings()
    product.start({}, site.language)
    _components, artworks = product.drawn(site.game("splut" if language == "en" else f"{language}/splut"))
    titles = {drawing.title for artwork in artworks.values() for _spec, drawings in artwork.tokens for drawing in drawings}
    assert named <= titles
