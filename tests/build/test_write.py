"""The output folder changes only when a build commits, and then becomes
exactly what the build made: new files in, unchanged files left as they
were, files the build no longer makes gone."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from generator.write import Output, files_below


def make_output(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_an_incremental_commit_moves_new_files_in_and_drops_the_rest(tmp_path):
    target = make_output(tmp_path / "out", {"keep.html": "kept", "changed.html": "old", "gone/page.html": "x",
                                            "folder": "a file that becomes a folder", "extra.txt": "by hand"})
    kept, changed = os.stat(target / "keep.html").st_ino, os.stat(target / "changed.html").st_ino
    output = Output(target)
    assert output.reuse("keep.html") and not output.reuse("missing.html")
    output.write("changed.html", "new")
    output.write("folder/page.html", "inside")
    assert (target / "changed.html").read_text() == "old"  # nothing changes before the commit
    output.commit()
    assert sorted(files_below(target)) == ["changed.html", "folder/page.html", "keep.html"]
    assert not (target / "gone").exists() and not output.staging.exists()
    assert os.stat(target / "keep.html").st_ino == kept  # left where it was
    assert os.stat(target / "changed.html").st_ino != changed  # a new file: a reader of the old one keeps it
    assert (target / "changed.html").read_text() == "new"


def test_a_commit_without_reused_files_swaps_the_whole_folder(tmp_path):
    target = make_output(tmp_path / "out", {"old.html": "old"})
    output = Output(target)
    output.write("new.html", "new")
    output.commit()
    assert files_below(target) == ["new.html"]


def test_an_aborted_build_leaves_the_output_alone(tmp_path):
    target = make_output(tmp_path / "out", {"page.html": "old"})
    output = Output(target)
    output.reuse("page.html")
    output.write("new.html", "new")
    output.abort()
    assert files_below(target) == ["page.html"] and not output.staging.exists()


def test_a_file_written_after_being_reused_is_the_new_one(tmp_path):
    target = make_output(tmp_path / "out", {"kit/a.pdf": "old", "kit/b.pdf": "old"})
    output = Output(target)
    output.reuse("kit/a.pdf")
    output.reuse("kit/b.pdf")
    output.write("kit/a.pdf", "new")  # a stage's files failed to carry over: it writes them all again
    output.commit()
    assert (target / "kit/a.pdf").read_text() == "new" and (target / "kit/b.pdf").read_text() == "old"


def test_a_commit_brings_the_kept_previous_output_up_to_date_and_exchanges_it(tmp_path):
    """The folder that holds the output before last is made exactly the new output (whatever
    state a killed commit left it in) and exchanged with the output, which it then keeps."""
    target = make_output(tmp_path / "out", {"keep.html": "kept", "changed.html": "old", "gone.html": "x"})
    previous = make_output(tmp_path / "previous", {
        "keep.html": "an older copy", "stale/deep/file.txt": "left over", "folder": "a file where a folder goes",
        "changed.html/inside.txt": "a folder where a file goes"})
    kept = os.stat(target / "keep.html").st_ino
    old_output = snapshot(target)
    output = Output(target, previous=previous)
    output.reuse("keep.html")
    output.write("changed.html", "new")
    output.write("folder/page.html", "inside")
    output.commit()
    assert snapshot(target) == {"changed.html": "new", "folder/page.html": "inside", "keep.html": "kept"}
    assert os.stat(target / "keep.html").st_ino == kept  # the output's own file, not a copy
    assert snapshot(previous) == old_output  # the replaced output, kept for the next commit
    assert not output.staging.exists()
    again = Output(target, previous=previous)  # and the next commit recycles it in turn
    again.reuse("keep.html")
    again.reuse("folder/page.html")
    again.write("changed.html", "newer")
    again.commit()
    assert snapshot(target) == {"changed.html": "newer", "folder/page.html": "inside", "keep.html": "kept"}
    assert os.stat(target / "keep.html").st_ino == kept


def snapshot(folder: Path) -> dict[str, str]:
    return {rel: (folder / rel).read_text() for rel in sorted(files_below(folder))}


def test_the_staging_folder_set_aside_by_a_commit_leaves_nothing_of_its_own_in_the_next_output(tmp_path):
    """A commit into the kept previous output sets its emptied staging folder aside (`spare`: on a
    disk that discards freed blocks a folder costs milliseconds to remove) and the next build
    stages in it. Whatever that build's commit is, the output holds exactly its files: no empty
    folder of the last staging, no file a killed build left there."""
    target = make_output(tmp_path / "out", {"keep.html": "kept", "a/b/changed.html": "old"})
    previous, spare = tmp_path / "cache/previous", tmp_path / "cache/spare"
    make_output(previous, {"keep.html": "older"})
    output = Output(target, previous=previous, spare=spare)
    output.reuse("keep.html")
    output.write("a/b/changed.html", "new")
    output.write("deep/er/page.html", "deep")
    output.commit()
    assert sorted(files_below(spare)) == [] and (spare / "deep/er").is_dir()  # its folders, set aside
    (spare / "deep/left-by-a-killed-build.html").write_text("stale")
    shutil.rmtree(previous)  # no previous output to bring up to date: the staging becomes the output
    again = Output(target, previous=previous, spare=spare)
    again.reuse("keep.html")
    again.write("new.html", "new")
    again.commit()
    assert snapshot(target) == {"keep.html": "kept", "new.html": "new"}
    assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*")) == ["keep.html", "new.html"]
