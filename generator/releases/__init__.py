"""A game's releases built side by side (issue 32): each earlier release from its own sources
(git or the archived copy, sources.py) as a game at /<game>/<version>/ (earlier.py), and a
"What changed" page per release (changes.py, walkthroughs.py; the stage's directive renders it)."""
