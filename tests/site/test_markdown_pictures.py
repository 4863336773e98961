"""Issue 43: a Markdown picture of a game folder (`![A river](art/river.png)`) is published by
the site, once, as a hashed file with copies for the page's column, and a picture that cannot
be shown is an error at its line."""
from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image as PILImage

from generator.build import build, check
from generator.errors import ContentErrors
from tests.sitefactory import SITE_TOML, make_site

NO_BOOKS = SITE_TOML + "rulebooks = false\n"


def picture(width: int, height: int, colour=(30, 90, 160), fmt: str = "PNG") -> bytes:
    image = PILImage.new("RGB", (width, height), colour)
    for x in range(0, width, 7):  # a pattern, so a copy is not one flat colour
        image.putpixel((x, height // 2), (250, 250, 250))
    out = io.BytesIO()
    image.save(out, format=fmt)
    return out.getvalue()


def rules_with(lines: str) -> str:
    return f"---\ntitle: Rules\n---\n\n## Setting up\n\n{lines}\n\n## Taking turns {{#turns}}\n\nPlay.\n"


def site_with(root: Path, text: str, files: dict[str, bytes], rulebooks: bool = False) -> Path:
    make_site(root, **{"content__site.toml": SITE_TOML if rulebooks else NO_BOOKS, "content__pebbles__rules.md": text})
    for name, data in files.items():
        path = root / "content" / "pebbles" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


class Images(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[dict] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.found.append(dict(attrs))


def images(html: Path) -> list[dict]:
    parser = Images()
    parser.feed(html.read_text(encoding="utf-8"))
    return parser.found


def test_a_markdown_picture_is_published_once_as_a_hashed_file_the_page_shows(tmp_path):
    river = picture(1600, 800)
    root = site_with(tmp_path / "site", rules_with("![A river](art/river.png)\n\nAgain: ![The river again](art/river.png)"),
                     {"art/river.png": river})
    report = build(root, use_cache=False)
    out = report.output
    shown = [img for img in images(out / "pebbles" / "index.html") if img.get("alt", "").startswith(("A river", "The"))]
    assert len(shown) == 2
    for img in shown:
        assert img["loading"] == "lazy"
        assert (img["width"], img["height"]) == ("696", "348")
        one, two = (part.rsplit(" ", 1) for part in img["srcset"].split(", "))
        assert one[1] == "1x" and two[1] == "2x" and one[0] == img["src"]
        with PILImage.open(out / "pebbles" / one[0]) as small, PILImage.open(out / "pebbles" / two[0]) as large:
            assert small.size == (696, 348) and large.size == (1392, 696)
    pictures = sorted(p.relative_to(out).as_posix() for p in (out / "assets" / "pictures").iterdir())
    assert len(pictures) == 2  # one picture, two pages' worth of mentions: two copies, written once
    assert all(re.fullmatch(r"assets/pictures/[0-9a-f]{16}-(696|1392)w\.png", p) for p in pictures)
    assert "art/river.png" not in (out / "pebbles" / "index.html").read_text(encoding="utf-8")


def test_a_small_markdown_picture_is_its_own_file_at_its_own_size(tmp_path):
    dot = picture(120, 90, fmt="JPEG")
    root = site_with(tmp_path / "site", rules_with("![A dot](art/dot.jpg)"), {"art/dot.jpg": dot})
    out = build(root, use_cache=False).output
    [img] = [img for img in images(out / "pebbles" / "index.html") if img.get("alt") == "A dot"]
    assert (img["width"], img["height"], img["loading"]) == ("120", "90", "lazy")
    assert "srcset" not in img  # no more pixels to offer a dense screen
    assert (out / "pebbles" / img["src"]).read_bytes() == dot  # the author's file as it is
    assert re.fullmatch(r"\.\./assets/pictures/[0-9a-f]{16}\.jpg", img["src"])


def test_a_picture_from_another_site_is_left_as_written(tmp_path):
    root = site_with(tmp_path / "site", rules_with("![A far river](https://example.org/river.png)"), {})
    out = build(root, use_cache=False).output
    [img] = [img for img in images(out / "pebbles" / "index.html") if img.get("alt") == "A far river"]
    assert img["src"] == "https://example.org/river.png"


def problems(root: Path) -> list:
    with pytest.raises(ContentErrors) as raised:
        check(root)
    return raised.value.errors


def test_a_missing_or_unreadable_markdown_picture_is_an_error_at_its_line_on_the_site(tmp_path):
    text = rules_with("![A river](art/river.png)\n\nSome words,\nthen ![a note](art/note.png) in a sentence.")
    root = site_with(tmp_path / "site", text, {"art/note.png": b"not a picture at all"})
    errors = problems(root)
    found = sorted((Path(e.path).name, e.line, e.message) for e in errors)
    assert found == [("rules.md", 7, "no picture file 'art/river.png' in the game folder"),
                     ("rules.md", 10, "the picture 'art/note.png' cannot be shown: the file is not a picture Pillow "
                                      "can read")]
    assert all("PNG or JPEG" in e.expected for e in errors)


def test_a_markdown_picture_outside_the_game_folder_is_an_error_and_is_never_read(tmp_path):
    root = site_with(tmp_path / "site", rules_with("![Elsewhere](../../secret.png)"), {})
    (tmp_path / "site" / "secret.png").write_bytes(picture(10, 10))
    [error] = problems(root)
    assert (Path(error.path).name, error.line) == ("rules.md", 7)
    assert "outside the game folder" in error.message and error.found == "../../secret.png"



def test_a_rebuild_that_keeps_the_page_keeps_its_pictures(tmp_path):
    """The page comes from the build cache (another page was edited): the pictures it names are
    still published, from the last build's output."""
    root = site_with(tmp_path / "site", rules_with("![A river](art/river.png)"), {"art/river.png": picture(1600, 800)})
    first = build(root)
    names = sorted(name for name in first.files if name.startswith("assets/pictures/"))
    reference = root / "content" / "pebbles" / "reference.md"
    reference.write_text(reference.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    again = build(root)
    assert again.rendered == 1  # the player aid alone: the rules page is the last build's
    assert sorted(name for name in again.files if name.startswith("assets/pictures/")) == names == [
        name for name in names if (again.output / name).is_file()]
    assert len(names) == 2
