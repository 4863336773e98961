"""`rulepress i18n pseudo`: a copy of the site in the pseudo-locale, which checks and builds as
any site; its pages and game.toml's texts pseudo-translated line for line, its data as written."""
from __future__ import annotations

from generator.cli import main
from generator.i18n.pseudo import pseudo
from tests.i18n.translating import i18n, line_of, translated_site
from tests.sitefactory import SITE_TOML


def test_the_pseudo_copy_checks_with_its_pages_and_game_texts_translated_line_for_line(tmp_path, capsys):
    root = translated_site(tmp_path / "site", **{"content/site.toml": SITE_TOML + "balance_notes = true\n"})
    out = tmp_path / "qps"
    assert i18n("pseudo", str(root), "-o", str(out)) == 0
    assert "balance_notes = false" in (out / "content/site.toml").read_text()  # self-play: minutes, same in any language
    rules = (out / "content/pebbles/rules.md").read_text(encoding="utf-8")
    source = (root / "content/pebbles/rules.md").read_text(encoding="utf-8")
    assert len(rules.split("\n")) == len(source.split("\n"))
    assert f"## {pseudo('Setting up')} {{#setting-up}}" in rules
    toml = (out / "content/pebbles/game.toml").read_text(encoding="utf-8")
    assert f'title = "{pseudo("Pebbles")}"' in toml and f'caption = "{pseudo("The pebble cards")}"' in toml
    assert (out / "content/pebbles/cards.csv").read_text() == (root / "content/pebbles/cards.csv").read_text()
    capsys.readouterr()
    assert main(["check", str(out)]) == 0
    assert "all links and anchors resolve" in capsys.readouterr().out


def test_a_second_copy_replaces_the_first_and_no_other_folder_is_written_over(tmp_path, capsys):
    root = translated_site(tmp_path / "site")
    out = tmp_path / "qps"
    assert i18n("pseudo", str(root), "-o", str(out)) == 0
    (out / "content/pebbles/stray.txt").write_text("left from before")
    assert i18n("pseudo", str(root), "-o", str(out)) == 0
    assert not (out / "content/pebbles/stray.txt").exists()
    taken = tmp_path / "notes"
    taken.mkdir()
    (taken / "mine.txt").write_text("keep")
    assert i18n("pseudo", str(root), "-o", str(taken)) == 1
    assert (taken / "mine.txt").read_text() == "keep"
    assert i18n("pseudo", str(root), "-o", str(root / "content" / "qps")) == 1
    assert "not a folder to write a translated copy to" in capsys.readouterr().err
    assert not (root / "content" / "qps").exists()


def test_the_pseudo_copy_keeps_every_line_of_a_page_where_its_source_has_it(tmp_path):
    root = translated_site(tmp_path / "site")
    out = tmp_path / "qps"
    i18n("pseudo", str(root), "-o", str(out))
    copy = out / "content/pebbles/rules.md"
    assert line_of(copy, pseudo("A tie is shared.")) == line_of(root / "content/pebbles/rules.md", "A tie is shared.")
