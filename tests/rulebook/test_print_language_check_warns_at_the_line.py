"""The print-language check (generator/rulebook/paper_words.py): a word that makes no sense on
paper ("engine", "click", a file name, an option name) in what a rulebook prints is a warning at
its Markdown file and line; the same word in a `{.web-only}` block is not, nor one the site's
`print_words` does not list."""
from __future__ import annotations

import pytest

from generator.cli import main
from generator.rulebook.paper_words import patterns
from tests.rulebook.printed_rules import GAMES, game_book
from tests.sitefactory import RULES, SITE_TOML, make_site

PRINTED = "\nThe engine deals the first hand.\n"
WEB_ONLY = "\n{.web-only}\nThe engine also shuffles for you online.\n"


def notes_of(capsys) -> list[str]:
    return [line for line in capsys.readouterr().out.splitlines() if line.startswith("Note:")]


def test_engine_in_a_printed_paragraph_is_a_warning_at_its_line_and_not_in_a_web_only_one(tmp_path, capsys):
    make_site(tmp_path, **{"content__pebbles__rules.md": RULES + PRINTED + WEB_ONLY})
    assert main(["build", str(tmp_path)]) == 0
    notes = notes_of(capsys)
    line = (RULES + PRINTED).count("\n")  # the paragraph's line, counted from 1
    assert [note for note in notes if "“engine”" in note] == [
        f"Note: content/pebbles/rules.md:{line}: warning: “engine” makes no sense on paper, in what the rulebook prints"
    ], notes
    assert not any("online" in note for note in notes), notes


def test_the_words_are_a_site_setting(tmp_path, capsys):
    make_site(tmp_path, **{"content__site.toml": SITE_TOML + 'print_words = ["pebble"]\n',
                           "content__pebbles__rules.md": RULES + PRINTED})
    assert main(["build", str(tmp_path)]) == 0
    notes = notes_of(capsys)
    assert any("content/pebbles/rules.md:10: warning: “Pebble”" in note for note in notes), notes
    assert not any("engine" in note for note in notes), notes


def test_the_default_words_catch_file_names_and_option_names_but_not_game_words():
    def caught(text: str) -> bool:
        return any(pattern.search(text) for pattern in patterns(None))

    for screen in ("the rules engine", "this site’s Play page", "click a square", "(`board.csv`)",
                   "an option, `turn_limit`", "in engine notation"):
        assert caught(screen), screen
    for paper in ("Roll the die and move.", "The engineer's token", "a well-sited fort", "Turn the page."):
        assert not caught(paper), paper


@pytest.mark.parametrize("slug", GAMES)
def test_the_five_games_print_nothing_the_check_warns_of(slug):
    assert game_book(slug).print_language_notes() == []
