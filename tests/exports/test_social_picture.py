"""The game's picture for shared links as a PNG (issue 42, og:image): crawlers that take no SVG
get the game's cover, its board first, fitted into 1200 x 630 px on white, from the kit's own
drawing; a game without a board shows its first card, cut (no home-print white edge)."""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from generator.exports.formats import ExportJob
from generator.exports.raster import kit_pieces
from generator.exports.social import SOCIAL_SIZE, SocialPicture, social_file
from tests.exports.test_exports import pebbles_site

ROOT = Path(__file__).resolve().parents[2]


class Game:
    title = "Pebbles"
    designers = ["Rulepress tests"]

    def __init__(self, slug: str):
        self.slug = slug


def social_picture(folder: Path) -> Image.Image | None:
    from generator.kit import load_components
    from generator.kit.build import Artwork

    components = load_components(folder)
    artwork = Artwork(components, False)
    written: dict[str, bytes] = {}
    job = ExportJob(None, Game(folder.name), components, artwork, list(kit_pieces(components, artwork)),
                    written.__setitem__)
    exporter = SocialPicture()
    exporter.write(job)
    assert set(written) == set(exporter.files(None, Game(folder.name), components))
    data = written.get(social_file(folder.name))
    return Image.open(io.BytesIO(data)) if data else None


def test_the_social_picture_is_the_games_board_in_1200_by_630_on_white():
    """Splut!'s diamond board: its middle square (tan) in the middle of the picture."""
    picture = social_picture(ROOT / "content" / "splut")
    assert picture.size == SOCIAL_SIZE and picture.mode == "RGB"
    assert picture.getpixel((5, 5)) == (255, 255, 255)  # the margin
    middle = picture.getpixel((600, 315))
    assert middle != (255, 255, 255) and middle[0] > middle[2]  # the board's tan


def test_a_game_without_a_board_shows_its_first_card_cut(tmp_path):
    root = pebbles_site(tmp_path / "site")
    (root / "content" / "pebbles" / "components.toml").write_text(
        (root / "content" / "pebbles" / "components.toml").read_text().split("[[board]]")[0]
        + "[[deck]]" + (root / "content" / "pebbles" / "components.toml").read_text().split("[[deck]]", 1)[1],
        encoding="utf-8")
    picture = social_picture(root / "content" / "pebbles")
    assert picture.size == SOCIAL_SIZE
    # the card's height fills the room less the margins: its top edge, 40 px down, is the card's red
    top = picture.getpixel((600, 41))
    assert abs(top[0] - 0x8A) <= 3 and abs(top[1] - 0x3B) <= 3, top
