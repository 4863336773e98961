"""Rule: every text inside a rulebook's diagrams (walkthrough steps, position diagrams) prints
at 7 pt or more on A4 and US Letter (issue 25, item 3); the kit's floor stays 6 pt. Read back
from the PDFs: each text run's size on paper, with the marked-content role it is drawn in."""
from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.draw.preflight import MIN_TEXT_PT
from generator.rulebook.preflight import FIGURE_MIN_TEXT_PT
from tests.kit.pdfgeom import PageGeometry, _walk
from tests.rulebook.printed_rules import GAMES, PAPERS, game_book, rules_pdf

DIAGRAMS = ("step-diagram", "position-diagram")


class TextsInDiagrams(list):
    """Stands in for PageGeometry.texts: keeps the texts shown inside a diagram's marked content."""

    def __init__(self, roles: list):
        super().__init__()
        self.roles = roles  # the walk's stack of (role, cell), as it stands when a text is shown

    def append(self, sized_text):
        if any(role in DIAGRAMS for role, _cell in self.roles):
            super().append(sized_text)


def diagram_texts(data: bytes) -> list[tuple[float, str, int]]:
    """(size on paper in pt, text, page) of every text drawn inside a diagram."""
    reader = PdfReader(BytesIO(data))
    found = []
    for number, page in enumerate(reader.pages, start=1):
        roles: list = []
        geometry = PageGeometry(0, 0)
        geometry.texts = TextsInDiagrams(roles)
        _walk(reader, ContentStream(page.get_contents(), reader), page["/Resources"], (1, 0, 0, 1, 0, 0), roles,
              geometry)
        found += [(size, text, number) for size, text in geometry.texts]
    return found


def test_the_rulebooks_floor_is_above_the_kits():
    assert FIGURE_MIN_TEXT_PT == 7.0 and MIN_TEXT_PT == 6.0


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", GAMES)
def test_every_diagram_label_prints_at_7_pt_or_more(slug, paper):
    texts = diagram_texts(rules_pdf(slug, paper))
    assert texts  # the diagrams' labels are found
    assert min(texts) >= (FIGURE_MIN_TEXT_PT - 0.01, "", 0), min(texts)


@pytest.mark.parametrize("slug", GAMES)
def test_every_diagram_label_in_the_a5_booklet_prints_at_7_pt_or_more_on_us_letter(slug):
    """The booklet's A5 pages are the narrowest a figure gets, and US Letter shrinks them to 94%:
    each diagram's labels still reach 7 pt there (the games' drawings set them large enough)."""
    from generator.rulebook.preflight import BOOKLET_MIN_TEXT_PT, small_text

    figures = game_book(slug).placed_figures("rules", "a5")
    assert figures and all(figure.print_scale < 1 for figure in figures)  # as US Letter prints them
    under = [(text.text, text.points, figure.figure) for figure in figures
             for text in small_text(figure.drawing.shapes, "a5", figure.figure, figure.scale, FIGURE_MIN_TEXT_PT)]
    assert under == []
    assert BOOKLET_MIN_TEXT_PT == FIGURE_MIN_TEXT_PT  # and preflight holds every build to it
