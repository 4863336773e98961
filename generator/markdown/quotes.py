"""Typographic quotes in the page's language: "Stein" reads „Stein“ in German, « Rocher » in
French, 「岩」 in Japanese and “Rock” in English, on the site and in the rulebook alike (both
read the same tokens).

markdown-it's typographer (the "smartquotes" rule) pairs straight quotes and writes the
parser's `quotes` option for them, one set for every page it parses. The parser here writes
four private-use marks instead, and this rule, run just after it, puts each page's own quotes
in their place: the language of the page's game (a translation's, generator/i18n/site.py), else
the site's. A translated page's block shown in its source language (stale or not translated
yet: the page's `stale` and `missing` lines) keeps the source's quotes. Apostrophes are the
typographer's own (’) in every language.

The typographer tells an opening quote from a closing one by the spaces around it, which
Chinese and Japanese do not write ("小石"と): on their pages the straight quotes of a block
alternate, opening and closing, before it looks (where they pair up: an odd one is left)."""
from __future__ import annotations

from markdown_it import MarkdownIt

from generator.markdown.tokens import page_language, page_line

# what the typographer writes for a double quote's opening and closing, a single's (U+E000-E003)
MARKS = "\ue000\ue001\ue002\ue003"

NNBSP = "\u202f"  # French sets its guillemets off by a narrow no-break space, which never breaks from them
ENGLISH = ("“", "”", "‘", "’")
# A language's primary and secondary quotes (CLDR's delimiters; French with its spaces). A
# language not here gets English ones: ask for it rather than guess.
QUOTES: dict[str, tuple[str, str, str, str]] = {
    "en": ENGLISH,
    "de": ("„", "“", "‚", "‘"),
    "de-CH": ("«", "»", "‹", "›"),
    "fr": ("«" + NNBSP, NNBSP + "»", "“", "”"),
    "ja": ("「", "」", "『", "』"),
    "zh-Hant": ("「", "」", "『", "』"),
    "es": ("«", "»", "“", "”"),
    "it": ("«", "»", "“", "”"),
    "ru": ("«", "»", "„", "“"),
    "pl": ("„", "”", "«", "»"),
    "cs": ("„", "“", "‚", "‘"),
    "nl": ("‘", "’", "“", "”"),
}


def quotes_for(language: str) -> tuple[str, str, str, str]:
    """The quotes of `language` ("de-AT" reads German's, "zh-Hant-TW" Traditional Chinese's)."""
    parts = (language or "en").replace("_", "-").split("-")
    for size in range(len(parts), 0, -1):
        found = QUOTES.get("-".join(parts[:size]))
        if found:
            return found
    return ENGLISH


UNSPACED = ("ja", "zh")  # languages written without spaces between words


def quotes_plugin(md: MarkdownIt) -> None:
    md.options["quotes"] = MARKS
    md.core.ruler.before("smartquotes", "unspaced_quotes", unspaced_quotes)
    md.core.ruler.after("smartquotes", "language_quotes", language_quotes)


def source_lines(env: dict) -> set[int]:
    """The lines of the blocks a translated page shows in its source language."""
    page = env.get("page")
    return set(getattr(page, "stale", ())) | set(getattr(page, "missing", ()))


def unspaced_quotes(state) -> None:
    if page_language(state.env).split("-")[0] not in UNSPACED or not any(mark in state.src for mark in "\"'"):
        return
    kept = source_lines(state.env)
    for block in state.tokens:
        if block.type == "inline" and block.children and not (kept and page_line(state.env, block) in kept):
            texts = [child for child in block.children if child.type == "text"]
            for straight, (opening, closing) in (('"', MARKS[:2]), ("'", MARKS[2:])):
                if sum(child.content.count(straight) for child in texts) % 2 == 0:
                    alternate(texts, straight, opening, closing)


def alternate(texts: list, straight: str, opening: str, closing: str) -> None:
    count = 0
    for child in texts:
        parts = child.content.split(straight)
        for index in range(1, len(parts)):
            parts[index] = (opening if count % 2 == 0 else closing) + parts[index]
            count += 1
        child.content = "".join(parts)


def language_quotes(state) -> None:
    if not any(mark in state.src for mark in "\"'"):
        return
    own = str.maketrans(dict(zip(MARKS, quotes_for(page_language(state.env)))))
    kept = source_lines(state.env)
    source = str.maketrans(dict(zip(MARKS, quotes_for(getattr(state.env.get("page"), "source_language", "")))))
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        table = source if kept and page_line(state.env, block) in kept else own
        for child in block.children:
            if child.type == "text":
                child.content = child.content.translate(table)
