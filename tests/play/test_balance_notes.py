"""Balance notes for designers (issue 28, item 7): a page per game from seeded self-play,
with the first seat's win rate and its 95% interval, the spread of game lengths and, for
card games, how often each card decided a round, as SVG charts from the drawing model.
Self-play is off unless site.toml asks for it, and its figures are cached."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import build
from generator.errors import ContentErrors
from generator.interactive import balance as balance_directive
from generator.interactive.balance_charts import length_bins, seats_chart
from generator.play import load_engine
from generator.play.balance import BalanceSpec, BalanceStats, self_play, wilson
from tests.interactive.helpers import copy_fixture, line_of

CONTENT = Path(__file__).resolve().parents[2] / "content"
TOYS = Path(__file__).parent / "toys"

BALANCE_PAGE = """---
title: Balance notes
---

How the seats fare.

```balance
bot: random
games: 40
```
"""


def test_self_play_counts_every_game_once_and_gives_the_same_figures_every_time():
    engine = load_engine(TOYS / "pig")
    spec = BalanceSpec("random", 2, 60)
    first, again = self_play(engine, spec), self_play(engine, spec)
    assert sum(first.seat_wins) + first.shared + first.unfinished == 60
    assert len(first.lengths) == 60 - first.unfinished
    assert first.to_json() == again.to_json()
    assert BalanceStats.from_json(first.to_json()) == first


def test_the_first_seat_share_comes_with_its_95_percent_wilson_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0


def test_a_card_game_counts_the_card_that_decided_each_round():
    stats = self_play(load_engine(CONTENT / "splash"), BalanceSpec("club", 4, 20))
    assert stats.rounds == sum(stats.deciding.values()) > 20  # several rounds a game
    assert set(stats.deciding) <= {"Eight", "Nine", "Ten", "SPLASH!"}  # the sets a table of four plays


def test_shoot_names_the_splattercard_of_each_killing_blow():
    stats = self_play(load_engine(CONTENT / "shoot"), BalanceSpec("club", 2, 20))
    assert stats.rounds > 0
    assert all(re.fullmatch(r"S\d\d .+", card) for card in stats.deciding)


def test_the_seat_chart_draws_each_seat_in_proportion_with_the_even_share_marked():
    stats = BalanceStats("random", 2, 100, seat_wins=[70, 30])
    drawing = seats_chart(stats, ["Red", "Blue"])
    bars = [shape for shape in drawing.shapes if getattr(shape, "role", "") == "bar"]
    assert bars[0].w / bars[1].w == pytest.approx(70 / 30)
    even = next(shape for shape in drawing.shapes if getattr(shape, "role", "") == "even")
    full = bars[0].w / 0.7  # the axis runs to 100% for two seats
    assert even.x1 - bars[0].x == pytest.approx(full / 2)


def test_the_length_histogram_covers_every_finished_game():
    lengths = [5, 6, 6, 7, 30, 31, 55]
    bins = length_bins(lengths)
    assert sum(count for _, _, count in bins) == len(lengths)
    assert bins[0][0] == 5 and bins[-1][1] >= 55 and len(bins) <= 14


def balance_site(tmp_path, enabled: bool, page: str = BALANCE_PAGE) -> Path:
    site = copy_fixture(tmp_path / "site", {
        "content/hop/game.toml": ('pages = ["rules", "reference"]', 'pages = ["rules", "reference", "balance"]'),
        **({"content/site.toml": ('language = "en"', 'language = "en"\nbalance_notes = true')} if enabled else {}),
    })
    (site / "content/hop/balance.md").write_text(page, encoding="utf-8")
    return site


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """A balance cache of the test's own; the "Try it" snapshot's stays shared (it takes ~6 s to make)."""
    from generator.usercache import user_cache

    shared = user_cache("snapshot")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "cache" / "rulepress").mkdir(parents=True)
    if shared is not None:
        (tmp_path / "cache" / "rulepress" / "snapshot").symlink_to(shared, target_is_directory=True)
    return tmp_path / "cache" / "rulepress" / "balance"


def test_an_author_site_plays_no_games_and_says_how_to_turn_the_notes_on(tmp_path, own_cache, monkeypatch):
    monkeypatch.setattr(balance_directive, "self_play", lambda *a: pytest.fail("self-play ran"))
    site = balance_site(tmp_path, enabled=False)
    build(site, site / "output")
    html = (site / "output/hop/balance.html").read_text()
    assert "balance_notes = true" in html and "rp-chart" not in html


def test_the_catalogue_key_draws_the_charts_and_a_rebuild_reads_the_cache(tmp_path, own_cache, monkeypatch):
    site = balance_site(tmp_path, enabled=True)
    build(site, site / "output")
    html = (site / "output/hop/balance.html").read_text()
    assert "40 seeded games of 2 players" in html and "95% interval" in html
    assert html.count('class="rp-chart"') == 2  # seats and lengths: Hop has no cards
    assert list(own_cache.glob("*.json"))
    monkeypatch.setattr(balance_directive, "self_play", lambda *a: pytest.fail("self-play ran again"))
    again = copy_fixture(tmp_path / "again")  # another site with the same game: same figures, from the cache
    (again / "content/hop/balance.md").write_text(BALANCE_PAGE, encoding="utf-8")
    for name in ("content/site.toml", "content/hop/game.toml"):
        (again / name).write_text((site / name).read_text())
    build(again, again / "output")
    assert (again / "output/hop/balance.html").read_bytes() == (site / "output/hop/balance.html").read_bytes()


def test_a_new_title_or_summary_keeps_the_figures_and_a_changed_engine_plays_again(tmp_path, own_cache, monkeypatch):
    """Self-play takes seconds to minutes: it is played again when what it plays changes (the engine,
    the tables it reads), not when an author retitles the game or adds a release to game.toml."""
    site = balance_site(tmp_path, enabled=True)
    build(site, site / "output")
    first = set(own_cache.glob("*.json"))  # what self-play counted, kept (played in the build's children)
    game_toml = site / "content/hop/game.toml"
    game_toml.write_text(game_toml.read_text().replace('title = "Hop"', 'title = "Hop, second edition"')
                         .replace("reach the far row first", "be first to the far row"))
    build(site, site / "output")
    assert set(own_cache.glob("*.json")) == first and "Hop, second edition" in (site / "output/hop/balance.html").read_text()
    engine = site / "content/hop/engine.py"
    engine.write_text(engine.read_text() + "\n# a rule changed\n")
    build(site, site / "output")
    assert len(set(own_cache.glob("*.json")) - first) == 1  # played again: new figures


def test_a_bad_games_count_is_an_error_at_the_block(tmp_path, own_cache):
    site = balance_site(tmp_path, enabled=True, page=BALANCE_PAGE.replace("games: 40", "games: 3"))
    with pytest.raises(ContentErrors) as caught:
        build(site, site / "output")
    error = caught.value.errors[0]
    assert error.line == line_of(site / "content/hop/balance.md", "```balance")
    assert "from 10 to 5000" in str(error)


def test_self_play_in_parts_counts_what_one_run_of_every_seed_counts():
    """Issue 44.5: the build plays a block's games in parts, one a core; each game is seeded alone,
    so the figures are the same whatever the number of cores."""
    from generator.play.balance import merged, parts

    engine = load_engine(TOYS / "pig")
    spec = BalanceSpec("random", 2, 30)
    whole = self_play(engine, spec)
    for count in (1, 2, 3, 7, 30, 50):
        played = [self_play(engine, spec, seeds) for seeds in parts(spec.games, count)]
        assert sum(part.games for part in played) == 30
        assert merged(spec, played).to_json() == whole.to_json(), count


def test_the_balance_page_is_the_same_built_on_one_core_or_three(tmp_path, monkeypatch):
    """The self-play jobs run before the pages, in parts, on the build's cores: one or three
    cores, each with an empty cache, give the same page to the byte."""
    from generator.usercache import user_cache

    shared = user_cache("snapshot")  # the "Try it" snapshot's stays shared (it takes ~6 s to make)
    pages = []
    for cores in (1, 3):
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / f"cache-{cores}"))
        (tmp_path / f"cache-{cores}" / "rulepress").mkdir(parents=True)
        if shared is not None:
            (tmp_path / f"cache-{cores}" / "rulepress" / "snapshot").symlink_to(shared, target_is_directory=True)
        site = balance_site(tmp_path / f"cores-{cores}", enabled=True)
        build(site, site / "output", processes=cores)
        pages.append((site / "output/hop/balance.html").read_bytes())
        assert list((tmp_path / f"cache-{cores}" / "rulepress" / "balance").glob("*.json"))
    assert pages[0] == pages[1] and b"40 seeded games of 2 players" in pages[0]
