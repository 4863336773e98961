"""Issue 43.3's gap in the rulebook: a Markdown picture that cannot print (missing, not a PNG
or JPEG, outside the game folder) is an error at its file:line in the rulebook's check, every
one of them in one run with the check's other problems, before any page is rendered."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import check
from generator.errors import ContentErrors
from tests.sitefactory import make_site

RULES = "---\ntitle: Rules\n---\n\n## Setting up\n\n{text}\n\n## Taking turns {{#turns}}\n\nPlay.\n"


def test_the_rulebooks_check_reports_every_picture_that_cannot_print_with_the_rest(tmp_path):
    text = "![A river](art/river.png)\n\n![A note](art/note.png)\n\n![Elsewhere](../secret.png)"
    root = make_site(tmp_path / "site", **{"content__pebbles__rules.md": RULES.format(text=text),
                                           "content__pebbles__art__note.png": "a note, not a picture",
                                           "content__pebbles__components.toml": "[[deck]\n"})  # a kit's error too
    (tmp_path / "site" / "content" / "secret.png").write_text("not read")
    with pytest.raises(ContentErrors) as raised:
        check(root)
    found = sorted((Path(e.path).name, e.line, e.message) for e in raised.value.errors
                   if Path(e.path).name != "components.toml")
    assert any(Path(e.path).name == "components.toml" for e in raised.value.errors)  # found in the same run
    assert found == [
        ("rules.md", 7, "no picture file 'art/river.png' in the game folder"),
        ("rules.md", 9, "the picture 'art/note.png' cannot be shown: the file is not a picture Pillow can read"),
        ("rules.md", 11, "the picture '../secret.png' is outside the game folder: '../secret.png' is not a path "
                         "inside the game folder")]
    assert all("PNG or JPEG" in e.expected for e in raised.value.errors if e.path.name == "rules.md")
