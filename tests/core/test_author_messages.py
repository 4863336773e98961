"""What an author reads when the content is wrong: each test is named after the
rule it keeps and compares the exact text printed."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import build, check
from generator.cli import main
from generator.errors import ContentErrors
from tests.core.sitefactory import GAME_TOML, GLOSSARY, REFERENCE, RULES, make_site
from tests.interactive.helpers import copy_fixture

KIT = '[kit]\npapers = ["a4"]\nvariants = ["print"]\n\n[[sheet]]\nname = "score"\ntitle = "Score pad"\n' \
      'columns = ["Player", "Score"]\nrows = 4\n'


def run(capsys, *args: str) -> tuple[int, str]:
    """The exit status and what the command line printed to stderr."""
    code = main(list(args))
    return code, capsys.readouterr().err


def verdict(action, site: Path) -> list[str]:
    """What `action` (build or check) finds wrong with the site: [] when nothing."""
    try:
        action(site)
    except ContentErrors as errors:
        return [error.describe().replace(str(site), "<site>") for error in errors.errors]
    return []


# -- 7. only commands that write say that nothing was written ----------------
def test_check_and_new_never_say_nothing_was_written(tmp_path, capsys):
    site = make_site(tmp_path / "site", **{"content__pebbles__reference.md": REFERENCE + "\n[x](ending.md)\n"})
    code, err = run(capsys, "check", str(site))
    assert (code, err.replace(str(site), "<site>")) == (1, (
        "rulepress: 1 problem in the content:\n"
        "<site>/content/pebbles/reference.md:9: broken link\n"
        "    expected: a page or file of this site\n"
        "    found:    ending.md\n"))
    assert run(capsys, "new", "Bad_Name", "--site", str(site)) == (1, (
        "rulepress: 1 problem in the content:\n"
        "Bad_Name: bad game name\n"
        "    expected: lowercase letters, digits and hyphens\n"
        "    found:    Bad_Name\n"))
    code, err = run(capsys, "build", str(site))
    assert code == 1 and err.endswith("\nNothing was written; the previous output is unchanged.\n")


def test_serve_reports_the_pages_it_rendered_again(tmp_path, capsys):
    import re

    from generator.commands.serve import rebuild

    site = make_site(tmp_path)

    def rebuild_says() -> str:
        assert rebuild(site, site / "output")
        return re.sub(r"\d+\.\d\d s", "T s", capsys.readouterr().out)

    assert rebuild_says() == "Rebuilt 3 pages in T s\n"
    assert rebuild_says() == "Nothing changed: no page rebuilt (T s)\n"
    page = site / "content/pebbles/reference.md"
    page.write_text(page.read_text() + "\nOne more line.\n")
    assert rebuild_says() == "Rebuilt 1 page (2 unchanged) in T s\n"
