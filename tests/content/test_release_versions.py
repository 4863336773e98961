"""A release's version names its folder, /<game>/<version>/ (issue 48.4): a version that is the
name of something else the build writes in the game's folder (its kit, its exports, its feed,
its rulebooks, a page) is an error at its `version =` line, also in another case ("Kit" is
"kit" on macOS and Windows), as is one that is not a safe path segment."""
from __future__ import annotations

import pytest

from generator.cli import main
from generator.content.load import load_site
from generator.content.releases import version_clash
from generator.errors import ContentErrors
from generator.urls import game_folder_names
from tests.sitefactory import GAME_TOML, make_site

FIRST = '\n[[releases]]\nversion = "1.0"\ndate = 2026-01-05\nsummary = "First printing"\n'


def with_release(version: str) -> str:
    return GAME_TOML + FIRST + f'\n[[releases]]\nversion = "{version}"\ndate = 2026-11-20\nsummary = "Errata"\n'


def version_line() -> int:
    return with_release("x").count("\n") - 2  # the second release's `version =`


def load_errors(tmp_path, version: str) -> list:
    make_site(tmp_path, **{"content__pebbles__game.toml": with_release(version)})
    with pytest.raises(ContentErrors) as raised:
        load_site(tmp_path)
    return raised.value.errors


@pytest.mark.parametrize("version", ["kit", "index.html", "exports", "releases.atom", "reference.html",
                                     "changes.html", "pebbles-rules-a4.pdf", "Kit", "INDEX.HTML"])
def test_a_version_that_a_file_or_folder_of_the_game_takes_is_an_error_at_its_line(tmp_path, version):
    (error,) = load_errors(tmp_path, version)
    assert error.path.name == "game.toml" and error.line == version_line()
    assert f"release '{version}' cannot have that name: pebbles/{version} is " in error.message
    assert "kit" in error.expected and "index.html" in error.expected and error.found == version


@pytest.mark.parametrize("version", ["../x", "..", "a/b", "1.", ".hidden", "a b", "a\\u0001b", "x" * 33])
def test_a_version_that_is_not_a_safe_path_segment_is_an_error_at_its_line(tmp_path, version):
    (error,) = load_errors(tmp_path, version)
    assert error.line == version_line() and "releases[1].version" in error.message
    assert "letters, digits, dots and hyphens" in error.expected or "without control characters" in error.expected


def test_a_version_listed_again_in_another_case_is_listed_twice(tmp_path):
    (error,) = load_errors(tmp_path, "1.0")
    assert error.message == "release '1.0' is listed twice" and error.line == version_line()
    make_site(tmp_path, **{"content__pebbles__game.toml": GAME_TOML + FIRST.replace("1.0", "1.0a")
                           + FIRST.replace("1.0", "1.0A").replace("2026-01-05", "2026-02-05")})
    with pytest.raises(ContentErrors) as raised:
        load_site(tmp_path)
    (error,) = raised.value.errors
    assert error.message == "release '1.0A' is listed twice (as '1.0a')"


@pytest.mark.parametrize("version", ["1.1", "2nd-edition", "kit-2", "1.0-html", "html", "v2"])
def test_a_version_of_its_own_loads(tmp_path, version):
    make_site(tmp_path, **{"content__pebbles__game.toml": with_release(version)})
    (game,) = load_site(tmp_path).games
    assert game.release.version == version


def test_a_reserved_version_fails_the_build_without_a_traceback(tmp_path, capsys):
    make_site(tmp_path, **{"content__pebbles__game.toml": with_release("kit")})
    assert main(["build", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"game.toml:{version_line()}: release 'kit' cannot have that name" in err and "Traceback" not in err
    assert not (tmp_path / "output").exists()


def test_the_reserved_names_come_from_the_rules_that_name_the_games_files():
    """kit, exports, the feed, the rules page and every rulebook, for the game's own slug."""
    names = game_folder_names("splut")
    assert {"kit", "exports", "releases.atom", "index.html", "splut-rules-a4.pdf", "splut-rules-booklet-letter.pdf",
            "splut-player-aid-a4.pdf"} <= names
    assert all("/" not in name for name in names)
    assert version_clash("splut-rules-a4.pdf", "splut") and not version_clash("splut-rules-a4.pdf", "other")
