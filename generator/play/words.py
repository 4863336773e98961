"""An engine's words (its refusals and its narration) in the reader's language, with the
standard library's gettext: it runs under Pyodide as it runs in the build.

An engine writes its messages in English and marks them, a value in braces where a square or
a colour goes:

    from generator.play.words import _
    raise IllegalAction(rule, _("there is no Rock on {square}").format(square=name))

`rulepress i18n extract` finds the marked strings (generator/i18n/engine.py) and puts them in
the game's catalogue at their file:line; a translated game's Play download carries them
compiled (locale/<lang>/LC_MESSAGES/engine.mo in the game's folder), and the reader's session
speaks its page's language while the engine runs (`speaking`). A message with no translation,
or a fuzzy one, reads as written: English.

Which language is spoken is a context variable, not a global: the build may run the English
and the German game one after the other in one process."""
from __future__ import annotations

import gettext
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

DOMAIN = "engine"  # the compiled catalogue's name: locale/<lang>/LC_MESSAGES/engine.mo
LOCALE = "locale"  # its folder in the game's folder (in the Play download)
ENGLISH = gettext.NullTranslations()  # the words as written

_spoken: ContextVar[gettext.NullTranslations] = ContextVar("rulepress_engine_words", default=ENGLISH)


def _(message: str) -> str:
    """`message` in the language spoken now (as written when it has no translation)."""
    return _spoken.get().gettext(message)


def n_(singular: str, plural: str, number: int) -> str:
    """The singular or plural of a message for `number`, by the spoken language's plural rules."""
    return _spoken.get().ngettext(singular, plural, number)


def N_(message: str) -> str:
    """Marks `message` for the catalogue where it is named (a table of words); `_` translates it where shown."""
    return message


@contextmanager
def speaking(translations: gettext.NullTranslations | None):
    """Run the block with `translations` as the engine's words (None: English)."""
    token = _spoken.set(translations or ENGLISH)
    try:
        yield
    finally:
        _spoken.reset(token)


def translations_in(folder: str | Path, language: str) -> gettext.NullTranslations:
    """The compiled words a game's folder holds for `language` ("de", "pt-BR": then "pt" if
    there is no "pt_BR"), or English when it holds none."""
    if not language:
        return ENGLISH
    tag = language.replace("-", "_")
    return gettext.translation(DOMAIN, localedir=str(Path(folder) / LOCALE), languages=[tag],
                               fallback=True)
