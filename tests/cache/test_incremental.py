"""The build cache: an incremental build after any edit equals a clean build
byte for byte, and a cache that cannot be trusted is never used."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator import cache
from generator.build import build
from generator.errors import ContentError, ContentErrors
from generator.stages import Stage
from tests.sitefactory import make_site, manifest_data, sealed_manifest
from tests.build.test_build import tree_digest

GLOSSARY_TERM = "\nStone\n: Another word for a pebble.\n"


def clean_build_equals(site: Path, incremental: Path, stages: list | None = None) -> None:
    clean = site.parent / "clean-output"
    shutil.rmtree(clean, ignore_errors=True)
    build(site, clean, stages=stages or [], use_cache=False)
    assert tree_digest(incremental) == tree_digest(clean)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_no_op_rebuild_renders_nothing(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    report = build(site, stages=[])
    assert report.up_to_date and report.rendered == 0


def test_editing_one_page_renders_that_page_only(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    edit(site / "content/pebbles/reference.md", "Move a Pebble.", "Move one Pebble.")
    report = build(site, stages=[])
    assert report.rendered == 1
    assert "Move one" in (site / "output/pebbles/reference.html").read_text()


def test_an_edit_that_keeps_the_size_and_time_of_the_file_is_seen(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    page = site / "content/pebbles/reference.md"
    mtime = page.stat().st_mtime_ns
    edit(page, "Move a Pebble.", "Move A Pebble.")
    os.utime(page, ns=(mtime, mtime))
    assert build(site, stages=[]).rendered == 1
    assert "Move A " in (site / "output/pebbles/reference.html").read_text()


def test_editing_the_glossary_renders_every_page_of_the_game(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    (site / "content/pebbles/glossary.md").write_text((site / "content/pebbles/glossary.md").read_text() + GLOSSARY_TERM)
    assert build(site, stages=[]).rendered == 3


def test_incremental_output_equals_a_clean_build_after_a_series_of_edits(tmp_path):
    site = make_site(tmp_path / "site")
    output = site / "output"
    build(site, stages=[])
    steps = [
        lambda: edit(site / "content/pebbles/rules.md", "Each player takes", "Every player takes"),
        lambda: (edit(site / "content/pebbles/game.toml", 'pages = ["rules", "reference", "glossary"]',
                      'pages = ["rules", "reference", "variants", "glossary"]'),
                 (site / "content/pebbles/variants.md").write_text("---\ntitle: Variants\n---\n\n## Solo\n\nPlay alone.\n")),
        lambda: (edit(site / "content/pebbles/game.toml", '"variants", ', ""),
                 (site / "content/pebbles/variants.md").unlink()),
        lambda: (site / "templates").mkdir() or (site / "templates/404.html").write_text(
            "{% extends 'base.html' %}{% block main %}<h1>Nothing here</h1>{% endblock %}"),
        lambda: (site / "content/pebbles/scores.csv").write_text("pebbles,points\n1,3\n2,6\n3,9\n"),
        lambda: (site / "content/pebbles/glossary.md").write_text(
            (site / "content/pebbles/glossary.md").read_text() + GLOSSARY_TERM),
        lambda: edit(site / "content/site.toml", 'title = "Test shelf"', 'title = "Test shelf 2"'),
    ]
    for step in steps:
        step()
        build(site, stages=[])
        clean_build_equals(site, output)


def test_a_manifest_table_encoded_early_is_saved_as_it_stands_at_the_end(tmp_path):
    """The largest tables are encoded while Pagefind indexes (cache.Manifest.encode_early); one
    the build replaces after that is saved as it is at the end, and the manifest reads back."""
    manifest = cache.Manifest(code="code", inputs="inputs", front={"f": {"title": "Rules"}},
                              pages={"a.html": cache.PageEntry("old", "a.md", ["top"], [], {}, "h")})
    manifest.encode_early()
    manifest.pages = {"b.html": cache.PageEntry("new", "b.md", [], [], {"play": ["pebbles"]}, "h2")}
    output = tmp_path / "output"
    output.mkdir()
    cache.save(output, manifest)
    read = cache.load(output, "code")
    assert read.pages == manifest.pages and read.front == {"f": {"title": "Rules"}}
    assert manifest_data(cache.cache_dir(output) / "manifest.json")["pages"] == {
        "b.html": {"key": "new", "path": "b.md", "anchors": [], "links": [], "uses": {"play": ["pebbles"]}, "html": "h2"}}


def test_a_manifest_is_written_over_the_one_before_last_never_the_one_in_force(tmp_path):
    """Manifests are written into two files in turn (cache.SLOTS) and linked in place: the
    manifest in force is never written to, and no save frees the last one's blocks."""
    output = tmp_path / "output"
    output.mkdir()
    live = cache.cache_dir(output) / "manifest.json"
    inodes, texts = [], []
    for inputs in ("first", "second", "third"):
        cache.save(output, cache.Manifest(code="code", inputs=inputs))
        inodes.append(live.stat().st_ino)
        texts.append(live.read_bytes())
        assert cache.load(output, "code").inputs == inputs
    assert inodes[0] != inodes[1] and inodes[2] == inodes[0]  # the second's file was left as it was
    kept = next(path for path in live.parent.glob("manifest.[ab]") if path.stat().st_ino == inodes[1])
    assert kept.read_bytes() == texts[1]


def test_a_manifest_slot_that_is_not_a_file_still_saves(tmp_path):
    output = tmp_path / "output"
    output.mkdir()
    for name in cache.SLOTS:
        (cache.cache_dir(output) / name / "in the way").mkdir(parents=True)
    cache.save(output, cache.Manifest(code="code", inputs="saved"))
    assert cache.load(output, "code").inputs == "saved"


def test_slots_both_linked_to_the_manifest_in_force_leave_it_whole(tmp_path):
    output = tmp_path / "output"
    output.mkdir()
    cache.save(output, cache.Manifest(code="code", inputs="first"))
    folder = cache.cache_dir(output)
    for name in cache.SLOTS:  # (by hand: both the file in force)
        (folder / name).unlink(missing_ok=True)
        os.link(folder / "manifest.json", folder / name)
    before = (folder / cache.SLOTS[0]).read_bytes()
    cache.save(output, cache.Manifest(code="code", inputs="second"))
    assert cache.load(output, "code").inputs == "second" and (folder / cache.SLOTS[0]).read_bytes() == before


def test_a_corrupted_cache_falls_back_to_a_clean_build(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    manifest = cache.cache_dir(site / "output") / "manifest.json"
    manifest.write_text("{ not json")
    report = build(site, stages=[])
    assert report.rendered == 3 and not report.up_to_date
    clean_build_equals(site, site / "output")


def read_manifest(path: Path) -> dict:
    return manifest_data(path)


def write_manifest(path: Path, data: dict) -> None:
    path.write_text(sealed_manifest(data))


@pytest.mark.parametrize("damage", ["a page entry of the wrong shape", "a link of the wrong shape",
                                    "a game entry of the wrong shape", "an anchor that is a number",
                                    "a link line that is a boolean", "a use that is not text",
                                    "a file's stat that is a fraction", "front matter that is not a table"])
def test_a_readable_but_damaged_cache_falls_back_to_a_clean_build(tmp_path, damage):
    site = make_site(tmp_path / "site")
    build(site, stages=[NotesStage()])
    manifest = cache.cache_dir(site / "output") / "manifest.json"
    data = read_manifest(manifest)
    if damage == "a page entry of the wrong shape":
        data["pages"]["pebbles/index.html"] = ["garbage"]
    elif damage == "a link of the wrong shape":
        data["pages"]["pebbles/index.html"]["links"] = [{"url": 3}]
    elif damage == "an anchor that is a number":
        data["pages"]["pebbles/index.html"]["anchors"].append(3)
    elif damage == "a link line that is a boolean":
        data["pages"]["pebbles/index.html"]["links"] = [{"line": True, "href": "a.md", "url": "a.html", "anchor": ""}]
    elif damage == "a use that is not text":
        data["pages"]["pebbles/index.html"]["uses"] = {"play": [None]}
    elif damage == "a file's stat that is a fraction":
        data["files"]["pebbles/index.html"][0] += 0.5
    elif damage == "front matter that is not a table":
        data["front"][next(iter(data["front"]))] = ["title"]
    else:
        data["games"]["notes/pebbles"]["files"] = "notes.txt"
    write_manifest(manifest, data)  # sealed with a good checksum: the shape check alone must catch it
    (site / "content/pebbles/rules.md").write_text((site / "content/pebbles/rules.md").read_text() + "\nMore.\n")
    report = build(site, stages=[NotesStage()])
    assert report.rendered == 3 and not report.up_to_date
    clean_build_equals(site, site / "output", stages=[NotesStage()])


def test_an_old_cache_version_falls_back_to_a_clean_build(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    manifest = cache.cache_dir(site / "output") / "manifest.json"
    data = read_manifest(manifest)
    data["version"] = cache.CACHE_VERSION - 1
    write_manifest(manifest, data)
    assert build(site, stages=[]).rendered == 3


def test_a_hand_edited_output_is_not_trusted(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    page = site / "output/pebbles/reference.html"
    page.write_text(page.read_text() + "<!-- edited by hand -->")
    report = build(site, stages=[])
    assert report.rendered == 3
    clean_build_equals(site, site / "output")


def test_a_failed_incremental_build_keeps_the_previous_output_and_cache(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    before = tree_digest(site / "output")
    edit(site / "content/pebbles/reference.md", "## Summary", "## Summary\n\n[x](nowhere.md)")
    try:
        build(site, stages=[])
    except Exception:
        pass
    assert tree_digest(site / "output") == before
    edit(site / "content/pebbles/reference.md", "\n\n[x](nowhere.md)", "")
    assert build(site, stages=[]).up_to_date


def test_a_cached_build_never_writes_through_into_the_previous_output(tmp_path):
    """Unchanged files are hard links into the old output; a changed page must be
    a new file, or an open reader of the old output would see it change."""
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    keep = tmp_path / "keep"
    (site / "output").rename(keep)
    shutil.copytree(keep, site / "output", copy_function=lambda s, d: Path(d).hardlink_to(s))
    old_reference = (keep / "pebbles/reference.html").read_bytes()
    edit(site / "content/pebbles/reference.md", "Move a Pebble.", "Move one Pebble.")
    build(site, stages=[])
    assert (keep / "pebbles/reference.html").read_bytes() == old_reference


def test_an_incremental_build_drops_the_files_it_no_longer_makes(tmp_path):
    site = make_site(tmp_path / "site")
    shutil.copytree(site / "content/pebbles", site / "content/stones")
    edit(site / "content/stones/game.toml", 'title = "Pebbles"', 'title = "Stones"')
    build(site, stages=[])
    (site / "output/notes.txt").write_text("left here by hand")
    shutil.rmtree(site / "content/stones")
    build(site, stages=[])
    assert not (site / "output/stones").exists() and not (site / "output/notes.txt").exists()
    clean_build_equals(site, site / "output")


def test_pages_follow_a_site_wide_asset_that_another_game_changes(tmp_path):
    """Every page links the accent stylesheet by its hashed name, which any
    game's accent changes."""
    site = make_site(tmp_path / "site")
    shutil.copytree(site / "content/pebbles", site / "content/stones")
    build(site, stages=[])
    edit(site / "content/stones/game.toml", 'accent = "#aa3300"', 'accent = "#0033aa"')
    build(site, stages=[])
    clean_build_equals(site, site / "output")


class NotesStage(Stage):
    """A stage whose inputs are each game's notes.txt, which its check rejects
    while it says "broken" (the site has one game: a check is one build's)."""

    name = "notes"

    def __init__(self):
        self.checks = 0

    def check(self, site, game):
        self.checks += 1
        return [ContentError(game.folder / "notes.txt", 1, "broken notes")] if "broken" in self.notes(game) else []

    def game_key(self, site, game):
        return self.notes(game)

    def write_game(self, site, game, output, context):
        output.write(f"{game.slug}/notes.txt", self.notes(game))

    @staticmethod
    def notes(game) -> str:
        path = game.folder / "notes.txt"
        return path.read_text() if path.is_file() else ""


def test_a_stage_is_checked_again_only_when_its_inputs_change(tmp_path):
    site = make_site(tmp_path / "site")
    stage = NotesStage()
    build(site, stages=[stage])
    edit(site / "content/pebbles/reference.md", "Move a Pebble.", "Move one Pebble.")
    build(site, stages=[stage])
    assert stage.checks == 1  # its game key is the last build's: so is the verdict
    (site / "content/pebbles/notes.txt").write_text("broken")
    with pytest.raises(ContentErrors, match="broken notes"):
        build(site, stages=[stage])
    assert stage.checks == 2
    (site / "content/pebbles/notes.txt").write_text("fine")
    build(site, stages=[stage])
    assert stage.checks == 3 and (site / "output/pebbles/notes.txt").read_text() == "fine"


def test_a_changed_front_matter_is_parsed_again(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    edit(site / "content/pebbles/reference.md", "title: Player aid", "title: Player card")
    build(site, stages=[])
    assert "Player card" in (site / "output/pebbles/index.html").read_text()  # the page list names it
    clean_build_equals(site, site / "output")
    edit(site / "content/pebbles/reference.md", "title: Player card", "title: Player aid")  # back again
    build(site, stages=[])
    assert "Player card" not in (site / "output/pebbles/index.html").read_text()
    clean_build_equals(site, site / "output")


def test_an_incremental_build_reads_only_the_pages_it_renders(tmp_path, monkeypatch):
    from generator.content import files, load

    site = make_site(tmp_path / "site")
    build(site, stages=[])
    edit(site / "content/pebbles/reference.md", "Move a Pebble.", "Move one Pebble.")
    read = []
    real_read_source = files.read_source
    counting = lambda path, *more: read.append(path.name) or real_read_source(path, *more)  # noqa: E731
    monkeypatch.setattr(load, "read_source", counting)
    monkeypatch.setattr(files, "read_source", counting)
    assert build(site, stages=[]).rendered == 1
    assert "rules.md" not in read and set(read) == {"reference.md", "glossary.md"}  # game.toml: known


def test_cached_game_settings_keep_the_order_of_their_columns(tmp_path):
    site = make_site(tmp_path / "site")
    edit(site / "content/pebbles/game.toml", 'columns = { pebbles = "int", points = "int" }',
         'columns = { points = "int", pebbles = "int" }')
    (site / "content/pebbles/scores.csv").write_text("points,pebbles\n2,1\n5,2\n")
    build(site, stages=[])
    edit(site / "content/pebbles/rules.md", "Each player takes", "Every player takes")  # renders the table again
    assert build(site, stages=[]).rendered == 1
    clean_build_equals(site, site / "output")


def test_a_page_that_becomes_a_link_out_of_the_site_is_refused(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    page = site / "content/pebbles/reference.md"
    outside = tmp_path / "reference.md"
    outside.write_text(page.read_text())  # the same text: its front matter is in the cache
    page.unlink()
    page.symlink_to(outside)
    edit(site / "content/pebbles/rules.md", "Each player takes", "Every player takes")  # not a no-op
    with pytest.raises(ContentErrors, match="path leads outside the site folder"):
        build(site, stages=[])


def test_a_page_edited_while_the_site_builds_fails_the_build(tmp_path):
    """A page whose front matter came from the cache is read when it renders:
    if it changed since the build hashed it, the build stops."""
    import hashlib

    from generator.content.load import Known, load_site

    site = make_site(tmp_path / "site")
    first = next(p for p in load_site(site, Known()).pages if p.name == "reference")
    known = Known(hashes={str(first.path): first.source_hash})
    load_site(site, known)  # fills known.front
    page = next(p for p in load_site(site, known).pages if p.name == "reference")
    edit(page.path, "Move a Pebble.", "Move one Pebble.")  # after loading, before rendering
    assert hashlib.sha256(page.path.read_bytes()).hexdigest() != page.source_hash
    with pytest.raises(ContentError, match="changed while the site was building"):
        page.body


def test_a_page_read_while_loading_renders_the_text_that_was_hashed(tmp_path):
    from generator.content.load import load_site

    site = make_site(tmp_path / "site")
    page = next(p for p in load_site(site).pages if p.name == "reference")
    edit(page.path, "Move a Pebble.", "Move one Pebble.")  # the next build sees the new hash
    assert "Move a Pebble." in page.body


def test_an_edit_to_a_page_body_reuses_its_parsed_front_matter(tmp_path, monkeypatch):
    from generator.content import files, load

    site = make_site(tmp_path / "site")
    build(site, stages=[])
    parsed = []
    real_parse = load.parse_front_matter
    monkeypatch.setattr(load, "parse_front_matter", lambda path, *more: parsed.append(path.name) or real_parse(path, *more))
    edit(site / "content/pebbles/reference.md", "Move a Pebble.", "Move one Pebble.")
    assert build(site, stages=[]).rendered == 1 and parsed == []
    edit(site / "content/pebbles/reference.md", "title: Player aid", "title: Quick reference")
    build(site, stages=[])
    assert parsed == ["reference.md"]
    assert "Quick reference" in (site / "output/pebbles/reference.html").read_text()


def test_the_index_follows_a_game_summary_and_is_kept_otherwise(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    index = site / "output/index.html"
    before = index.stat().st_mtime_ns
    edit(site / "content/pebbles/reference.md", "Move a Pebble.", "Move one Pebble.")
    build(site, stages=[])
    assert index.stat().st_mtime_ns == before  # a page edit leaves the index alone
    text = (site / "content/pebbles/game.toml").read_text()
    summary = next(line for line in text.splitlines() if line.startswith("summary"))
    edit(site / "content/pebbles/game.toml", summary, 'summary = "Pebbles, rewritten."')
    build(site, stages=[])
    assert "Pebbles, rewritten." in index.read_text()
