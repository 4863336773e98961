"""Fenced-block directives: a fence whose info string names a directive is
replaced by what that directive renders. Its body is YAML options.

    ```table
    data: scoring
    ```

Here a directive is its web rendering, a plain function `(options: dict, context) -> html`
(WebRendering); the build declares each directive once, its web and paper renderings
together (stages.Directive), and hands the web ones to `directives_plugin(md, directives={...})`.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable

from markdown_it import MarkdownIt

from generator.errors import ContentError, did_you_mean


@dataclass
class DirectiveContext:
    """What a directive's rendering, on the web or on paper, gets for one block: the build's
    StageContext (`build`: its replays, directives and products, as the Builder hands the stage
    whose directive it is) and the block itself (its page's markdown-it `env`, line and name).
    One build context (generator/stages.py), seen from one block."""

    env: dict  # the page's markdown-it env: page, game, site, build, and what the page's rules note
    line: int  # 1-based line of the opening fence in the page's file
    name: str

    @property
    def page(self):
        return self.env["page"]

    @property
    def game(self):
        return self.env["game"]

    @property
    def site(self):
        return self.env["site"]

    @property
    def build(self):
        """The build's stages.StageContext (env["build"]: set by the pages and the printed books)."""
        return self.env["build"]

    @property
    def replays(self):
        """The build's walkthroughs and positions, replayed once for the pages and the books (replays.py)."""
        return self.build.replays

    @property
    def products(self) -> dict:
        """The products of other stages the build hands the one rendering the block (stages.Product), by name:
        in a printed book, those the rulebook stage reads."""
        return self.build.products

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


WebRendering = Callable[[dict, DirectiveContext], str]  # a directive on the web (stages.Directive.web)


# The languages a code block may name (any other name is a misspelt directive or language: it would
# print as plain code, so it is an error with the nearest name). Rulebooks show rules text, data
# and the odd program; the names are the usual ones (GitHub's, Pygments').
CODE_LANGUAGES = frozenset((
    "text", "txt", "plain", "plaintext", "tex", "latex", "toml", "yaml", "yml", "json", "jsonc", "python", "py",
    "python3", "pycon", "pytb", "html", "css", "js", "javascript", "ts", "typescript", "markdown", "md", "sh",
    "bash", "shell", "zsh", "console", "shell-session", "powershell", "bat", "csv", "tsv", "ini", "cfg", "xml",
    "svg", "diff", "patch", "c", "cpp", "c++", "h", "cs", "csharp", "java", "kotlin", "go", "rust", "rs", "ruby",
    "rb", "php", "perl", "lua", "sql", "r", "julia", "haskell", "lisp", "scheme", "elisp", "clojure", "swift",
    "dart", "scala", "ocaml", "erlang", "elixir", "prolog", "ebnf", "bnf", "abnf", "regex", "http", "dockerfile",
    "make", "makefile", "nginx", "apache", "graphql", "jinja", "django", "mermaid", "dot", "pgn", "sgf", "lilypond",
    "none",
))


def directives_plugin(md: MarkdownIt, directives: dict[str, WebRendering]) -> None:
    code_block = md.renderer.rules["fence"]

    def render_fence(self, tokens, idx, options, env) -> str:
        token = tokens[idx]
        name = token.info.strip().split(" ")[0] if token.info else ""
        directive = directives.get(name)
        if directive is None:
            if name and name.lower() not in CODE_LANGUAGES and not name.startswith("{"):
                env.setdefault("errors", []).append(unknown_fence(name, directives, env, token))
            return code_block(tokens, idx, options, env)
        context = DirectiveContext(env=env, line=env["page"].body_line + token.map[0], name=name)
        try:
            return directive(parse_options(token.content, context), context)
        except ContentError as error:
            env.setdefault("errors", []).append(error)
            return f'<p class="directive-error">{escape(error.message)}</p>\n'

    md.add_render_rule("fence", render_fence)


def unknown_fence(name: str, directives: dict, env: dict, token) -> ContentError:
    """A fence naming neither a directive nor a code language: a misspelt directive ("tabel") would
    print its options as code, a misspelt language ("pyhton") would pass unnoticed."""
    hint = did_you_mean(name, directives)
    what = "directive" if hint else "fence language"
    hint = hint or did_you_mean(name.lower(), CODE_LANGUAGES)
    return ContentError(env["page"].path, env["page"].body_line + token.map[0], f"unknown {what} '{name}'{hint}",
                        expected="a directive (" + ", ".join(sorted(directives)) + ") or a code language "
                                 "(python, toml, text, ...; docs/content.md, Directives)",
                        found=f"```{name}")


def parse_options(body: str, context: DirectiveContext) -> dict:
    import yaml  # only pages with directives need it

    from generator.content.yamlload import load_yaml

    try:
        options = load_yaml(body) if body.strip() else {}
    except yaml.YAMLError as error:
        # where an unclosed bracket or quote opened, else where the parser stopped
        mark = getattr(error, "context_mark", None) or getattr(error, "problem_mark", None)
        raise context.error("invalid YAML options", expected="key: value lines",
                            found=str(getattr(error, "problem", error)),
                            line=context.line + 1 + (mark.line if mark else 0)) from None
    if not isinstance(options, dict):
        raise context.error("options must be key: value lines", expected="a YAML mapping",
                            found="a list" if isinstance(options, list) else repr(options))
    return options


def check_keys(options: dict, context: DirectiveContext, allowed: set[str], required: set[str] = frozenset()):
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise context.error(f"unknown option '{unknown[0]}'" + did_you_mean(unknown[0], allowed),
                            expected="one of: " + ", ".join(sorted(allowed)), found=unknown[0])
    missing = sorted(set(required) - set(options))
    if missing:
        raise context.error(f"missing option '{missing[0]}'", expected=missing[0], found="nothing")
