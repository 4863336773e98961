"""sRGB colours and pictures as CMYK inks for one printing condition, total ink limited.

The drawing model's colours are sRGB ("#rrggbb"). A print shop that asks for CMYK (PDF/X-1a)
gets them converted by LittleCMS (Pillow's ImageCms) from sRGB to the printing condition's ICC
profile, relative colorimetric with black point compensation (a card's colours kept as near as
the press can print them, its black the press's black), then held to the shop's total ink: a
colour whose four inks add up to more (LittleCMS interpolates between the profile's table
points, and may land a few percent over the limit the profile was made for) has its cyan,
magenta and yellow lessened until it does not, black kept (what carries the text and lines).

Numbers are percentages rounded to 0.1, so the same colour is the same numbers everywhere.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.draw import colour as colours

if TYPE_CHECKING:
    from PIL import Image as PILImage

Cmyk = tuple[float, float, float, float]  # percentages, 0-100


@dataclass
class CmykInk:
    """sRGB to this profile's CMYK, at most `limit` % of ink in all (profile: a CMYK output ICC file)."""

    profile: Path
    limit: float = 240.0
    _cache: dict = field(default_factory=dict, repr=False)
    _transform: object = field(default=None, repr=False)

    def transform(self):
        if self._transform is None:
            from PIL import ImageCms  # Pillow (reportlab's own dependency), loaded only for CMYK output

            srgb = ImageCms.createProfile("sRGB")
            self._transform = ImageCms.buildTransform(
                srgb, ImageCms.getOpenProfile(str(self.profile)), "RGB", "CMYK",
                renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
        return self._transform

    def cmyk(self, value: str) -> Cmyk:
        """The colour's inks, in percent, within the limit."""
        key = colours.normal(value) if colours.is_hex(value) else value
        if key not in self._cache:
            self._cache[key] = self.limited(self.converted(key))
        return self._cache[key]

    def converted(self, value: str) -> Cmyk:
        from PIL import Image as PILImage, ImageCms

        red, green, blue = rgb_of(value)
        pixel = ImageCms.applyTransform(PILImage.new("RGB", (1, 1), (red, green, blue)), self.transform())
        return tuple(channel * 100 / 255 for channel in pixel.getpixel((0, 0)))

    def limited(self, inks: Cmyk) -> Cmyk:
        """The inks with cyan, magenta and yellow lessened, in proportion, to keep within the limit."""
        c, m, y, k = inks
        colour_ink = c + m + y
        if c + m + y + k > self.limit and colour_ink > 0:
            share = max(0.0, self.limit - k) / colour_ink
            c, m, y = c * share, m * share, y * share
        rounded = tuple(round(v, 1) for v in (c, m, y, k))
        while sum(rounded) > self.limit + 1e-9:  # rounding up may pass it by a tenth
            c, m, y, k = rounded
            rounded = (max(0.0, round(c - 0.1, 1)), max(0.0, round(m - 0.1, 1)), max(0.0, round(y - 0.1, 1)), k)
        return rounded

    def picture(self, image: PILImage.Image) -> PILImage.Image:
        """A picture in this CMYK: transparency laid on white paper first (PDF/X-1a has no
        transparency), each distinct colour held to the limit."""
        from PIL import Image as PILImage, ImageCms

        if image.mode in ("RGBA", "LA", "P", "PA"):
            rgba = image.convert("RGBA")
            paper = PILImage.new("RGBA", rgba.size, (255, 255, 255, 255))
            image = PILImage.alpha_composite(paper, rgba)
        converted = ImageCms.applyTransform(image.convert("RGB"), self.transform())
        return self.limited_picture(converted)

    def limited_picture(self, image: PILImage.Image) -> PILImage.Image:
        limit = self.limit * 255 / 100
        cache: dict = {}

        def held(pixel):
            if sum(pixel) <= limit:
                return pixel
            if pixel not in cache:
                cache[pixel] = tuple(int(v * 255 / 100) for v in self.limited(tuple(v * 100 / 255 for v in pixel)))
            return cache[pixel]

        pixels = list(pixels_of(image))
        if all(sum(pixel) <= limit for pixel in pixels):
            return image
        out = image.copy()
        out.putdata([held(pixel) for pixel in pixels])
        return out


def pixels_of(image: PILImage.Image):
    """Every pixel's channels, row by row (Pillow 12.1 renamed getdata)."""
    flat = getattr(image, "get_flattened_data", None)
    return flat() if flat is not None else image.getdata()


def rgb_of(value: str) -> tuple[int, int, int]:
    """A "#rrggbb" colour, or a colour name reportlab knows, as 0-255 channels."""
    if colours.is_hex(value):
        return colours.rgb(value)
    from reportlab.lib import colors

    named = colors.toColor(value)
    return round(named.red * 255), round(named.green * 255), round(named.blue * 255)


def total_ink(inks: Cmyk) -> float:
    return sum(inks)
