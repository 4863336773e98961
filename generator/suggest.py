"""Commands a message suggests, written so they work from where the user stands: the site
folder is named unless it is the current directory ("rulepress build games/" when the
user ran `rulepress build games/`, "rulepress build" inside it)."""
from __future__ import annotations

import os
import shlex
from pathlib import Path


def command(verb: str, site: Path | str, *options: str) -> str:
    """`rulepress <verb> [options] [site]`, the site given as a path from the current directory."""
    words = ["rulepress", verb, *options]
    site = Path(site).resolve()
    here = Path.cwd().resolve()
    if site != here:
        relative = os.path.relpath(site, here)
        words.append(relative if not relative.startswith(("../..", "..\\..")) else str(site))  # far off: absolute
    return " ".join(shlex.quote(word) for word in words)
