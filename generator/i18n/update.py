"""A language's catalogue brought in step with the source's template, as gettext's msgmerge
does (Babel's `Catalog.update`): new blocks are added untranslated, blocks gone from the
source are kept as obsolete entries (a translator may reuse them), and a block whose source
changed keeps its old translation marked fuzzy, with the old source beside it (`#| msgid`).

Which old text a changed block was is looked for among the texts gone from the source only
(Babel compares each new text with every entry: 9 s for 44 changed paragraphs of an 800-entry
game, and it may hand a changed block the translation of another block still in use)."""
from __future__ import annotations

import copy
from difflib import SequenceMatcher

from babel.messages.catalog import Catalog

from generator.content.model import Game
from generator.i18n.extract import new_catalogue

CUTOFF = 0.6  # how alike an old and a new text must be to be one block changed (Babel's, difflib's default)


def updated(game: Game, template: Catalog, existing: Catalog | None, language: str) -> Catalog:
    """`existing` (left as it is) merged with `template`; a new catalogue when there is none."""
    catalogue = copy.deepcopy(existing) if existing is not None else new_catalogue(game, language.replace("-", "_"))
    # Babel puts a new block's message of the template itself into the catalogue: a copy, so that
    # pairing it below leaves the template (which the next language merges) as it was
    catalogue.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=False)
    changed_blocks(catalogue)
    for message in catalogue:  # still fuzzy from an earlier update: Babel's merge drops its old source
        earlier = existing.get(message.id) if existing is not None and message.id else None
        if message.fuzzy and not message.previous_id and earlier is not None and earlier.previous_id:
            message.previous_id = list(earlier.previous_id)
    return catalogue


def changed_blocks(catalogue: Catalog) -> None:
    """Each new untranslated text paired with the translated text gone from the source it is most
    like (most alike pairs first, each old text once): it takes that translation, fuzzy."""
    gone = {key: message for key, message in catalogue.obsolete.items() if message.string and message.id}
    new = [message for message in catalogue if message.id and not message.string]
    pairs = sorted(((likeness(str(message.id), str(old.id)), index, key)
                    for index, message in enumerate(new) for key, old in gone.items()), reverse=True)
    taken_new, taken_old = set(), set()
    for ratio, index, key in pairs:
        if ratio < CUTOFF:
            break
        if index in taken_new or key in taken_old:
            continue
        taken_new.add(index)
        taken_old.add(key)
        message, old = new[index], catalogue.obsolete.pop(key)
        message.string = old.string
        message.flags.add("fuzzy")
        message.previous_id = [str(old.id)]


def likeness(new: str, old: str) -> float:
    """difflib's ratio of the two texts' words (0 when its quick upper bounds already fall short).
    Words, and no "junk": by characters, difflib's autojunk drops every letter common in a text
    of 200 or more, and one word added to a long paragraph scored 0.2."""
    matcher = SequenceMatcher(None, new.lower().split(), old.lower().split(), autojunk=False)
    if matcher.real_quick_ratio() < CUTOFF or matcher.quick_ratio() < CUTOFF:
        return 0.0
    return matcher.ratio()
