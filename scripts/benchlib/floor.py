"""The least time a searchable Rulepress build of a corpus can take on this machine with the
parser the design names (markdown-it-py): that parser's own work on the corpus's pages
(CommonMark and tables, parsed and rendered, nothing of Rulepress's: no directives, no
template, no file written) plus Pagefind's own work on the same pages (its CPU indexing Hugo's),
spread over every core with nothing lost. A build cannot beat it; where it is above Hugo +
Pagefind's time, issue 47's ratio cannot be met with this parser here."""
from __future__ import annotations

import os
import time
from pathlib import Path


def parser_seconds(site: Path) -> float:
    """CPU seconds markdown-it-py alone takes to parse and render every page of the corpus `site`."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable("table")
    bodies = [path.read_text(encoding="utf-8").split("---", 2)[-1] for path in sorted(site.glob("content/*/*.md"))]
    started = time.process_time()
    for body in bodies:
        md.render(body)
    return time.process_time() - started


def floor_line(parser: float, pagefind_cpu: float, peer: float) -> str:
    cores = os.cpu_count() or 1
    floor = (parser + pagefind_cpu) / cores
    return (f"floor with markdown-it-py {floor:.2f} s = (its parse and render {parser:.2f} s + Pagefind's "
            f"{pagefind_cpu:.2f} s of CPU) / {cores} cores, against Hugo + Pagefind {peer:.2f} s: floor/peer "
            f"{floor / peer:.2f}")
