"""Rulepress: a static-site generator for tabletop rules, print-and-play kits and
playable walkthroughs. This module imports nothing heavy on purpose: the
`generator.play` runtime is shipped to the browser (Pyodide) on its own."""

__version__ = "0.1.0"
