"""Issue 44.4 and 44.5: the balance notes' self-play starts with the build (a first build's first
seconds wait for Node with a core to spare), in parts on every core, and a build says how many
of its games are played as the parts come in."""
from __future__ import annotations

from generator.build import build
from tests.play.test_balance_notes import BALANCE_PAGE, balance_site, own_cache  # noqa: F401 (a fixture)


def test_self_play_starts_before_any_game_is_made_and_says_its_count(tmp_path, own_cache):  # noqa: F811
    site = balance_site(tmp_path, enabled=True, page=BALANCE_PAGE.replace("games: 40", "games: 120"))
    said: list[str] = []
    build(site, site / "output", progress=said.append, processes=2)
    playing = next(i for i, line in enumerate(said) if line.startswith("playing 120 games of Hop"))
    making = next(i for i, line in enumerate(said) if line.startswith("writing "))
    assert playing < making, said  # with the build, not after the game's kit
    counts = [line for line in said if line.startswith("self-play: ")]
    assert counts and counts[-1] == "self-play: 120/120 games", said
    done = [int(line.split()[1].split("/")[0]) for line in counts]
    assert done == sorted(set(done)) and len(counts) <= 4  # rising, at most a line a quarter
    assert "120 seeded games of 2 players" in (site / "output/hop/balance.html").read_text()



def test_a_self_play_move_stuck_in_the_engine_stops_the_build_at_the_balance_block(tmp_path):
    """Self-play watches each move as one call (its time limit, its checks) rather than each
    of the engine's methods: an engine that loops once a game is well under way (the walkthroughs
    replay too few moves to reach it) still stops the build, with one error at the engine's line
    naming the method, and leaves no process behind."""
    from tests.errors.test_game_code_watchdog import QUICK, assert_stopped, build as run_build
    from tests.interactive.helpers import copy_fixture, line_of

    apply = "    def apply(self, state: HopState, action):\n"
    stuck = ("        global _APPLIED\n        _APPLIED += 1\n"
             "        while _APPLIED > 150:\n            pass\n")
    site = copy_fixture(tmp_path / "hop", {
        "content/hop/engine.py": (apply, apply + stuck),
        "content/hop/game.toml": ('pages = ["rules", "reference"]', 'pages = ["rules", "reference", "balance"]'),
        "content/site.toml": ('language = "en"', 'language = "en"\nbalance_notes = true')})
    engine = site / "content/hop/engine.py"
    engine.write_text(engine.read_text().replace("ENGINE = HopEngine()", "_APPLIED = 0\nENGINE = HopEngine()"))
    (site / "content/site.toml").write_text(QUICK + (site / "content/site.toml").read_text())
    (site / "content/hop/balance.md").write_text(BALANCE_PAGE, encoding="utf-8")
    code, err = run_build(site)
    assert_stopped(code, err, site)
    assert f"{engine}:{line_of(engine, 'while _APPLIED')}: HopEngine.apply did not finish within 1 s" in err, err
