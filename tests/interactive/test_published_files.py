"""Issue 48.1: a game's Play download holds what it declares, never its whole folder.

A designer's notes, a large file and any file game.toml does not name stay out of every
output; a declared file over a limit, or one the engine opens without declaring it, is an
error at its line."""
from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

import pytest

from generator.build import build
from generator.errors import ContentErrors
from generator.interactive.bundle import bundle_contents
from generator.interactive.published import MAX_FILE_BYTES, engine_view_of_game_toml
from tests.interactive.helpers import copy_fixture, line_of

CATALOGUE = Path(__file__).resolve().parents[2] / "content"

# The launch games' downloads, file by file: a file added to a game folder ships only when
# its game declares it (or the engine imports it), and this list says so in review.
LAUNCH_DOWNLOADS = {
    "splat": ["board.csv", "board.py", "bots.py", "drawing.py", "engine.py", "game.toml", "levels.csv",
              "pieces.csv"],
    "splut": ["blockers.csv", "board.csv", "board.py", "bots.py", "components.csv", "drawing.py", "engine.py",
              "game.toml", "levels.csv", "seating.csv", "seats.csv", "setups.py", "steps.csv"],
    "sitters": ["board.py", "board.txt", "bots.py", "drawing.py", "engine.py", "game.toml", "levels.csv",
                "pieces.csv", "scoring.csv", "spaces.csv"],
    "splash": ["board.py", "bots.py", "deck.csv", "drawing.py", "engine.py", "game.toml", "letters.csv",
               "levels.csv", "players.csv"],
    "shoot": ["board.py", "bots.py", "cards.py", "covers.csv", "drawing.py", "engine.py", "gadgets.csv",
              "game.toml", "jumps.csv", "levels.csv", "medical.csv", "splattercards.csv", "track.csv",
              "weapons.csv"],
}


def game_part(contents: dict[str, bytes], slug: str) -> list[str]:
    return sorted(name.removeprefix(f"games/{slug}/") for name in contents if name.startswith(f"games/{slug}/"))


@pytest.mark.parametrize("slug", sorted(LAUNCH_DOWNLOADS))
def test_each_launch_games_download_holds_only_its_declared_files(slug):
    assert game_part(bundle_contents(CATALOGUE / slug), slug) == LAUNCH_DOWNLOADS[slug]


def test_game_toml_ships_as_the_engine_reads_it_its_data_tables_at_their_lines():
    text = (CATALOGUE / "splat" / "game.toml").read_text(encoding="utf-8")
    view = engine_view_of_game_toml(text.encode("utf-8")).decode("utf-8")
    assert "[data.pieces]" in view and "Sean Monahan" not in view and "[[releases]]" not in view
    lines, kept = text.splitlines(), view.splitlines()
    for number, line in enumerate(kept):
        assert line in ("", lines[number])


def built_site(tmp_path: Path, files: dict[str, bytes] | None = None, game_toml_extra: str = "",
               engine_extra: str = "") -> Path:
    site = copy_fixture(tmp_path / "site")
    game = site / "content" / "hop"
    for name, data in (files or {}).items():
        (game / name).write_bytes(data)
    if game_toml_extra:
        with open(game / "game.toml", "a", encoding="utf-8") as handle:
            handle.write(game_toml_extra)
    if engine_extra:
        with open(game / "engine.py", "a", encoding="utf-8") as handle:
            handle.write(engine_extra)
    return site


def every_output_byte(output: Path):
    """Each file's bytes in the output, and each member's of every zip in it."""
    for path in output.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            yield str(path), data
            if path.suffix == ".zip":
                with zipfile.ZipFile(io.BytesIO(data)) as archive:
                    for name in archive.namelist():
                        yield f"{path}:{name}", archive.read(name)


def test_notes_a_large_file_and_an_undeclared_file_are_in_no_output(tmp_path):
    secret = b"launch price 40 euros - do not publish"
    big = os.urandom(1024) * (50 * 1024)  # 50 MB that compresses badly only in part: it must not ship at all
    site = built_site(tmp_path, {"notes.txt": secret, "huge.bin": big, "extra.csv": b"a,b\n1,2\n"})
    build(site)
    names = [name for name, _ in every_output_byte(site / "output")]
    assert not [name for name in names if name.endswith(("notes.txt", "huge.bin", "extra.csv"))]
    assert not [name for name, data in every_output_byte(site / "output") if secret in data]
    bundle = next((site / "output" / "_play").glob("hop.*.zip"))
    members = zipfile.ZipFile(bundle).namelist()
    assert sorted(n for n in members if n.startswith("games/hop/") and "__pycache__" not in n) == \
        ["games/hop/engine.py", "games/hop/game.toml"]


def test_a_declared_file_ships_and_an_undeclared_read_by_the_engine_is_an_error_at_its_line(tmp_path):
    reads = 'from pathlib import Path as _Path\nWORDS = (_Path(__file__).parent / "words.txt").read_text()\n'
    site = built_site(tmp_path, {"words.txt": b"hop skip jump\n"}, engine_extra=reads)
    with pytest.raises(ContentErrors) as raised:
        build(site)
    engine = site / "content" / "hop" / "engine.py"
    found = [e for e in raised.value.errors if "words.txt" in e.message]
    assert found, raised.value
    assert found[0].path == engine and found[0].line == line_of(engine, "WORDS = ")
    assert "game.toml does not declare" in found[0].message and "[engine] files" in found[0].expected
    assert not (site / "output").exists()  # nothing written

    with open(site / "content" / "hop" / "game.toml", "a", encoding="utf-8") as handle:
        handle.write('\n[engine]\nfiles = ["words.txt"]\n')
    build(site)
    bundle = next((site / "output" / "_play").glob("hop.*.zip"))
    assert zipfile.ZipFile(bundle).read("games/hop/words.txt") == b"hop skip jump\n"


def test_a_declared_file_over_the_size_limit_is_an_error_at_its_line(tmp_path):
    site = built_site(tmp_path, {"words.txt": os.urandom(MAX_FILE_BYTES + 1)},
                      game_toml_extra='\n[engine]\nfiles = ["words.txt"]\n')
    with pytest.raises(ContentErrors) as raised:
        build(site)
    game_toml = site / "content" / "hop" / "game.toml"
    error = next(e for e in raised.value.errors if "too large" in e.message)
    assert error.path == game_toml and error.line == line_of(game_toml, 'files = ["words.txt"]')
    assert "8.0 MiB" in error.expected


def test_a_declared_file_that_expands_many_times_over_is_an_error_at_its_line(tmp_path):
    site = built_site(tmp_path, {"zeros.txt": b"0" * (4 * 1024 * 1024)},
                      game_toml_extra='\n[engine]\nfiles = ["zeros.txt"]\n')
    with pytest.raises(ContentErrors) as raised:
        build(site)
    error = next(e for e in raised.value.errors if "compresses" in e.message)
    assert error.line == line_of(site / "content" / "hop" / "game.toml", 'files = ["zeros.txt"]')


@pytest.mark.parametrize("name, found", [("missing.txt", "no such file"), ("../../site.toml", "../../site.toml"),
                                         (".secret", ".secret")])
def test_a_declared_file_that_cannot_be_published_is_an_error_at_its_line(tmp_path, name, found):
    site = built_site(tmp_path, game_toml_extra=f'\n[engine]\nfiles = ["{name}"]\n')
    with pytest.raises(ContentErrors) as raised:
        build(site)
    error = next(e for e in raised.value.errors if e.path.name == "game.toml")
    assert error.line == line_of(site / "content" / "hop" / "game.toml", f'files = ["{name}"]')
    assert error.found == found


def test_a_named_pipe_declared_for_the_engine_is_an_error_not_a_hang(tmp_path):
    site = built_site(tmp_path, game_toml_extra='\n[engine]\nfiles = ["pipe"]\n')
    os.mkfifo(site / "content" / "hop" / "pipe")
    with pytest.raises(ContentErrors) as raised:
        build(site)
    assert any("not a plain file" in e.message and "named pipe" in (e.found or "") for e in raised.value.errors)
