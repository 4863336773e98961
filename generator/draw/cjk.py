"""The faces Japanese, Chinese and Korean are set in, on paper and on screen: DejaVu has no kana
nor ideographs. One table for every printed thing: the rulebook sets its text and headings in
them (rulebook/fonts.py), the kit its words (kit/load.py, `language_face`).

For Japanese the IPA fonts (Debian's fonts-ipafont-mincho and -gothic, IPA Font License 1.0,
which allows embedding), whose outlines are TrueType; Noto CJK's are CFF, which reportlab cannot
embed. Chinese and Korean use WenQuanYi Zen Hei (fonts-wqy-zenhei, GPL 2 with its font
exception), a TrueType collection."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Optional

from generator.draw.shapes import FontRef

# language -> (text face, heading face): files, the Debian package, and the face in a collection
CJK_FACES = {
    "ja": (("ipamp.ttf", "fonts-ipafont-mincho", 0), ("ipagp.ttf", "fonts-ipafont-gothic", 0)),
    "zh": (("wqy-zenhei.ttc", "fonts-wqy-zenhei", 0),) * 2,
    "ko": (("wqy-zenhei.ttc", "fonts-wqy-zenhei", 0),) * 2,
}
CJK_DIRS = (Path("/usr/share/fonts/opentype/ipafont-mincho"), Path("/usr/share/fonts/opentype/ipafont-gothic"),
            Path("/usr/share/fonts/truetype/wqy"), Path("/usr/share/fonts/ipa"), Path("/usr/share/fonts/wqy-zenhei"))
# what a browser is asked for after the face itself, where the reader's system lacks it: the
# usual sans faces of each script on Linux, macOS and Windows
SCREEN_FALLBACK = {
    "ja": "'IPAGothic', 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', Meiryo, sans-serif",
    "zh": "'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
    "ko": "'Noto Sans CJK KR', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif",
}


class FontMissing(RuntimeError):
    pass


def cjk_language(language: str) -> str | None:
    """The CJK_FACES key of a language tag ("ja", "zh-Hant" -> "zh"), or None for the others."""
    base = language.split("-")[0].split("_")[0].lower()
    return base if base in CJK_FACES else None


def cjk_file(file: str, package: str) -> Path:
    """Where the font `file` is installed (FontMissing, naming its package, when it is not)."""
    for folder in CJK_DIRS:
        if (folder / file).is_file():
            return folder / file
    raise FontMissing(f"the font {file} is not installed (Debian: apt-get install {package})")


def cjk_font(file: str, package: str, index: int):
    """A maker of the TrueType font `file` under a reportlab name (its subsets tagged apart)."""
    from generator.draw.pdf import TaggedTTFont  # reportlab: only where a PDF is made

    path = cjk_file(file, package)
    return lambda name: TaggedTTFont(name, str(path), subfontIndex=index)


def language_face(language: str) -> Optional[FontRef]:
    """The face a kit in `language` sets its words in, as a font its drawings name: the sans
    (heading) face of CJK_FACES for Japanese, Chinese and Korean, None (the kit's own DejaVu
    Sans) for the others. FontMissing when it is not installed."""
    cjk = cjk_language(language)
    if cjk is None:
        return None
    file, package, _index = CJK_FACES[cjk][1]
    return face_ref(str(cjk_file(file, package)), SCREEN_FALLBACK[cjk])


@lru_cache(maxsize=None)
def face_ref(path: str, fallback: str) -> FontRef:
    """The file as a font drawings name: by the family its own name table gives (what a reader's
    system knows it by), with no bold file (the CJK faces have none)."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    family = TTFontFile(path).familyName.decode("latin-1")
    return FontRef(family, path, "", fallback=fallback)
