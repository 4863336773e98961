"""Walkthroughs, diagrams and play in the page.

Two halves that share this package:

* build time (CPython): `stage.py` registers the `walkthrough`, `position` and
  `play` directives, replays every walkthrough through the game's engine and
  writes each step's diagram into the HTML; `bundle.py` zips the engine
  runtime for the browser; `runtime.py` copies Pyodide into the output.
* run time (Pyodide, in the page's Web Worker): `session.py` keeps the reader's
  games and answers the page's requests. It imports only the standard library,
  `generator.play` and `generator.draw`, so this `__init__` stays empty of
  imports: the browser bundle ships it.
"""
