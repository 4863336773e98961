"""Issue 46: a second language costs no more than the first.

The catalogue (exports off, rulebooks and kits on, as the catalogue section builds it) in one
language, then the same with every game translated into a second: a `de.po` catalogue for each
game, started by `rulepress i18n update --lang de` and filled by the built-in pseudo-translation
(generator.i18n.pseudo: every block translated, 40% longer, so German's 20-35% longer texts are
covered), which adds each game at /de/<game>/ with its pages, search shard, rulebooks and kit.
The catalogue's own translations are taken out of both, so one has exactly one language and the
other exactly two.

The second language's cost is the two-language build less the one-language build; the first
language's cost is the whole one-language build (its fixed costs too: start-up, the Try-it
snapshot), so the ratio is the share a build grows by when a language is added."""
from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

from scripts.benchlib.targets import done_when

SECOND = "de"


def without_translations(site: Path) -> Path:
    for catalogue in (site / "content").glob("*/i18n/*.po"):
        catalogue.unlink()
    return site


def add_pseudo_language(site: Path, env: dict[str, str], root: Path) -> int:
    """Every game of `site` translated into SECOND; the number of entries translated."""
    from babel.messages.pofile import read_po, write_po

    from generator.i18n.pseudo import pseudo

    subprocess.run([sys.executable, "-m", "generator", "i18n", "update", str(site), "--lang", SECOND], cwd=root,
                   check=True, stdout=subprocess.DEVNULL, env=env)
    entries = 0
    for path in sorted((site / "content").glob(f"*/i18n/{SECOND}.po")):
        with open(path, "rb") as handle:
            catalogue = read_po(handle, locale=SECOND)
        for message in catalogue:
            if message.id:
                message.string = pseudo(str(message.id))
                message.flags.discard("fuzzy")
                entries += 1
        with open(path, "wb") as handle:
            write_po(handle, catalogue, width=76)
    return entries


def language_section(runs: int, out: Path, report, catalogue_copy, build, env: dict[str, str], root: Path) -> None:
    """`catalogue_copy(out, name, site_toml)`: main's copy of the catalogue; `build(site)`: one clean
    build of `site` as a scripts.benchlib.memory.Run (a warm build, untimed, comes first); `env`
    and `root`: the environment and folder the bench runs Rulepress with."""
    print(f"== A second language: the catalogue in one language, then with every game translated too "
          f"(exports off; clean builds alternating, median of {runs}) ==", flush=True)
    one = without_translations(catalogue_copy(out, "catalogue-one-language", "exports = false\n"))
    two = without_translations(catalogue_copy(out, "catalogue-two-languages", "exports = false\n"))
    entries = add_pseudo_language(two, env, root)
    build(one), build(two)  # untimed: the balance notes' self-play is cached per game folder's contents
    first, both = [], []
    for _ in range(runs):
        first.append(build(one))
        both.append(build(two))
    t1, t2 = (statistics.median(run.seconds for run in runs_) for runs_ in (first, both))
    c1, c2 = (statistics.median(run.cpu for run in runs_) for runs_ in (first, both))
    pages = [sum(1 for _ in (site / "output").rglob("*.html")) for site in (one, two)]
    print(f"one language: {t1:.2f} s ({c1:.2f} s of CPU, children included), {pages[0]} pages; with '{SECOND}' "
          f"too ({entries} entries pseudo-translated): {t2:.2f} s ({c2:.2f} s of CPU), {pages[1]} pages", flush=True)
    report(done_when("catalogue: the second language's cost / the first's (whole one-language build)",
                     (t2 - t1) / t1, 1.0, "", beside=f"CPU {(c2 - c1) / c1:.2f}; one language {t1:.1f} s, "
                     f"two {t2:.1f} s"))
