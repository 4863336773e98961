"""Rule: a rulebook is set to a book's measure, not the width of the paper (issue 25, item 3).
Books are set at 60-75 characters a line; in each rules PDF, 90% of the lines of 30
characters or more (the lines of running text, read back with `pdftotext -raw`: its default
joins the two lines of a word hyphenated at a line's end) hold at most 82."""
from __future__ import annotations

import subprocess

import pytest

from tests.rulebook.printed_rules import GAMES, PAPERS, written

MOST = 82  # characters
SHARE = 0.9


def text_lines(pdf) -> list[str]:
    """Every line of 30 characters or more of the PDF's text, spaces at either end dropped."""
    text = subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [line.strip() for line in text.splitlines() if len(line.strip()) >= 30]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", GAMES)
def test_nine_lines_in_ten_hold_at_most_82_characters(slug, paper, tmp_path):
    lines = text_lines(written(slug, paper, tmp_path))
    assert len(lines) > 100
    long = [line for line in lines if len(line) > MOST]
    assert len(long) <= (1 - SHARE) * len(lines), (len(long), len(lines), long[:5])
