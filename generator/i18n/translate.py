"""A page in another language, as a pure function of its source and a catalogue: the page's
Markdown with each block's text replaced by its translation, line for line (a block keeps
the lines it had, so every later block, error and stale mark stands at its source line).

A block whose translation is fuzzy (its source changed since) or missing keeps its source
text; the stale ones are listed so that the page can say so where they stand
(generator/i18n/notices.py). Headings keep their source ids (`{#setting-up}` is added where
the source had none), so every link into the page still lands."""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass

import yaml
from babel.messages.catalog import Catalog
from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.content.files import read_source
from generator.content.model import Game, Page, Site
from generator.content.positions import positions_of
from generator.i18n.blocks import one_line
from generator.i18n.options import TRANSLATABLE, directive_name, nodes_at
from generator.markdown.attributes import TRAILING

TRANSLATED, STALE, MISSING = "translated", "stale", "missing"


@dataclass(frozen=True)
class Translation:
    markdown: str  # the page's file (front matter and body) in the language, line for line
    stale: tuple[int, ...]  # file lines of the blocks shown in the source language: their source changed
    missing: tuple[int, ...]  # file lines of the blocks not translated yet (shown in the source language)


def looked_up(catalogue: Catalog, text: str) -> tuple[str | None, str]:
    message = catalogue.get(text)
    if message is None or not message.string:
        return None, MISSING
    if message.fuzzy:
        return None, STALE
    return str(message.string), TRANSLATED


class Edits:
    """Replacements within the file's lines, made at the end from the right of each line."""

    def __init__(self, text: str, catalogue: Catalog):
        self.lines = text.split("\n")
        self.catalogue = catalogue
        self.spans: dict[int, list[tuple[int, int, str]]] = {}
        self.searched: dict[int, int] = {}  # where on a line the next block's text is looked for
        self.states: dict[str, list[int]] = {STALE: [], MISSING: []}

    def block(self, source: str, line: int, parts: list[str], suffix: str = "", cell: bool = False) -> None:
        """The block whose text is `parts` (one per line, from the file's line `line`)."""
        translation, state = looked_up(self.catalogue, source)
        if translation is None:
            self.states[state].append(line)
            return
        if cell:  # a '|' of the translation would end the table's cell
            translation = translation.replace("\\|", "|").replace("|", "\\|")
        after = self.lines[line + len(parts) - 1] if line + len(parts) - 1 < len(self.lines) else ""
        chunks = spread(translation, len(parts), ends=not after.strip())
        for offset, (part, chunk) in enumerate(zip(parts, chunks)):
            self.replace(line + offset, part.strip(), chunk + (suffix if offset == len(parts) - 1 else ""))

    def heading_id(self, line: int, anchor: str) -> str:
        """The heading's id given in its `{...}` when it has one (`{.web-only}` becomes
        `{#notation .web-only}`); else what to add after its text."""
        braces = TRAILING.search(self.lines[line - 1])
        if braces is None:
            return " {#" + anchor + "}"
        start = braces.start(1)
        self.spans.setdefault(line, []).append((start, start + 1, "{#" + anchor + " "))
        return ""

    def replace(self, line: int, old: str, new: str) -> None:
        text = self.lines[line - 1]
        start = text.find(old, self.searched.get(line, 0)) if old else -1
        if start < 0:
            return  # not written as parsed (an escape): the source stays
        self.searched[line] = start + len(old)
        self.spans.setdefault(line, []).append((start, start + len(old), new))

    def result(self) -> str:
        lines = list(self.lines)
        for line, spans in self.spans.items():
            text = lines[line - 1]
            for start, end, new in sorted(spans, reverse=True):
                text = text[:start] + new + text[end:]
            lines[line - 1] = text if text.strip() else ""
        return "\n".join(lines)


# where a text without spaces (Chinese, Japanese) may go on to the next line: after its punctuation,
# else between two characters of the CJK blocks (from U+2E80)
CLOSERS = "、。，．！？；：」』）〕】〉》"
CJK_START = 0x2E80


def spread(text: str, count: int, ends: bool = True) -> list[str]:
    """`text` in `count` lines of about as many words each (an empty one when words run out),
    where the block `ends` there (a blank line or the end of the file follows it). A text without
    spaces (Chinese, Japanese) stays on the first line, the others left empty: a line break inside
    it would read as a space. Where the block goes on (a list item with the next after it), an
    empty line would end it there, so each line takes a part, cut after a space or punctuation,
    else between two CJK characters."""
    if count <= 1:
        return [text]
    if not ends:
        parts = pieces(text, count)
        if len(parts) < count:  # too short to fill the lines: the last ones stay empty
            return [part.strip() for part in parts] + [""] * (count - len(parts))
        return ["".join(parts[len(parts) * i // count:len(parts) * (i + 1) // count]).strip() for i in range(count)]
    words = text.split(" ")
    size = -(-len(words) // count)
    return [" ".join(words[i * size:(i + 1) * size]) for i in range(count)]


def pieces(text: str, count: int) -> list[str]:
    """`text` cut after each space and CJK punctuation (CLOSERS), and where that gives fewer than
    `count` pieces, between any two CJK characters too; joined, the pieces are `text`."""
    cuts = [index + 1 for index, char in enumerate(text[:-1]) if char == " " or char in CLOSERS]
    if len(cuts) + 1 < count:
        cuts = sorted(set(cuts) | {index + 1 for index in range(len(text) - 1)
                                   if min(ord(text[index]), ord(text[index + 1])) >= CJK_START})
    edges = [0, *cuts, len(text)]
    return [text[start:end] for start, end in zip(edges, edges[1:])]


def translate_page(md: MarkdownIt, site: Site, game: Game, page: Page, catalogue: Catalog) -> Translation:
    """`page` in the catalogue's language (`md`: generator.i18n.blocks.parser, both media kept)."""
    text, _ = read_source(page.path)
    edits = Edits(text, catalogue)
    front = positions_of(page.path, text[:page.body_start])
    for key, value in (("title", page.title), ("summary", page.summary)):
        if value.strip():
            front_value(edits, front.line_of((key,)), value.strip())
    env = {"page": page, "game": game, "site": site, "medium": "web"}
    body_tokens(edits, md.parse(text[page.body_start:], env), page.body_line)
    return Translation(edits.result(), tuple(sorted(edits.states[STALE])), tuple(sorted(edits.states[MISSING])))


def front_value(edits: Edits, line: int | None, value: str) -> None:
    translation, state = looked_up(edits.catalogue, value)
    if line is None:
        return
    if translation is None:
        edits.states[state].append(line)
        return
    key, _, written = edits.lines[line - 1].partition(":")
    if not written.strip() or written.strip()[0] in "|>":
        return  # a value on the lines below: the source stays
    edits.lines[line - 1] = f"{key}: {json.dumps(translation, ensure_ascii=False)}"  # JSON's string is YAML's


def body_tokens(edits: Edits, tokens: list[Token], body_line: int) -> None:
    for index, token in enumerate(tokens):
        if token.type == "inline" and token.map and one_line(token.content):
            parts = token.content.split("\n")
            before = tokens[index - 1] if index else None
            line = body_line + token.map[0]
            suffix = ""
            if before is not None and before.type == "heading_open" and not before.meta.get("explicit_id"):
                suffix = edits.heading_id(line, before.attrs["id"])  # the source's id: links into the page land
            cell = before is not None and before.type in ("th_open", "td_open")
            edits.block(one_line(token.content), line, parts, suffix, cell)
        elif token.type == "container_admonition_open" and (token.meta or {}).get("title"):
            edits.block(token.meta["title"], body_line + token.map[0], [token.meta["title"]])
        elif token.type == "fence" and token.map and TRANSLATABLE.get(directive_name(token.info)):
            fence_options(edits, token, body_line + token.map[0] + 1)


@functools.lru_cache(maxsize=4096)
def composed(text: str):
    """A fence's YAML as nodes with their places (None: not YAML). Kept by its text: a page's
    fences are the same in every language it is translated into, and from one save to the next."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None


def fence_options(edits: Edits, token: Token, first_line: int) -> None:
    """Each translatable scalar of a fence's YAML written on one line, replaced by its translation
    as a YAML double-quoted string (a longer value on many lines keeps its source)."""
    root = composed(token.content)
    if root is None:
        return
    content = token.content.split("\n")
    for path in TRANSLATABLE[directive_name(token.info)]:
        for node in nodes_at(root, path):
            start, end = node.start_mark, node.end_mark
            line = first_line + start.line
            source = " ".join(str(node.value).split())
            translation, state = looked_up(edits.catalogue, source)
            if translation is None or start.line != end.line:
                if translation is None and source:
                    edits.states[state].append(line)
                continue
            written = content[start.line][start.column:end.column]
            edits.replace(line, written, json.dumps(translation, ensure_ascii=False))
