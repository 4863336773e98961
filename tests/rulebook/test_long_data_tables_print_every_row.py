"""Issue 48.5: a data table as long as a data file may be (10,000 rows) shows every row, in
order, on its page and in the rulebook, its header row repeated on every page it spans; and
typesetting it handles each row a few times in all, not once for every page before it (a
platypus Table split page by page remade and measured all the rows left each time: a
10,000-row table took minutes)."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader
from reportlab.platypus import Table

from generator.build import build, directive_registry
from generator.content.limits import MAX_DATA_ROWS
from generator.content.load import load_site
from generator.rulebook.make import GameBook
from tests.sitefactory import RULES, make_site

HEADERS = "headers: [Stones, Score]\n"  # words found only in the table's header row


def long_table_site(root, rows: int):
    """The test site whose scores table has `rows` rows: pebbles 1..rows, points 100000 more."""
    scores = "pebbles,points\n" + "".join(f"{n},{100000 + n}\n" for n in range(1, rows + 1))
    rules = RULES.replace("caption: Points per pebble\n", "caption: Points per pebble\n" + HEADERS)
    return make_site(root, **{"content__pebbles__scores.csv": scores, "content__pebbles__rules.md": rules})


def expected_cells(rows: int) -> list[str]:
    return [str(cell) for n in range(1, rows + 1) for cell in (n, 100000 + n)]


def test_a_table_of_the_most_rows_a_data_file_may_have_shows_every_row_on_its_page_and_in_its_rulebook(tmp_path):
    rows = MAX_DATA_ROWS
    site = long_table_site(tmp_path / "site", rows)
    build(site, stages=[])
    page = (site / "output/pebbles/index.html").read_text(encoding="utf-8")
    body = page.split('<table class="data-table">', 1)[1].split("</table>", 1)[0]
    assert re.findall(r"<td>(\d+)</td>", body) == expected_cells(rows)

    loaded = load_site(site)
    pdf = PdfReader(io.BytesIO(GameBook(loaded, loaded.game("pebbles"), directive_registry(loaded)).rules("a4")))
    pages = [page.extract_text() for page in pdf.pages]
    spanned = [text for text in pages if re.search(r"^1\d{5}$", text, re.M)]  # the pages holding rows
    cells = [line for text in spanned for line in text.splitlines() if re.fullmatch(r"\d+", line)
             and not re.fullmatch(r"Page \d+ of \d+", line)]
    assert ",".join(expected_cells(rows)) in ",".join(cells)
    assert len(spanned) > 100 and all(re.search(r"^ ?Stones\nScore$", text, re.M) for text in spanned)


def test_typesetting_a_long_table_handles_each_row_a_few_times_not_once_a_page(tmp_path, monkeypatch):
    """Counted, not timed: the rows of every Table made and of every Table measured while the
    booklet's pages (the most pages, so the most splits) are set."""
    rows = 1000
    site = long_table_site(tmp_path / "site", rows)
    loaded = load_site(site)
    book = GameBook(loaded, loaded.game("pebbles"), directive_registry(loaded))
    handled = {"made": 0, "measured": 0}
    make, measure = Table.__init__, Table._calc_height

    def made(self, data, *args, **kwargs):
        handled["made"] += len(data)
        make(self, data, *args, **kwargs)

    def measured(self, *args, **kwargs):
        handled["measured"] += len(self._cellvalues)
        return measure(self, *args, **kwargs)

    monkeypatch.setattr(Table, "__init__", made)
    monkeypatch.setattr(Table, "_calc_height", measured)
    book.rules("a5")
    # the table once whole, once in runs to measure its rows, once in its pages' parts (and each
    # part measured as it is placed and drawn): about 3 and 2 times its rows; split by platypus,
    # 18 and 64 times
    assert handled["made"] <= 4 * rows and handled["measured"] <= 4 * rows
