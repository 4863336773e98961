"""Bad component specs fail with the file and line at fault, before anything is
written (issue 4, "Done when": unknown preset, card larger than the page, quantity
not a positive integer, board map row of the wrong width, missing data file)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.errors import ContentError, ContentErrors
from generator.kit import load_components, write_kits
from tests.kit.conftest import DEMO


@pytest.fixture
def game(tmp_path) -> Path:
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def line_of(path: Path, fragment: str) -> int:
    """The 1-based line of the first line containing `fragment` (the test's own count)."""
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(fragment)


def errors_of(game: Path) -> list[ContentError]:
    with pytest.raises((ContentError, ContentErrors)) as caught:
        load_components(game)
    error = caught.value
    return error.errors if isinstance(error, ContentErrors) else [error]


def the_error(game: Path) -> ContentError:
    errors = errors_of(game)
    assert len(errors) == 1, [e.describe() for e in errors]
    return errors[0]


def test_unknown_card_size_preset_names_the_size_line(game):
    spec = game / "components.toml"
    edit(spec, 'size = "poker"', 'size = "jumbo"')
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, 'size = "jumbo"'))
    assert "jumbo" in error.found and "poker" in error.expected


def test_card_larger_than_the_page_names_the_size_line(game):
    spec = game / "components.toml"
    edit(spec, 'size = "poker"', "size = [205, 290]")
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, "size = [205, 290]"))
    assert "larger than" in error.message


def test_fold_over_pair_wider_than_the_page_is_refused(game):
    """A 110 mm card fits alone on A4 but not as a fold-over pair (2 x 110 mm)."""
    spec = game / "components.toml"
    edit(spec, 'size = "poker"', "size = [110, 150]")
    error = the_error(game)
    assert error.line == line_of(spec, "size = [110, 150]") and "fold-over" in error.message


@pytest.mark.parametrize("bad", ["0", "two", "-1", "1.5", ""])
def test_quantity_not_a_positive_integer_names_the_data_row(game, bad):
    data = game / "cards.csv"
    edit(data, "harbours shelter the boats inside them, and treasure washes ashore on the nearest beach.\",full,4",
         f"harbours shelter the boats inside them, and treasure washes ashore on the nearest beach.\",full,{bad}")
    error = the_error(game)
    assert (error.path, error.line) == (data, line_of(data, "Storm"))
    assert error.found == (repr(bad) if bad else "an empty cell")


def test_board_map_row_of_the_wrong_width_names_the_map_line(game):
    board = game / "board.txt"
    edit(board, "H..TT.S\n.......\n", "H..TT.S\n........\n")
    error = the_error(game)
    assert (error.path, error.line) == (board, line_of(board, "........"))
    assert "7 cells" in error.expected and "8 cells" in error.found


def test_inline_map_row_of_the_wrong_width_names_its_line_in_components_toml(game):
    spec = game / "components.toml"
    edit(spec, 'map_file = "board.txt"', 'map = """\n# a comment line\nH..T\nH..TT\n....\n"""\ncolumns = 4')
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, "H..TT"))


def test_unknown_map_character_names_the_map_line(game):
    board = game / "board.txt"
    edit(board, ".......", "...X...")
    error = the_error(game)
    assert (error.path, error.line) == (board, line_of(board, "...X..."))
    assert error.found == "X"


def test_missing_data_file_names_the_data_line(game):
    spec = game / "components.toml"
    edit(spec, 'data = "cards.csv"', 'data = "missing.csv"')
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, 'data = "missing.csv"'))
    assert error.message == "data file 'missing.csv' is not declared in game.toml"


def test_missing_board_map_file_names_its_line(game):
    spec = game / "components.toml"
    edit(spec, 'map_file = "board.txt"', 'map_file = "nowhere.txt"')
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, "nowhere.txt"))


def test_unknown_key_is_an_error_at_its_line(game):
    spec = game / "components.toml"
    edit(spec, 'corner = "{rank}"', 'corner = "{rank}"\ncorners = "{rank}"')
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, "corners ="))
    assert "corner" in error.expected


def test_template_naming_a_missing_column_is_an_error_at_its_line(game):
    spec = game / "components.toml"
    edit(spec, 'title = "{name}"', 'title = "{nmae}"')
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, "{nmae}"))
    assert "name" in error.expected


def test_wrong_type_is_an_error_at_its_line(game):
    spec = game / "components.toml"
    edit(spec, "cell = 40", 'cell = "big"')
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, 'cell = "big"'))


def test_colour_from_data_that_is_not_a_colour_names_the_data_row(game):
    data = game / "cards.csv"
    edit(data, "Gull,4,,#267a31", "Gull,4,,seaweed")
    error = the_error(game)
    assert (error.path, error.line) == (data, line_of(data, "Gull"))


def test_several_problems_are_reported_together_in_file_order(game):
    spec = game / "components.toml"
    edit(spec, 'size = "poker"', 'size = "jumbo"')
    edit(spec, 'data = "cards.csv"', 'data = "missing.csv"')
    edit(spec, "cell = 40", "cell = -4")
    errors = errors_of(game)
    assert [e.line for e in errors] == sorted(e.line for e in errors)
    assert {e.line for e in errors} == {line_of(spec, "jumbo"), line_of(spec, "missing.csv"),
                                        line_of(spec, "cell = -4")}


def test_invalid_toml_reports_its_line(game):
    spec = game / "components.toml"
    edit(spec, 'title = "Island board"', 'title = "Island board')
    error = the_error(game)
    assert error.path == spec and error.line == line_of(spec, 'title = "Island board')


def test_a_game_without_components_has_no_kit(tmp_path):
    assert load_components(tmp_path) is None


def test_a_failed_load_leaves_the_previous_kits_untouched(game, tmp_path):
    """Issue 4: bad specs fail ... and leave the previous output intact."""
    out = tmp_path / "kits"
    written = write_kits(load_components(game), out, title="Demo", author="A", papers=("a4",),
                         variants=("print",))
    before = {f.path: f.path.read_bytes() for f in written}
    edit(game / "components.toml", 'size = "poker"', 'size = "jumbo"')
    with pytest.raises(ContentError):
        load_components(game)
    assert {p: p.read_bytes() for p in before} == before
    assert sorted(out.iterdir()) == sorted(before)


def test_a_wrong_item_of_a_multi_line_list_names_its_own_line(game):
    """More exact than before the one schema: the item's line, not that of `players = [`."""
    spec = game / "components.toml"
    edit(spec, '{ name = "Blue", colour = "#1f5fbf" }', '"Blue"')
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, '"Blue"'))
    assert error.message == "wrong item type in 'kit.players'" and error.found == "'Blue' (text)"


def test_a_value_outside_the_choices_suggests_the_nearest(game):
    spec = game / "components.toml"
    edit(spec, 'shape = "square"', 'shape = "sqare"')
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, 'shape = "sqare"'))
    assert error.message == "'token[1].shape' is not one of the choices (did you mean square?)"
    assert error.expected == "'round' | 'square'"


def test_schema_and_data_checks_report_alike_in_file_order(game):
    """A key the schema refuses and a template the data refutes: one error path, one style."""
    spec = game / "components.toml"
    edit(spec, "cell = 40", "cell = 0")
    edit(spec, 'title = "{name}"', 'title = "{nmae}"')
    errors = errors_of(game)
    assert [(e.line, e.message) for e in errors] == [
        (line_of(spec, "cell = 0"), "'board[0].cell' must be more than 0"),
        (line_of(spec, "{nmae}"), "'deck[0].front.title' uses a column the data does not have")]


def test_a_card_too_small_for_any_text_is_told_so_at_its_size_line(game):
    """Issue 48.8: a 0.1 mm card was told "text that fits -1.5 mm at 0.0 mm type"."""
    spec = game / "components.toml"
    edit(spec, 'size = "poker"', "size = [0.1, 0.1]")
    error = the_error(game)
    assert (error.path, error.line) == (spec, line_of(spec, "size = [0.1, 0.1]"))
    assert "no room for its text" in error.message and "25" in error.expected
    assert "type" not in error.describe()  # nothing of a layout's sums
