"""Block and heading attributes are an allow-list: `id` and `class` with plain
names. Anything else is the author's error at its line (exit 1, the old
output kept), and nothing of it reaches the HTML."""
from __future__ import annotations

import re

import pytest

from generator.cli import main
from tests.sitefactory import RULES, make_site

FIRST = RULES.count("\n") + 2  # the file line of a case's first line, after a blank line

REJECTED = {
    "event handler, unquoted": ("{onclick=alert(1)}\nText.\n", 1, "this attribute list cannot be read"),
    "event handler, quoted": ('{onclick="alert(1)"}\nText.\n', 1, "attribute 'onclick' is not allowed"),
    "event handler beside a class": ('{.lead onmouseover="x()"}\nText.\n', 1, "attribute 'onmouseover' is not allowed"),
    "style": ('Intro.\n\n{style="color:red"}\nText.\n', 3, "attribute 'style' is not allowed"),
    "href": ('{href="javascript:alert(1)"}\nText.\n', 1, "attribute 'href' is not allowed"),
    "quote inside an id": ('{#a"b}\nText.\n', 1, "this attribute list cannot be read"),
    "heading id breaking out of its quotes": ('## Hello {#x" onmouseover="alert(1)}\n', 1,
                                              "this attribute list cannot be read"),
    "heading style": ("Intro.\n\n## Hello {#x style=color:red}\n", 3, "attribute 'style' is not allowed"),
    "heading class with a quote": ('## Hello {class="a\'b"}\n', 1, "the class \"a'b\" is not a plain name"),
}


@pytest.mark.parametrize("case", sorted(REJECTED))
def test_attributes_outside_the_allow_list_are_errors_at_their_line(tmp_path, capsys, case):
    body, line, message = REJECTED[case]
    make_site(tmp_path)
    assert main(["build", str(tmp_path)]) == 0
    before = (tmp_path / "output/pebbles/index.html").read_bytes()
    (tmp_path / "content/pebbles/rules.md").write_text(RULES + "\n" + body)
    assert main(["build", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"content/pebbles/rules.md:{FIRST + line - 1}: {message}" in err, err
    assert "expected: {#id .class}" in err and "Traceback" not in err
    assert (tmp_path / "output/pebbles/index.html").read_bytes() == before


@pytest.mark.parametrize("case", sorted(REJECTED))
def test_rejected_attributes_never_reach_the_html(tmp_path, case):
    from types import SimpleNamespace

    from generator.markdown.render import make_markdown

    body = REJECTED[case][0]
    env = {"page": SimpleNamespace(body_line=1, path="rules.md", glossary=False, url="g/index.html", game="g")}
    md = make_markdown(raw_html=False, directives={})
    html = md.render(body, env)
    assert not re.search(r"<[^>]*\b(onclick|onmouseover|style|href)=", html), html
    assert env["errors"]


def test_allowed_attributes_reach_the_html(tmp_path, capsys):
    make_site(tmp_path, **{"content__pebbles__rules.md": RULES + "\n" + "{#intro .lead .wide}\nText.\n\n## Setup {#prep .wide}\n"})
    assert main(["build", str(tmp_path)]) == 0
    html = (tmp_path / "output/pebbles/index.html").read_text()
    assert '<p id="intro" class="lead wide">Text.</p>' in html
    assert '<h2 id="prep" class="wide">Setup</h2>' in html


def test_braces_in_prose_are_text(tmp_path):
    make_site(tmp_path, **{"content__pebbles__rules.md": RULES + "\n" + "{the set of all pebbles}\n\n## Sets {of pebbles}\n"})
    assert main(["build", str(tmp_path)]) == 0
    html = (tmp_path / "output/pebbles/index.html").read_text()
    assert "<p>{the set of all pebbles}</p>" in html and "Sets {of pebbles}</h2>" in html
