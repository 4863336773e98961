"""Pictures beyond the cards (issue 43.2): a board that is a picture (`kind = "artwork"` with a
PNG or JPEG), a token's picture (`picture` on an item, or a template over the token's data),
and the kit cover's (`[kit].cover`). Each is checked as a card's picture is, at its key's line."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from generator.draw.shapes import Image as Picture, picture_rect
from generator.errors import ContentErrors
from generator.kit import load_components
from generator.kit.tokens import token_drawings
from tests.kit.test_worked_example import EXAMPLE


@pytest.fixture
def game(tmp_path) -> Path:
    shutil.copytree(EXAMPLE, tmp_path, dirs_exist_ok=True)
    return tmp_path / "content" / "tidepool"


def pictures_in(shapes) -> list:
    found = []
    for shape in shapes:
        if isinstance(shape, Picture):
            found.append(shape)
        elif hasattr(shape, "shapes"):
            found += pictures_in(shape.shapes)
    return found


def key_line(game: Path, text: str) -> int:
    lines = (game / "components.toml").read_text().splitlines()
    return next(number for number, line in enumerate(lines, start=1) if line.startswith(text))


def problems(game: Path) -> list:
    with pytest.raises(ContentErrors) as caught:
        load_components(game)
    return caught.value.errors


def test_a_board_can_be_a_picture_printed_at_its_width_in_its_proportions(game):
    board = load_components(game).boards[0]
    [picture] = pictures_in(board.drawn.shapes)
    pw, ph = Image.open(game / "art" / "pool.png").size
    assert (board.drawn.width, picture.w) == (272, 272)
    assert board.drawn.height == pytest.approx(272 * ph / pw) == picture.h


def test_a_token_shows_its_picture_whole_inside_its_cut_line_above_its_label(game):
    components = load_components(game)
    spec = components.tokens[0]
    [token] = token_drawings(spec, components.options.players)
    [picture] = pictures_in(token.shapes)
    x, y, w, h = picture_rect(picture)
    assert picture.fit == "contain" and min(w, h) > spec.size * 0.4  # as large as the label leaves room
    words = [shape.text for shape in token.shapes if hasattr(shape, "text")]
    assert words == ["First"]


def test_the_kit_cover_shows_the_authors_picture(game):
    cover = load_components(game).setup
    [picture] = pictures_in(cover.shapes)
    assert picture.href.endswith("cover.png")
    pw, ph = Image.open(game / "art" / "cover.png").size
    assert cover.width == pytest.approx(pw / 300 * 25.4) and cover.height == pytest.approx(ph / 300 * 25.4)


def test_a_coarse_board_picture_is_an_error_at_its_key_naming_the_size_it_needs(game):
    Image.new("RGB", (400, 147), "#2c6f8f").save(game / "art" / "pool.png")  # 37 ppi over 272 mm
    [error] = problems(game)
    assert (error.path.name, error.line) == ("components.toml", key_line(game, 'art = "art/pool.png"'))
    assert "the board's picture 'art/pool.png' prints at 37 ppi" in error.message
    assert "3213 x 1181 px" in error.expected  # 272 x 99.96 mm (the picture's proportions) at 300 ppi


def test_a_missing_token_picture_is_an_error_at_its_line(game):
    (game / "art" / "shell.png").unlink()
    [error] = problems(game)
    assert (error.path.name, error.line) == ("components.toml", key_line(game, "items = [{ picture"))
    assert "no picture file 'art/shell.png'" in error.message


def test_a_cover_with_both_a_set_up_and_a_picture_is_an_error_at_cover(game):
    toml = (game / "components.toml").read_text()
    (game / "components.toml").write_text(toml.replace('cover = "art/cover.png"', 'cover = "art/cover.png"\n'
                                                                                   'setup = { players = 2 }'))
    [error] = problems(game)
    assert (error.path.name, error.line) == ("components.toml", key_line(game, "cover ="))
    assert "one picture" in error.message


def test_a_cover_picture_the_cover_has_no_room_for_is_a_warning_at_cover(game):
    """The score pad and a far larger cover picture: no room for it at half size, so the kit
    prints without it, and says so at the `cover` line (a warning: the kit is still right)."""
    from generator.kit.preflight import preflight_kits

    Image.new("RGB", (2000, 2800), "#2c6f8f").save(game / "art" / "cover.png")  # 169 x 237 mm at 300 ppi
    components = load_components(game)
    findings = [f for f in preflight_kits(components) if "left out of the cover" in f.message]
    assert findings and all(f.is_warning for f in findings)
    assert {(f.path.name, f.line) for f in findings} == {("components.toml", key_line(game, "cover ="))}
    assert "the cover's picture ([kit].cover) left out of the cover" in findings[0].message


def test_a_sheet_shows_its_picture_across_its_width_below_its_heading(game):
    from generator.kit.sheets import sheet_drawing

    spec = load_components(game).sheets[0]
    drawing = sheet_drawing(spec)
    [picture] = pictures_in(drawing.shapes)
    heading = next(shape for shape in drawing.shapes if getattr(shape, "role", "") == "sheet-heading")
    assert (picture.x, picture.w) == (0.0, spec.width) and picture.y > heading.y
    table_top = min(shape.y for shape in drawing.shapes if getattr(shape, "role", "") != "sheet-heading"
                    and hasattr(shape, "y") and shape is not picture and shape.y > heading.y)
    assert table_top >= picture.y + picture.h  # the table starts below it


def test_a_sheet_the_game_draws_with_a_picture_is_an_error_at_picture(game):
    toml = (game / "components.toml").read_text()
    (game / "components.toml").write_text(toml.replace('picture = "art/cover.png"',
                                                       'picture = "art/cover.png"\ndrawing = "record.sheet"'))
    errors = problems(game)
    assert any((e.line, "shows no picture" in e.message) == (key_line(game, 'picture = "art/cover.png"'), True)
               for e in errors), errors
