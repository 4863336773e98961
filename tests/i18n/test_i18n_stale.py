"""A translation whose source changed is stale, never silent: `update` marks exactly that entry
fuzzy, `stats` counts it, `check` warns at the source's line, and `check` and `build` print each
language's coverage with the stale places."""
from __future__ import annotations

from generator.cli import main
from generator.i18n.catalogues import catalogue_path, read
from tests.i18n.translating import game, i18n, line_of, translate_everything, translated_site

OLD = "Each player takes a Pebble and puts it on the Board."
NEW = "Each player takes two Pebbles and puts them on the Board."


def german_site(tmp_path):
    root = translated_site(tmp_path)
    assert i18n("update", str(root), "--lang", "de") == 0
    translate_everything(root)
    return root


def change_paragraph(root):
    rules = root / "content/pebbles/rules.md"
    rules.write_text(rules.read_text().replace(OLD, NEW))
    return rules


def fuzzy(root, language="de"):
    catalogue = read(catalogue_path(game(root), language), language)
    return [message for message in catalogue if message.id and message.fuzzy]


def test_changing_one_english_paragraph_makes_exactly_that_german_entry_fuzzy(tmp_path):
    root = german_site(tmp_path)
    rules = change_paragraph(root)
    assert i18n("update", str(root)) == 0
    [stale] = fuzzy(root)
    assert stale.id == NEW
    assert stale.string == f"DE: {OLD}"  # the old translation kept for the translator to revise
    assert stale.previous_id == [OLD]  # and the source it was made from (#| msgid)
    assert stale.locations == [("rules.md", line_of(rules, NEW))]
    untouched = read(catalogue_path(game(root), "de"), "de")
    assert all(message.string for message in untouched if message.id)
    assert i18n("update", str(root)) == 0  # a second update keeps the old source beside it
    assert f'#| msgid "{OLD}"' in catalogue_path(game(root), "de").read_text(encoding="utf-8")


def test_check_warns_of_the_stale_entry_at_its_source_line_and_prints_coverage(tmp_path, capsys):
    root = german_site(tmp_path)
    rules = change_paragraph(root)  # not updated: check measures against the source as it is now
    assert main(["check", str(root)]) == 0  # a warning, not an error
    out, err = capsys.readouterr()
    line = line_of(rules, NEW)
    assert f"rules.md:{line}: warning: the German translation (de) of this block is stale" in err
    assert f"found:    {NEW}" in err
    assert err.count("is stale") == 1
    total = len([m for m in read(catalogue_path(game(root), "de"), "de") if m.id])
    assert f"Translations: pebbles de: {total - 1}/{total} blocks, 1 stale: rules.md:{line}" in out


def test_a_build_prints_each_languages_coverage_with_the_stale_places(tmp_path, capsys):
    root = german_site(tmp_path)
    assert i18n("update", str(root), "--lang", "fr") == 0  # started, nothing translated yet
    rules = change_paragraph(root)
    assert main(["build", str(root)]) == 0
    out = capsys.readouterr().out
    total = len([m for m in read(catalogue_path(game(root), "de"), "de") if m.id])
    assert f"Translations: pebbles de: {total - 1}/{total} blocks, 1 stale: rules.md:{line_of(rules, NEW)}\n" in out
    assert f"Translations: pebbles fr: 0/{total} blocks, {total} untranslated\n" in out
    assert out.index("Built 1 game") < out.index("Translations: pebbles de")  # after the build's summary


def test_a_strict_check_fails_on_a_stale_translation(tmp_path, capsys):
    root = german_site(tmp_path)
    change_paragraph(root)
    assert main(["check", "--strict", str(root)]) == 1
    assert "of this block is stale" in capsys.readouterr().err


def test_a_fully_translated_game_checks_without_warnings(tmp_path, capsys):
    root = german_site(tmp_path)
    assert main(["check", str(root)]) == 0
    out, err = capsys.readouterr()
    assert "is stale" not in err
    total = len([m for m in read(catalogue_path(game(root), "de"), "de") if m.id])
    assert f"Translations: pebbles de: {total}/{total} blocks\n" in out


def test_stats_counts_translated_stale_and_untranslated_blocks_per_language(tmp_path, capsys):
    root = german_site(tmp_path)
    assert i18n("update", str(root), "--lang", "fr") == 0
    rules = change_paragraph(root)
    rules.write_text(rules.read_text() + "\nA new paragraph nobody translated yet.\n")
    capsys.readouterr()
    assert i18n("stats", str(root)) == 0
    de, fr = capsys.readouterr().out.splitlines()
    total = len([m for m in read(catalogue_path(game(root), "de"), "de") if m.id]) + 1
    assert de == f"pebbles de: {total - 2}/{total} blocks, 1 stale: rules.md:{line_of(rules, NEW)}; 1 untranslated"
    assert fr == f"pebbles fr: 0/{total} blocks, {total} untranslated"


def test_update_names_an_unknown_language_with_what_it_expected(tmp_path, capsys):
    root = translated_site(tmp_path)
    assert i18n("update", str(root), "--lang", "xx") == 1
    err = capsys.readouterr().err
    assert "--lang xx: not a language to translate into" in err and "Babel knows" in err
    assert not catalogue_path(game(root), "xx").exists()


def test_a_broken_catalogue_is_an_error_at_its_line(tmp_path, capsys):
    root = german_site(tmp_path)
    path = catalogue_path(game(root), "de")
    lines = path.read_text(encoding="utf-8").split("\n")
    broken = next(number for number, line in enumerate(lines, 1) if line.startswith("msgstr") and number > 20)
    lines[broken - 1] = "Übersetzung ohne msgstr und Anführungszeichen"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert main(["check", str(root)]) == 1
    err = capsys.readouterr().err
    assert f"de.po:{broken}: the catalogue is not a valid PO file" in err and "misformatted keyword" in err


def test_a_site_without_translations_checks_as_before(tmp_path, capsys):
    root = translated_site(tmp_path)
    assert main(["check", str(root)]) == 0
    assert "Translations" not in capsys.readouterr().out


def test_a_catalogue_named_for_no_language_is_an_error_naming_it(tmp_path, capsys):
    root = german_site(tmp_path)
    path = catalogue_path(game(root), "de")
    path.rename(path.with_name("deutsch.po"))
    assert main(["check", str(root)]) == 1
    err = capsys.readouterr().err
    assert "deutsch.po: the catalogue's name 'deutsch' names no language" in err
    assert "de, fr or pt-BR" in err


def test_a_right_to_left_language_is_refused_saying_what_it_would_take(tmp_path, capsys):
    root = german_site(tmp_path)
    path = catalogue_path(game(root), "de")
    path.rename(path.with_name("ar.po"))
    assert main(["check", str(root)]) == 1
    err = capsys.readouterr().err
    assert "ar.po: the catalogue's language 'ar' is written right to left" in err
    assert "HarfBuzz" in err and "bidi" in err and "Traceback" not in err
