"""The pictures of the games' Markdown, published: each once, whatever number of pages show it.

A page names its pictures' files as it is rendered (markdown/pictures.py: their names follow
from each picture's hash and size) and lists them in its `uses`; once every page is done, the
build writes them here: the author's file as it is, and the copies a page shows at the width
of its column and twice that (resampled from the upright pixels, PNG stays PNG and JPEG JPEG).
A file the last build wrote under the same name is kept: its name is its content's hash.
"""
from __future__ import annotations

import io
import json
from pathlib import Path

from generator.draw.pictures import asset, upright
from generator.markdown.pictures import KIND

JPEG_QUALITY = 88  # a photograph's copy: no visible loss at the size it is shown
PNG_LEVEL = 6  # fixed, so the same pixels give the same bytes


def write_pictures(output, uses: dict[str, set]) -> None:
    """Every picture the pages use, and its copies, into `output` (named only when it is dry)."""
    for value in sorted(uses.get(KIND, ())):
        source, files = json.loads(value)
        todo = [(rel, pixels) for rel, pixels in files if not output.exists(rel) and not output.reuse(rel)]
        if output.dry:
            for rel, _pixels in todo:
                output.record(rel)
            continue
        for rel, pixels in todo:
            output.write(rel, picture_bytes(Path(source), pixels, rel))


def picture_bytes(path: Path, pixels: int, rel: str) -> bytes:
    """The file `rel`: the picture as it is when its name is the picture's own, else a copy `pixels` wide."""
    name, data = asset(path)
    if rel.endswith("/" + name):
        return data
    from PIL import Image as PILImage

    picture = upright(path)
    height = max(1, round(picture.height * pixels / picture.width))
    copy = picture.resize((pixels, height), PILImage.LANCZOS)
    out = io.BytesIO()
    if name.endswith(".jpg"):
        copy.convert("RGB").save(out, format="JPEG", quality=JPEG_QUALITY)
    else:
        copy.save(out, format="PNG", compress_level=PNG_LEVEL, optimize=False)
    return out.getvalue()
