"""Bad input: a message naming file and line, what was expected and found,
exit code 1, no traceback, and the previous output left exactly as it was."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import build
from generator.cli import main
from generator.errors import ContentErrors
from tests.sitefactory import GAME_TOML, RULES, make_site

ROOT = Path(__file__).resolve().parents[2]

CASES = {
    "bad YAML front matter": (
        {"content__pebbles__rules.md": "---\ntitle: Rules\nclarifications: [oops\n---\nText\n"},
        "content/pebbles/rules.md:3", "invalid YAML front matter"),  # where the [ opens
    "bad TOML": (
        {"content__pebbles__game.toml": GAME_TOML.replace('ages = 7', 'ages = = 7')},
        "content/pebbles/game.toml:7", "invalid TOML"),
    "unknown key": (
        {"content__pebbles__game.toml": GAME_TOML.replace('ages = 7', 'ages = 7\ncolour = "red"')},
        "content/pebbles/game.toml:8", "unknown key 'colour'"),
    "wrong type": (
        {"content__pebbles__game.toml": GAME_TOML.replace('ages = 7', 'ages = "seven"')},
        "content/pebbles/game.toml:7", "wrong type for 'ages'"),
    "missing rules.md": (
        {"content__pebbles__rules.md": None}, "content/pebbles/rules.md", "missing rules.md"),
    "broken link": (
        {"content__pebbles__reference.md": "---\ntitle: Aid\n---\n\nSee [the end](ending.md).\n"},
        "content/pebbles/reference.md:5", "broken link"),
    "missing anchor": (
        {"content__pebbles__reference.md": "---\ntitle: Aid\n---\n\nSee [setup](rules.md#nowhere).\n"},
        "content/pebbles/reference.md:5", "missing anchor #nowhere"),
    "broken link after a container and code": (
        {"content__pebbles__reference.md": "---\ntitle: Aid\n---\n\n::: note Careful\nA note.\n:::\n\n"
                                           "```\ncode [x](y.md)\n```\n\n- one\n- two, see [the end](ending.md)\n"},
        "content/pebbles/reference.md:14", "broken link"),
    "bad directive option after a container": (
        {"content__pebbles__reference.md": "---\ntitle: Aid\n---\n\n::: tip\nHi.\n:::\n\n```table\ndata: nothing\n```\n"},
        "content/pebbles/reference.md:9", "no data table 'nothing'"),
    "wrong type in a data file": (
        {"content__pebbles__scores.csv": "pebbles,points\n1,2\ntwo,5\n"},
        "content/pebbles/scores.csv:3", "wrong type in column 'pebbles'"),
    "bad directive option": (
        {"content__pebbles__reference.md": "---\ntitle: Aid\n---\n\n```table\ndata: nothing\n```\n"},
        "content/pebbles/reference.md:5", "no data table 'nothing'"),
}


def broken_site(tmp_path, overrides):
    make_site(tmp_path)
    build(tmp_path, stages=[])  # a good build first: its output must survive
    for key, text in overrides.items():
        path = tmp_path / key.replace("__", "/")
        if text is None:
            path.unlink()
        else:
            path.write_text(text)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("case", sorted(CASES))
def test_content_error_names_file_and_line_and_keeps_output(tmp_path, case, capsys):
    overrides, where, message = CASES[case]
    broken_site(tmp_path, overrides)
    before = snapshot(tmp_path / "output")
    code = main(["build", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 1
    assert f"{tmp_path}/{where}" in err, err
    assert message in err
    assert "expected:" in err and "found:" in err
    assert "Traceback" not in err
    assert snapshot(tmp_path / "output") == before
    assert not any(p.name.startswith(".output.") for p in tmp_path.iterdir())


def test_check_reports_the_same_errors_without_writing(tmp_path, capsys):
    broken_site(tmp_path, CASES["missing anchor"][0])
    before = snapshot(tmp_path / "output")
    assert main(["check", str(tmp_path)]) == 1
    assert "missing anchor #nowhere" in capsys.readouterr().err
    assert snapshot(tmp_path / "output") == before


def test_all_problems_are_reported_at_once(tmp_path):
    make_site(tmp_path, **{"content__pebbles__game.toml": GAME_TOML.replace('ages = 7', 'ages = "x"\nfoo = 1')})
    with pytest.raises(ContentErrors) as caught:
        build(tmp_path, stages=[])
    messages = [e.message for e in caught.value.errors]
    assert "wrong type for 'ages'" in messages and "unknown key 'foo'" in messages


def test_clarification_missing_from_front_matter_is_an_error(tmp_path):
    make_site(tmp_path, **{"content__pebbles__rules.md": RULES.replace("clarifications:\n  - id: C1\n    tests: [tests/example.py::test_c1]\n", "")})
    with pytest.raises(ContentErrors) as caught:
        build(tmp_path, stages=[])
    assert "clarification C1 is not in the front matter" in str(caught.value)


def test_data_file_outside_the_site_folder_is_refused(tmp_path):
    outside = tmp_path / "secret.csv"
    outside.write_text("pebbles,points\n1,1\n")
    site = tmp_path / "site"
    make_site(site, **{"content__pebbles__game.toml": GAME_TOML.replace('file = "scores.csv"', 'file = "../../../secret.csv"')})
    with pytest.raises(ContentErrors) as caught:
        build(site, stages=[])
    assert "leads outside the site folder" in str(caught.value)


def test_symlink_out_of_the_site_folder_is_refused(tmp_path):
    outside = tmp_path / "elsewhere.csv"
    outside.write_text("pebbles,points\n1,1\n")
    site = tmp_path / "site"
    make_site(site)
    (site / "content/pebbles/scores.csv").unlink()
    (site / "content/pebbles/scores.csv").symlink_to(outside)
    with pytest.raises(ContentErrors) as caught:
        build(site, stages=[])
    assert "leads outside the site folder" in str(caught.value)


def test_the_command_line_hides_tracebacks_unless_debug(tmp_path):
    broken_site(tmp_path, CASES["bad TOML"][0])
    command = [sys.executable, "-m", "generator", "build", str(tmp_path)]
    quiet = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert quiet.returncode == 1 and "Traceback" not in quiet.stderr and "invalid TOML" in quiet.stderr
    loud = subprocess.run([*command[:3], "--debug", *command[3:]], capture_output=True, text=True, cwd=ROOT)
    assert "Traceback" in loud.stderr


@pytest.mark.parametrize("linked", ["content/pebbles", "content"])
def test_a_folder_linked_out_of_the_site_folder_is_refused(tmp_path, linked):
    site = make_site(tmp_path / "site")
    outside = tmp_path / "elsewhere"
    (site / linked).rename(outside)
    (site / linked).symlink_to(outside)
    with pytest.raises(ContentErrors) as caught:
        build(site, stages=[])
    assert "leads outside the site folder" in str(caught.value)


def test_the_command_line_leaves_normally_under_a_profiler_or_tracer(monkeypatch):
    """`rulepress` skips interpreter teardown, except when a profiler or
    coverage tool is watching: they write their report at exit."""
    from generator import cli

    monkeypatch.setattr(cli, "main", lambda: 3)
    previous = sys.gettrace()
    sys.settrace(lambda *args: None)
    try:
        with pytest.raises(SystemExit) as leaving:
            cli.run()
    finally:
        sys.settrace(previous)
    assert leaving.value.code == 3


def test_the_command_line_exit_code_reaches_the_shell(tmp_path):
    done = subprocess.run([sys.executable, "-m", "generator", "build", str(tmp_path / "nowhere")],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "missing site.toml" in done.stderr


def test_the_same_finding_many_times_at_one_place_is_one_entry_naming_what_it_found():
    """Forty track labels crossed by lines in one diagram: one warning, each label named once."""
    from generator.errors import WARNING, ContentError, report_lines

    found = [ContentError("content/goose/rules.md", 16, "text colliding with other marks", expected="text clear",
                          found=f"“{n}” crossed by a line or border", severity=WARNING) for n in range(1, 41)]
    other = ContentError("content/goose/rules.md", 30, "text colliding with other marks", expected="text clear",
                         found="“Start” crossed by a line or border", severity=WARNING)
    lines = report_lines([*found, other])
    assert len([line for line in lines if not line.startswith(" ")]) == 2
    assert lines[0].startswith("content/goose/rules.md:16: warning: text colliding")
    assert ("found:    “1”, “2”, “3”, “4”, “5”, “6”, “7”, “8”, “9”, “10” and 30 more crossed by a line or border "
            "(40 found)") in lines[0]
    assert lines[1].startswith("content/goose/rules.md:30:") and "“Start” crossed" in lines[1]
    same = ContentError("a.md", 3, "x", expected="y", found="z")
    assert report_lines([same, same]) == [same.describe().replace("found:    z", "found:    z (2 times)")]


def test_the_count_of_problems_is_of_the_entries_listed_under_it():
    """Three small letters on one token set, in two variants: two entries, so "2 problems", not 6."""
    from generator.errors import ContentError, format_errors

    found = [ContentError("content/splut/components.toml", None, "text under 6 pt on paper, " + variant,
                          expected="6 pt", found=f"“{letter}” at 4 pt") for variant in ("print", "ink saver")
             for letter in "STD"]
    said = format_errors(found)
    assert said.startswith("rulepress: 2 problems in the content:")
    assert said.count("(3 found)") == 2
