"""Words, not engine ids (issue 40.5): what a Play page says names places and cards as the rules do.

A reader clicks at random through seeded games, as on the Play page (a piece or nothing, then any
place on the board; now and then a legal move), through the same session the page's worker runs.
No answer may name a place by an id the rules never use: not in a refusal, the prompt, the
place names the page's hints and announcements read, the players' names, the narration of a step,
the result, nor the log while it is told from the reader's seat. The notation box (the legal
actions' notation) keeps the engine's notation, and the log of a game that hides nothing, or that
has ended, is that notation too.

Each game's ids come from its board module and drawing: SPLASH!'s card places are P<seat>.<rank>
("P2.8"), SHOOT's body parts P<seat>.<part> ("P2.head"), Splat's plane spots <column>0 ("b0", the
rules say "the plane"). Splat's sky cells, Splut!'s squares and SiTTeRS' spaces are named by the
coordinates the rules themselves use ("c4", "e5"), so a coordinate there is a word of the rules.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from generator.browser.session import SessionServer

CONTENT = Path(__file__).resolve().parents[2] / "content"
CELL = re.compile(r'data-cell="([^"]+)"')
CLICKS = 200

ENGINE_IDS = {  # game: (players, the shape of a place id its rules never write)
    "splash": (4, re.compile(r"\bP\d\.(?:10|[2-9]|S|\?)(?![\w.])")),
    "shoot": (2, re.compile(r"\bP\d\.[a-z][a-z-]*\b")),
    "splat": (2, re.compile(r"\b[a-e]0\b")),
}


def said(answer: dict) -> list[str]:
    """Every sentence of an answer a reader may read or hear (the notation box aside)."""
    texts = []
    refused = answer.get("refused")
    if refused:
        texts.append(refused["message"])
    view = answer.get("view")
    if view:
        texts.append(view["prompt"])
        texts += view["names"].values()
        texts += [player["name"] for player in view["players"]]
        for step in view["steps"]:
            texts += [step["who"], *step["events"]]
            if view["hidden"]:
                texts.append(step["notation"])
        if view["hidden"]:
            texts += view["log"]
        if view["result"]:
            texts.append(view["result"]["text"] or "")
    return texts


@pytest.mark.parametrize("game", sorted(ENGINE_IDS))
def test_two_hundred_random_clicks_meet_no_engine_id_in_what_the_page_says(game):
    players, engine_id = ENGINE_IDS[game]
    server = SessionServer(CONTENT)
    rng = random.Random(f"words {game}")

    def ask(op, **fields):
        answer = json.loads(server.handle(json.dumps({"op": op, "widget": "w", **fields})))
        assert "error" not in answer, answer["error"]
        return answer

    seed = 0
    view = None
    found: dict[str, str] = {}
    refusals = 0
    for click in range(CLICKS):
        if view is None or view["result"] or not view["legal"]:
            answer = ask("open", game=game, players=players, seed=seed, computer=list(range(1, players)), bot="random")
            seed += 1
            view = answer["view"]
        answers = [answer]
        places = sorted(set(CELL.findall(view["svg"])))
        starts = sorted({entry["c"][0] for entry in view["legal"] if entry["c"]})
        frm = rng.choice([None, rng.choice(places), *([rng.choice(starts)] * 2 if starts else [])])
        answer = ask("attempt", to=rng.choice(places), **({"from": frm} if frm else {}))
        refusals += bool(answer.get("refused"))
        answers.append(answer)
        view = answer.get("view") or view
        if not view["result"] and view["legal"] and rng.random() < 0.5:
            answer = ask("act", action=rng.choice(view["legal"])["n"])
            answers.append(answer)
            view = answer.get("view") or view
        for text in (text for a in answers for text in said(a)):
            for hit in engine_id.findall(text):
                found.setdefault(hit, f"click {click}: {text!r}")
    assert refusals >= 20, "the clicks met refusals enough to read"
    assert found == {}, f"{game} names places by engine id: {found}"
