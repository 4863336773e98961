"""How well kit pages use their paper, measured on the rendered pages.

For each page of a kit PDF: rendered with pdftoppm at low resolution, the share of the
printable area (the page less its 8 mm margins) covered by the bounding box of
everything printed inside it. Used by scripts/bench and by the kit tests.
"""
from __future__ import annotations

import math
import subprocess
import tempfile
from pathlib import Path

MARGIN_MM = 8.0
DPI = 20


def page_area_use(pdf: Path, dpi: int = DPI) -> list[float]:
    """Per page, the share (0..1) of the printable area inside the bounding box of what is printed."""
    from PIL import Image, ImageOps

    shares = []
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", str(pdf), f"{out}/p"], check=True,
                       capture_output=True)
        for png in sorted(Path(out).glob("p*.png"), key=lambda p: int(p.stem.split("-")[-1])):
            image = Image.open(png).convert("L")
            px = dpi / 25.4
            m = math.ceil(MARGIN_MM * px)  # whole pixels inside the margins: the footer in the margin stays out
            box = (m, m, image.width - m, image.height - m)
            inner = ImageOps.invert(image.crop(box)).point(lambda v: 255 if v > 24 else 0)
            bbox = inner.getbbox()
            used = (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]) if bbox else 0
            shares.append(used / ((box[2] - box[0]) * (box[3] - box[1])))
    return shares
