"""Issue 31.1: the Tabletop Simulator save of every launch game, read back from a built site.

One build of the launch catalogue (kits, walkthroughs and the Tabletop Simulator export; no
typeset rulebooks: the save only names them) serves the whole module."""
from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pytest
from PIL import Image

from generator.build import build
from generator.cli import main
from generator.content.load import load_site
from generator.exports import tts_images
from generator.exports.stage import ExportStage
from generator.exports.tts import FOLDER, TabletopSimulator, save_name
from generator.exports.tts_objects import IMAGE_UNITS_AT_SCALE_1
from generator.interactive.stage import InteractiveStage
from generator.kit import load_components
from generator.kit.stage import KitStage

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("shoot", "sitters", "splash", "splat", "splut")
PLACEHOLDER = "https://rulepress.example/"
PUBLISHED = "https://tables.rulepress.net/"


def tts_stages() -> list:
    return [KitStage(), InteractiveStage(), ExportStage([TabletopSimulator()])]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("launch")
    shutil.copytree(ROOT / "content", root / "content")
    toml = root / "content/site.toml"  # a published site's address: the catalogue's own is a placeholder
    toml.write_text(toml.read_text().replace(f'base_url = "{PLACEHOLDER}"', f'base_url = "{PUBLISHED}"'))
    build(root, stages=tts_stages(), processes=2)
    assert main(["tts-local", str(root)]) == 0  # the local saves, beside the published ones
    site = load_site(root)
    return root, site, {game.slug: load_components(game.folder, game.data) for game in site.games}


def save_of(root: Path, slug: str, local: bool = False) -> dict:
    return json.loads((root / "output" / slug / "exports" / save_name(slug, local)).read_text(encoding="utf-8"))


def local_file(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(url2pathname(urlsplit(url).path))


def decks_of(save: dict) -> list[dict]:
    return [o for o in save["ObjectStates"] if o["Name"] in ("DeckCustom", "Card")]


def is_board(thing: dict) -> bool:
    """A board lies as a locked tile (a sheet is a tile the players move)."""
    return thing["Name"] == "Custom_Tile" and thing["Locked"]


def cards_of(deck: dict) -> list[dict]:
    return deck["ContainedObjects"] if deck["Name"] == "DeckCustom" else [deck]


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_has_a_save_holding_its_whole_kit(built, slug):
    root, site, kits = built
    components = kits[slug]
    objects = Counter(o["Name"] for o in save_of(root, slug)["ObjectStates"])
    assert len(decks_of(save_of(root, slug))) == len(components.decks)
    tokens = sum(item.count * (len(components.options.players) if spec.per_player else 1)
                 for spec in components.tokens for item in spec.items)
    assert objects["Custom_Token"] == tokens
    boards = [o for o in save_of(root, slug)["ObjectStates"] if is_board(o)]
    assert bool(boards) == bool(components.boards)
    assert objects["Die_6"] == sum(1 for sides, _name in components.dice if sides == 6)
    assert objects["Custom_PDF"] == 1  # the rules, typeset or not, are named by the site's rules PDF
    sheets = sum((len(spec.drawn) if spec.drawn else len(components.options.players) if spec.per_player else 1)
                 * spec.copies for spec in components.sheets)
    assert objects["Custom_Tile"] - len(boards) == sheets  # each score pad and record as the kit prints it


@pytest.mark.parametrize("slug", GAMES)
def test_every_sheet_is_at_most_10_by_7_cards_and_4096_px_of_rgb(built, slug):
    root, _site, _kits = built
    for deck in decks_of(save_of(root, slug, local=True)):
        for sheet in deck["CustomDeck"].values():
            assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
            assert sheet["NumWidth"] * sheet["NumHeight"] <= 70
            assert sheet["BackIsHidden"] is True
            for url in (sheet["FaceURL"], sheet["BackURL"]):
                with Image.open(local_file(url)) as image:
                    assert image.mode == "RGB" and image.format == "PNG"
                    assert image.width <= 4096 and image.height <= 4096
            with Image.open(local_file(sheet["FaceURL"])) as face:
                # TTS cuts the sheet in equal cells: each a whole number of pixels
                assert face.width % sheet["NumWidth"] == 0 and face.height % sheet["NumHeight"] == 0


@pytest.mark.parametrize("slug", GAMES)
def test_every_card_id_is_its_deck_key_times_100_plus_a_drawn_slot(built, slug):
    root, _site, _kits = built
    for deck in decks_of(save_of(root, slug, local=True)):
        for card in cards_of(deck):
            key, slot = divmod(card["CardID"], 100)
            sheet = card["CustomDeck"][str(key)]
            assert slot < sheet["NumWidth"] * sheet["NumHeight"]  # every cell a card: BackIsHidden shows BackURL
            with Image.open(local_file(sheet["FaceURL"])) as face:
                w, h = face.width // sheet["NumWidth"], face.height // sheet["NumHeight"]
                x, y = slot % sheet["NumWidth"] * w, slot // sheet["NumWidth"] * h
                low, high = face.crop((x, y, x + w, y + h)).convert("L").getextrema()
                assert high - low > 64, f"card {card['CardID']} of {deck['Nickname']}: its cell is blank"


@pytest.mark.parametrize("slug", GAMES)
def test_each_decks_cards_are_the_kits_cards_as_many_times(built, slug):
    root, _site, kits = built
    saved = {deck["Nickname"]: deck for deck in decks_of(save_of(root, slug))}
    for deck in kits[slug].decks:
        cards = cards_of(saved[deck.title])
        assert len(cards) == len(deck.instances(None))
        per_id = Counter(card["CardID"] for card in cards)
        assert sorted(per_id.values()) == sorted(count for _card, count in deck.cards)
        if saved[deck.title]["Name"] == "DeckCustom":
            assert saved[deck.title]["DeckIDs"] == [card["CardID"] for card in cards]


@pytest.mark.parametrize("slug", GAMES)
def test_the_published_save_names_the_sites_files_and_the_local_one_this_machines(built, slug):
    root, site, _kits = built
    published = json.dumps(save_of(root, slug))
    urls = [u for u in published.split('"') if u.startswith(("http", "file:"))]
    assert urls and all(u.startswith(site.base_url + slug + "/") for u in urls)
    local = json.dumps(save_of(root, slug, local=True))
    for url in (u for u in local.split('"') if u.startswith("file:")):
        if not url.endswith(".pdf"):  # this build typeset no rules
            assert local_file(url).is_file(), url
    assert published.replace(site.base_url, (root / "output").resolve().as_uri() + "/") == local


@pytest.mark.parametrize("slug", GAMES)
def test_guids_are_unique_and_made_from_names(built, slug):
    root, _site, _kits = built
    objects = save_of(root, slug)["ObjectStates"]
    guids = [o["GUID"] for o in objects] + [c["GUID"] for o in objects for c in o.get("ContainedObjects", ())]
    assert len(guids) == len(set(guids))
    assert all(len(g) == 6 and int(g, 16) >= 0 for g in guids)


def test_the_same_sources_give_the_same_save(built):
    root, site, kits = built
    game = site.game("splat")
    written = {}
    from generator.exports.formats import ExportJob
    from generator.kit.build import Artwork

    job = ExportJob(site, game, kits["splat"], Artwork(kits["splat"], False), [],
                    lambda name, data: written.__setitem__(name, data))
    TabletopSimulator().write(job)
    folder = root / "output" / "splat" / "exports"
    assert sorted(written) == sorted(TabletopSimulator().files(site, game, kits["splat"]))
    for name, data in written.items():
        assert (folder / name).read_bytes() == data, name


def positions(save: dict, prefix: str) -> list[tuple[float, float]]:
    return [(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in save["ObjectStates"]
            if o["Name"] == "Custom_Token" and o["Nickname"].startswith(prefix)]


def test_the_pieces_lie_where_the_engines_start_position_puts_them(built):
    """Splut! for four (its kit's set-up): each team on its own side of the arena, the first seat's
    (South, Red) nearest the first seat; Splat: the skydivers and the parachute in the plane's row."""
    root, _site, _kits = built
    splut = save_of(root, "splut")
    board = next(o for o in splut["ObjectStates"] if is_board(o))
    half = board["Transform"]["scaleX"] * IMAGE_UNITS_AT_SCALE_1 / 2  # the arena is square
    for team, (x_sign, z_sign) in {"Red": (0, -1), "Blue": (-1, 0), "Yellow": (0, 1), "Green": (1, 0)}.items():
        placed = positions(splut, team)
        assert len(placed) == 3
        mean_x, mean_z = (sum(p[i] for p in placed) / 3 for i in (0, 1))
        assert all(abs(x) < half and abs(z) < half for x, z in placed)
        assert mean_x * x_sign >= 0 and mean_z * z_sign >= 0 and abs(mean_x) + abs(mean_z) > 1.0
    splat = save_of(root, "splat")
    sky = next(o for o in splat["ObjectStates"] if is_board(o))
    row = {z for _x, z in positions(splat, "Red") + positions(splat, "Blue") + positions(splat, "Green")}
    assert len(row) == 1 and 0 < row.pop() < sky["Transform"]["scaleZ"] * IMAGE_UNITS_AT_SCALE_1 / 2


def test_a_board_too_large_for_one_image_lies_in_tiles_edge_to_edge(built):
    root, _site, kits = built
    tiles = [o for o in save_of(root, "sitters", local=True)["ObjectStates"] if is_board(o)]
    assert len(tiles) == 2  # 480 mm at 10 px/mm is 4800 px: two tiles of 2400
    sizes = []
    for tile in tiles:
        with Image.open(local_file(tile["CustomImage"]["ImageURL"])) as image:
            assert max(image.size) <= 4096
            sizes.append(image.size)
    left, right = sorted(tiles, key=lambda t: t["Transform"]["posX"])
    gap = right["Transform"]["posX"] - left["Transform"]["posX"]
    width = left["Transform"]["scaleX"] * IMAGE_UNITS_AT_SCALE_1 * sizes[0][0] / max(sizes[0])  # in units
    assert gap == pytest.approx(width, abs=0.01)


def test_a_grid_holds_its_faces_within_10_by_7_the_last_cell_too():
    for faces in range(1, 71):
        grid = tts_images.grid_for(faces, 63.5, 88.9)
        assert grid.faces >= faces and grid.columns <= 10 and grid.rows <= 7
        width, height = tts_images.cell_px(grid, 63.5, 88.9)
        assert grid.columns * width <= 4096 and grid.rows * height <= 4096
    with pytest.raises(ValueError):
        tts_images.grid_for(71, 63.5, 88.9)
    assert tts_images.grid_for(70, 63.5, 88.9) == tts_images.Grid(10, 7)
    assert tts_images.split_faces(150) == [70, 70, 10]


def test_a_board_is_cut_in_tiles_of_at_most_4096_px_where_its_size_is_known():
    assert tts_images.board_grid((480.0, 320.0)) == (2, 1)  # 4800 px at 10 px/mm
    assert tts_images.board_grid((300.0, 409.6)) == (1, 1)
    assert tts_images.board_grid((2000.0, 100.0)) == (2, 1)  # drawn no finer than 8192 px a side
    assert tts_images.board_grid(None) == (1, 1)  # laid out from a map: one picture, shrunk to 4096


def test_the_files_are_in_the_tts_folder(built):
    root, site, kits = built
    for game in site.games:
        names = TabletopSimulator().files(site, game, kits[game.slug])
        assert all(name.startswith(FOLDER + "/") for name in names)
        assert all((root / "output" / game.slug / "exports" / name).is_file() for name in names)


def test_the_rules_page_says_how_to_load_the_save(built):
    """The how-to section (tts-section.html, rendered with the site's templates) links the save
    the build wrote, and lists what it puts on the table."""
    from generator.exports.tts import how_to_section
    from generator.site.theme import make_environment

    root, site, kits = built
    environment = make_environment(root)
    for game in site.games:
        [(url, [section])] = how_to_section(site, game, kits[game.slug]).items()
        assert url == game.page("rules").url
        html = environment.get_template(section.template).render(**section.data, game=game, site=site)
        assert f'href="{section.data["save"]}"' in html and "Saved Objects" in html
        assert (root / "output" / game.slug / section.data["save"]).is_file()
        for deck in kits[game.slug].decks:
            assert f"{deck.title}: a deck of {len(deck.instances(None))} cards" in html
        page = (root / "output" / game.page("rules").url).read_text(encoding="utf-8")
        assert 'id="tabletop-simulator"' in page and page.count(f'href="{section.data["save"]}"') == 2  # + downloads


BIG_DECK = {
    "game.toml": 'title = "Big"\ndesigners = ["Test"]\nsource = "a test"\nlicence = "test"\n'
                 'players = { min = 2, max = 2 }\nsummary = "A deck too large for one sheet."\n\n'
                 '[data.big]\nfile = "big.csv"\ncolumns = { name = "str", n = "int", qty = "int" }\n',
    "components.toml": '[[deck]]\nname = "big"\ntitle = "Big deck"\ndata = "big.csv"\nquantity = "qty"\n'
                       '[deck.front]\ntitle = "{name}"\nvalue = "{n}"\n[deck.back]\ntitle = "BIG"\n',
    "big.csv": "name,n,qty\n" + "".join(f"Card {i},{i},{1 + i % 2}\n" for i in range(75)),
}


def test_a_deck_of_more_than_70_cards_takes_a_second_sheet_with_its_own_deck_key(tmp_path):
    from generator.exports.tts import build_table, planned_files
    from generator.kit.build import Artwork

    folder = tmp_path / "big"
    folder.mkdir()
    for name, text in BIG_DECK.items():
        (folder / name).write_text(text, encoding="utf-8")
    components = load_components(folder)
    written = {}
    table = build_table(components, Artwork(components, False), slug="big", title="Big", rulebook="", setup=None,
                        write=written.__setitem__)
    assert sorted(written) == sorted(planned_files(components))
    [deck] = table.objects(lambda path: path)
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    assert [(s["NumWidth"], s["NumHeight"]) for s in deck["CustomDeck"].values()] == [(10, 7), (3, 2)]
    ids = Counter(deck["DeckIDs"])
    assert len(ids) == 75 and sum(ids.values()) == sum(1 + i % 2 for i in range(75))
    assert set(ids) == {100 + slot for slot in range(70)} | {200 + slot for slot in range(5)}


def test_a_card_that_not_every_edition_plays_says_which_do(built):
    """Splatter SHOOT's save holds the normal game's 130 cards; the 35 the beginner game leaves
    out say "Only in: Normal game", the 95 both play say nothing."""
    root, _site, kits = built
    components = kits["shoot"]
    beginner = next(e for e in components.editions if e.name == "beginner")
    extra = sum(len(deck.instances(None)) - len(deck.instances(beginner)) for deck in components.decks)
    cards = [card for deck in decks_of(save_of(root, "shoot")) for card in cards_of(deck)]
    marked = [card for card in cards if card["Description"]]
    assert extra == 35 and len(marked) == extra
    assert all(card["Description"].startswith("Only in: Normal game") for card in marked)


def test_a_die_with_sides_no_table_has_is_an_error_at_its_line(tmp_path):
    from generator.errors import ContentError

    folder = tmp_path / "dice"
    folder.mkdir()
    (folder / "components.toml").write_text('[[instead]]\ncomponent = "Odd die"\nuse = "a pencil"\ndie = 7\n',
                                            encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        load_components(folder)
    assert raised.value.line == 4 and "die" in str(raised.value) and "4, 6, 8, 10, 12 or 20" in str(raised.value)
    (folder / "components.toml").write_text('[[instead]]\ncomponent = "Odd die"\nuse = "a pencil"\ndie = 20\n',
                                            encoding="utf-8")
    assert load_components(folder).dice == ((20, "Odd die"),)


def test_tts_local_without_a_built_save_says_to_build_first(tmp_path, capsys):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    assert main(["tts-local", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "no Tabletop Simulator saves in the output" in err and "rulepress build" in err


def test_a_saves_own_words_are_in_the_language_of_the_page_that_offers_it(built):
    """A German page's save names the rulebook beside the board and a card's editions in German
    (its pieces and cards are named by the kit, in the kit's language)."""
    from generator.exports.tts import build_table
    from generator.kit.build import Artwork

    _root, _site, kits = built
    components = kits["shoot"]
    table = build_table(components, Artwork(components, False), slug="shoot", title="Splatter SHOOT",
                        rulebook="shoot/rules.pdf", setup=None, write=lambda _name, _data: None, language="de")
    objects = json.dumps(table.objects(lambda path: path), ensure_ascii=False)
    assert '"Nickname": "Splatter SHOOT: Regeln"' in objects
    assert '"Description": "Nur in: ' in objects and "Only in" not in objects
