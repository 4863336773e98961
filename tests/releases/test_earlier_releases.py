"""Earlier releases built beside the current one (issue 32): from git tags or from the archived
sources, each readable at /<game>/<version>/ under a banner, and a "What changed" page that lists
exactly what changed between two releases."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import build
from generator.releases.changes import word_diff
from tests.releases.history import TURNS_10, TURNS_11, archived_site, git_site, release_files
from tests.sitefactory import SITE_TOML, make_site, write


def fast(root: Path) -> Path:
    """The site without rulebooks and search (not what these tests are about)."""
    return write(root, {"content/site.toml": SITE_TOML + "rulebooks = false\nsearch = false\n"})


def parts(html: str) -> dict[str, str]:
    """The "What changed" page's parts by heading id (changed-sections, ...)."""
    article = html[html.index("<article"):html.index('<section class="credits"')]
    pieces = re.split(r'<h2 id="(changed-[a-z]+)">[^<]*</h2>', article)
    return dict(zip(pieces[1::2], pieces[2::2]))


def items(part: str) -> list[str]:
    """A part's entries: list items (sections, clarifications, walkthroughs) or table rows (data)."""
    return (re.findall(r'<li class="change-[a-z]+">(.*?)</li>', part, re.S)
            or re.findall(r'<tr class="change-[a-z]+">(.*?)</tr>', part, re.S))


def assert_both_releases_and_what_changed(output: Path) -> None:
    current, earlier = (output / "pebbles/index.html").read_text(), (output / "pebbles/1.0/index.html").read_text()
    assert TURNS_11 in current and TURNS_10 not in current and "release-banner" not in current
    assert TURNS_10 in earlier and 'class="release-banner"' in earlier
    assert re.search(r'<a href="\.\./index\.html">Read the current rules \(version 1\.1\)</a>', earlier)
    found = parts((output / "pebbles/1.1/changes.html").read_text())
    (section,) = items(found["changed-sections"])
    assert "Taking turns" in section and 'href="../index.html#turns"' in section
    assert "<del>each pebble you take</del> <ins>taking two pebbles</ins>" in section
    assert "<del>one point.</del> <ins>three points.</ins>" in section
    (clarification,) = items(found["changed-clarifications"])
    assert "Added" in clarification and "C2 An empty pile" in clarification
    assert "<ins>When the pile is empty the game ends at once.</ins>" in clarification
    (row,) = items(found["changed-components"])
    assert re.search(r"<th scope=\"row\">2</th>\s*<td>points: <del>5</del> → <ins>6</ins></td>", row)
    (walkthrough,) = items(found["changed-walkthroughs"])
    assert "A short game" in walkthrough
    assert "The outcome changed at step 2 (<code>take 2</code>): scores.1: 2 → 3" in walkthrough
    assert "The engine's rules changed" in found["changed-engine"]


def test_a_git_site_builds_the_earlier_release_from_its_tag_and_says_what_changed(tmp_path):
    root = fast(git_site(tmp_path))
    build(root)
    assert_both_releases_and_what_changed(root / "output")


def test_a_site_in_a_folder_of_a_larger_repository_reads_its_own_folder_from_the_tag(tmp_path):
    root = fast(git_site(tmp_path / "sites/shelf", repository=tmp_path))
    build(root)
    assert_both_releases_and_what_changed(root / "output")


def test_a_site_that_is_no_git_repository_builds_the_earlier_release_from_its_archived_sources(tmp_path):
    root = fast(archived_site(tmp_path))
    build(root)
    assert_both_releases_and_what_changed(root / "output")


def test_each_release_replays_its_walkthroughs_under_its_own_engine(tmp_path):
    root = fast(archived_site(tmp_path))
    build(root)
    # the diagram after step 2 ("take 2"): Blue scored two points under 1.0, three under 1.1
    assert "4 left, 1-2" in (root / "output/pebbles/1.0/index.html").read_text()
    assert "4 left, 1-3" in (root / "output/pebbles/index.html").read_text()


def test_the_catalogue_lists_each_game_once_at_its_current_release(tmp_path):
    root = fast(archived_site(tmp_path))
    report = build(root)
    index = (root / "output/index.html").read_text()
    assert index.count('data-game="pebbles"') == 1 and "pebbles/1.0" not in index
    assert [game.slug for game in report.site.current_games] == ["pebbles"]


def test_an_earlier_release_without_sources_is_an_error_at_its_line_in_game_toml(tmp_path):
    root = fast(make_site(tmp_path, **release_files("1.1")))  # no git, no releases/ folder
    run = subprocess.run([sys.executable, "-m", "generator", "check", str(root)], capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    toml = release_files("1.1")["content__pebbles__game.toml"]
    line = toml.splitlines().index('version = "1.0"') + 1
    assert f"game.toml:{line}: no sources for release 1.0 of Pebbles" in run.stderr
    assert "releases/pebbles/1.0/" in run.stderr


def test_a_catalogue_without_earlier_releases_reads_no_history(tmp_path, monkeypatch):
    import generator.releases.sources as sources

    def refuse(*args, **kwargs):
        raise AssertionError("no git call and no scratch folder for a game with one release")

    monkeypatch.setattr(sources, "run_git", refuse)
    monkeypatch.setattr(sources.Scratch, "__init__", refuse)
    files = release_files("1.0")
    root = fast(make_site(tmp_path, **files))
    report = build(root)
    assert [game.slug for game in report.site.games] == ["pebbles"]
    assert not (root / "output/pebbles/1.0").exists()


def test_the_earlier_releases_sources_are_unpacked_outside_the_site_and_removed_after_the_build(tmp_path, monkeypatch):
    import tempfile

    import generator.releases.sources as sources

    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    made, unpack = [], sources.Scratch.__init__

    def recorded(self):
        unpack(self)
        made.append(self.folder)

    monkeypatch.setattr(sources.Scratch, "__init__", recorded)
    root = fast(archived_site(tmp_path / "shelf"))
    build(root)
    assert made and all(folder.parent == scratch for folder in made)  # outside the site folder
    assert [p.name for p in scratch.iterdir() if p.name.startswith(sources.SCRATCH_PREFIX)] == []


@pytest.mark.parametrize("before, after, marked", [
    ("take one pebble", "take two pebbles", "take <del>one pebble</del> <ins>two pebbles</ins>"),
    ("a b", "a b c", "a b <ins>c</ins>"),
])
def test_a_word_diff_marks_only_the_words_that_changed(before, after, marked):
    html = " ".join(f"<{p.kind}>{p.text}</{p.kind}>" if p.kind != "same" else p.text
                    for p in word_diff(before.split(), after.split()))
    assert html == marked


def test_a_word_diff_cuts_long_unchanged_stretches():
    words = [f"w{n}" for n in range(40)]
    pieces = word_diff(words, [*words[:20], "new", *words[20:]])
    assert [p.kind for p in pieces] == ["same", "ins", "same"]
    assert pieces[0].text.startswith("… ") and pieces[2].text.endswith(" …")
    assert len(pieces[0].text.split()) == 9  # eight words of context and the cut


def test_an_edit_to_the_archived_sources_builds_again(tmp_path):
    root = fast(archived_site(tmp_path))
    build(root)
    archived = root / "releases/pebbles/1.0/rules.md"
    archived.write_text(archived.read_text().replace("Seven pebbles", "Seven round pebbles"))
    report = build(root)
    assert not report.up_to_date
    assert "Seven round pebbles" in (root / "output/pebbles/1.0/index.html").read_text()


def test_a_ref_that_reads_as_an_option_is_never_handed_to_git(tmp_path):
    root = fast(git_site(tmp_path))
    game_toml = root / "content/pebbles/game.toml"
    game_toml.write_text(game_toml.read_text().replace('version = "1.0"\n', 'version = "1.0"\nref = "--output=x"\n'))
    run = subprocess.run([sys.executable, "-m", "generator", "check", str(root)], capture_output=True, text=True)
    assert run.returncode == 1 and "no sources for release 1.0" in run.stderr
    assert not (root / "x").exists()


def test_with_three_releases_each_one_after_the_first_has_its_what_changed_page(tmp_path):
    root = fast(archived_site(tmp_path))
    shutil.copytree(root / "content/pebbles", root / "releases/pebbles/1.1")
    game_toml = root / "content/pebbles/game.toml"
    game_toml.write_text(game_toml.read_text() + '\n[[releases]]\nversion = "1.2"\ndate = 2026-12-24\n'
                         'summary = "A longer setup"\n')
    rules = root / "content/pebbles/rules.md"
    rules.write_text(rules.read_text().replace("make the pile.", "make the pile, in a row."))
    build(root)
    output = root / "output/pebbles"
    assert (output / "1.0/index.html").is_file() and (output / "1.1/index.html").is_file()
    assert "version 1.1" in (output / "1.1/index.html").read_text()  # its banner names its release
    newest = parts((output / "1.2/changes.html").read_text())
    (section,) = items(newest["changed-sections"])
    assert "Setting up" in section and "<del>pile.</del> <ins>pile, in a row.</ins>" in section
    assert items(newest["changed-clarifications"]) == []
    assert "Every walkthrough plays out as before" in newest["changed-walkthroughs"]
    older = (output / "1.1/changes.html").read_text()
    assert 'class="release-banner"' in older and "C2 An empty pile" in older  # 1.0 -> 1.1, among the 1.1 pages
    assert '<a href="changes.html"' in (output / "1.1/index.html").read_text()  # in that release's page list


def test_a_clarification_keeps_its_id_across_releases_and_one_left_out_is_withdrawn():
    from generator.releases.changes import clarification_changes
    from generator.releases.reading import read_page

    before = read_page("rules", "Rules", "## A\n\n::: clarification C1 Ties\nA tie is shared.\n:::\n\n"
                                         "::: clarification C2 Moves\nMove once.\n:::\n")
    after = read_page("rules", "Rules", "## A\n\n::: clarification C1 Ties\nA tie is split.\n:::\n")
    found = {change.anchor: change for change in clarification_changes([before], [after])}
    assert found["c1"].kind == "changed"
    assert [piece.text for piece in found["c1"].diff if piece.kind != "same"] == ["shared.", "split."]
    assert found["c2"].kind == "removed"
    assert before.sections[0].words == after.sections[0].words == []  # a clarification's words are its own


def test_a_walkthrough_whose_moves_changed_reports_the_first_different_move():
    from generator.gamecode import fresh_engine
    from generator.releases.walkthroughs import compare_replays, replayed

    engine = fresh_engine(Path(__file__).parents[1] / "play/toys/tictactoe")
    old = replayed(engine, {"players": 2, "steps": [{"do": "a1"}, {"do": "b2"}, {"do": "a2"}]})
    new = replayed(engine, {"players": 2, "steps": [{"do": "a1"}, {"do": "b2"}, {"do": "c3"}]})
    assert compare_replays(old, new) == ("moves", 3, "a2", "c3", ())
    assert compare_replays(old, old) is None


def test_an_error_in_an_earlier_releases_sources_names_the_release(tmp_path):
    root = fast(archived_site(tmp_path))
    archived = root / "releases/pebbles/1.0/scores.csv"
    archived.write_text("pebbles,points\n1,two\n")
    run = subprocess.run([sys.executable, "-m", "generator", "check", str(root)], capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert f"{root / 'releases/pebbles/1.0/scores.csv'}:2: in release 1.0: " in run.stderr


def test_the_kits_layout_counts_as_changed_when_its_values_change_not_its_comments(tmp_path):
    from types import SimpleNamespace

    from generator.releases.changes import layout_change

    games = []
    for name, text in (("a", 'title = "Arena"\n'), ("b", '# the board\ntitle = "Arena"\n'), ("c", 'title = "Board"\n')):
        (tmp_path / name).mkdir()
        (tmp_path / name / "components.toml").write_text(text)
        games.append(SimpleNamespace(folder=tmp_path / name))
    (tmp_path / "none").mkdir()
    without = SimpleNamespace(folder=tmp_path / "none")
    assert layout_change(games[0], games[1]) == ""
    assert layout_change(games[0], games[2]) == "changed"
    assert (layout_change(without, games[0]), layout_change(games[0], without)) == ("added", "removed")


def test_an_earlier_releases_files_name_their_release():
    from generator.urls import changes_url, in_game, kit_folder, rules_pdf

    assert in_game("splut/1.0", rules_pdf("splut/1.0", "a4")) == "splut/1.0/splut-1.0-rules-a4.pdf"
    assert kit_folder("splut/1.0") == "splut/1.0/kit"
    assert changes_url("splut", "1.1") == "splut/1.1/changes.html"


def test_a_named_pipe_in_an_archived_release_is_an_error_at_its_path_not_a_hang(tmp_path):
    """Issue 48.8: a FIFO in releases/<game>/<version>/ gave an internal error (copying it would
    otherwise wait for a writer forever)."""
    import os

    root = fast(archived_site(tmp_path))
    os.mkfifo(root / "releases/pebbles/1.0/pipe")
    run = subprocess.run([sys.executable, "-m", "generator", "check", str(root)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 1 and "Traceback" not in run.stderr and "internal error" not in run.stderr
    assert f"{root / 'releases/pebbles/1.0/pipe'}: " in run.stderr and "a named pipe" in run.stderr


def test_what_changed_lists_what_each_translation_must_update_and_follows_its_catalogue(tmp_path):
    """A release of a translated game: "For translators" says what each language has translated
    and what it has not yet (stale entries listed at their source lines); a catalogue edited
    since makes the page again; a game nobody translates has no such part."""
    from generator.cli import main
    from generator.i18n.catalogues import catalogue_path, read, write as write_catalogue
    from tests.i18n.translating import game

    root = fast(archived_site(tmp_path))
    assert main(["i18n", "update", str(root), "--lang", "de"]) == 0
    path = catalogue_path(game(root), "de")
    catalogue = read(path, "de")
    for message in catalogue:
        if message.id and "Setting up" in str(message.id):
            message.string = "Aufbau"
    write_catalogue(path, catalogue)
    build(root)
    found = parts((root / "output/pebbles/1.1/changes.html").read_text(encoding="utf-8"))
    part = found["changed-translations"]
    assert "<strong>de</strong>" in part and re.search(r"\d+ not translated yet", part)
    translated = re.search(r"(\d+) of (\d+) blocks translated", part)
    assert translated and translated.group(1) == "1"
    catalogue = read(path, "de")
    for message in catalogue:
        if message.id and not message.string:
            message.string = f"DE {message.id}"
    write_catalogue(path, catalogue)
    build(root)
    part = parts((root / "output/pebbles/1.1/changes.html").read_text(encoding="utf-8"))["changed-translations"]
    assert "28 of 28 blocks translated, nothing to update" in part and not re.search(r"\d+ not translated yet", part)
    plain = fast(archived_site(tmp_path / "plain"))
    build(plain)
    assert "changed-translations" not in (plain / "output/pebbles/1.1/changes.html").read_text(encoding="utf-8")
