"""Issue 24.5: SHOOT gains a kit holding only what the normal game adds to the beginner game,
so a player who printed the beginner kit does not print the whole normal kit again.
`[[edition]] adds_to = "<edition>"` makes an edition an add-on: its kit holds only the cards
that edition's kit lacks, and nothing else (every component without the edition's column is
in the kit it adds to)."""
from __future__ import annotations

import shutil

import pytest

from generator.draw.shapes import Group, Text
from generator.errors import ContentError, ContentErrors
from generator.kit import load_components
from generator.kit.build import Artwork, kit_pages
from generator.kit.spec import plan_kits
from tests.kit.conftest import CONTENT, DEMO


@pytest.fixture(scope="module")
def shoot():
    return load_components(CONTENT / "shoot")


def edition(components, name):
    return next(e for e in components.editions if e.name == name)


def test_the_add_on_holds_exactly_the_cards_the_normal_game_adds_to_the_beginner_game(shoot):
    add_on, beginner, normal = (edition(shoot, name) for name in ("normal-add-on", "beginner", "normal"))
    assert add_on.adds_to == beginner
    for deck in shoot.decks:
        added = deck.instances(add_on)
        assert len(added) == len(deck.instances(normal)) - len(deck.instances(beginner)), deck.name
        assert added and {card.row.text["set"] for card in added} == {"normal"}, deck.name


def test_the_add_on_kit_prints_no_component_of_the_kit_it_adds_to(shoot):
    """Cards only: the Medical Records, Tokens, Bases and Flags are in the beginner kit."""
    add_on = edition(shoot, "normal-add-on")
    artwork = Artwork(shoot, False)
    for paper in ("a4", "letter"):
        pages = kit_pages(shoot, artwork, title="Splatter SHOOT", author="", paper=paper, variant="print",
                          edition=add_on)
        roles = {s.role.split(":")[0] for page in pages for s in page.drawing.shapes if isinstance(s, Group)}
        assert not roles & {"token", "sheet"}, roles
        normal = kit_pages(shoot, artwork, title="Splatter SHOOT", author="", paper=paper, variant="print",
                           edition=edition(shoot, "normal"))
        cards = sum(len(deck.instances(add_on)) for deck in shoot.decks)
        assert len(pages) < len(normal) / 2 and cards == 35


def test_the_add_on_is_named_as_one_on_the_download_list_and_its_cover(shoot):
    labels = [kit.label for kit in plan_kits(shoot) if kit.edition and kit.edition.add_on]
    assert labels and all(label.startswith("Normal game add-on (35 cards to add to the beginner kit)")
                          for label in labels)
    cover = kit_pages(shoot, Artwork(shoot, False), title="Splatter SHOOT", author="", paper="a4", variant="print",
                      edition=edition(shoot, "normal-add-on"))[0]
    words = " ".join(s.text for s in cover.drawing.shapes if isinstance(s, Text))
    assert "An add-on: only what is not in the Beginner game (95 cards) kit. Print that kit too." in words


def test_adds_to_naming_no_other_edition_is_an_error_at_its_line(tmp_path):
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    path = folder / "components.toml"
    path.write_text(path.read_text().replace('name = "full"\n', 'name = "full"\nadds_to = "beginner"\n', 1))
    with pytest.raises((ContentError, ContentErrors)) as caught:
        load_components(folder)
    [error] = caught.value.errors
    lines = path.read_text().splitlines()
    assert lines[error.line - 1] == 'adds_to = "beginner"'
    assert "adds_to names no other edition: 'beginner'" in error.message and "starter" in error.expected
