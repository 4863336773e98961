"""Table sizes and game modes a reader picks on a Play page (issue 28.5): SPLASH! against two to
five computer players, SHOOT against one to three computer HEROES in the beginner or the normal
game. The play block lists them (`tables`, `choose`), the bar offers them, and a whole game
plays to its end at every size."""
from __future__ import annotations

import html as html_module
import json
import random
import re

import pytest

from generator.browser.session import SessionServer
from generator.build import build
from generator.errors import ContentErrors
from tests.browser.harness import ROOT
from tests.interactive.helpers import RULES, copy_fixture, line_of

HOP_PLAY = "bot: forward\nplayers: 2\nseats: [0, 1]"


def play_section(output, page: str = "hop/index.html") -> str:
    text = (output / page).read_text(encoding="utf-8")
    block = text[text.index('data-rp-widget="play"'):]
    return block[:block.index(">")]


def attribute(block: str, name: str) -> str:
    return html_module.unescape(re.search(rf'{name}="([^"]*)"', block).group(1))


def test_a_play_block_offers_its_table_sizes_and_choices_to_the_bar(tmp_path):
    site = copy_fixture(tmp_path / "site", {RULES: (HOP_PLAY, HOP_PLAY + "\ntables: [2]\n"
                                                   "choose:\n  dice: {label: Coin, values: [true, false]}")})
    build(site, site / "output")
    block = play_section(site / "output")
    assert attribute(block, "data-tables") == "2"
    assert json.loads(attribute(block, "data-choices")) == [
        {"option": "dice", "label": "Coin", "values": [True, False], "value": True}]


@pytest.mark.parametrize("extra, message", [
    ("tables: [2, 3]", "tables are the numbers of players a reader may pick"),
    ("tables: [3]", "tables are the numbers of players a reader may pick"),
    ("choose: {dice: [true]}", "choose: dice needs at least two values"),
    ("choose: {colour: [red, blue]}", "cannot start Hop with colour: red"),
])
def test_table_sizes_and_choices_are_checked_at_the_play_blocks_line(tmp_path, extra, message):
    site = copy_fixture(tmp_path / "site", {RULES: (HOP_PLAY, HOP_PLAY + "\n" + extra)})
    with pytest.raises(ContentErrors) as caught:
        build(site, site / "output")
    [error] = caught.value.errors
    assert message in error.message and error.line == line_of(site / RULES, "```play")


def play_to_the_end(game: str, players: int, options: dict, seed: int) -> dict:
    """The reader (seat 0) plays a random legal move each turn; the computer the rest, at club."""
    server = SessionServer(ROOT / "content")
    rng = random.Random(seed)

    def ask(op, **fields):
        answer = json.loads(server.handle(json.dumps({"op": op, "widget": "w", **fields})))
        assert answer["ok"] or answer.get("refused"), answer
        return answer["view"]
    view = ask("open", game=game, players=players, options=options, seed=seed,
               computer=list(range(1, players)), bot="club")
    for _ in range(3000):
        if view["result"] is not None:
            return view
        view = ask("act", action=rng.choice(view["legal"])["n"])
    pytest.fail(f"{game} at {players} did not end")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_splash_plays_to_its_end_against_two_to_five_computer_players(players):
    view = play_to_the_end("splash", players, {}, seed=players)
    assert len(view["players"]) == players and sum(p["computer"] for p in view["players"]) == players - 1
    assert view["result"]["text"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("cards", ["beginner", "normal"])
def test_shoot_plays_to_its_end_against_one_to_three_heroes_in_either_game(players, cards):
    view = play_to_the_end("shoot", players, {"cards": cards}, seed=players)
    assert len(view["players"]) == players and view["result"]["text"]
