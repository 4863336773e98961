"""Fenced-block directives: a fence whose info string names a directive is
replaced by what that directive renders. Its body is YAML options.

    ```table
    data: scoring
    ```

A directive is a plain function `directive(options: dict, context) -> html`.
Later stages register their own (`walkthrough`, `position`, `component`)
by passing them to `directives_plugin(md, directives={...})`.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable


from generator.errors import ContentError
from generator.markdown.html import code_block


@dataclass
class DirectiveContext:
    env: dict  # the page's render env: page, game, site, lines, ...
    at: int  # the opening fence's place in the parser's stream
    name: str

    @property
    def line(self) -> int:
        """1-based line of the opening fence in the page's file (looked up when asked)."""
        return self.page.body_line + self.env["lines"].line(self.at) - 1

    @property
    def page(self):
        return self.env["page"]

    @property
    def game(self):
        return self.env["game"]

    def use(self, kind: str, value: str) -> None:
        """Note that this page needs something site-wide (e.g. ("play", "splut")):
        stages see every page's uses in `write_site`."""
        self.env.setdefault("uses", {}).setdefault(kind, set()).add(value)

    def add_head(self, key: str, html: str) -> None:
        """Add tags to this page's <head>, once per key however many blocks ask."""
        self.env.setdefault("head", {}).setdefault(key, html)

    def error(self, message: str, *, expected: str | None = None, found: str | None = None,
              line: int | None = None) -> ContentError:
        return ContentError(self.page.path, line or self.line, f"{self.name}: {message}",
                            expected=expected, found=found)


Directive = Callable[[dict, DirectiveContext], str]


def directives_plugin(md, directives: dict[str, Directive]) -> None:
    def render_fence(event, env) -> str:
        info = event.data["info"]
        name = info.strip().split(" ")[0] if info else ""
        directive = directives.get(name)
        if directive is None:
            return code_block(event)
        context = DirectiveContext(env=env, at=event.at, name=name)
        try:
            options = parse_options(event.data["text"], context)
            return directive(options, context)
        except ContentError as error:
            env.setdefault("errors", []).append(error)
            return f'<p class="directive-error">{escape(error.message)}</p>\n'

    md.renderer.rules["code_block"] = render_fence


def parse_options(body: str, context: DirectiveContext) -> dict:
    import yaml  # only pages with directives need it

    try:
        options = yaml.safe_load(body) if body.strip() else {}
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise context.error("invalid YAML options", expected="key: value lines",
                            found=str(getattr(error, "problem", error)),
                            line=context.line + 1 + (mark.line if mark else 0)) from None
    if not isinstance(options, dict):
        raise context.error("options must be key: value lines", expected="a YAML mapping",
                            found=type(options).__name__)
    return options


def check_keys(options: dict, context: DirectiveContext, allowed: set[str], required: set[str] = frozenset()):
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise context.error(f"unknown option '{unknown[0]}'", expected="one of: " + ", ".join(sorted(allowed)),
                            found=unknown[0])
    missing = sorted(set(required) - set(options))
    if missing:
        raise context.error(f"missing option '{missing[0]}'", expected=missing[0], found="nothing")
