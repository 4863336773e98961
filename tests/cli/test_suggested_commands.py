"""Issue 26.7: a message that suggests a command gives the command that works from where the
user stands: the site folder is named unless it is the current directory. Each suggestion
is run here, as written, from the directory the message was printed in."""
from __future__ import annotations

import re
import shlex

from generator.cli import main
from generator.suggest import command
from tests.sitefactory import make_site


def suggested(text: str) -> list[str]:
    """The `rulepress …` commands quoted in a message."""
    return re.findall(r"`(rulepress [^`]+)`", text)


def run_as_written(line: str) -> int:
    """The command as the message wrote it (a build told to be quiet)."""
    words = shlex.split(line)[1:]
    return main(words + ["-q"] if words[0] == "build" else words)


def test_a_command_names_the_site_folder_unless_it_is_the_current_directory(tmp_path, monkeypatch):
    site = tmp_path / "my site"
    site.mkdir()
    monkeypatch.chdir(tmp_path)
    assert command("build", site) == "rulepress build 'my site'"
    monkeypatch.chdir(site)
    assert command("build", site) == "rulepress build"
    assert command("serve", site, "-p", "8001") == "rulepress serve -p 8001"


def test_new_suggests_a_build_that_works_from_the_parent_folder(tmp_path, monkeypatch, capsys):
    site = make_site(tmp_path / "games")
    monkeypatch.chdir(tmp_path)
    assert main(["new", "hop-skip", "--site", "games"]) == 0
    (line,) = suggested(capsys.readouterr().out)
    assert line == "rulepress build games"
    assert run_as_written(line) == 0 and (site / "output/hop-skip/index.html").is_file()


def test_the_missing_runtime_note_suggests_commands_that_work_from_the_parent_folder(tmp_path, monkeypatch, capsys):
    from generator.interactive.stage import without_runtime

    site = make_site(tmp_path / "games")
    monkeypatch.chdir(tmp_path)
    lines = suggested(without_runtime(type("SiteLike", (), {"root": site})()))
    assert lines == ["rulepress runtime games", "rulepress build games"]
    assert run_as_written(lines[0]) == 0  # the runtime is installed here: it says so and stops
    assert "The runtime is installed" in capsys.readouterr().out
    assert run_as_written(lines[1]) == 0 and (site / "output/index.html").is_file()


def test_a_build_without_the_runtime_suggests_a_rebuild_that_works_from_where_it_ran(tmp_path, monkeypatch, capsys):
    from generator.interactive import runtime
    from tests.errors.test_author_messages import copy_fixture

    monkeypatch.setattr(runtime, "REPO_ROOT", tmp_path / "no-rulepress-here")  # node_modules/pyodide: missing
    copy_fixture(tmp_path / "site")
    monkeypatch.chdir(tmp_path)
    assert main(["build", "site"]) == 0
    lines = suggested(capsys.readouterr().out)
    assert lines == ["rulepress runtime site", "rulepress build site"]
    assert run_as_written(lines[1]) == 0 and (tmp_path / "site/output/hop/index.html").is_file()


def test_a_busy_port_suggests_a_serve_that_works_from_where_it_ran(tmp_path, monkeypatch, capsys):
    """The suggestion is run as written, from the same folder, in a process of its own (a
    server runs until stopped): it serves the site."""
    import subprocess
    import sys

    from generator.commands import serve

    make_site(tmp_path / "games")
    monkeypatch.chdir(tmp_path)
    busy = serve.make_server(tmp_path, 0, serve.Reloader())
    try:
        assert main(["serve", "games", "-p", str(busy.server_address[1])]) == 1
        (line,) = re.findall(r"serve on another port: (rulepress [^(]+?) \(", capsys.readouterr().err)
        assert line == f"rulepress serve -p {busy.server_address[1] + 1} games"
    finally:
        busy.server_close()
    words = shlex.split(line)[1:]
    words[words.index("-p") + 1] = "0"  # any free port: the suggested one may be taken by now
    process = subprocess.Popen([sys.executable, "-m", "generator", *words], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    try:
        for text in process.stdout:
            if text.startswith("Serving"):
                break
        assert text.startswith("Serving") and "games" in text
    finally:
        process.kill()
        process.wait()


def test_version_names_the_installed_release(capsys):
    import pytest

    from generator.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    from importlib.metadata import version

    assert capsys.readouterr().out.strip() == f"rulepress {version('rulepress')}"  # pyproject.toml's, as installed
