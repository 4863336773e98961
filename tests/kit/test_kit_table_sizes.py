"""The rules page's kit table gives each PDF's own page count and size. The PDFs are made in a
child process while the build goes on; the table is completed from what that child reports,
before the page is rendered or kept in the build cache (a rebuild shows the same table)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from pypdf import PdfReader

from generator.build import build
from generator.kit.stage import human_size

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "goosesite"
ROW = re.compile(r'<a href="([^"]+\.pdf)" download>[^<]*</a></td><td data-label="Pages">([^<]*)</td>'
                 r'<td data-label="Size">([^<]*)</td>')


def kit_rows(page: Path) -> list[tuple[str, str, str]]:
    return ROW.findall(page.read_text(encoding="utf-8"))


def test_each_kit_row_gives_its_pdfs_pages_and_size_in_a_build_and_a_rebuild(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(FIXTURE, site)
    build(site)
    rules = site / "output" / "goose" / "index.html"
    rows = kit_rows(rules)
    assert rows, "the rules page offers the kits"
    for href, pages, size in rows:
        pdf = rules.parent / href
        assert pages == str(len(PdfReader(pdf).pages)), href
        assert size == human_size(pdf.stat().st_size), href
    (site / "content" / "goose" / "rules.md").write_text(
        (site / "content" / "goose" / "rules.md").read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    build(site)  # the kit is kept: its table comes from the build cache
    assert kit_rows(rules) == rows
