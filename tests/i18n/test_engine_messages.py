"""Issue 46.1 and 46.3: an engine's refusals and narration are in the game's catalogue at their
file:line, a translated game's Play download carries them, and the reader's session speaks
the page's language: a message with no translation (or a stale one) reads as written."""
from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

from generator.content.load import load_site
from generator.i18n.catalogues import catalogue_path, read
from generator.i18n.engine import KIND, compiled_words, engine_blocks, engine_words
from generator.i18n.interface import catalogue as interface_catalogue
from generator.i18n.site import with_translations
from generator.play.words import _, speaking, translations_in

ROOT = Path(__file__).resolve().parents[2]
OCCUPIED = "{square} is occupied"  # what Splut! says of a step onto a piece (engine.py)


@pytest.fixture(scope="module")
def splut():
    site = with_translations(load_site(ROOT))
    return site, site.game("splut"), site.game("de/splut")


def test_every_marked_engine_message_is_an_entry_at_its_file_and_line(splut):
    _site, game, _german = splut
    blocks = engine_blocks(game)
    assert {block.file for block in blocks} >= {"engine.py", "drawing.py"}
    for block in blocks:
        line = (game.folder / block.file).read_text(encoding="utf-8").splitlines()[block.line - 1]
        assert "_(" in line and block.text.split("{")[0][:20] in line, (block, line)
        assert block.kind.startswith(KIND)
    occupied = [block for block in blocks if block.text == OCCUPIED]
    assert len(occupied) == 1  # one entry, however many refusals say it


def test_the_games_template_holds_the_engine_messages_with_their_places(splut, tmp_path):
    from generator.i18n.extract import extract

    site, game, _german = splut
    template = extract(site, game)
    message = template.get(OCCUPIED)
    assert message is not None and KIND in message.auto_comments
    assert [file for file, _line in message.locations] == ["engine.py"]
    # a term the pages use and the engine names is one entry, with both places
    troll = template.get("Troll")
    assert {"engine.py", "glossary.md"} <= {file for file, _line in troll.locations}


def german_session(folder: Path, words: dict[str, bytes]):
    """A session server for Splut! in a games folder of its own, its German words compiled as the bundle has them."""
    from generator.browser.session import SessionServer

    games = folder / "games"
    shutil.copytree(ROOT / "content" / "splut", games / "splut", ignore=shutil.ignore_patterns("__pycache__"))
    for name, data in words.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    server = SessionServer(games)
    opened = json.loads(server.handle(json.dumps({"op": "open", "widget": "w", "game": "splut", "players": 2, "seed": 1,
                                                  "computer": [1], "language": "de"})))
    assert opened["ok"], opened
    return server


def refusal(server, action: str) -> dict:
    answer = json.loads(server.handle(json.dumps({"op": "act", "widget": "w", "action": action})))
    assert not answer["ok"]
    return answer["refused"]


def test_a_refusal_in_a_german_session_is_in_german_with_the_german_section_name(splut, tmp_path):
    _site, _game, german = splut
    server = german_session(tmp_path, compiled_words(german))
    catalogue = read(catalogue_path(german, "de"), "de")
    refused = refusal(server, "T f2-e2")  # the Red Troll onto the Red Dwarf
    assert refused["message"] == catalogue.get(OCCUPIED).string.format(square="e2")
    assert refused["anchors"] == [{"text": catalogue.get("Moving a piece").string, "anchor": "#moving-a-piece"}]
    pushed = refusal(server, "D e2-e1")  # the Dwarf pushes the Rock off the arena
    assert pushed["anchors"][1] == {"text": "Klarstellung C10", "anchor": "#c10"}  # Rulepress's own word


def test_an_untranslated_or_stale_message_reads_in_english(splut, tmp_path):
    _site, _game, german = splut
    catalogue = read(catalogue_path(german, "de"), "de")
    edited = copy.deepcopy(catalogue)
    edited.get(OCCUPIED).string = ""  # not translated
    edited.get("a step goes one square north, east, south or west onto the arena").flags.add("fuzzy")  # stale
    server = german_session(tmp_path, engine_words(german, edited, interface_catalogue("de")))
    assert refusal(server, "T f2-e2")["message"] == "e2 is occupied"
    assert refusal(server, "S d2-d4")["message"] == "a step goes one square north, east, south or west onto the arena"
    translated = catalogue.get("only a Troll pulls or throws").string
    assert refusal(server, "S d2-d3 pull")["message"] == translated  # the others still in German


def test_english_is_spoken_where_a_game_has_no_words_in_the_language(tmp_path):
    assert translations_in(tmp_path, "de").gettext(OCCUPIED) == OCCUPIED
    assert translations_in(tmp_path, "").gettext(OCCUPIED) == OCCUPIED
    with speaking(None):
        assert _(OCCUPIED) == OCCUPIED


def test_only_a_translated_games_play_download_carries_its_words_where_gettext_looks(splut):
    _site, game, german = splut
    assert compiled_words(game) == {}
    (name, data), = compiled_words(german).items()
    assert name == "games/splut/locale/de/LC_MESSAGES/engine.mo"  # where the session's gettext looks
    assert data[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")  # a compiled catalogue's magic number


def test_every_word_play_js_writes_reaches_a_translated_page(tmp_path):
    from babel.messages.extract import extract_from_file

    from generator.i18n.interface import script_words

    script = ROOT / "templates" / "assets" / "play.js"
    written = {message for _line, message, _comments, _context in
               extract_from_file("javascript", script, keywords={"t": None, "tNodes": None})}
    assert len(written) > 50
    for language in ("de", "fr", "ja"):
        assert written - set(script_words(language)) == set(), language
