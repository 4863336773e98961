"""PyYAML's errors in an author's words, at the line where the problem starts.

PyYAML reports where it gave up ("found unexpected end of stream", at the end
of the front matter) and, for an unclosed quote or bracket, where the thing it
was reading began (`context_mark`): that is the line an author must fix. Its
words ("while scanning a quoted scalar") are a parser's; these are a writer's.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class YamlProblem:
    line: int | None  # 0-based, in the YAML text
    column: int | None  # 0-based
    message: str
    expected: str
    found: str


def explain(error, text: str) -> YamlProblem:
    """What is wrong, where it starts, in plain words (a MarkedYAMLError from the C or Python loader)."""
    context, problem = getattr(error, "context", None) or "", getattr(error, "problem", None) or str(error)
    start, end = getattr(error, "context_mark", None), getattr(error, "problem_mark", None)
    lines = text.splitlines()

    def at(mark, message: str, expected: str, found: str) -> YamlProblem:
        return YamlProblem(mark.line if mark else None, mark.column if mark else None, message, expected, found)

    def line_text(mark) -> str:
        if mark is None or mark.line >= len(lines) or not lines[mark.line].strip():
            return "the end of the front matter"
        return lines[mark.line].strip()

    def before(mark) -> str:  # the text of the mark's line before it
        return lines[mark.line][:mark.column] if mark and mark.line < len(lines) else ""

    if "is given twice" in problem and end:
        return at(end, problem.split(" (first")[0], "each key once in a mapping (the last would silently win)",
                  line_text(end))
    if "quoted scalar" in context and start:
        quote = lines[start.line][start.column] if start.line < len(lines) else '"'
        return at(start, "a quoted value is never closed", f"a closing {quote} for the {quote} that opens the value",
                  "the end of the front matter")
    for kind, what, opening, closing in (("flow sequence", "list", "[", "]"), ("flow mapping", "mapping", "{", "}")):
        if kind in context and start:
            return at(start, f"the {what} opened with {opening} is never closed", f"a {closing} after the last item (items separated by commas)",
                      line_text(end))
    if "mapping values are not allowed" in problem and end:
        if ": " in before(end):
            return at(end, "a value holds ': ' (a colon and a space)",
                      'the value in quotes, e.g. title: "Setup: the board"', line_text(end))
        return at(end, "this key is indented more than the keys above it",
                  "every key of the front matter at the start of its line", line_text(end))
    if "tab" in problem and end:
        return at(end, "a tab character in the indentation", "spaces (YAML does not indent with tabs)", line_text(end))
    if "cannot start any token" in problem and end:
        char = lines[end.line][end.column] if end.line < len(lines) and end.column < len(lines[end.line]) else "?"
        if char == "\t":
            return at(end, "a tab character in the indentation", "spaces (YAML does not indent with tabs)",
                      line_text(end))
        return at(end, f"a value cannot start with {char}", f'the value in quotes, e.g. "{char}..."', line_text(end))
    if "simple key" in context and start:
        return at(start, "a line that is not 'key: value'", "key: value, or an item of a list (- item)",
                  line_text(start))
    if "undefined alias" in problem and end:
        return at(end, "a value starts with * (which YAML reads as a reference)", 'the value in quotes, e.g. "*..."',
                  line_text(end))
    if "block" in context and end:
        if before(end).rstrip().endswith(("'", '"')):
            return at(end, "text after the closing quote of a value",
                      "the whole value in quotes (inside '...', write '' for ')", line_text(end))
        return at(end, "this line's indentation does not match the lines above",
                  "the keys of one mapping, and the items of one list, indented alike", line_text(end))
    return at(end or start, "this is not valid YAML", "key: value lines", problem)
