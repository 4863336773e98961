"""Each thing done once per build (issue 27.4): a game's components.toml is read once, however
many parts of the build need it (the kit's check, the cards directive, the kit's files); a
walkthrough is replayed once, however many parts show it (its page, the rulebooks)."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from generator.build import build, check
from generator.errors import ContentErrors
from tests.interactive.helpers import copy_fixture, line_of

ROOT = Path(__file__).resolve().parents[2]


def languages(slug: str) -> int:
    """How many languages the catalogue builds the game in: its own and each catalogue's (a
    translation is a game of its own: its kit reads its rows, its pages replay their blocks)."""
    return 1 + len(list((ROOT / "content" / slug / "i18n").glob("*.po")))


def test_a_build_of_the_five_games_reads_each_components_toml_once(tmp_path, monkeypatch):
    from generator.kit import load

    reads = Counter()
    original = load.load_components

    def counted(folder, *args, **kwargs):
        reads[Path(folder).name] += 1
        return original(folder, *args, **kwargs)

    monkeypatch.setattr(load, "load_components", counted)
    build(ROOT, tmp_path / "output", use_cache=False, processes=1)
    kits = {path.parent.name for path in (ROOT / "content").glob("*/components.toml")}
    assert len(kits) == 5 and reads == Counter({slug: languages(slug) for slug in kits})


def test_a_build_of_the_five_games_replays_each_walkthrough_once(tmp_path, monkeypatch):
    """The page's widget and the rulebook's strip share one replay per block (generator/replays.py),
    counted in every process of the build: the rulebook's typesetting and page workers fork."""
    from generator.play import walkthrough

    log = tmp_path / "replays.log"
    original = walkthrough.replay_walkthrough

    def counted(engine, spec, **kwargs):
        with log.open("a", encoding="utf-8") as lines:  # appended from whichever process replays
            lines.write(f"{engine.name}\t{json.dumps(spec, sort_keys=True, default=str)}\n")
        return original(engine, spec, **kwargs)

    monkeypatch.setattr(walkthrough, "replay_walkthrough", counted)
    build(ROOT, tmp_path / "output", use_cache=False, processes=2)
    replays = Counter(log.read_text(encoding="utf-8").splitlines())
    games = {line.partition("\t")[0] for line in replays}
    assert len(games) == 5, games  # every game of the catalogue has walkthroughs
    assert set(replays.values()) == {1}, [line for line, count in replays.items() if count > 1]
    blocks = sum(len(re.findall(r"^```walkthrough\s*$", page.read_text(encoding="utf-8"), re.M))
                 * languages(page.parent.name) for page in (ROOT / "content").glob("*/*.md"))
    assert sum(replays.values()) <= blocks  # a block shown on two pages is still one replay


@pytest.mark.parametrize("action", [build, check])
def test_an_illegal_step_is_replayed_once_and_reported_once_at_its_line(tmp_path, monkeypatch, action):
    """The rulebook's preflight meets the bad block first and no longer swallows it: the page
    reports the kept failure at the step's line, and nothing replays the block again."""
    from generator.play import walkthrough

    replays = []
    original = walkthrough.replay_walkthrough

    def counted(engine, spec, **kwargs):
        replays.append(spec.get("title"))
        return original(engine, spec, **kwargs)

    monkeypatch.setattr(walkthrough, "replay_walkthrough", counted)
    site = copy_fixture(tmp_path / "site", {"content/hop/rules.md": ("- do: b1-b3", "- do: b1-b4")})
    rules = site / "content/hop/rules.md"
    with pytest.raises(ContentErrors) as caught:
        action(site)
    assert [(error.path, error.line) for error in caught.value.errors] == [(rules, line_of(rules, "- do: b1-b4"))]
    assert "step 2 ('b1-b4')" in caught.value.errors[0].message
    assert replays == ["Opening hops"]


def test_a_build_of_the_five_games_draws_each_card_front_once_per_colour_mode(tmp_path, monkeypatch):
    """The loader's text-fit check draws each distinct front in colour; the kit's pages, its
    previews and the cards directive's gallery use that drawing; only the ink saver draws again,
    and a shop's cards (no white edge, the shop's safe area: another drawing) once per shop margin."""
    from generator.kit import build as kit_build, cards, preview

    drawn = Counter()
    original = cards.front_drawing

    def counted(face, deck, ink_saver=False):
        drawn[(deck.name, face, ink_saver, deck.white_edges, deck.safe)] += 1
        return original(face, deck, ink_saver)

    for module in (cards, kit_build, preview):
        monkeypatch.setattr(module, "front_drawing", counted)
    build(ROOT, tmp_path / "output", use_cache=False, processes=1)
    assert {key[2] for key in drawn} == {False, True}  # the catalogue prints ink-saver kits too
    assert set(drawn.values()) == {1}, [(key[0], key[2:], n) for key, n in drawn.items() if n > 1][:5]
