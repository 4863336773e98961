"""A language's catalogue brought in step with the source's template, as gettext's msgmerge
does (Babel's `Catalog.update`): new blocks are added untranslated, blocks gone from the
source are kept as obsolete entries (a translator may reuse them), and a block whose source
changed keeps its old translation marked fuzzy, with the old source beside it (`#| msgid`)."""
from __future__ import annotations

import copy

from babel.messages.catalog import Catalog

from generator.content.model import Game
from generator.i18n.extract import new_catalogue


def updated(game: Game, template: Catalog, existing: Catalog | None, language: str) -> Catalog:
    """`existing` (left as it is) merged with `template`; a new catalogue when there is none."""
    catalogue = copy.deepcopy(existing) if existing is not None else new_catalogue(game, language.replace("-", "_"))
    catalogue.update(template, update_header_comment=False)
    for message in catalogue:  # still fuzzy from an earlier update: Babel's merge drops its old source
        earlier = existing.get(message.id) if existing is not None and message.id else None
        if message.fuzzy and not message.previous_id and earlier is not None and earlier.previous_id:
            message.previous_id = list(earlier.previous_id)
    return catalogue
