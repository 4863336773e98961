"""What a click on the board means: the Play page's click rules, in one place.

The page sends each click (or Enter on the focus ring) with what is chosen so far: the
piece selected, and the parts of its move already made (a Troll's step before its throw).
`click` answers with one of:

    {"play": notation}                    one legal move fits: play it
    {"choices": [notation, ...]}          several fit this click: the reader picks one
    {"attempt": [from, to]}               none fits: the engine says why (a refusal)
    {"choose": {...}}                     a piece is selected or a part made: the next choices
                                          (`selected`, `parts`, `at` where the piece stands now,
                                          `marks` [[cell, kind], ...], `hint` in words)
    {"say": text}                         nothing to do with this click, and why
    {"letGo": True}                       the reader let go of the selected piece

A legal entry (session.legal_entry) has its notation "n", its cells "c" and, for a move
made part by part, its parts "p" ([[cell, kind, words?], ...]). A move of one click is
its one cell; any other move is its first cell (the piece), then each part: by default
one part, the last cell. A kind is "place" (a ring), "direction" (an arrow) or "piece"
(a piece to take along); `words` say what that part does ("fake a grab at the dolphins").

A part may be optional: when some moves end where the piece now stands and others go on,
the next parts are marked and choosing the piece's place again plays the move that ends
there. No place is marked with two kinds at once.

Both the page (through the session) and the tests read these rules, so a test that plays
whole games by clicks proves what a reader can do. Standard library only (runs in Pyodide).
"""
from __future__ import annotations

from typing import Callable, Iterable, Sequence

from generator.play.words import N_, _

Entry = dict
Namer = Callable[[str], str]

PLACE, DIRECTION = "place", "direction"
NOTHING_ON_BOARD = N_("Nothing to choose on the board now: the moves are under “Other moves”.")


def parts_of(entry: Entry) -> list[list[str]]:
    """A move's parts after its piece: the engine's, else one part, the last place it reaches."""
    return entry.get("p") or [[entry["c"][-1], PLACE]]


def clicks_for(entry: Entry) -> list[str]:
    """The cells a reader clicks to make this move, in order (a chooser may follow the last)."""
    cells = entry["c"]
    if len(cells) == 1:
        return [cells[0]]
    return [cells[0], *(part[0] for part in parts_of(entry))]


def click(legal: Sequence[Entry], selected: str | None, parts: Sequence[str], cell: str,
          name: Namer = str) -> dict:
    """What clicking `cell` does, with `selected` chosen and `parts` of its move made."""
    parts = list(parts)
    if selected is None:
        return _fresh(legal, cell, name)
    at = parts[-1] if parts else selected
    if cell == at:
        return _again(legal, selected, parts, name)
    going = _going_on(legal, selected, parts)
    fits = [entry for entry in going if parts_of(entry)[len(parts)][0] == cell]
    if not fits and not parts:  # a place a one-part move passes through (a Dwarf's push)
        fits = [entry for entry in going if not entry.get("p") and cell in entry["c"][1:]]
    if fits:
        return _advance(legal, selected, parts, cell, fits, name)
    if parts:
        return {"say": _("Not one of the marked places. {hint}").format(hint=_hint(legal, selected, parts, name))}
    if any(entry["c"] and entry["c"][0] == cell for entry in legal):
        return _fresh(legal, cell, name)  # another piece, or a move of its own: start again there
    return {"attempt": [selected, cell]}


def _fresh(legal: Sequence[Entry], cell: str, name: Namer) -> dict:
    starting = [entry for entry in legal if entry["c"] and entry["c"][0] == cell]
    if any(len(entry["c"]) > 1 for entry in starting):
        return _choose(legal, cell, [], name)
    if len(starting) == 1:
        return {"play": starting[0]["n"]}
    if starting:
        return {"choices": [entry["n"] for entry in starting]}
    if any(entry["c"] for entry in legal):
        return {"attempt": [None, cell]}
    return {"say": _(NOTHING_ON_BOARD)}


def _again(legal: Sequence[Entry], selected: str, parts: list[str], name: Namer) -> dict:
    """The piece's own place again: before any part, the moves it makes where it stands; after
    a part, the move that ends there (an optional part left out); else let go."""
    if parts:
        ending = _ending(legal, selected, parts)
    else:
        ending = [entry for entry in legal if entry["c"] == [selected]]
    if len(ending) == 1 and parts:
        return {"play": ending[0]["n"]}
    if ending:
        return {"choices": [entry["n"] for entry in ending]}
    return {"letGo": True}


def _advance(legal, selected: str, parts: list[str], cell: str, fits: list[Entry], name: Namer) -> dict:
    done = len(parts) + 1
    if any(len(parts_of(entry)) > done for entry in fits):
        return _choose(legal, selected, [*parts, cell], name)
    if len(fits) == 1:
        return {"play": fits[0]["n"]}
    return {"choices": [entry["n"] for entry in fits]}


def _going_on(legal: Iterable[Entry], selected: str, parts: list[str]) -> list[Entry]:
    """The selected piece's moves that fit the parts made so far and have more to make."""
    return [entry for entry in legal if len(entry["c"]) > 1 and entry["c"][0] == selected
            and len(parts_of(entry)) > len(parts)
            and all(part[0] == made for part, made in zip(parts_of(entry), parts))]


def _ending(legal: Iterable[Entry], selected: str, parts: list[str]) -> list[Entry]:
    """The selected piece's moves made of exactly the parts made so far."""
    return [entry for entry in legal if len(entry["c"]) > 1 and entry["c"][0] == selected
            and [part[0] for part in parts_of(entry)] == parts]


def next_marks(legal: Sequence[Entry], selected: str, parts: Sequence[str]) -> list[list[str]]:
    """The next part's places, each once, with its kind (and words, when the engine gives them)."""
    seen: dict[str, list[str]] = {}
    for entry in _going_on(legal, selected, list(parts)):
        part = parts_of(entry)[len(parts)]
        seen.setdefault(part[0], [part[0], part[1] if len(part) > 1 else PLACE, *part[2:3]])
    return list(seen.values())


def _choose(legal, selected: str, parts: list[str], name: Namer) -> dict:
    at = parts[-1] if parts else selected
    marks = [mark for mark in next_marks(legal, selected, parts) if mark[0] != at]
    return {"choose": {"selected": selected, "parts": parts, "at": at, "marks": marks,
                       "hint": _hint(legal, selected, parts, name)}}


def _hint(legal, selected: str, parts: list[str], name: Namer) -> str:
    """What the reader may do now, in the rules' words."""
    marks = next_marks(legal, selected, parts)
    piece = name(selected)
    if not parts:
        here = sum(1 for entry in legal if entry["c"] == [selected])
        if not here:
            words = _("{piece}: it can go to {places}. Choose one, or choose {piece} again to let go.")
        elif here == 1:
            words = _("{piece}: it can go to {places}. Choose one, or choose {piece} again for the 1 move made where "
                      "it stands.")
        else:
            words = _("{piece}: it can go to {places}. Choose one, or choose {piece} again for the {count} moves made "
                      "where it stands.")
        return _sentence(words.format(piece=piece, places=_listed(_targets(marks, name)), count=here))
    at = name(parts[-1])
    made = _made_words(legal, selected, parts)
    done = (_("{piece}: {made}").format(piece=piece, made=made) if made
            else _("The piece from {piece} goes to {place}").format(piece=piece, place=at))
    ending = _ending(legal, selected, parts)
    stop = (_("choose {place} again to end the move there") if ending else _("choose {place} again to let go")).format(
        place=at)
    places = _listed(_targets(marks, name))
    return _sentence(_("{done}; now choose {places}, or {stop}.").format(done=done, places=places, stop=stop))


def _made_words(legal, selected: str, parts: list[str]) -> str:
    """What the last part made does, in the engine's words ("" when it is a plain place)."""
    for entry in legal:
        made = parts_of(entry)[:len(parts)]
        if entry["c"] and entry["c"][0] == selected and [part[0] for part in made] == parts:
            if len(made[-1]) > 2 and made[-1][2]:
                return made[-1][2]
    return ""


def _targets(marks: list[list[str]], name: Namer) -> list[str]:
    said = []
    for mark in marks:
        cell, kind = mark[0], mark[1]
        words = mark[2] if len(mark) > 2 else ""
        if words:
            said.append(_("{place} ({words})").format(place=name(cell), words=words))
        elif kind == DIRECTION:
            said.append(_("toward {place}").format(place=name(cell)))
        else:
            said.append(name(cell))
    return said


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _listed(items: list[str]) -> str:
    return ", ".join(items) if items else _("nowhere")


def click_path(legal: Sequence[Entry], entry: Entry, name: Namer = str) -> list[str] | None:
    """Play `entry` by clicks alone, following `click`: the cells clicked, then the notation
    picked from a chooser if one is offered ("=notation"); None if the clicks cannot reach it.
    A move that ends where the piece is when others go on (a move made where the piece stands,
    an optional part left out) takes one more click on that place."""
    planned = clicks_for(entry)
    selected, parts, path = None, [], []
    for cell in planned + planned[-1:]:
        path.append(cell)
        answer = click(legal, selected, parts, cell, name)
        if "play" in answer:
            return path if answer["play"] == entry["n"] else None
        if "choices" in answer:
            return path + [f"={entry['n']}"] if entry["n"] in answer["choices"] else None
        if "choose" not in answer:
            return None
        selected, parts = answer["choose"]["selected"], answer["choose"]["parts"]
    return None
