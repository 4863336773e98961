"""Every Tabletop Simulator save of the launch catalogue survives a third party's parser (issue
42.4): tabletop-tools (on the registry; what mod makers keep saves in git with) unpacks each save
into its folder of objects and packs it again, and the save it packs is ours, object for object;
in it every flat object (board, token, tile) keeps scaleY 1, its thickness its own Thickness.
The saves are made as the exporter makes them, at a published address."""
from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest

from generator.exports.formats import ExportJob
from generator.exports.raster import kit_pieces
from generator.exports.tts import TabletopSimulator
from tests.exports.catalogue_kits import catalogue_kits

FLAT = {"Custom_Token", "Custom_Tile"}

unpack = pytest.importorskip("tts.unpack", reason="tabletop-tools (pip install tabletop-tools)")
repack = pytest.importorskip("tts.repack", reason="tabletop-tools (pip install tabletop-tools)")


@dataclass(frozen=True)
class PublishedSite:
    base_url: str = "https://tables.rulepress.net/"
    path_prefix: str = ""
    rulebooks: bool = True


@dataclass(frozen=True)
class Game:
    slug: str
    title: str
    folder: Path


@pytest.fixture(scope="module")
def saves() -> dict[str, dict]:
    """Each catalogue game's save (its pictures drawn and dropped), by game."""
    found = {}
    for folder, components, artwork in catalogue_kits():
        written: dict[str, bytes] = {}
        job = ExportJob(PublishedSite(), Game(folder.name, folder.name.title(), folder), components, artwork,
                        list(kit_pieces(components, artwork)), written.__setitem__)
        TabletopSimulator().write(job)
        found[folder.name] = json.loads(next(data for name, data in written.items() if name.endswith(".json")))
    assert found
    return found


def round_trip(save: dict, folder: Path) -> dict:
    from tts.config import Config
    from tts.savegame import UnpackedSavegame

    unpack.unpack(savegame=json.loads(json.dumps(save)), unpacked_savegame=UnpackedSavegame(folder, Config()))
    return plain(repack.repack(unpacked_savegame=UnpackedSavegame(folder, Config())))


def plain(value):
    """The repacked save's numbers as JSON reads them (tabletop-tools reads them as Decimal)."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return float(value) if isinstance(value, Decimal) else value


def objects(states: list[dict]):
    for state in states:
        yield state
        yield from objects(state.get("ContainedObjects", []))


def test_every_save_unpacks_and_packs_again_as_it_was(saves, tmp_path):
    for game, save in saves.items():
        again = round_trip(save, tmp_path / game)
        assert again == save, game


def test_every_flat_object_keeps_scale_y_1_through_the_round_trip(saves, tmp_path):
    for game, save in saves.items():
        flat = [state for state in objects(round_trip(save, tmp_path / game)["ObjectStates"])
                if state["Name"] in FLAT]
        assert flat, f"{game} has boards, tokens or sheets"
        assert {state["Transform"]["scaleY"] for state in flat} == {1.0}, game
