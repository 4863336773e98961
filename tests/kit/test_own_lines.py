"""Issue 44.3: Rulepress's own layouts never fail its own checks. A line the generator draws on
a card (its footer, "Goose Chase · event") shrinks within its range (down to 6 pt), then wraps
on two lines, then is left out with a warning, for every card size and text length."""
from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from generator.draw.flatten import flatten
from generator.draw.preflight import LEFT_OUT, MIN_TEXT_PT, PT_PER_MM
from generator.draw.shapes import Text
from generator.kit import load_components
from generator.kit.build import Artwork
from generator.kit.preflight import component_findings
from tests.errors.test_author_messages import KIT
from tests.sitefactory import GAME_TOML

WORDS = st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzGC·", min_size=1, max_size=12), min_size=1, max_size=10)


def deck_folder(folder: Path, width: float, height: float, footer: str, corner: bool) -> Path:
    front = f'background = "#ffffff"\nfooter = "{footer}"\n' + ('corner = "{n}"\n' if corner else "")
    (folder / "components.toml").write_text(
        KIT + f'\n[[deck]]\nname = "events"\ntitle = "Events"\nsize = [{width}, {height}]\ndata = "events.csv"\n'
        f'[deck.front]\n{front}[deck.back]\nbackground = "#333333"\ntitle = "P"\n')
    (folder / "game.toml").write_text(GAME_TOML + '\n[data.events]\nfile = "events.csv"\n'
                                      'columns = { name = "str", n = "int" }\n')
    (folder / "events.csv").write_text("name,n\nOne,1\nTwo,2\n")
    (folder / "scores.csv").write_text("pebbles,points\n1,2\n2,5\n")  # the factory game's own table
    return folder


def footer_findings(width: float, height: float, footer: str, corner: bool):
    with tempfile.TemporaryDirectory() as scratch:
        components = load_components(deck_folder(Path(scratch), width, height, footer, corner))
        artwork = Artwork(components, False)
        (deck,) = components.decks
        fronts, _backs = artwork.cards(deck, None)
        texts = [item for item in flatten(fronts[0].shapes)  # the first card's: every card's footer is the same
                 if isinstance(item.shape, Text) and item.shape.role.startswith(("card-footer", LEFT_OUT))]
        return component_findings(components, artwork, "print"), texts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(width=st.integers(25, 150), height=st.integers(25, 200), words=WORDS, corner=st.booleans())
def test_a_card_footer_gives_no_finding_but_left_out_at_any_card_size_and_text_length(width, height, words, corner):
    footer = " ".join(words)
    findings, texts = footer_findings(width, height, footer, corner)
    assert [f.check for f in findings if f.check != "a line Rulepress draws left out"] == [], findings
    assert all(f.severity == "warning" for f in findings)
    printed = [item for item in texts if item.shape.text]
    assert all(item.shape.size * PT_PER_MM >= MIN_TEXT_PT - 1e-3 for item in printed)
    if findings:  # left out: nothing of it printed, and said once per card
        assert not printed and footer in findings[0].found
    else:
        assert " ".join(item.shape.text for item in printed).split() == footer.split()


def test_the_mini_card_footer_prints_at_6_pt_with_no_finding():
    """The earlier author's "Goose Chase · event" on mini cards printed at 5.36 pt."""
    findings, texts = footer_findings(44, 63, "Goose Chase · event", corner=True)
    assert findings == []
    assert {round(item.shape.size * PT_PER_MM, 2) for item in texts} == {6.0}


def test_a_long_footer_on_a_small_card_wraps_on_two_lines():
    findings, texts = footer_findings(44, 63, "Goose Chase · event · second edition", corner=True)
    assert findings == [] and len(texts) == 2  # two lines
    assert texts[0].shape.y < texts[1].shape.y


def test_a_footer_with_no_room_even_wrapped_is_left_out_with_a_warning():
    footer = "The great goose chase, an event of the long expansion, second printing"
    findings, texts = footer_findings(30, 40, footer, corner=True)
    assert {f.check for f in findings} == {"a line Rulepress draws left out"}
    assert {f.severity for f in findings} == {"warning"} and not any(item.shape.text for item in texts)
