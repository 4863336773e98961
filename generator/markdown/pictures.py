"""Pictures in a game's Markdown: `![A river](art/river.png)`, a PNG or JPEG of the game folder.

The site publishes each picture once, under a name made of its content's hash (a browser may
keep it for ever, a changed picture gets a new name), and the page shows it as the card
previews are shown: with its width and height (no jump as it loads), lazily, and from a copy
at the size the column shows it, with one twice that for dense screens (`srcset`). The copies
are made by generator/site/pictures.py from what the pages `use` (KIND); the page names them
without waiting, as their names follow from the picture's hash and size alone.

A picture's path is relative to the game folder and stays in it: an absolute path, a `..`
or a symbolic link is an error at its line (nothing outside the site folder is read). So is a
missing file or one that is not a PNG or JPEG, for the site and the rulebook alike (the
rulebook's check reports them with its other problems: rulebook/pictures.py). A picture from
another site (`https://…`) or the site's root (`/…`) is left as written.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator
from urllib.parse import unquote, urlsplit

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.draw.pictures import PictureError, PictureInfo, asset, inside, inspect
from generator.errors import ContentError
from generator.markdown.tokens import add_error, page_line
from generator.urls import relative

FOLDER = "assets/pictures"  # where the site publishes them, once for every page and game
KIND = "markdown pictures"  # the pages' `uses`: what site/pictures.py writes
SHOWN_PX = 696  # the widest a page's column shows a picture: 46rem less its padding (style.css)
EXPECTED = "a PNG or JPEG file in the game folder, by its path from there (e.g. art/river.png)"


class MarkdownPictureError(ValueError):
    def __init__(self, message: str, found: str):
        super().__init__(message)
        self.message, self.found = message, found


def is_local(src: str) -> bool:
    """Whether `src` names a file of the game folder (not another site's picture, nor one at the site's root)."""
    parts = urlsplit(src.strip())
    return bool(parts.path) and not parts.scheme and not parts.netloc and not src.strip().startswith("/")


def find_picture(folder: Path, src: str) -> tuple[Path, PictureInfo]:
    """The picture file `src` names in the game `folder`, and its size; MarkdownPictureError when
    it leads out of the folder, is missing, or is not a picture (draw/pictures.py reads its header only)."""
    name = unquote(urlsplit(src.strip()).path)
    try:
        path = inside(folder, name)
    except PictureError as problem:
        raise MarkdownPictureError(f"the picture '{src}' is outside the game folder: {problem}", src) from None
    if not path.is_file():
        raise MarkdownPictureError(f"no picture file '{name}' in the game folder", f"no file {name}")
    try:
        return path, inspect(path)
    except (PictureError, OSError) as problem:
        raise MarkdownPictureError(f"the picture '{name}' cannot be shown: {problem}", name) from None


def local_images(tokens: list[Token], env: dict) -> Iterator[tuple[int | None, Token]]:
    """Each picture of the game folder the tokens show, with its line in the page's file."""
    for block in tokens:
        if block.type != "inline" or not block.children:
            continue
        breaks = 0
        for token in block.children:
            if token.type in ("softbreak", "hardbreak"):
                breaks += 1
            elif token.type == "image" and is_local(str(token.attrs.get("src", ""))):
                yield page_line(env, block, breaks), token


def picture_problems(tokens: list[Token], env: dict, folder: Path) -> list[ContentError]:
    """An error at its line for each picture of the tokens that cannot be shown."""
    errors = []
    for line, token in local_images(tokens, env):
        try:
            find_picture(folder, str(token.attrs["src"]))
        except MarkdownPictureError as problem:
            errors.append(ContentError(env["page"].path, line, problem.message, expected=EXPECTED,
                                       found=problem.found))
    return errors


@dataclass(frozen=True)
class Published:
    """A picture as the site publishes it: its file under FOLDER, and the copies a page shows."""

    name: str  # "<hash>.<ext>": the author's file as it is
    width: int  # pixels, upright
    height: int

    @property
    def shown(self) -> tuple[int, int]:
        """The size a page gives it, in CSS pixels: its own, at most the column's width."""
        wide = min(self.width, SHOWN_PX)
        return wide, max(1, round(self.height * wide / self.width))

    def file(self, pixels: int) -> str:
        """The file `pixels` wide: the author's own at its full width, else a copy made to that width."""
        stem, _, ext = self.name.rpartition(".")
        return f"{FOLDER}/{self.name}" if pixels >= self.width else f"{FOLDER}/{stem}-{pixels}w.{ext}"

    def densities(self) -> list[tuple[int, int]]:
        """(pixels wide, density) of each file a page offers: 1x at the shown width, 2x at twice
        it where the picture has the pixels (more than 1x, up to its own width)."""
        wide = self.shown[0]
        return [(wide, 1)] + ([(min(self.width, 2 * wide), 2)] if self.width > wide else [])

    def use(self, path: Path) -> str:
        """What the page `uses`: the source and each file to write, with its width."""
        return json.dumps([str(path), [[self.file(px), px] for px, _density in self.densities()]])


@lru_cache(maxsize=256)
def _published(path: str, _stamp: tuple[int, int], width: int, height: int) -> Published:
    name, _data = asset(Path(path))
    return Published(name, width, height)


def published(path: Path, info: PictureInfo) -> Published:
    """The picture's publication, its file hashed once a process while it is unchanged (its size
    and time: `serve` builds again after an edit)."""
    stat = path.stat()
    return _published(str(path), (stat.st_mtime_ns, stat.st_size), info.width, info.height)


def pictures_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("markdown_pictures", picture_rule)


def picture_rule(state) -> None:
    env = state.env
    if env.get("medium", "print") != "web" or env.get("game") is None or env.get("page") is None:
        return
    for line, token in local_images(state.tokens, env):
        try:
            path, info = find_picture(env["game"].folder, str(token.attrs["src"]))
        except MarkdownPictureError as problem:
            add_error(env, line, problem.message, expected=EXPECTED, found=problem.found)
            continue
        show(token, path, published(path, info), env)


def show(token: Token, path: Path, picture: Published, env: dict) -> None:
    """The image token pointed at the published files, sized, and loaded lazily."""
    url = env["page"].url
    files = [(relative(url, picture.file(px)), density) for px, density in picture.densities()]
    token.attrSet("src", files[0][0])
    if len(files) > 1:
        token.attrSet("srcset", ", ".join(f"{src} {density}x" for src, density in files))
    width, height = picture.shown
    token.attrSet("width", str(width))
    token.attrSet("height", str(height))
    token.attrSet("loading", "lazy")
    env.setdefault("uses", {}).setdefault(KIND, set()).add(picture.use(path))
