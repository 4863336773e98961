"""What an author reads when the content is wrong: each test is named after the
rule it keeps and compares the exact text printed."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import build, check
from generator.cli import main
from generator.errors import ContentErrors
from tests.sitefactory import GAME_TOML, GLOSSARY, REFERENCE, RULES, make_site
from tests.interactive.helpers import copy_fixture

KIT = '[kit]\npapers = ["a4"]\nvariants = ["print"]\n\n[[sheet]]\nname = "score"\ntitle = "Score pad"\n' \
      'columns = ["Player", "Score"]\nrows = 4\n'


def run(capsys, *args: str) -> tuple[int, str]:
    """The exit status and what the command line printed to stderr."""
    code = main(list(args))
    return code, capsys.readouterr().err


def run_out(capsys, *args: str) -> tuple[int, str]:
    """The exit status and what the command line printed to stdout."""
    code = main(list(args))
    return code, capsys.readouterr().out


def verdict(action, site: Path) -> list[str]:
    """What `action` (build or check) finds wrong with the site: [] when nothing."""
    try:
        action(site)
    except ContentErrors as errors:
        return [error.describe().replace(str(site), "<site>") for error in errors.errors]
    return []


def problems(capsys, command: str, site: Path) -> str:
    """The problems `command` prints for the site, without the header and closing lines."""
    code, err = run(capsys, command, str(site))
    assert code == 1, err
    lines = err.replace(str(site) + "/", "").splitlines()
    assert lines[0].startswith("rulepress: ") and "Traceback" not in err
    return "\n".join(line for line in lines[1:] if not line.startswith("Nothing was written"))


# -- 1. build and check agree ------------------------------------------------
LINKS_OK = {
    "#anchor": "#summary",
    "#footnote": "#fn1",
    "page.md": "rules.md",
    "page.md#anchor": "rules.md#turns",
    "page.md#clarification": "rules.md#c1",
    "page.md#glossary term": "glossary.md#term-pebble",
    "page.md#template id": "rules.md#credits",
    "../othergame/rules.md#x": "../other/rules.md#setting-up",
    "kit file": "kit/pebbles-kit-a4.pdf",
    "kit preview": "kit/score.svg",
    "kit section anchor": "rules.md#print-and-play",
    "kit section sub-anchor": "rules.md#kit-downloads",
}
LINKS_BROKEN = {
    "#anchor": "#nowhere",
    "page.md": "ending.md",
    "page.md#anchor": "rules.md#nowhere",
    "../othergame/rules.md": "../nogame/rules.md",
    "../othergame/rules.md#x": "../other/rules.md#nowhere",
    "kit file": "kit/pebbles-kit-letter.pdf",
    "kit preview": "kit/board.svg",
    "another game's kit file": "../other/kit/other-kit-a4.pdf",
    "kit section anchor of a game without a kit": "../other/rules.md#print-and-play",
}


def linking_site(root: Path, href: str) -> Path:
    """Two games, the first with a kit; its player aid links to `href` (line 7)."""
    reference = REFERENCE.replace("Score [points](rules.md#turns).",
                                  f"Score [there]({href}).[^1]\n\n[^1]: A footnote.")
    other = {f"content__other__{name}": text for name, text in (
        ("game.toml", GAME_TOML.replace('"Pebbles"', '"Other pebbles"')), ("rules.md", RULES),
        ("reference.md", REFERENCE), ("glossary.md", GLOSSARY), ("scores.csv", "pebbles,points\n1,2\n"))}
    return make_site(root, **other, **{
        "content__pebbles__reference.md": reference, "content__pebbles__components.toml": KIT})


def test_build_and_check_accept_the_same_links(tmp_path):
    for case, href in LINKS_OK.items():
        site = linking_site(tmp_path / case.replace("/", "_").replace("#", "_"), href)
        assert verdict(check, site) == verdict(build, site) == [], case


@pytest.mark.parametrize("case", sorted(LINKS_BROKEN))
def test_build_and_check_refuse_the_same_links(tmp_path, case):
    href = LINKS_BROKEN[case]
    site = linking_site(tmp_path, href)
    found = verdict(check, site)
    assert found == verdict(build, site)
    assert len(found) == 1 and f"found:    {href}" in found[0], found


def test_build_and_check_agree_on_widget_ids(tmp_path):
    site = copy_fixture(tmp_path / "site", {
        "content/site.toml": ('language = "en"', 'language = "en"\npyodide_url = "/pyodide/"')})
    reference = site / "content/hop/reference.md"
    text = reference.read_text()
    for href, errors in (("rules.md#wt-opening-hops", 0), ("rules.md#wt-opening-hops-step-1", 0),
                         ("rules.md#wt-closing-hops", 1)):
        reference.write_text(text + f"\nSee [the walkthrough]({href}).\n")
        found = verdict(check, site)
        assert found == verdict(build, site) and len(found) == errors, (href, found)


def test_the_kit_section_anchor_is_a_link_target_for_check_too(tmp_path, capsys):
    site = linking_site(tmp_path, "rules.md#print-and-play")
    assert run(capsys, "check", str(site)) == (0, "")
    site = linking_site(tmp_path, "../other/rules.md#print-and-play")
    code, err = run(capsys, "check", str(site))
    assert code == 1
    assert err.replace(str(site), "<site>") == (
        "rulepress: 1 problem in the content:\n"
        "<site>/content/pebbles/reference.md:7: missing anchor #print-and-play\n"
        "    expected: a heading or id 'print-and-play' in rules.md\n"
        "    found:    ../other/rules.md#print-and-play\n")


# -- 2. CSV rows: the cell count first, quotes where they open, no Python words
WIDE_GAME = GAME_TOML.replace('columns = { pebbles = "int", points = "int" }',
                              'columns = { name = "str", text = "str", pebbles = "int", qty = "int" }')


def test_a_csv_row_with_the_wrong_number_of_cells_says_so_before_any_type(tmp_path, capsys):
    site = make_site(tmp_path, **{"content__pebbles__game.toml": WIDE_GAME, "content__pebbles__scores.csv":
                                  "name,text,pebbles,qty\nHop,Move one,1,2\nRun,Move, one step each this turn.,2,3\n"})
    assert problems(capsys, "build", site) == (
        "content/pebbles/scores.csv:3: row has 5 cells, the header has 4 columns\n"
        "    expected: 4 cells (name, text, pebbles, qty); a cell holding a comma goes in double quotes\n"
        "    found:    'Run', 'Move', ' one step each this turn.', '2', '3'")


def test_a_kit_csv_row_with_the_wrong_number_of_cells_says_so(tmp_path, capsys):
    tokens = KIT.split("[[sheet]]")[0] + ('[[token]]\nname = "pieces"\ntitle = "Pieces"\ndata = "pieces.csv"\n'
                                          'item = { label = "{letter}", caption = "{piece}" }\n')
    declared = GAME_TOML + '\n[data.pieces]\nfile = "pieces.csv"\ncolumns = { letter = "str", piece = "str" }\n'
    site = make_site(tmp_path, **{"content__pebbles__components.toml": tokens, "content__pebbles__game.toml": declared,
                                  "content__pebbles__pieces.csv": "letter,piece\nA,Ant\nB,Bee, the buzzing one\n"})
    assert problems(capsys, "check", site) == (
        "content/pebbles/pieces.csv:3: row has 3 cells, the header has 2 columns\n"
        "    expected: 2 cells (letter, piece); a cell holding a comma goes in double quotes\n"
        "    found:    'B', 'Bee', ' the buzzing one'")


def test_an_unclosed_quote_in_a_csv_is_reported_where_it_opens(tmp_path, capsys):
    site = make_site(tmp_path, **{"content__pebbles__scores.csv": 'pebbles,points\n1,2\n"2,5\n3,4\n'})
    assert problems(capsys, "build", site) == (
        "content/pebbles/scores.csv:3: a quoted cell is never closed\n"
        "    expected: a closing \" for the \" that opens a cell on this line (a quote inside a quoted cell is written \"\")\n"
        "    found:    the end of the file")


def test_messages_name_values_in_words_never_python_types_or_none(tmp_path, capsys):
    site = make_site(tmp_path, **{
        "content__pebbles__scores.csv": "pebbles,points\n1,2\ntwo,\n",
        "content__pebbles__reference.md": "---\ntitle: Aid\nsummary:\n---\n\n## Summary\n"})
    assert problems(capsys, "check", site) == (
        "content/pebbles/reference.md:3: wrong type for 'summary'\n"
        "    expected: text\n"
        "    found:    nothing\n"
        "content/pebbles/scores.csv:3: wrong type in column 'pebbles'\n"
        "    expected: a whole number\n"
        "    found:    'two'")
    site = make_site(tmp_path / "toml", **{
        "content__pebbles__game.toml": GAME_TOML.replace("scores.csv", "scores.toml"),
        "content__pebbles__scores.toml": '[[rows]]\npebbles = 1\npoints = 2\n\n[[rows]]\npebbles = "two"\nextra = 1\n'})
    assert problems(capsys, "check", site) == (
        "content/pebbles/scores.toml:5: row does not match the declared columns\n"
        "    expected: pebbles: a whole number, points: a whole number\n"
        "    found:    pebbles: 'two' (text), points: nothing, extra: not a declared column")


# -- 3. a column's type names the column and the types there are -------------
def test_a_wrong_column_type_names_the_column_and_the_allowed_types(tmp_path, capsys):
    site = make_site(tmp_path, **{"content__pebbles__game.toml": GAME_TOML.replace('points = "int"', 'points = "integer"')})
    assert problems(capsys, "check", site) == (
        "content/pebbles/game.toml:15: unknown type for column 'points' in 'data.scores.columns' (did you mean int?)\n"
        '    expected: one of: "str" (text), "int" (a whole number), "float" (a number), "bool" (true or false)\n'
        "    found:    'integer' (text)")
    site = make_site(tmp_path / "table", **{
        "content__pebbles__game.toml": GAME_TOML.replace('points = "int"', 'points = { type = "int" }')})
    assert problems(capsys, "check", site) == (
        "content/pebbles/game.toml:15: unknown type for column 'points' in 'data.scores.columns'\n"
        '    expected: one of: "str" (text), "int" (a whole number), "float" (a number), "bool" (true or false)\n'
        "    found:    a table")


# -- 4. an unknown key suggests the nearest known one ------------------------
def test_an_unknown_key_suggests_the_nearest_known_key(tmp_path, capsys):
    site = make_site(tmp_path, **{
        "content__site.toml": 'title = "Shelf"\nbase_ulr = "https://games.example/"\n',
        "content__pebbles__game.toml": GAME_TOML.replace("play_time", "playtime"),
        "content__pebbles__reference.md": "---\ntitle: Aid\nsumary: Short.\n---\n\n## Summary\n"})
    assert problems(capsys, "check", site) == (
        "content/pebbles/game.toml:8: unknown key 'playtime' (did you mean play_time?)\n"
        "    expected: one of: accent, ages, credit, data, designers, engine, fonts, licence, pages, play_time, players, "
        "releases, rulebook, source, source_url, summary, title, year\n"
        "    found:    playtime\n"
        "content/pebbles/reference.md:3: unknown key 'sumary' (did you mean summary?)\n"
        "    expected: one of: clarifications, glossary, only, print, summary, title\n"
        "    found:    sumary\n"
        "content/site.toml:2: unknown key 'base_ulr' (did you mean base_url?)\n"
        "    expected: one of: balance_notes, base_url, description, exports, game_code_seconds, language, path_prefix, print_words, pyodide_url, raw_html, rulebooks, search, strict, theme, title\n"
        "    found:    base_ulr")
    site = make_site(tmp_path / "kit", **{"content__pebbles__components.toml": KIT.replace("[[sheet]]", "[[sheets]]")})
    assert problems(capsys, "check", site) == (
        "content/pebbles/components.toml:5: unknown key 'sheets' in the file (did you mean sheet?)\n"
        "    expected: one of: kit, edition, board, deck, sheet, token, instead\n"
        "    found:    sheets")


# -- 5. YAML errors: where the problem starts, in plain words ---------------
def test_a_yaml_error_points_where_the_problem_starts_in_plain_words(tmp_path, capsys):
    site = make_site(tmp_path, **{"content__pebbles__reference.md": '---\ntitle: "Player aid\nsummary: Short.\n---\n\nText\n'})
    assert problems(capsys, "check", site) == (
        "content/pebbles/reference.md:2:8: invalid YAML front matter: a quoted value is never closed\n"
        '    expected: a closing " for the " that opens the value\n'
        "    found:    the end of the front matter")
    site = make_site(tmp_path / "colon", **{"content__pebbles__reference.md": "---\ntitle: Aid: the short one\n---\n\nText\n"})
    assert problems(capsys, "check", site) == (
        "content/pebbles/reference.md:2:11: invalid YAML front matter: a value holds ': ' (a colon and a space)\n"
        '    expected: the value in quotes, e.g. title: "Setup: the board"\n'
        "    found:    title: Aid: the short one")


# -- 6. one cause, one message -----------------------------------------------
def test_identical_errors_are_printed_once_with_their_other_places(tmp_path, capsys):
    links = "".join(f"See [the map](map.md) for turn {n}.\n\n" for n in range(1, 4))
    site = make_site(tmp_path / "site", **{"content__pebbles__reference.md": REFERENCE + "\n" + links})
    code, err = run(capsys, "build", str(site))
    assert code == 1
    assert err.replace(str(site) + "/", "").splitlines() == [
        "rulepress: 3 problems in the content:",
        "content/pebbles/reference.md:%d: broken link" % (REFERENCE.count("\n") + 2),
        "    expected: a page or file of this site",
        "    found:    map.md",
        "    (and 2 more places: content/pebbles/reference.md:%d, content/pebbles/reference.md:%d)"
        % (REFERENCE.count("\n") + 4, REFERENCE.count("\n") + 6),
        "Nothing was written; the previous output is unchanged."]


def test_a_site_built_without_the_runtime_says_so_and_how_to_add_it(tmp_path, capsys, monkeypatch):
    """Issue 17.1: no node_modules/pyodide is not an error: the pages are written, the steppers
    work, and the build names the one command that adds the runtime."""
    from generator.interactive import runtime
    from generator.suggest import command  # the site as a path from here, however deep "here" is

    monkeypatch.setattr(runtime, "REPO_ROOT", tmp_path / "no-rulepress-here")  # node_modules/pyodide: missing
    site = copy_fixture(tmp_path / "site")
    code, out = run_out(capsys, "build", str(site))
    assert code == 0
    assert "Note: built without the Python runtime" in out and f"`{command('runtime', site)}`" in out
    page = (site / "output/hop/index.html").read_text()
    assert 'data-pyodide=""' in page and 'data-rp-widget="walkthrough"' in page
    assert not (site / "output/_pyodide").exists()
    code, out = run_out(capsys, "build", str(site))  # nothing changed: the note is repeated
    assert code == 0 and "Up to date" in out and "Note: built without the Python runtime" in out


def test_past_fifty_errors_the_rest_are_counted_not_printed(tmp_path, capsys):
    links = "".join(f"[gone]({n}.md)\n" for n in range(1, 61))
    site = make_site(tmp_path, **{"content__pebbles__reference.md": REFERENCE + "\n" + links})
    printed = problems(capsys, "check", site).splitlines()
    assert printed[-4:] == ["content/pebbles/reference.md:58: broken link",
                            "    expected: a page or file of this site",
                            "    found:    50.md",
                            "... and 10 more errors"]
    assert len(printed) == 50 * 3 + 1


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
