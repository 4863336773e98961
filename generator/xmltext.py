"""Text made fit for XML 1.0 where it is written: the feeds, the sitemap and every SVG.

XML 1.0 has no way to write most C0 control characters (not even as &#1;), nor lone
surrogates or U+FFFE/U+FFFF: one of them makes the whole file unreadable to a feed reader or
a browser. Content refuses control characters at load (generator.content.schema), but text
also reaches the writers by other roads (a data file's cell on a card, a game engine's
drawing), so each XML writer drops them itself. Standard library only: SVG is drawn in the
reader's browser too."""
from __future__ import annotations

import re

NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """`text` without the characters XML 1.0 cannot hold (tab, newline and return stay)."""
    return NOT_IN_XML.sub("", text)
