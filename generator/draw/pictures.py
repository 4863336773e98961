"""Picture files (PNG, JPEG) as the drawing model's `Image`s read them: checked, measured, opened.

Every picture a kit draws is opened here and nowhere else, with its limits checked before
any pixel is decoded: Pillow reads a file's header on `open` and decodes only on `load`, so
a 20,000 x 20,000 PNG (a few kilobytes that would decode to 1.6 GB) is refused in
milliseconds, by its byte size or its header's pixel count. Pillow's own decompression-bomb
guard is caught too, so no picture reaches a backend unchecked.

Pictures are taken upright: a camera's JPEG says in its EXIF orientation how it was held,
and every size and pixel here has that applied (ImageOps.exif_transpose).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image as PILImage

FORMATS = {"PNG": "png", "JPEG": "jpg"}  # Pillow's format name -> the asset's extension
MAX_PIXELS = 64_000_000  # 8,000 x 8,000: an A2 board at 300 ppi is 58 Mpx; RGBA in memory, 256 MB
MAX_BYTES = 64 * 1024 * 1024
LIMIT = f"at most {MAX_PIXELS // 1_000_000} million pixels and {MAX_BYTES // (1024 * 1024)} MB (docs/kit.md, Pictures)"
SIDEWAYS = {5, 6, 7, 8}  # EXIF orientations that turn the picture a quarter: width and height swap
EXIF_ORIENTATION = 0x0112


class PictureError(ValueError):
    """A file that is not a picture a kit can draw; the message says what it is instead."""


@dataclass(frozen=True)
class PictureInfo:
    width: int  # pixels, upright
    height: int
    format: str  # "PNG" or "JPEG"
    dpi: float = 0.0  # the resolution the file states (PNG pHYs, JPEG density); 0: none


def inside(folder: Path, name: str) -> Path:
    """The file `name` (a path relative to `folder`, with / between folders) names;
    PictureError when it would lead outside the folder or through a symbolic link."""
    relative = PurePosixPath(name.strip().replace("\\", "/"))
    if relative.is_absolute() or not relative.parts or ".." in relative.parts:
        raise PictureError(f"'{name}' is not a path inside the game folder")
    path = folder
    for part in relative.parts:
        path = path / part
        if path.is_symlink():  # a link may point anywhere: the folder's own files only
            raise PictureError(f"'{name}' passes through a symbolic link ({path.name})")
    return path


def inspect(path: Path) -> PictureInfo:
    """The picture's upright size and format, from its header alone (nothing decoded).
    Raises PictureError for a file too large, not PNG or JPEG, or unreadable."""
    with _opened(path) as picture:
        width, height = picture.size
        if picture.format == "JPEG" and picture.getexif().get(EXIF_ORIENTATION) in SIDEWAYS:
            width, height = height, width
        stated = picture.info.get("dpi") or (0.0, 0.0)
        return PictureInfo(width, height, picture.format, round(float(stated[0]), 3))


def upright(path: Path) -> PILImage.Image:
    """The picture's pixels, decoded and turned as its EXIF orientation says, in RGB (RGBA
    when it has transparency): what the PDF embeds and the exports resample."""
    from PIL import Image as PILImage, ImageOps

    with _opened(path) as picture:
        try:
            picture.load()
        except (OSError, PILImage.DecompressionBombError) as problem:
            raise PictureError(f"the picture cannot be decoded: {problem}") from None
        turned = ImageOps.exif_transpose(picture)
        clear = "A" in turned.getbands() or "transparency" in turned.info
        return turned.convert("RGBA" if clear else "RGB")


def asset(path: Path) -> tuple[str, bytes]:
    """(file name, bytes) of the picture as a site asset: named by its content's hash with its
    own extension, so one picture used by many cards is one file, and a changed picture a new
    name (browsers may keep an asset for ever). The bytes are the author's file as it is."""
    data = path.read_bytes()
    return f"{hashlib.sha256(data).hexdigest()[:16]}.{FORMATS[inspect(path).format]}", data


class _opened:
    """Pillow's lazy open with the limits checked first; a context manager closing the file."""

    def __init__(self, path: Path):
        from PIL import Image as PILImage, UnidentifiedImageError

        size = path.stat().st_size
        if size > MAX_BYTES:
            raise PictureError(f"the picture is {size / (1024 * 1024):.0f} MB, too large: {LIMIT}")
        try:
            self.picture = PILImage.open(path)
        except PILImage.DecompressionBombError as problem:  # Pillow's own guard, at twice its limit
            raise PictureError(f"the picture is too large: {LIMIT} ({problem})") from None
        except (UnidentifiedImageError, OSError):
            raise PictureError("the file is not a picture Pillow can read") from None
        width, height = self.picture.size
        if self.picture.format not in FORMATS:
            self.picture.close()
            raise PictureError(f"a {self.picture.format} picture; a kit draws PNG or JPEG")
        if width * height > MAX_PIXELS:
            self.picture.close()
            raise PictureError(f"the picture is {width:,} x {height:,} pixels, too large: {LIMIT}")

    def __enter__(self):
        return self.picture

    def __exit__(self, *_exc) -> None:
        self.picture.close()
