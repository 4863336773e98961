"""Rulepress's own words (the theme's headings and buttons, the rulebook's "Contents" and "Page 3
of 17", the kit cover's headings, the notice of a stale block) in the reader's language.

They are written in English in the templates and the modules that print them, marked for
gettext: `{% trans %}` and `_()` in templates (Jinja2's i18n extension), `N_()` in Python where
a string is named before the language is known. Their translations are Rulepress's own
catalogues, generator/i18n/locale/<lang>.po, read with Babel when first asked for (no compiled
.mo is kept); `rulepress.pot` beside them is the template a translator starts from
(generator/i18n/interface_pot.py writes it). A language with no catalogue reads English: a
German page of a site whose theme nobody translated into its language still builds."""
from __future__ import annotations

import gettext as stdlib_gettext
import io
from functools import lru_cache
from pathlib import Path
from typing import Callable

LOCALE = Path(__file__).resolve().parent / "locale"
TEMPLATE = LOCALE / "rulepress.pot"
SOURCE = "en"  # the language the strings are written in


def N_(text: str) -> str:
    """Marks `text` for extraction where it is named; it is translated where it is shown."""
    return text


def catalogue_file(language: str) -> Path | None:
    """Rulepress's catalogue for `language` ("pt-BR" falls back to "pt"), or None."""
    tag = (language or "").replace("_", "-")
    for name in (tag, tag.split("-")[0]):
        if name and (LOCALE / f"{name}.po").is_file():
            return LOCALE / f"{name}.po"
    return None


def has_catalogue(language: str) -> bool:
    """Whether the interface has words of its own in `language` (English always has)."""
    from generator.i18n.model import PSEUDO

    return (language or SOURCE).split("-")[0] == SOURCE or language == PSEUDO or catalogue_file(language) is not None


@lru_cache(maxsize=None)
def catalogue(language: str):
    """Rulepress's Babel catalogue for `language`, None for English or a language it has none for;
    the pseudo-locale's is made from the template, as a game's is (pseudo.py)."""
    from generator.i18n.model import PSEUDO

    if language == PSEUDO:
        from generator.i18n.catalogues import read
        from generator.i18n.pseudo import pseudo_catalogue

        return pseudo_catalogue(read(TEMPLATE))
    path = catalogue_file(language) if language and language.split("-")[0] != SOURCE else None
    if path is None:
        return None
    from generator.i18n.catalogues import read

    return read(path, path.stem)


@lru_cache(maxsize=None)
def translations(language: str) -> stdlib_gettext.NullTranslations:
    """The interface's translations into `language`; English (the strings as written) when
    Rulepress has no catalogue for it. A fuzzy entry is not used: it reads English."""
    found = catalogue(language)
    if found is None:
        return stdlib_gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.support import Translations

    compiled = io.BytesIO()
    write_mo(compiled, found)
    compiled.seek(0)
    return Translations(compiled)


SCRIPT = "templates/assets/site.js"  # its words are t("...") calls, extracted as the templates' are
PLAY_SCRIPT = "templates/assets/play.js"  # the live boards' words, t("...") calls too
SCRIPTS = (SCRIPT, PLAY_SCRIPT)


@lru_cache(maxsize=None)
def script_words(language: str) -> dict[str, str]:
    """The words site.js and play.js write (their t() calls), in `language`: what a page gives its
    scripts, in a JSON element; none in English, where the scripts' own words are shown."""
    found = catalogue(language)
    if found is None:
        return {}
    return {message.id: message.string for message in found
            if message.string and not message.fuzzy and isinstance(message.id, str) and not message.context
            and any(place in SCRIPTS for place, _line in message.locations)}


def gettext(language: str) -> Callable[[str], str]:
    """`_` for `language`: a string as Rulepress's catalogue of that language has it."""
    return translations(language).gettext


def ngettext(language: str) -> Callable[[str, str, int], str]:
    """The plural-aware `_` for `language` (its own plural rules, from its catalogue)."""
    return translations(language).ngettext


def pgettext(language: str) -> Callable[[str, str], str]:
    """`_` with a context, for a word translated two ways ("Contents": a book's, a kit's)."""
    return translations(language).pgettext


def reader_language(game=None, site=None) -> str:
    """The language a page's interface speaks: a translated game's, else the site's."""
    return getattr(game, "language", "") or getattr(site, "language", "") or SOURCE


def template_words(language: str) -> dict:
    """`gettext`, `ngettext` and `_` for a template rendered in `language` (and `minutes`, a
    game's play time in it, `script_words`, site.js's words in it, and `names`, a list of names
    as it writes one: "A, B und C", "A、B、C"), as Jinja2's i18n
    extension calls them in its new style (the string formatted with its variables, escaped
    where the template escapes): passed with each render, so pages of several languages
    render from one environment."""
    from jinja2 import pass_context

    found = translations(language)

    @pass_context
    def gettext_(context, text: str, **variables):
        words = found.gettext(text)
        # text, not markup (a label "Print & play", a translator's "<"), escaped as any value; its
        # variables are escaped by Markup's % in turn
        words = as_text(words) if context.eval_ctx.autoescape else words
        return words % variables  # always, as Jinja2's own: a `{% trans %}` block writes % as %%

    @pass_context
    def ngettext_(context, singular: str, plural: str, number: int, **variables):
        variables.setdefault("num", number)
        words = found.ngettext(singular, plural, number)
        return (as_text(words) if context.eval_ctx.autoescape else words) % variables

    return {"gettext": gettext_, "ngettext": ngettext_, "_": gettext_,
            "minutes": lambda play_time: minutes_text(language, play_time), "script_words": script_words(language),
            "names": lambda names: names_text(language, names)}


def as_text(words: str):
    """`words` as markup that shows them as written: &, <, > and " escaped; an apostrophe kept
    (the templates quote their attributes with ")."""
    from markupsafe import Markup, escape

    return Markup(str(escape(words)).replace("&#39;", "'"))


def players_text(language: str, players: tuple[int, int]) -> str:
    """"2–4 players", "2 players", "1 player" in `language`."""
    low, high = players
    number = f"{low}" if low == high else f"{low}–{high}"
    n_ = ngettext(language)
    return n_("%(num)s player", "%(num)s players", high) % {"num": number}


def minutes_text(language: str, play_time: tuple[int, int] | None) -> str:
    """"20–30 min" in `language` ("" when the game gives no time)."""
    if not play_time:
        return ""
    low, high = play_time
    number = f"{low}" if low == high else f"{low}–{high}"
    _ = gettext(language)
    return _("%(num)s min") % {"num": number}


def ages_text(language: str, ages: int | None) -> str:
    """"ages 10+" as a rulebook's cover says it ("" when the game gives no age)."""
    _ = gettext(language)
    return _("ages %(num)s+") % {"num": ages} if ages else ""


def babel_locale(language: str):
    """Babel's locale for `language` (CLDR's data: dates, decimal marks), None for the source
    language, the pseudo-locale or a tag CLDR does not know (they read as the source writes)."""
    if not language or language.split("-")[0] == SOURCE:
        return None  # (before Babel's import: an English page's build never needs it)
    from babel.core import Locale, UnknownLocaleError

    try:
        return Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return None


def decimal_text(language: str, value: float, places: int | None = None) -> str:
    """A measure as `language` writes it ("63,5" in German): `places` decimals, else as few as it
    needs; the source's own form ("63.5") where Babel has no locale for it."""
    locale = babel_locale(language)
    if locale is None:
        return f"{value:.{places}f}" if places is not None else f"{value:g}"
    from babel.numbers import format_decimal

    pattern = "0." + "0" * places if places else "0.###"
    return format_decimal(value, format=pattern, locale=locale, group_separator=False)


def names_text(language: str, names) -> str:
    """Names (designers, components, seats) as a list in `language`, by CLDR's pattern: "Rot, Gelb
    und Blau" in German, "赤、黄、青" in Japanese; the source's ", " between them where Babel has
    no locale for it (English, the pseudo-locale). A name that holds the list's own "and" ("Druck
    und Aufbau") makes it a list of separators alone: "Inhalt, Druck und Aufbau", not "Inhalt und
    Druck und Aufbau", which reads as three names."""
    names = [str(name) for name in names]
    locale = babel_locale(language)
    if locale is None or not names:
        return ", ".join(names)
    from babel.lists import format_list

    last = list_joint(locale, "end")
    if last.strip() and any(last in name for name in names):
        return parts_text(language, names)
    return format_list(names, style="standard", locale=locale)


def parts_text(language: str, parts) -> str:
    """The parts of one label ("A4, ink saver") with the separator of `language`'s lists and no
    "and": "A4, Tintensparmodus", "A4、インク節約"."""
    return list_separator(language).join(str(part) for part in parts)


def list_separator(language: str) -> str:
    """What stands between two items inside a list of `language` (CLDR): ", ", "、"."""
    locale = babel_locale(language)
    if locale is None:
        return ", "
    return list_joint(locale, "middle")


def list_joint(locale, place: str) -> str:
    """What CLDR's standard list puts between two items at `place` ("middle": ", "; "end": " und ")."""
    return locale.list_patterns["standard"][place].replace("{0}", "").replace("{1}", "")


def percent_text(language: str, share: float) -> str:
    """A share as a whole percentage as `language` writes it ("54 %" in German, with a no-break
    space; "54%" in English and Japanese): CLDR's pattern, the source's form where Babel has none."""
    whole = round(100 * share)
    locale = babel_locale(language)
    if locale is None:
        return f"{whole}%"
    from babel.numbers import format_percent

    return format_percent(whole / 100, locale=locale)


def release_label(language: str, version: str, date: str) -> str:
    """A release as a page's stamp names it, in `language`: "version 1.1, 26 November 2026" in
    English, "Version 1.1, 26. November 2026" in German (the date in CLDR's long form of the
    language; the source's form where Babel has no locale for it). `date`: ISO 8601."""
    _ = gettext(language)
    return _("version %(version)s, %(date)s") % {"version": version, "date": date_text(language, date)}


def date_text(language: str, date: str) -> str:
    """A date as a reader of `language` reads it: "26 November 2026", "26. November 2026",
    "2026年11月26日" (CLDR's long form; the source's where Babel has no locale). `date`: ISO 8601."""
    import datetime

    day = datetime.date.fromisoformat(date)
    locale = babel_locale(language)
    if locale is None:
        return f"{day.day} {day:%B %Y}"
    from babel.dates import format_date

    return format_date(day, format="long", locale=locale)


def releases_title(language: str, title: str) -> str:
    """A feed of releases named in `language`: "Splut!: releases", "Splut!: Versionen" (a feed's
    title, and the link to it a page's head gives feed readers)."""
    _ = gettext(language)
    return _("%(title)s: releases") % {"title": title}


def release_stamp(language: str, release) -> str:
    """The release where it starts a printed line (a page's foot, a cover), in `language`:
    "Version 1.1, 26. November 2026" ("" for a game that lists no release)."""
    if release is None:
        return ""
    label = release_label(language, release.version, release.date)
    return label[:1].upper() + label[1:]
