"""Declared products (issue 41): the kit stage publishes its components and drawings ("kit
drawings"), the exports declare they read them, and the Builder hands them over and adds the
product's key to the key of every stage that reads it. So a change to a game's kit drawing
changes the exports' key, and the key of no stage that neither makes nor reads the drawings."""
from __future__ import annotations

from pathlib import Path

from generator.build import Builder, default_stages
from generator.stagework import stage_context, start_stages
from generator import keys
from generator.kit.drawings import NAME as KIT_DRAWINGS, KitDrawings
from tests.errors.test_author_messages import KIT
from tests.sitefactory import make_site

PAD = ("from generator.draw.shapes import Drawing, Rect\n\n\n"
       "def sheet(player):\n    return Drawing(40, 30, (Rect(2, 2, 36, 26),))\n")
DRAWN_SHEET = KIT.replace('[[sheet]]\nname = "score"\ntitle = "Score pad"\ncolumns = ["Player", "Score"]\nrows = 4\n',
                          '[[sheet]]\nname = "log"\ntitle = "Log"\ndrawing = "pad.sheet"\n')


def stage_keys(root: Path) -> dict[str, str]:
    """Every stage's key per game ("stage/slug" -> key), as the Builder makes them."""
    from generator.site.pages import SiteContext

    stages = default_stages()
    builder = Builder(root, root / "output", stages, lambda message: None, processes=1, use_cache=False, dry=True)
    site = builder.load()
    context = stage_context(site, SiteContext(site=site, assets={}, notes=[], bytecode_dir=None), builder.hashes, 1)
    start_stages(stages, site, context)
    return keys.stage_keys(stages, site, builder.code)


def readers_of(product: str) -> set[str]:
    """The stages that publish or read `product`, by name."""
    return {stage.name for stage in default_stages()
            if product in stage.reads or (stage.product is not None and stage.product.name == product)}


def changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {entry.partition("/")[0] for entry in before.keys() | after.keys() if before.get(entry) != after.get(entry)}


def test_a_changed_kit_drawing_changes_the_key_of_the_stages_that_read_it_and_no_other(tmp_path, monkeypatch):
    root = make_site(tmp_path / "site", **{"content__pebbles__components.toml": DRAWN_SHEET,
                                           "content__pebbles__pad.py": PAD})
    before = stage_keys(root)
    original = KitDrawings.key
    monkeypatch.setattr(KitDrawings, "key", lambda self, site, game: original(self, site, game) + "drawn anew")
    after = stage_keys(root)
    assert "exports" in changed(before, after)
    assert changed(before, after) == readers_of(KIT_DRAWINGS)


def test_editing_a_kit_drawing_changes_the_exports_key_and_editing_a_rules_page_does_not(tmp_path):
    root = make_site(tmp_path / "site", **{"content__pebbles__components.toml": DRAWN_SHEET,
                                           "content__pebbles__pad.py": PAD})
    first = stage_keys(root)
    (root / "content/pebbles/pad.py").write_text(PAD.replace("36, 26", "30, 20"))
    drawn = stage_keys(root)
    assert {"exports", "print-and-play kits"} <= changed(first, drawn)
    rules = root / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\nOne more line.\n")
    assert not {"exports", "print-and-play kits"} & changed(drawn, stage_keys(root))
