"""Preflight for card pictures (issue 43): each problem is the data row's, at its CSV line,
found from the file's header before any pixel is decoded."""
from __future__ import annotations

import struct
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image

from generator.errors import ContentErrors
from generator.kit import load_components
from tests.kit.test_card_pictures import beasts_site, art_box

ROWS = [("b00", "Ox", 1), ("b01", "Hare", 1), ("b02", "Crow", 1)]  # CSV lines 2, 3, 4


@pytest.fixture
def game(tmp_path) -> Path:
    folder = beasts_site(tmp_path, ROWS) / "content" / "pebbles"
    (folder / "art").mkdir()
    for name, *_rest in ROWS:
        Image.new("RGB", (900, 1200), "#aa2266").save(folder / "art" / f"{name}.png")
    return folder


def at_ppi(game: Path, name: str, ppi: float) -> None:
    w, h = art_box(game)
    Image.new("RGB", (round(w / 25.4 * ppi), round(h / 25.4 * ppi)), "#2266aa").save(game / "art" / f"{name}.png")


def problems(game: Path) -> list:
    with pytest.raises(ContentErrors) as caught:
        load_components(game)
    return caught.value.errors


def giant_png(path: Path, side: int) -> None:
    """A PNG whose header says `side` x `side` pixels and whose data is one empty row: a few
    dozen bytes that would decode to side² bytes, the shape of a decompression bomb."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)  # 8-bit greyscale
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
                     + chunk(b"IEND", b""))


def test_a_100_ppi_picture_is_an_error_at_its_csv_line_naming_the_size_it_needs(game):
    w, h = art_box(game)
    at_ppi(game, "b01", 100)
    [error] = problems(game)
    assert (error.path.name, error.line) == ("beasts.csv", 3)
    assert "100 ppi" in error.message and "under 150" in error.message
    assert f"{-(-w * 300 // 25.4):.0f} x {-(-h * 300 // 25.4):.0f} px" in error.expected
    assert "at 300 ppi" in error.expected


def test_a_200_ppi_picture_is_a_warning_at_its_csv_line(game):
    at_ppi(game, "b02", 200)
    components = load_components(game)
    [warning] = components.warnings
    assert warning.is_warning and (warning.path.name, warning.line) == ("beasts.csv", 4)
    assert "200 ppi, under 300" in warning.message and "at 300 ppi" in warning.expected


def test_a_missing_picture_and_a_file_that_is_no_picture_are_errors_at_their_lines(game):
    (game / "art" / "b00.png").unlink()
    (game / "art" / "b02.png").write_text("not a picture\n")
    errors = problems(game)
    assert [(e.path.name, e.line) for e in errors] == [("beasts.csv", 2), ("beasts.csv", 4)]
    assert "no picture file 'art/b00.png'" in errors[0].message
    assert "not a picture" in errors[1].message


def test_a_20000_by_20000_png_is_refused_quickly_with_a_limit_message(game):
    giant_png(game / "art" / "b01.png", 20_000)
    started = time.perf_counter()
    [error] = problems(game)
    assert time.perf_counter() - started < 2.0
    assert error.line == 3 and "too large" in error.message and "million pixels" in error.message


def test_a_picture_path_never_leaves_the_game_folder(game, tmp_path):
    outside = tmp_path / "secret.png"
    Image.new("RGB", (900, 1200), "#000000").save(outside)
    (game / "art" / "b00.png").unlink()
    (game / "art" / "b00.png").symlink_to(outside)
    (game / "beasts.csv").write_text("id,name,qty\nb00,Ox,1\n../../secret,Hare,1\nb02,Crow,1\n")
    errors = problems(game)
    assert [e.line for e in errors] == [2, 3]
    assert "symbolic link" in errors[0].message
    assert "not a path inside the game folder" in errors[1].message


def test_a_backdrop_picture_covers_the_card_to_its_bleed(game):
    """`backdrop` draws the row's picture behind the whole card, bleed and all; its resolution
    is checked over that area."""
    components_toml = game / "components.toml"
    components_toml.write_text(components_toml.read_text().replace(
        'art = "art/{id}.png"', 'art = "art/{id}.png"\nbackdrop = "art/ground.png"\npanel = "#f4efe2"'))
    Image.new("RGB", (10, 10), "#224466").save(game / "art" / "ground.png")
    errors = problems(game)
    assert [e.line for e in errors] == [2, 3, 4]  # one picture, named by every row
    assert "card with its bleed" in errors[0].expected and "69.5 x 94.9 mm" in errors[0].expected
    Image.new("RGB", (825, 1125), "#224466").save(game / "art" / "ground.png")
    components = load_components(game)
    deck = components.decks[0]
    front = components.fronts[(deck.name, deck.cards[0][0].front)]
    [backdrop] = [shape for shape in front.shapes if getattr(shape, "role", "") == "card-backdrop"]
    assert (backdrop.x, backdrop.y, backdrop.w, backdrop.h) == (0.0, 0.0, front.width, front.height)


def test_a_200_ppi_picture_builds_and_is_listed_among_the_builds_warnings(game):
    from generator.build import build

    at_ppi(game, "b02", 200)
    root = game.parents[1]
    (root / "content" / "site.toml").write_text((root / "content" / "site.toml").read_text() + "exports = false\n")
    report = build(root, processes=1)
    assert (report.output / "pebbles" / "kit" / "pebbles-kit-a4.pdf").is_file()
    [line] = [w for w in report.warnings if "art/b02.png" in w]
    assert "beasts.csv:4" in line and "200 ppi" in line


def test_a_picture_template_naming_an_unknown_column_is_an_error_at_its_key(game):
    components_toml = game / "components.toml"
    components_toml.write_text(components_toml.read_text().replace('art = "art/{id}.png"', 'art = "art/{ident}.png"'))
    [error] = problems(game)
    assert error.path.name == "components.toml" and "art" in error.message and error.found == "{ident}"
