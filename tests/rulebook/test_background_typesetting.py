"""Issue 29.2/29.5: rulebooks are typeset in child processes while the rest of the build
goes on; their PDFs are the same bytes and a failure there is the build's failure. (A killed
build leaving no child behind: tests/build/test_killed_build.py.)"""
from __future__ import annotations

import pytest

from generator.build import build, directive_registry
from generator.errors import ContentError, ContentErrors
from generator.rulebook import make
from generator.rulebook.make import GameBook
from generator.content.load import load_site
from tests.sitefactory import make_site


def test_background_rulebooks_are_the_books_typeset_here(tmp_path):
    site = make_site(tmp_path / "site")
    build(site)
    loaded = load_site(site)
    book = GameBook(loaded, loaded.game("pebbles"), directive_registry(loaded))
    assert (site / "output/pebbles/pebbles-rules-a4.pdf").read_bytes() == book.rules("a4")


def test_a_typesetting_failure_in_a_child_is_the_builds_error_and_the_output_stays(tmp_path, monkeypatch):
    site = make_site(tmp_path / "site")
    build(site)
    before = (site / "output/pebbles/index.html").read_bytes()
    figure = site / "content/pebbles/rules.md"

    def broken(*args, **kwargs):
        raise ContentErrors([ContentError(figure, 7, "a figure cannot be drawn", expected="a drawing", found="none")])

    monkeypatch.setattr(make, "typeset_all", broken)  # the child is forked: it inherits the patch
    figure.write_text(figure.read_text() + "\nOne more line.\n")
    with pytest.raises(ContentErrors) as caught:
        build(site)
    assert [(e.path, e.line, e.message) for e in caught.value.errors] == [(figure, 7, "a figure cannot be drawn")]
    assert (site / "output/pebbles/index.html").read_bytes() == before
