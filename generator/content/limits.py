"""The limits of a page, checked on its text before any stage parses it (the site, the
rulebook and search all parse a page; a page past a limit would stall or crash each).

The limits lie far beyond any real rulebook (docs/content.md, "Limits"): a page past one
is a slip (a pasted file, a generated table, a stuck key) or an attack, and below them a
build's cost grows linearly with the page. One pass over the lines, no Markdown parser:
so a page too deep for the parser is refused before it reaches one.
"""
from __future__ import annotations

import re
from pathlib import Path

from generator.errors import ContentError

MAX_PAGE_BYTES = 2_000_000  # the longest rulebooks run to ~1 MB across all their chapters
MAX_LINE = 10_000  # characters: a paragraph written on one line is rarely 2,000
MAX_NESTING = 20  # lists, quotes and admonitions inside each other; real pages nest 3 or 4 deep
MAX_MARKER_RUN = 64  # * or _ in a row: emphasis nests at most half as deep (*** is the most used)
MAX_INLINE_NESTING = 32  # emphasis and link brackets inside each other, in one paragraph
MAX_HEADINGS = 2_000  # per page; a long chapter has a few hundred
MAX_TABLE_ROWS = 2_000  # per Markdown table; long tables belong in a data file (and a directive)
MAX_DATA_ROWS = 10_000  # per data file (CSV): a deck of cards or a table of results has hundreds

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)")
CONTAINER = re.compile(r"^\s*:{3,}\s*(\S?)")
DELIMITER_ROW = re.compile(r"^ {0,3}\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
MARKER_RUN = re.compile(r"[*_]{%d,}" % (MAX_MARKER_RUN + 1))
THEMATIC_BREAK = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
NESTED = re.compile(r"[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))")


def page_limits(path: Path, text: str, body_start: int, body_line: int) -> list[ContentError]:
    """What of the page (its text, front matter included) passes a limit: at most one error
    per kind of limit, at the line where it is first passed."""
    size = len(text.encode("utf-8"))
    if size > MAX_PAGE_BYTES:  # nothing else is looked at: one error, at once
        return [ContentError(path, None, f"the page is {size / 1e6:.1f} MB; a page may be at most "
                                         f"{MAX_PAGE_BYTES / 1e6:g} MB", expected="a shorter page: split it into "
                                         "pages listed in game.toml's pages (docs/content.md, Limits)",
                             found=f"{size:,} bytes")]
    body = text[body_start:]
    if not may_pass_a_limit(body):
        return []  # most pages, told at once; the scan below finds where a page passes one
    scan = _Scan(path)
    for number, line in enumerate(body.split("\n"), start=body_line):
        scan.line(number, line)
    return list(scan.errors.values())


def may_pass_a_limit(body: str) -> bool:
    """False when the page's text, taken whole, cannot pass any limit the line scan checks
    (True may still pass none). Each test counts, over more text than the scan would, what
    passing a limit needs more than LIMIT of, by string methods and regexes that start with a
    literal (fast in C): 5 ms for 1,000 pages against the scan's 300."""
    if body.count("\n") >= min(MAX_HEADINGS, MAX_TABLE_ROWS):  # a heading or a table row a line
        return True
    if re.search(r"[^\n]{%d}" % (MAX_LINE + 1), body):
        return True
    if body.count(":::") > MAX_NESTING:  # each admonition opens with one
        return True
    # a list or quote marker, or two spaces of indent, per level: each takes a character
    # of the line's start, all of them among these
    if re.search(r"\n[ \t>*+\-\d.)]{%d}" % (MAX_NESTING + 1), "\n" + body):
        return True
    marks = body.count("*") + body.count("_")
    if marks > MAX_MARKER_RUN and MARKER_RUN.search(body):
        return True
    if marks + body.count("[") <= MAX_INLINE_NESTING:
        return False
    # inline nesting opens with one of [ * _ and ends with its paragraph
    return any(part.count("[") + part.count("*") + part.count("_") > MAX_INLINE_NESTING
               for part in re.split(r"\n[ \t]*\n", body))


class _Scan:
    """One pass over a page's lines, keeping what the limits need: the open fence, the open
    admonitions, the table being read, and the count of headings."""

    def __init__(self, path: Path):
        self.path = path
        self.errors: dict[str, ContentError] = {}
        self.fence = ""  # the opening fence's marker while inside a fenced block
        self.containers = 0
        self.headings = 0
        self.table_start, self.table_rows = 0, 0  # the delimiter row's line, and rows read since
        self.previous = ""
        self.open_inline = 0  # emphasis and brackets open in the current paragraph

    def error(self, kind: str, line: int, message: str, expected: str, found: str) -> None:
        self.errors.setdefault(kind, ContentError(self.path, line, message, expected=expected, found=found))

    def line(self, number: int, line: str) -> None:
        if len(line) > MAX_LINE:
            self.error("line", number, f"the line is {len(line):,} characters long; a line may be at most "
                                       f"{MAX_LINE:,}", expected="shorter lines: break the paragraph where "
                                       "sentences end (the page reads the same)", found=f"{line[:40]}...")
        fence = FENCE.match(line)
        if self.fence:
            if fence and fence.group(1)[0] == self.fence[0] and len(fence.group(1)) >= len(self.fence) \
                    and not line[fence.end():].strip():
                self.fence = ""
            return
        if fence:
            self.fence = fence.group(1)
            return
        self.table(number, line)
        self.structure(number, line)
        self.previous = line

    def table(self, number: int, line: str) -> None:
        if self.table_start:
            if line.strip():
                self.table_rows += 1
                if self.table_rows > MAX_TABLE_ROWS:
                    self.error("table", self.table_start - 1, f"the table has more than {MAX_TABLE_ROWS:,} rows",
                               expected=f"at most {MAX_TABLE_ROWS:,} rows: keep a long table in a data file and "
                                        "show it with the table directive, or split it",
                               found=f"row {self.table_rows:,} at line {number:,}")
                return
            self.table_start = 0
        if "|" in line + self.previous and "-" in line and self.previous.strip() and DELIMITER_ROW.match(line):
            self.table_start, self.table_rows = number, 0

    def inline(self, number: int, line: str) -> None:
        """Emphasis and links inside each other, across the lines of one paragraph."""
        if not line.strip():
            self.open_inline = 0
            return
        self.open_inline, deepest = inline_depth(line, self.open_inline)
        if deepest > MAX_INLINE_NESTING:
            self.error("inline", number, f"emphasis and brackets nest {deepest} deep here; they may nest at most "
                                         f"{MAX_INLINE_NESTING} deep", expected="*emphasis*, **strong**, [links] "
                                         "with few inside each other", found=line.strip()[:40])

    def structure(self, number: int, line: str) -> None:
        if THEMATIC_BREAK.match(line):
            return  # '* * * * *' and '________' are a line across the page, not markers
        if HEADING.match(line):
            self.headings += 1
            if self.headings > MAX_HEADINGS:
                self.error("headings", number, f"the page has more than {MAX_HEADINGS:,} headings",
                           expected=f"at most {MAX_HEADINGS:,} headings a page: split it into pages",
                           found=f"heading {self.headings:,}")
        container = CONTAINER.match(line)
        if container:
            self.containers += 1 if container.group(1) else -1 if self.containers else 0
        depth = max(self.containers, nesting(line))
        if depth > MAX_NESTING:
            self.error("nesting", number, f"blocks nest {depth} deep here; they may nest at most {MAX_NESTING} deep",
                       expected=f"lists, quotes and admonitions at most {MAX_NESTING} inside each other",
                       found=line.strip()[:40])
        self.inline(number, line)
        run = MARKER_RUN.search(line)
        if run:
            self.error("markers", number, f"{len(run.group(0)):,} emphasis markers in a row; at most "
                                          f"{MAX_MARKER_RUN} (emphasis nests at most {MAX_MARKER_RUN // 2} deep)",
                       expected="*emphasis*, **strong** or ***both***", found=run.group(0)[:20] + "...")


INLINE_MARK = re.compile(r"\\.|[*_]+|[\[\]]")


def inline_depth(line: str, depth: int) -> tuple[int, int]:
    """How deep emphasis and brackets stand open after `line` (from `depth` before it), and the
    deepest they stood: a run of * or _ with a space (or the line's edge) before it and text after
    opens, one with text before and a space after closes; [ opens and ] closes."""
    deepest = depth
    for mark in INLINE_MARK.finditer(line):
        text = mark.group(0)
        if text[0] == "\\":
            continue
        if text in "[]":
            depth = depth + 1 if text == "[" else max(0, depth - 1)
        else:
            before = line[mark.start() - 1] if mark.start() else " "
            after = line[mark.end()] if mark.end() < len(line) else " "
            if after.strip() and not before.isalnum():
                depth += 1
            elif before.strip() and not after.isalnum():
                depth = max(0, depth - 1)
        deepest = max(deepest, depth)
    return depth, deepest


def nesting(line: str) -> int:
    """How many lists and quotes a line opens or continues, from its markers ('> - 1. ')
    and the indent before them (two spaces a level); a line without a marker counts none."""
    depth, position = 0, 0
    while True:
        marker = NESTED.match(line, position)
        if not marker:
            break
        depth += 1
        position = marker.end()
    if not depth:
        return 0
    indent = len(line) - len(line.lstrip(" "))
    return depth + indent // 2
