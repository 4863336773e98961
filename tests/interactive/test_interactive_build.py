"""The walkthrough, position and play directives at build time.

Issue "Interactive walkthroughs and play", Markdown directives: "At build time
the engine (CPython) replays every step: an illegal step fails the build with
the page's file and line and the engine's reason. Each step is drawn by the
game's diagram renderer ... with the moved pieces and the action's path
highlighted, and written into the HTML: the walkthrough is complete and
readable with JavaScript off."
"""
from __future__ import annotations

import json
import re

import pytest

from generator.build import build
from generator.errors import ContentErrors
from tests.sitefactory import RULES as PEBBLES_RULES
from tests.sitefactory import make_site
from tests.interactive.helpers import FIXTURE, RULES, copy_fixture, frames, highlighted_cells, line_of


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    output = tmp_path_factory.mktemp("hop") / "output"
    build(FIXTURE, output)
    return output


def errors_of(site) -> list:
    with pytest.raises(ContentErrors) as caught:
        build(site, site / "output")
    return caught.value.errors


def test_every_walkthrough_step_is_a_static_frame_with_caption_and_narration(built):
    """Start + six steps, each with its own diagram, caption and the engine's narration."""
    html = (built / "hop/index.html").read_text()
    steps = frames(html, "wt-opening-hops")
    assert len(steps) == 7
    assert all(step.count("<svg") == 1 for step in steps)
    assert "Red&#x27;s left pawn hops two squares up the b column." in steps[2]
    assert "Red hops from b1 to b3." in steps[2]  # the engine's event text
    assert 'class="rp-notation">b1-b3<' in steps[2]
    assert "Step 4 · Blue" in steps[4] and "Blue hops from d5 to d4." in steps[4]


def test_each_step_highlights_the_moved_piece_and_its_path(built):
    """The diagram after b1-b3 marks b1, b2 and b3 (engine.cells), and only those."""
    steps = frames((built / "hop/index.html").read_text(), "wt-opening-hops")
    assert highlighted_cells(steps[2]) == {"b1", "b2", "b3"}
    assert highlighted_cells(steps[4]) == {"d5", "d4"}
    assert highlighted_cells(steps[1]) == set()  # a coin throw touches no cell


def test_each_frame_carries_a_position_that_reopens_that_moment(built):
    """'Try it from here' needs the position after each step; each adds one action."""
    from generator.play import load_engine
    from generator.play.match import Match

    engine = load_engine(FIXTURE / "content/hop")
    steps = frames((built / "hop/index.html").read_text(), "wt-opening-hops")
    positions = [re.search(r'data-position="([^"]+)"', step).group(1) for step in steps]
    logs = [Match.from_position(engine, position).log for position in positions]
    assert logs[-1] == ["roll 2", "b1-b3", "roll 1", "d5-d4", "roll 2", "d1-d3"]
    assert [len(log) for log in logs] == list(range(7))


def test_an_illegal_step_fails_the_build_at_its_line_with_the_engines_reason(tmp_path):
    """Hop §Moving: with a coin of 2, b1-b4 is refused; the error names rules.md, the step's line and why."""
    site = copy_fixture(tmp_path / "site")
    build(site, site / "output")
    before = {p.name: p.read_bytes() for p in (site / "output/hop").iterdir()}
    rules = site / RULES
    rules.write_text(rules.read_text().replace("- do: b1-b3", "- do: b1-b4"))
    [error] = errors_of(site)
    assert error.path == rules and error.line == line_of(rules, "- do: b1-b4")
    assert "step 2 ('b1-b4')" in error.message
    assert "the coin shows 2, so a pawn moves at most 2 squares" in error.message and "Hop §Moving" in error.message
    assert {p.name: p.read_bytes() for p in (site / "output/hop").iterdir()} == before


def test_an_unreadable_step_fails_with_the_engines_notation_error(tmp_path):
    site = copy_fixture(tmp_path / "site", {RULES: ("- do: d5-d4", "- do: hop to d4")})
    [error] = errors_of(site)
    assert error.line == line_of(site / RULES, "- do: hop to d4")
    assert "cannot read 'hop to d4' as a hop" in error.message


def test_an_unknown_setup_names_the_known_ones(tmp_path):
    site = copy_fixture(tmp_path / "site", {RULES: ("setup: start", "setup: middle")})
    [error] = errors_of(site)
    assert error.line == line_of(site / RULES, "```walkthrough")
    assert "no setup 'middle'" in error.message and "race" in error.message


def test_position_block_draws_one_diagram_with_its_highlight(built):
    html = (built / "hop/index.html").read_text()
    block = html[html.index('data-rp-widget="position"'):]
    block = block[:block.index("</figure>")]
    assert block.count("<svg") == 1
    assert highlighted_cells(block) == {"c3", "c4", "c5"}
    assert "Red to throw; one good hop from c3 wins." in block


def test_play_block_shows_the_start_and_says_it_needs_javascript(built):
    html = (built / "hop/index.html").read_text()
    block = html[html.index('data-rp-widget="play"'):]
    block = block[:block.index("</section>")]
    assert 'data-bot="forward"' in block and 'data-players="2"' in block and 'data-seats="0,1"' in block
    assert json.loads(re.search(r'data-names="([^"]+)"', block).group(1).replace("&quot;", '"')) == ["Red", "Blue"]
    assert "<svg" in block and "needs JavaScript" in block


@pytest.mark.parametrize("options, message", [
    ("bot: nobody\nplayers: 2", "Hop has no bot 'nobody'"),
    ("players: 5", "players out of range"),
    ("seats: [2]", "seats are the players the reader may play"),
    ("colour: red", "unknown option 'colour'"),
])
def test_play_block_options_are_checked(tmp_path, options, message):
    site = copy_fixture(tmp_path / "site", {RULES: ("bot: forward\nplayers: 2\nseats: [0, 1]", options)})
    [error] = errors_of(site)
    assert message in error.message and error.line == line_of(site / RULES, "```play")


def test_a_walkthrough_for_a_game_without_an_engine_is_an_error(tmp_path):
    make_site(tmp_path)
    rules = tmp_path / "content/pebbles/rules.md"
    rules.write_text(PEBBLES_RULES + "\n```walkthrough\nsetup: start\nsteps: [a1-a2]\n```\n")
    [error] = errors_of(tmp_path)
    assert "Pebbles has no rule engine" in error.message and error.path == rules


def test_a_site_without_widgets_gets_no_runtime_and_no_play_script(tmp_path):
    make_site(tmp_path)
    build(tmp_path, tmp_path / "output")
    output = tmp_path / "output"
    assert not (output / "_pyodide").exists() and not (output / "_play").exists()
    assert "play." not in (output / "pebbles/index.html").read_text()


def test_pages_with_widgets_load_play_script_with_runtime_and_bundle(built):
    html = (built / "hop/index.html").read_text()
    head = html.split("</head>")[0]
    script = re.search(r'<script src="\.\./assets/play\.[0-9a-f]{10}\.js" defer ([^>]*)>', head)
    assert script, "play.js with a content hash"
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', script.group(1)))
    assert attrs["pyodide"] == "../_pyodide/314.0.7/"
    # the worker's URL names the memory snapshot it starts from and its stdlib (snapshot.py), when Node made them
    worker = re.fullmatch(r"\.\./assets/play-worker\.[0-9a-f]{10}\.js(?:\?snapshot=(snapshot\.[0-9a-f]{12}\.gz)"
                          r"&amp;stdlib=(stdlib\.[0-9a-f]{12}\.zip))?", attrs["worker"])
    assert worker
    for name in worker.groups() if worker.group(1) else ():
        assert (built / "_pyodide/314.0.7" / name).is_file()
    assert head.count("assets/play.") == 2 and head.count("play-worker.") == 1, "once however many widgets"
    bundles = set(re.findall(r'data-bundle="([^"]+)"', html))
    assert len(bundles) == 1 and re.fullmatch(r"\.\./_play/hop\.[0-9a-f]{12}\.zip", bundles.pop())
    assert len(re.findall(r'data-bundle="', html)) == 3  # walkthrough, position, play
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (built / "_pyodide/314.0.7" / name).is_file()
    assert "play." not in (built / "hop/reference.html").read_text(), "a page without widgets stays light"


def test_pyodide_url_in_site_toml_points_elsewhere_and_copies_nothing(tmp_path):
    """A site may serve Pyodide from elsewhere on its own origin (the pages' CSP allows no
    other); by default it copies it into the output."""
    site = copy_fixture(tmp_path / "site", {"content/site.toml": (
        'language = "en"', 'language = "en"\npyodide_url = "https://hop.example/pyodide/v314/full"')})
    build(site, site / "output")
    assert not (site / "output/_pyodide").exists()
    assert 'data-pyodide="https://hop.example/pyodide/v314/full/"' in (site / "output/hop/index.html").read_text()


def test_diagrams_carry_no_inline_styles_the_csp_would_block(built):
    """The page's CSP is style-src 'self': inline style attributes would be dropped."""
    html = (built / "hop/index.html").read_text()
    assert " style=" not in html
    assert 'data-cell="b1"' in html  # cells keep their names for clicks


def test_widget_ids_are_unique_on_a_page(tmp_path):
    twice = "## Again\n\n```walkthrough\nsetup: start\ntitle: Opening hops\nsteps:\n  - do: roll 1\n```\n"
    site = copy_fixture(tmp_path / "site")
    rules = site / RULES
    rules.write_text(rules.read_text() + twice)
    build(site, site / "output")
    html = (site / "output/hop/index.html").read_text()
    assert 'id="wt-opening-hops"' in html and 'id="wt-opening-hops-2"' in html


def test_rebuilding_gives_byte_identical_pages_and_bundles(tmp_path):
    """Same sources, same bytes: pages with diagrams, the bundle zip and its hashed name."""
    first, second = tmp_path / "one", tmp_path / "two"
    build(FIXTURE, first)
    build(FIXTURE, second)
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    assert all((first / f).read_bytes() == (second / f).read_bytes() for f in files)


def test_a_cached_rebuild_after_editing_the_engine_equals_a_clean_build(tmp_path):
    """Issue "Build speed", incremental builds: an engine edit re-bundles the game and
    re-renders its widgets; the result is byte for byte a clean build's."""
    site = copy_fixture(tmp_path / "site")
    build(site, site / "output")
    engine = site / "content/hop/engine.py"
    engine.write_text(engine.read_text().replace('"Red", "Blue"', '"Scarlet", "Blue"'))
    build(site, site / "output")
    build(site, tmp_path / "clean", use_cache=False)
    cached, clean = site / "output", tmp_path / "clean"
    files = sorted(str(p.relative_to(clean)) for p in clean.rglob("*") if p.is_file())
    assert files == sorted(str(p.relative_to(cached)) for p in cached.rglob("*") if p.is_file() and ".rulepress" not in str(p))
    assert all((cached / f).read_bytes() == (clean / f).read_bytes() for f in files)
    assert "Scarlet hops from b1 to b3." in (cached / "hop/index.html").read_text()
    assert len(list((cached / "_play").iterdir())) == 1, "the old bundle is gone"


def test_a_play_widget_title_is_the_heading_level_after_the_page_title(built):
    """A Play page goes from its h1 to the widget's h2: no level skipped (axe, Nu checker)."""
    html = (built / "hop/index.html").read_text()
    levels = [int(level) for level in re.findall(r"<h([1-6])[ >]", html.split("<main", 1)[1])]
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), levels
    assert re.search(r'<h2 class="rp-title" id="play-[^"]+-title">', html)
