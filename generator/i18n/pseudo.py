"""The built-in pseudo-locale, `qps` (the code Windows' pseudo-localisation uses, from the
range ISO 639 keeps for local use): every block of the source, accented, about 40% longer
and between bracket markers, "[Ŧĥé Ŕöçķ ƒļîéš ······]". It needs no translator: it is made
from the template whenever asked for, so a layout can be tried with longer words, letters
with accents above and below, and a cut-off text shows at once (its closing bracket is lost).

Markdown stays Markdown: code spans, link targets, attributes, entities and footnote marks
are left as they are, and only letters change."""
from __future__ import annotations

import copy
import math
import re

from babel.messages.catalog import Catalog

from generator.i18n.model import PSEUDO  # noqa: F401 (named there: asking for it loads no Babel)

GROWTH = 0.4  # German and French run 20-35% longer than English: a layout that takes 40% takes them
PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
ACCENTS = str.maketrans(PLAIN, ACCENTED)
# what a translation must leave as written: `code`, a link's (target), <autolink>, {#attributes},
# &entities; and [^footnote] marks; and Rulepress's own words' %(name)s placeholders
KEPT = re.compile(r"`+[^`]*`+|\]\([^)]*\)|<[^<>\s]+>|\{[^{}]*\}|&#?\w+;|\[\^[^\]]*\]|%\([a-z_]+\)[sd]|%[sd]")
PAD = "·"


def pseudo(text: str) -> str:
    """`text` pseudo-translated: accented, padded to about 140% of its length, in brackets."""
    parts, last = [], 0
    for kept in KEPT.finditer(text):
        parts += [text[last:kept.start()].translate(ACCENTS), kept.group()]
        last = kept.end()
    parts.append(text[last:].translate(ACCENTS))
    padding = max(1, math.ceil(len(text) * GROWTH) - 2)  # the brackets count toward the growth
    return "[" + "".join(parts) + " " + padding_words(padding) + "]"


def padding_words(length: int) -> str:
    """`length` characters of padding as words of up to six, so lines still break between them."""
    words, left = [], length
    while left > 0:
        size = min(6, left)
        words.append(PAD * size)
        left -= size + 1
    return " ".join(words)


def pseudo_catalogue(template: Catalog) -> Catalog:
    """The template with every entry pseudo-translated (both forms of a plural one)."""
    catalogue = copy.deepcopy(template)
    for message in catalogue:
        if isinstance(message.id, (tuple, list)):
            message.string = tuple(pseudo(str(form)) for form in message.id)
        elif message.id:
            message.string = pseudo(str(message.id))
    return catalogue
