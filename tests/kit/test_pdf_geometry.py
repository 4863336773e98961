"""Print geometry read back from the demo kit PDFs (issue 4, "Done when": trims, crop
marks, duplex mirroring, tiles, calibration, boxes, reproducible bytes, card counts)."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from pypdf import PdfReader

from generator.kit import write_kits
from tests.kit.pdfgeom import PT_PER_MM, contains, overlaps, page_geometry, segment_enters_box

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
POKER = (63.5, 88.9)
TOL = 0.1




def card_items(geometry, side=None):
    items = geometry.with_role("card-trim:")
    return [i for i in items if side is None or i.role.endswith(":" + side)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_is_the_exact_paper_size(readers, paper):
    """Issue 4: kits in A4 and in US Letter, at exact size."""
    width, height = PAPERS[paper]
    for page in readers[("full", paper, "print")].pages:
        assert float(page.mediabox.width) / PT_PER_MM == pytest.approx(width, abs=0.01)
        assert float(page.mediabox.height) / PT_PER_MM == pytest.approx(height, abs=0.01)


@pytest.mark.parametrize("variant", ["print", "ink-saver", "fold-over"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_trim_is_its_nominal_size_within_0_1_mm(geometry_of, readers, paper, variant):
    """Issue 4: every card's trim rectangle is its nominal size within 0.1 mm."""
    found = 0
    for geometry in geometry_of(readers[("full", paper, variant)]):
        for item in card_items(geometry):
            _x, _y, w, h = item.bbox
            if variant == "fold-over" and w > h:  # fold-over cards may lie on their side (four a page)
                w, h = h, w
            assert abs(w - POKER[0]) <= TOL and abs(h - POKER[1]) <= TOL, item.role
            found += 1
    assert found == 2 * 10  # ten cards in the full edition, front and back


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_cards_are_imposed_three_by_three(geometry_of, readers, paper):
    """Issue 4 / DESIGN print rules: 3x3 poker cards on A4 and on Letter."""
    geometry = next(g for g in geometry_of(readers[("full", paper, "print")]) if card_items(g, "front"))
    boxes = [i.bbox for i in card_items(geometry, "front")]
    assert len(boxes) == 9
    assert len({round(x, 3) for x, _y, _w, _h in boxes}) == 3
    assert len({round(y, 3) for _x, y, _w, _h in boxes}) == 3
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            assert not overlaps(boxes[a], boxes[b])


@pytest.mark.parametrize("variant", ["print", "fold-over"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_lie_outside_every_trim_and_bleed(geometry_of, readers, paper, variant):
    """Issue 4: crop marks outside the trim (and outside the 3 mm bleed they protect)."""
    checked = 0
    for geometry in geometry_of(readers[("full", paper, variant)]):
        marks = geometry.with_role("crop-mark")
        trims = [i.bbox for i in card_items(geometry)]
        bleeds = [i.bbox for i in geometry.with_role("card-art:") if i.paint.startswith("W")]
        if not trims:
            continue
        assert marks, "a card page without crop marks"
        assert len(bleeds) == len(trims)
        for mark in marks:
            for box in trims + bleeds:
                assert not segment_enters_box(mark.points, box), (mark.points, box)
            x, y, _w, _h = mark.bbox
            assert 0 <= x <= geometry.width and 0 <= y <= geometry.height
        checked += len(marks)
    assert checked


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_extend_every_cut_line(geometry_of, readers, paper):
    """Issue 4: crop marks show where to cut: each card edge lines up with a mark."""
    for geometry in geometry_of(readers[("full", paper, "print")]):
        trims = [i.bbox for i in card_items(geometry)]
        if not trims:
            continue
        marks = geometry.with_role("crop-mark")
        vertical = {round(m.points[0][0], 2) for m in marks if abs(m.points[0][0] - m.points[1][0]) < 1e-6}
        horizontal = {round(m.points[0][1], 2) for m in marks if abs(m.points[0][1] - m.points[1][1]) < 1e-6}
        for x, y, w, h in trims:
            assert round(x, 2) in vertical and round(x + w, 2) in vertical
            assert round(y, 2) in horizontal and round(y + h, 2) in horizontal


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_back_page_mirrors_front_page_for_long_edge_duplex(geometry_of, readers, paper):
    """Issue 4: back page n follows front page n, mirrored, so card i's back sits behind
    card i when the sheet is flipped on its long edge (x -> page width - x)."""
    pages = geometry_of(readers[("full", paper, "print")])
    pairs = 0
    for index, geometry in enumerate(pages):
        fronts = {i.role.split(":")[2]: i.bbox for i in card_items(geometry, "front")}
        if not fronts:
            continue
        backs = {i.role.split(":")[2]: i.bbox for i in card_items(pages[index + 1], "back")}
        assert set(backs) == set(fronts), "the next page holds exactly these cards' backs"
        for card, (x, y, w, h) in fronts.items():
            bx, by, bw, bh = backs[card]
            assert bx == pytest.approx(geometry.width - x - w, abs=0.01)
            assert by == pytest.approx(y, abs=0.01)
        pairs += len(fronts)
    assert pairs == 10


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_over_back_sits_beside_its_front_across_the_fold(geometry_of, readers, paper):
    """Issue 4: the fold-over option: each back touches its front at a fold line, mirrored
    across it, so folding puts the back behind its own card."""
    for geometry in geometry_of(readers[("full", paper, "fold-over")]):
        fronts = {i.role.split(":")[2]: i.bbox for i in card_items(geometry, "front")}
        backs = {i.role.split(":")[2]: i.bbox for i in card_items(geometry, "back")}
        assert set(fronts) == set(backs)
        folds = {round(f.points[0][0], 2) for f in geometry.with_role("fold-line")}
        for card, (x, y, w, h) in fronts.items():
            bx, by, _bw, _bh = backs[card]
            assert bx == pytest.approx(x + w, abs=0.01) and by == pytest.approx(y, abs=0.01)
            assert round(x + w, 2) in folds


def test_card_counts_match_the_deck_quantities(geometry_of, readers, demo_components):
    """Issue 4: card counts match the deck data (per edition, summing the qty column)."""
    deck = demo_components.decks[0]
    expected = {}
    for edition in demo_components.editions:
        expected[edition.name] = sum(r["qty"] for r in deck.data.rows if r["set"] in edition.values)
    assert expected == {"starter": 6, "full": 10}
    for edition, count in expected.items():
        fronts = [i for g in geometry_of(readers[(edition, "a4", "print")]) for i in card_items(g, "front")]
        assert len(fronts) == count
        assert len({i.role for i in fronts}) == count


def test_board_tiles_overlap_by_10_mm_and_cover_the_board_exactly(geometry_of, readers):
    """Issue 4: boards larger than the page tile with 10 mm overlap and cover it exactly."""
    for paper in ("a4", "letter"):
        pages = geometry_of(readers[("full", paper, "print")])
        windows = []
        for geometry in pages:
            extents = geometry.with_role("board-extent:island")
            for window in geometry.with_role("tile-window:island:"):
                (ex, ey, ew, eh), = [e.bbox for e in extents]
                x, y, w, h = window.bbox
                windows.append((x - ex, y - ey, w, h, ew, eh))  # the window in board coordinates
        assert len(windows) > 1, "the 40 mm island board is larger than a page"
        board_w, board_h = windows[0][4], windows[0][5]
        xs = sorted({(round(x, 3), round(w, 3)) for x, _y, w, _h, _bw, _bh in windows})
        ys = sorted({(round(y, 3), round(h, 3)) for _x, y, _w, h, _bw, _bh in windows})
        for spans, length in ((xs, board_w), (ys, board_h)):
            assert spans[0][0] == pytest.approx(0, abs=0.01)
            assert spans[-1][0] + spans[-1][1] == pytest.approx(length, abs=0.01)
            for (a, a_len), (b, _b_len) in zip(spans, spans[1:]):
                assert a + a_len - b >= 10.0 - 0.01, "neighbours share at least 10 mm"
        assert len(windows) == len(xs) * len(ys)


def test_tiles_carry_alignment_marks_in_every_overlap(geometry_of, readers):
    """Issue 4, 13.5: each overlap's marks print on both tiles at the same board spot, and
    outside the tile's window: never over the board."""
    pages = geometry_of(readers[("full", "a4", "print")])
    marks_by_tile = {}
    for geometry in pages:
        windows = geometry.with_role("tile-window:island:")
        if not windows:
            continue
        (ex, ey, _w, _h), = [e.bbox for e in geometry.with_role("board-extent:island")]
        wx, wy, ww, wh = windows[0].bbox
        marks = set()
        for line in geometry.with_role("alignment-mark"):
            (x1, y1), (x2, y2) = line.points
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            assert not (wx < mx < wx + ww and wy < my < wy + wh), "an alignment mark inside the board"
            marks.add((round(mx - ex, 2), round(my - ey, 2)))
        marks_by_tile[windows[0].role] = marks
    assert len(marks_by_tile) > 1
    tiles = list(marks_by_tile.values())
    for a, b in zip(tiles, tiles[1:]):
        assert a & b, "neighbouring tiles share alignment marks"


def test_each_kit_has_one_calibration_square_and_card_pages_a_50_mm_bar(geometry_of, readers):
    """Issue 13.5: the 50 mm calibration square once per kit; card sheets keep a 50 mm bar."""
    for key, reader in readers.items():
        squares_on = []
        for number, geometry in enumerate(geometry_of(reader), start=1):
            squares = [i.bbox for i in geometry.with_role("calibration-square") if i.kind == "rect"]
            bars = [i for i in geometry.with_role("calibration-bar") if i.kind == "line"]
            if squares:
                squares_on.append(number)
            for _x, _y, w, h in squares:
                assert w == pytest.approx(50.0, abs=0.01) and h == pytest.approx(50.0, abs=0.01)
            if geometry.with_role("card-trim:"):
                assert bars, f"{key} card page {number} has no 50 mm bar"
            for bar in bars:
                assert bar.length == pytest.approx(50.0, abs=0.01)
        assert len(squares_on) == 1, f"{key}: calibration squares on pages {squares_on}"


def test_every_page_names_itself_in_the_footer_and_the_kit_says_print_at_100_percent(readers):
    """Issue 4: a footer "game — component — page i of n" on every page; the cover and every
    card page say to print at 100%."""
    reader = readers[("full", "letter", "print")]
    total = len(reader.pages)
    for number, page in enumerate(reader.pages, start=1):
        text = re.sub(r"\s+", " ", page.extract_text())
        if number == 1 or "cards" in text.lower():
            assert re.search(r"print at 100%", text, re.IGNORECASE), number
        assert re.search(rf"Demo Game — .+ — page {number} of {total}", text), text[-200:]


def test_every_page_has_trim_and_bleed_boxes_within_the_media_box(readers):
    """Issue 4: PDF TrimBox and BleedBox set; trim inside bleed inside media. On card
    pages the trim box is the block of card trims."""
    for reader in readers.values():
        for page in reader.pages:
            assert "/TrimBox" in page and "/BleedBox" in page
            media, bleed, trim = page.mediabox, page.bleedbox, page.trimbox
            assert float(media.left) <= float(bleed.left) <= float(trim.left)
            assert float(trim.right) <= float(bleed.right) <= float(media.right)
            assert float(media.bottom) <= float(bleed.bottom) <= float(trim.bottom)
            assert float(trim.top) <= float(bleed.top) <= float(media.top)
    reader = readers[("full", "a4", "print")]
    for page in reader.pages:
        geometry = page_geometry(reader, page)
        trims = [i.bbox for i in card_items(geometry)]
        if trims:
            left = min(x for x, _y, _w, _h in trims)
            right = max(x + w for x, _y, w, _h in trims)
            assert float(page.trimbox.left) / PT_PER_MM == pytest.approx(left, abs=0.01)
            assert float(page.trimbox.right) / PT_PER_MM == pytest.approx(right, abs=0.01)
            assert left - float(page.bleedbox.left) / PT_PER_MM >= 1.5 - 0.01  # the outer bleed, at least


def test_backgrounds_bleed_3_mm_past_the_outer_trims(geometry_of, readers):
    """Issue 4: 3 mm bleed with the background extended into it (outer edges of the grid)."""
    reader = readers[("full", "a4", "print")]
    geometry = next(g for g in geometry_of(reader) if card_items(g, "front"))
    trims = {i.role.replace("card-trim", ""): i.bbox for i in card_items(geometry)}
    clips = {i.role.replace("card-art", ""): i.bbox for i in geometry.with_role("card-art:")
             if i.paint.startswith("W")}
    backgrounds = [i.bbox for i in geometry.with_role("card-background")]
    left = min(x for x, _y, _w, _h in trims.values())
    for key, (x, y, w, h) in trims.items():
        cx, cy, cw, ch = clips[key]
        if x == left:  # an outer edge: the art runs past the cut, 1.5 to 3 mm as the crop marks leave room
            assert 1.5 - 0.01 <= x - cx <= 3.0 + 0.01
        assert any(contains(bg, (cx, cy, cw, ch), tolerance=0.01) for bg in backgrounds)


def test_ink_saver_kit_has_no_full_bleed_backgrounds(geometry_of, readers):
    """Issue 4: an ink-saver variant (no full-bleed backgrounds)."""
    for reader in (readers[("full", "a4", "ink-saver")], readers[("full", "letter", "ink-saver")]):
        assert not any(g.with_role("card-background") for g in geometry_of(reader))
    assert any(g.with_role("card-background") for g in geometry_of(readers[("full", "a4", "print")]))


def test_pdf_has_title_author_and_embedded_fonts(readers):
    """Issue 4: PDF title and author set; fonts embedded."""
    reader = readers[("starter", "a4", "print")]
    assert reader.metadata.title.startswith("Demo Game")
    assert reader.metadata.author == "Test Author"
    fonts = {}
    for page in reader.pages:
        for name, ref in page["/Resources"]["/Font"].items():
            fonts[name] = ref.get_object()
    assert fonts
    for font in fonts.values():
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
            else font["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object(), "the TrueType font is embedded"


def test_two_builds_give_identical_bytes(demo_components, tmp_path):
    """Issue 4: reproducible bytes."""
    first = write_kits(demo_components, tmp_path / "one", title="Demo Game", author="A", papers=("letter",),
                       variants=("print",))
    second = write_kits(demo_components, tmp_path / "two", title="Demo Game", author="A", papers=("letter",),
                        variants=("print",))
    assert [f.path.name for f in first] == [f.path.name for f in second]
    for a, b in zip(first, second):
        assert a.path.read_bytes() == b.path.read_bytes()


def test_kit_files_report_their_pages_and_sizes(demo_kits):
    """The site shows page counts and sizes next to each download link."""
    names = Counter()
    for (edition, paper, variant), kit in demo_kits.items():
        assert kit.bytes == kit.path.stat().st_size
        assert kit.pages == len(PdfReader(kit.path).pages)
        assert kit.path.name == f"demo-kit-{edition}-{paper}" + ("" if variant == "print" else f"-{variant}") + ".pdf"
        names[kit.path.name] += 1
    assert len(names) == 12 and set(names.values()) == {1}
