"""What changed between two releases of a game, as plain data for the "What changed" page:
sections whose text changed (word by word), clarifications added, changed or withdrawn, data rows
changed (what a player must re-print), walkthroughs whose moves or outcome changed (replayed
under each release's own engine: walkthroughs.py), and whether the engine's rules changed."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from generator.content.model import Game
from generator.play.tables import Table
from generator.releases.reading import PageReading, read_page
from generator.releases.sources import SCRATCH_PREFIX
from generator.urls import CHANGES_PAGE

CONTEXT_WORDS = 8  # unchanged words kept on each side of a change; longer stretches are cut to "…"
WHOLE_WORDS = 60  # words shown of a section or clarification added or removed


@dataclass(frozen=True)
class Piece:
    """A stretch of a word diff: "same", "del" or "ins", and its text."""

    kind: str
    text: str


@dataclass(frozen=True)
class TextChange:
    """A section or clarification: "changed" (with its word diff), "added" or "removed"."""

    kind: str
    page: str  # the page's name in the release that has it
    page_title: str
    anchor: str  # its id on that page
    title: str
    diff: tuple[Piece, ...] = ()


@dataclass(frozen=True)
class RowChange:
    """A data row "added", "removed" or "changed": its key and, when changed, each
    (column, before, after)."""

    kind: str
    key: str
    cells: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class TableChange:
    name: str
    caption: str
    file: str
    rows: tuple[RowChange, ...]


@dataclass
class Changes:
    sections: list[TextChange] = field(default_factory=list)
    clarifications: list[TextChange] = field(default_factory=list)
    tables: list[TableChange] = field(default_factory=list)
    walkthroughs: list = field(default_factory=list)  # walkthroughs.WalkthroughChange
    layout: str = ""  # the kit's components.toml: "changed", "added", "removed" ("" : as it was)
    rules_before: str = ""  # the engines' rules versions ("" : no engine)
    rules_after: str = ""

    @property
    def rules_changed(self) -> bool:
        return self.rules_before != self.rules_after


def readings(game: Game) -> list[PageReading]:
    """The game's pages read, but its "What changed" page (generated: earlier.py)."""
    return [read_page(page.name, page.title, page.body) for page in game.pages if not generated(page)]


def generated(page) -> bool:
    """A "What changed" page: earlier.changes_page writes it to <scratch>/changes/<version>/<slug>/."""
    parents = page.path.parents
    return page.name == CHANGES_PAGE and len(parents) > 3 and parents[2].name == "changes" \
        and parents[3].name.startswith(SCRATCH_PREFIX)


def word_diff(before: list[str], after: list[str]) -> tuple[Piece, ...]:
    """The words of `after` with those removed and added marked; long unchanged stretches cut."""
    pieces = []
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    opcodes = matcher.get_opcodes()
    for number, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            pieces.append(Piece("same", shortened(after[j1:j2], first=number == 0, last=number == len(opcodes) - 1)))
            continue
        if i2 > i1:
            pieces.append(Piece("del", " ".join(before[i1:i2])))
        if j2 > j1:
            pieces.append(Piece("ins", " ".join(after[j1:j2])))
    return tuple(pieces)


def shortened(words: list[str], first: bool, last: bool) -> str:
    """Unchanged words between changes, cut to their ends around the changes."""
    keep = CONTEXT_WORDS
    if len(words) <= keep * (1 if first or last else 2) + 1:
        return " ".join(words)
    if first:
        return "… " + " ".join(words[-keep:])
    if last:
        return " ".join(words[:keep]) + " …"
    return " ".join(words[:keep]) + " … " + " ".join(words[-keep:])


def text_changes(before: dict, after: dict) -> list[TextChange]:
    """Sections (or clarifications) keyed alike in two releases, compared: changed ones in the
    order of the newer release, then those removed."""
    found = []
    for key, new in after.items():
        old = before.get(key)
        if old is None:
            found.append(TextChange("added", new.page, new.page_title, key[-1], new.title, whole("ins", new.words)))
        elif old.words != new.words or old.title != new.title:
            diff = word_diff(old.words, new.words) if old.words != new.words else ()
            found.append(TextChange("changed", new.page, new.page_title, key[-1], new.title, diff))
    found += [TextChange("removed", old.page, old.page_title, key[-1], old.title, whole("del", old.words))
              for key, old in before.items() if key not in after]
    return found


def whole(kind: str, words: list[str]) -> tuple[Piece, ...]:
    """An added or removed text, all marked (its first words, when it is long)."""
    if not words:
        return ()
    shown = words if len(words) <= WHOLE_WORDS else [*words[:WHOLE_WORDS], "…"]
    return (Piece(kind, " ".join(shown)),)


def section_changes(before: list[PageReading], after: list[PageReading]) -> list[TextChange]:
    def keyed(pages):
        return {(s.page, s.anchor): s for page in pages for s in page.sections}

    return text_changes(keyed(before), keyed(after))


def clarification_changes(before: list[PageReading], after: list[PageReading]) -> list[TextChange]:
    def keyed(pages):  # a clarification keeps its id wherever it moves
        return {(c.id, c.id.lower()): c for page in pages for c in page.clarifications}

    return text_changes(keyed(before), keyed(after))


def row_key(table: Table, index: int) -> str:
    """A row's name: its first column's value (what a card or component is called)."""
    row = table.rows[index]
    first = next(iter(table.columns), None)
    return row.text.get(first, "") if first else str(index + 1)


def table_change(name: str, before: Table | None, after: Table | None) -> TableChange | None:
    """Rows added, removed or changed, matched by their first column (by position among
    rows of one key)."""
    def keyed(table):
        rows: dict[tuple[str, int], dict] = {}
        for index in range(len(table.rows) if table else 0):
            key = row_key(table, index)
            rows[(key, sum(1 for k in rows if k[0] == key))] = table.rows[index].text
        return rows

    old, new = keyed(before), keyed(after)
    rows = []
    for key, cells in new.items():
        if key not in old:
            rows.append(RowChange("added", key[0]))
        elif old[key] != cells:
            columns = list(dict.fromkeys([*old[key], *cells]))
            rows.append(RowChange("changed", key[0], tuple(
                (column, old[key].get(column, ""), cells.get(column, "")) for column in columns
                if old[key].get(column, "") != cells.get(column, ""))))
    rows += [RowChange("removed", key[0]) for key in old if key not in new]
    if not rows:
        return None
    shown = after or before
    return TableChange(name, shown.caption, shown.path.name, tuple(rows))


def compare(before: Game, after: Game) -> Changes:
    """Everything but walkthroughs and the engine (walkthroughs.py adds those)."""
    old, new = readings(before), readings(after)
    changes = Changes(section_changes(old, new), clarification_changes(old, new))
    for name in dict.fromkeys([*after.data, *before.data]):
        change = table_change(name, before.data.get(name), after.data.get(name))
        if change:
            changes.tables.append(change)
    changes.layout = layout_change(before, after)
    return changes


def layout_change(before: Game, after: Game) -> str:
    """Whether the kit's layout (components.toml: sizes, regions, what is printed) changed."""
    old, new = (game.folder / "components.toml" for game in (before, after))
    if not old.is_file() or not new.is_file():
        return "added" if new.is_file() else "removed" if old.is_file() else ""
    return "changed" if toml_values(old) != toml_values(new) else ""


def toml_values(path) -> object:
    """A TOML file's values (its comments and layout aside), or its bytes when it does not parse."""
    import tomllib

    data = path.read_bytes()
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return data
