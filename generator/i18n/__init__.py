"""Translations (issue 46): a game's translatable text in gettext catalogues.

The source language stays in the pages' Markdown, game.toml and the data files; each
translation is a PO file per game and language, `content/<game>/i18n/<lang>.po`, beside
the template `content/<game>/i18n/<game>.pot` extracted from the source. Every entry is one
block (a heading, a paragraph, a list item, a table cell, ...) with its source file:line as
the entry's location, so a stale translation is reported where its source stands.

- model.py: a Block, one translatable text;
- blocks.py: a page's blocks, from markdown-it's tokens (and its front matter);
- options.py: the reader's words in directive fences (a walkthrough's `say:` lines, captions);
- sources.py: game.toml's texts and the data columns `translate` names;
- components.py: the words a kit prints from components.toml, extracted and translated back in;
- extract.py: every block of a game into a Babel catalogue (the template);
- catalogues.py: where the catalogues live, read and written (the only module that opens them);
- update.py: a language's catalogue merged with the template (changed sources become fuzzy);
- coverage.py: how much of a game a language covers, and its stale entries as warnings;
- report.py: every game's languages measured, for `i18n stats` and `check`;
- pseudo.py: the built-in pseudo-locale for layout testing;
- copies.py: a copy of a site with a catalogue per game (`rulepress i18n pseudo`), to build or check;
- translate.py: a page's Markdown in a language, from its catalogue, line for line;
- notices.py: a stale block marked, with a notice, where a translated page shows it;
- pages.py: a translated page rendered by the site's renderer (a pure function: no output).
- games.py: a game in another language (game.toml's texts, captions, translated data cells).
- site.py: every game in every language it has a catalogue for, as games of the site's own.
"""

FOLDER = "i18n"  # a game's catalogues: content/<game>/i18n/ (here: read without importing Babel)
