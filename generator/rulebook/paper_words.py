"""The print-language check: words that make sense on a screen and none on paper ("the engine
draws", "this site's Play page", "click", `turn_limit`, "(board.csv)") in what a rulebook or
player aid prints, each a warning at its Markdown file and line. The book is parsed for paper
(web-only blocks are already gone), so a word in a `{.web-only}` block is never reported.

The words are a site setting (`print_words` in site.toml, DEFAULT_PRINT_WORDS when it is not
set): a word or phrase matches whole and in any case (with a plural "s"); an entry written
/between slashes/ is a regular expression.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from markdown_it.tree import SyntaxTreeNode

from generator.errors import ContentError

DEFAULT_PRINT_WORDS = (
    "engine", "site", "website", "web page", "Play page", "browser", "online", "download",
    "click", "tap", "hover", "scroll", "button", "notation", "Try it",
    r"/\b[\w-]+\.(csv|toml|py|md|json|svg|html|pdf|txt)\b/",  # a file name
    r"/\b[a-z][a-z0-9]*(_[a-z0-9]+)+\b/",  # an option or field name, such as turn_limit
    r"/`[^`]+`/",  # code: a move in notation (`fall P2`), a command, a name in the data
)
# the keys of a figure directive whose words print (a walkthrough step's `say`, a diagram's title)
PRINTED_KEYS = re.compile(r"^\s*(?:-\s*)?(say|title|caption)\s*:\s*(.*)$")
FIGURES = ("walkthrough", "position")


def patterns(words: tuple[str, ...] | list[str] | None, content: Path = Path("content")) -> list[re.Pattern]:
    """Each entry as a pattern: /a regular expression/, else a whole word or phrase (any case, a
    plural s). A regular expression that does not compile is an error at site.toml."""
    made = []
    for word in DEFAULT_PRINT_WORDS if words is None else words:
        if len(word) > 2 and word.startswith("/") and word.endswith("/"):
            try:
                made.append(re.compile(word[1:-1], re.I))
            except re.error as error:
                raise ContentError(content / "site.toml", None, "print_words: a regular expression that does not compile",
                                   expected="/a regular expression/ as Python's re module reads it",
                                   found=f"{word} ({error})") from None
        else:
            phrase = r"\s+".join(re.escape(part) for part in word.split())
            made.append(re.compile(rf"(?<![\w-]){phrase}s?(?![\w-])", re.I))
    return made


@dataclass(frozen=True)
class PaperWord:
    """A word of the check found in printed text: where, and the words around it."""

    path: Path
    line: int | None
    word: str
    text: str

    def note(self, root: Path | None = None) -> str:
        """The warning as the build says it, at the file (from the site's `root`) and line."""
        path = self.path.relative_to(root) if root and self.path.is_relative_to(root) else self.path
        return ContentError(
            path, self.line, f"warning: “{self.word}” makes no sense on paper, in what the rulebook prints",
            expected="words for a reader of the printed book: say it another way, or mark the block {.web-only}",
            found=shortened(self.text, self.word)).describe()


def shortened(text: str, word: str, around: int = 40) -> str:
    """The words around `word` in `text`, on one line."""
    text = " ".join(text.split())
    at = text.lower().find(word.lower())
    start, end = max(0, at - around), at + len(word) + around
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def paper_words(chapters: list, words: tuple[str, ...] | list[str] | None = None,
                content: Path = Path("content")) -> list[PaperWord]:
    """Every match of `words` in the printed text of `chapters` (make.GameBook's: page, tree)."""
    found: list[PaperWord] = []
    compiled = patterns(words, content)
    for chapter in chapters:
        page = chapter.page
        lines = page.body.split("\n")
        for node in chapter.tree.walk():
            for text, first, last in printed_texts(node):
                for pattern in compiled:
                    for match in pattern.finditer(text):
                        line = line_of(lines, match.group(0), first, last)
                        found.append(PaperWord(page.path, page.body_line + line, match.group(0), text))
    return sorted(set(found), key=lambda item: (str(item.path), item.line or 0, item.word))


def printed_texts(node: SyntaxTreeNode) -> list[tuple[str, int, int]]:
    """(text, first line, last line + 1) of what `node` itself prints: an inline run's words and
    code, an admonition's title, a figure directive's captions; lines counted from 0 in the body."""
    if node.is_root or not node.map:
        return []
    first, last = node.map
    if node.type == "inline":
        return [(inline_text(node), first, last)]
    if node.type == "fence" and node.info.strip().split(" ")[0] in FIGURES:
        return [(match.group(2), first + number + 1, first + number + 2)
                for number, text in enumerate(node.content.split("\n"))
                if (match := PRINTED_KEYS.match(text))]
    title = (node.meta or {}).get("title") if node.type.startswith("container") else None
    return [(title, first, first + 1)] if isinstance(title, str) and title else []


def inline_text(node: SyntaxTreeNode) -> str:
    """The words an inline run prints, its code between backticks (a link prints its words, not
    its address)."""
    parts = []
    for child in node.walk(include_self=False):
        if child.type == "text":
            parts.append(child.content)
        elif child.type == "code_inline":
            parts.append(f"`{child.content}`")
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts)


def line_of(lines: list[str], word: str, first: int, last: int) -> int:
    """The body line (from 0) between `first` and `last` where `word` is written, else `first`."""
    wanted = " ".join(word.strip("`").lower().split())
    for number in range(first, min(last, len(lines))):
        if wanted in " ".join(lines[number].lower().split()):
            return number
    return first
