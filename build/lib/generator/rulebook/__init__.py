"""Printable rulebooks: a game's pages typeset as a PDF with reportlab's platypus,
from the same markdown-it tokens as the site, with the engine's diagrams drawn
as vectors through the drawing model's PDF backend.

    tokens -> blocks.py (one function per node type) -> flowables
           -> document.py (cover, contents, running header, page x of n, outline)
    booklet.py imposes an A5 book two-up for saddle stitching.
"""
