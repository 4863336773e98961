"""Each Markdown feature a rules author relies on renders as expected."""
from __future__ import annotations

import re

import pytest

from generator.build import build
from tests.sitefactory import make_site


def build_rules(tmp_path, body: str, site_toml: str | None = None) -> str:
    overrides = {"content__pebbles__rules.md": "---\ntitle: Rules\n---\n" + body,
                 "content__pebbles__reference.md": "---\ntitle: Player aid\n---\nMove.\n"}
    if site_toml:
        overrides["content__site.toml"] = site_toml
    make_site(tmp_path, **overrides)
    build(tmp_path, stages=[])
    return (tmp_path / "output/pebbles/index.html").read_text()


def test_front_matter_title_becomes_the_page_heading(tmp_path):
    html = build_rules(tmp_path, "Hello.\n")
    assert "<h1>Rules</h1>" in html
    assert "<title>Rules — Pebbles · Test shelf</title>" in html


def test_pipe_tables_render_as_html_tables(tmp_path):
    html = build_rules(tmp_path, "| Roll | Move |\n|---|---|\n| 1 | one step |\n")
    assert "<th>Roll</th>" in html and "<td>one step</td>" in html


def test_footnotes_link_both_ways(tmp_path):
    html = build_rules(tmp_path, "A rule.[^why]\n\n[^why]: The reason.\n")
    assert 'href="#fn1"' in html and 'id="fn1"' in html and "The reason." in html


def test_definition_lists(tmp_path):
    html = build_rules(tmp_path, "Rock\n: A heavy thing.\n")
    assert "<dt>Rock</dt>" in html and "<dd>A heavy thing.</dd>" in html


def test_attributes_set_ids_and_classes(tmp_path):
    html = build_rules(tmp_path, "{#intro .lead}\nFirst paragraph.\n")
    assert '<p id="intro" class="lead">First paragraph.</p>' in html


@pytest.mark.parametrize("kind,label", [("note", "Note"), ("tip", "Tip"), ("example", "Example")])
def test_admonition_containers(tmp_path, kind, label):
    html = build_rules(tmp_path, f"::: {kind}\nInside.\n:::\n")
    assert f'class="admonition {kind}"' in html
    assert f'<p class="admonition-title" id="{kind}-1-title">{label}</p>' in html and "<p>Inside.</p>" in html


def test_admonition_takes_an_optional_title(tmp_path):
    html = build_rules(tmp_path, "::: tip Plan ahead\nThink.\n:::\n")
    assert '<p class="admonition-title" id="tip-1-title">Plan ahead</p>' in html


def test_clarification_gets_its_id_as_anchor_and_is_listed(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/index.html").read_text()
    assert '<aside class="admonition clarification" id="c1"' in html
    assert "Clarification C1: Ties" in html
    assert re.search(r'<ol class="clarification-list"><li value="1"><a href="#c1"><strong>C1</strong> Ties', html)


def test_heading_anchors_are_stable_slugs_and_unique(tmp_path):
    html = build_rules(tmp_path, "## Setting up the Board!\n\n## Setting up the Board!\n\n## Own id {#mine}\n")
    assert '<h2 id="setting-up-the-board">' in html
    assert '<h2 id="setting-up-the-board-2">' in html
    assert '<h2 id="mine">Own id</h2>' in html


def test_table_of_contents_lists_h2_and_h3(tmp_path):
    html = build_rules(tmp_path, "## Setup\n\n### Pieces\n\n#### Too deep\n")
    toc = html.split('<ul class="toc"', 1)[1].split("</ul>", 1)[0]
    assert 'href="#setup">Setup' in toc and 'href="#pieces">Pieces' in toc
    assert "Too deep" not in toc


def test_raw_html_is_escaped_by_default(tmp_path):
    html = build_rules(tmp_path, "Hi <script>alert(1)</script> <b>bold</b>\n")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_raw_html_passes_when_the_site_opts_in(tmp_path):
    html = build_rules(tmp_path, "Hi <b>bold</b>\n", site_toml='title = "T"\nraw_html = true\n')
    assert "<b>bold</b>" in html


def test_data_table_directive_renders_the_data_file(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/index.html").read_text()
    assert "<caption>Points per pebble</caption>" in html
    assert "<tr><td>2</td><td>5</td></tr>" in html


def test_links_to_markdown_pages_become_relative_html_links(tmp_path):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/index.html").read_text()
    assert 'href="reference.html#summary"' in html
    ref = (tmp_path / "output/pebbles/reference.html").read_text()
    assert 'href="index.html#turns"' in ref


def test_unknown_fence_languages_stay_code_blocks(tmp_path):
    html = build_rules(tmp_path, "```python\nprint(1)\n```\n")
    assert '<code class="language-python">print(1)' in html


def test_table_column_alignment_becomes_a_class_the_csp_allows(tmp_path):
    html = build_rules(tmp_path, "| Roll | Points |\n|:---|---:|\n| 1 | 5 |\n| 2 | 7 |\n")
    assert '<td class="align-right">5</td>' in html and '<td class="align-right">7</td>' in html
    assert "style=" not in html.split("<main", 1)[1]


def test_admonitions_nest_inside_list_items(tmp_path):
    html = build_rules(tmp_path, "- First step\n\n  ::: tip\n  Inside the item.\n  :::\n- Second step\n")
    item = html.split("<article", 1)[1].split("<li>", 2)[1]
    assert '<aside class="admonition tip"' in item and "Inside the item." in item
    assert "Second step" not in item


def test_container_lines_inside_code_blocks_stay_code(tmp_path):
    html = build_rules(tmp_path, "```\n::: note\n```\n")
    assert "<code>::: note\n</code>" in html and "admonition" not in html.split("<main", 1)[1]


def test_an_unclosed_container_ends_with_the_page(tmp_path):
    html = build_rules(tmp_path, "::: warning\nCareful.\n")
    assert html.index("Careful.") < html.index("</div></aside>")


def test_script_links_render_as_plain_text(tmp_path):
    html = build_rules(tmp_path, "[click](javascript:alert(1)) and [fine](<https://example.org/a b>)\n")
    assert "javascript:" not in html and "click" in html
    assert 'href="https://example.org/a%20b"' in html


def test_a_footnote_referenced_twice_keeps_one_number(tmp_path):
    html = build_rules(tmp_path, "One.[^a] Two.[^a]\n\n[^a]: Shared.\n")
    assert html.count('href="#fn1"') == 2 and 'id="fnref1:1"' in html and html.count('id="fn1"') == 1


def test_heading_attributes_set_id_and_class(tmp_path):
    html = build_rules(tmp_path, "## Setup {#prep .wide}\n")
    assert '<h2 id="prep" class="wide">Setup</h2>' in html


def test_a_container_closed_inside_a_list_item_it_did_not_open_in_is_an_error(tmp_path, capsys):
    from generator.cli import main

    make_site(tmp_path, **{"content__pebbles__reference.md":
                           "---\ntitle: Aid\n---\n## Summary\n\n::: note\n- one\n- two\n  :::\n"})
    assert main(["build", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "content/pebbles/reference.md:9: ':::' closes a container from inside another block" in err
    assert "expected: the ':::' at the same indentation as the one on line 6" in err


def test_a_colon_line_that_closes_nothing_is_an_error(tmp_path, capsys):
    from generator.cli import main

    make_site(tmp_path, **{"content__pebbles__reference.md":
                           "---\ntitle: Aid\n---\n## Summary\n\n- one\n\n  ::: tip\n  Inside.\n\n:::\n"})
    assert main(["build", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "content/pebbles/reference.md:11: ':::' closes no open container" in err
    assert "expected: the ':::' at the indentation of the one on line 8, inside the same block" in err


def test_a_broken_link_is_reported_at_its_own_line_of_a_paragraph(tmp_path, capsys):
    from generator.cli import main

    make_site(tmp_path, **{"content__pebbles__reference.md":
                           "---\ntitle: Aid\n---\n## Summary\n\nOne line,\nanother *line*,\nand [a link](nowhere.md).\n"})
    assert main(["build", str(tmp_path)]) == 1
    assert "content/pebbles/reference.md:8: broken link" in capsys.readouterr().err


def test_typographic_punctuation(tmp_path):
    html = build_rules(tmp_path, "It's \"quoted\" -- and --- then... done.\n")
    assert "It’s “quoted” – and — then… done." in html


def test_each_admonition_is_a_landmark_named_by_its_own_title(tmp_path):
    """Screen readers list landmarks by name: two asides both called "Clarification" are indistinct."""
    make_site(tmp_path, **{"content__pebbles__reference.md": "---\ntitle: Aid\n---\n## Summary\n\n"
                           "::: tip Plan ahead\nThink.\n:::\n\n::: tip\nAgain.\n:::\n"})
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/reference.html").read_text()
    assert '<aside class="admonition tip" aria-labelledby="tip-1-title"><p class="admonition-title" id="tip-1-title">' \
           'Plan ahead</p>' in html
    assert 'aria-labelledby="tip-2-title"' in html
    rules = (tmp_path / "output/pebbles/index.html").read_text()
    assert 'id="c1" aria-labelledby="c1-title"><p class="admonition-title" id="c1-title">Clarification C1: Ties' in rules
