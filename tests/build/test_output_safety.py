"""Hardening the output and the cache (issue 16, points 1-5): a build killed at any step
of its final write leaves `output/` whole (the old build or the new one, never a mix,
never missing), killed builds leave nothing behind for long, two builds of one site
take turns, a damaged cache is never trusted, and permission faults say what to do
and leave the output alone."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator import cache
from generator.cli import main
from generator.write import BuildLock, recover
from tests.sitefactory import make_site, manifest_data, sealed_manifest

ROOT = Path(__file__).resolve().parents[2]

# Runs one build in a child process that dies (os._exit) at the N-th file-system step of the
# final write (each rename, unlink, link, exchange or tree removal once the commit starts).
KILLER = r"""
import os, shutil, sys
import generator.write as write
n, mode = int(sys.argv[2]), sys.argv[3]
state = {"on": False, "count": 0}

def counted(step):
    def run(*args, **kwargs):
        if state["on"]:
            state["count"] += 1
            if state["count"] == n:
                os._exit(9)
        return step(*args, **kwargs)
    return run

for name in ("replace", "rename", "unlink", "link"):
    setattr(os, name, counted(getattr(os, name)))
shutil.rmtree = counted(shutil.rmtree)
write.exchange = (lambda a, b: False) if mode == "swap" else counted(write.exchange)
commit = write.Output.commit
def watched(self):
    state["on"] = True
    commit(self)
    state["on"] = False
write.Output.commit = watched
from generator.cli import main
code = main(["build", sys.argv[1], "-q"] + (["--clean"] if mode == "clean" else []))
print("STEPS", state["count"])
sys.exit(code)
"""


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def leftovers(site: Path) -> list[str]:
    return sorted(p.name for p in site.iterdir() if p.name.startswith(".output."))


def cli(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, capture_output=True, text=True, **kw)


def edited(site: Path) -> None:
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\nOne more sentence for the new build.\n")


@pytest.mark.parametrize("mode", ["exchange", "swap", "clean", "recycle"])
def test_a_build_killed_at_any_step_of_its_final_write_leaves_the_old_or_the_new_output(tmp_path, mode):
    """Point 1: kill the commit at every step in turn; the output is whole at once, and the
    next command finishes the job with no staging folder left. "recycle": a second build
    has kept the first output's folder, which the killed commit brings up to date."""
    site = make_site(tmp_path / "site")
    expected = make_site(tmp_path / "expected")
    rounds = 2 if mode == "recycle" else 1
    for _ in range(rounds):
        assert main(["build", str(site), "-q"]) == 0
        edited(expected)
        assert main(["build", str(expected), "-q"]) == 0
        if rounds == 2 and _ == 0:
            edited(site)
    if mode == "recycle":
        assert (site / ".rulepress-cache/output/previous").is_dir()
    old = snapshot(site / "output")
    new = snapshot(expected / "output")
    edited(site)
    for step in range(1, 200):
        work = tmp_path / f"try-{step}"
        shutil.copytree(site, work, symlinks=True)
        done = subprocess.run([sys.executable, "-c", KILLER, str(work), str(step), mode], cwd=ROOT,
                              capture_output=True, text=True)
        if done.returncode == 0:
            assert f"STEPS {step - 1}" in done.stdout  # every step of the commit was tried
            break
        assert done.returncode == 9, done.stderr
        if mode != "swap":  # the atomic exchange: whole at every instant
            assert snapshot(work / "output") in (old, new), f"mixed or missing output after a kill at step {step}"
        recover(work / "output")  # what the next command does first
        assert snapshot(work / "output") in (old, new), f"mixed or missing output after a kill at step {step}"
        assert cli("build", str(work), "-q").returncode == 0
        assert snapshot(work / "output") == new and leftovers(work) == []
        shutil.rmtree(work)
    else:
        pytest.fail("the commit never finished")
    assert step > 2


def test_staging_folders_of_killed_builds_are_removed_by_the_next_build(tmp_path):
    """Point 2: `.output.building-<pid>` and `.output.old-<pid>` of dead processes go; a running build's stays."""
    site = make_site(tmp_path / "site")
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        for name in (".output.building-999999", ".output.old-999998", f".output.building-{sleeper.pid}"):
            (site / name / "big").mkdir(parents=True)
            (site / name / "big" / "file.bin").write_bytes(b"x" * 1000)
        assert main(["build", str(site), "-q"]) == 0
        assert leftovers(site) == [f".output.building-{sleeper.pid}"]
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_second_build_of_the_same_site_waits_for_the_first(tmp_path):
    """Point 3: while one build holds the site, another says it is waiting and writes nothing."""
    site = make_site(tmp_path / "site")
    with BuildLock(site / "output"):
        second = subprocess.Popen([sys.executable, "-m", "generator", "build", str(site), "-q"], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(2.0)
        assert second.poll() is None and not (site / "output").exists()
    out, err = second.communicate(timeout=60)
    assert second.returncode == 0 and "Waiting for another build" in err
    assert (site / "output/index.html").is_file()


def sealed(path: Path, change) -> None:
    """Change the manifest's data and seal it again with a correct checksum."""
    data = manifest_data(path)
    change(data)
    path.write_text(sealed_manifest(data))


@pytest.mark.parametrize("damage", ["garbage front matter", "garbage game.toml"])
def test_garbage_cached_entries_mean_a_clean_build(tmp_path, damage):
    """Point 4: entries of the wrong shape (even under a good checksum) are not trusted."""
    site = make_site(tmp_path / "site")
    assert main(["build", str(site), "-q"]) == 0
    manifest = cache.cache_dir(site / "output") / "manifest.json"
    key = "front" if damage == "garbage front matter" else "game_toml"
    sealed(manifest, lambda data: data[key].update({k: "garbage" for k in data[key]}))
    edited(site)
    assert main(["build", str(site), "-q"]) == 0
    fresh = make_site(tmp_path / "fresh")
    edited(fresh)
    assert main(["build", str(fresh), "-q", "--clean"]) == 0
    assert snapshot(site / "output") == snapshot(fresh / "output")


def test_a_tampered_cache_is_not_published(tmp_path):
    """Point 4: a cached title edited by hand fails the checksum: the page shows the real title."""
    site = make_site(tmp_path / "site")
    assert main(["build", str(site), "-q"]) == 0
    manifest = cache.cache_dir(site / "output") / "manifest.json"
    manifest.write_text(manifest.read_text().replace('"title":"Rules"', '"title":"Hacked"'))
    edited(site)
    assert main(["build", str(site), "-q"]) == 0
    page = (site / "output/pebbles/index.html").read_text()
    assert "Hacked" not in page and "Rules" in page


@pytest.mark.parametrize("where", ["manifest.json is a folder", "the cache folder is a file"])
@pytest.mark.parametrize("clean", [False, True])
def test_a_cache_in_the_wrong_shape_never_stops_a_build(tmp_path, where, clean):
    """Point 4: a manifest that is a folder, or a cache folder that is a file: the build (and
    --clean) still works, and the cache is repaired."""
    site = make_site(tmp_path / "site")
    assert main(["build", str(site), "-q"]) == 0
    folder = cache.cache_dir(site / "output")
    shutil.rmtree(folder)
    if where == "manifest.json is a folder":
        (folder / "manifest.json").mkdir(parents=True)
    else:
        folder.write_text("not a folder")
    edited(site)
    assert main(["build", str(site), "-q"] + (["--clean"] if clean else [])) == 0
    assert "One more sentence" in (site / "output/pebbles/index.html").read_text()
    assert folder.is_dir() and (clean or (folder / "manifest.json").is_file())


@pytest.mark.parametrize("fault", ["read-only output", "read-only cache", "read-only site folder"])
def test_a_permission_fault_names_the_path_and_leaves_the_output(tmp_path, fault, monkeypatch, capsys):
    """Point 5: no "internal error": the path, what to do, exit 1, the output as it was."""
    site = make_site(tmp_path / "site")
    assert main(["build", str(site), "-q"]) == 0
    before = snapshot(site / "output")
    edited(site)
    output, cache_folder = site / "output", cache.cache_dir(site / "output")
    if fault == "read-only output":  # (the tests may run as root, whom modes do not stop)
        real_access = os.access
        monkeypatch.setattr(os, "access", lambda path, mode: False if Path(path) == output else real_access(path, mode))
        culprit = output
    elif fault == "read-only cache":
        def refuse(_output):
            raise PermissionError(13, "Permission denied", str(cache_folder / ".probe"))
        monkeypatch.setattr(cache, "prepare", refuse)
        culprit = cache_folder / ".probe"
    else:
        real_mkdir = Path.mkdir
        def refuse_staging(self, *args, **kwargs):
            if self.name.startswith(".output.building-"):
                raise PermissionError(13, "Permission denied", str(self))
            return real_mkdir(self, *args, **kwargs)
        monkeypatch.setattr(Path, "mkdir", refuse_staging)
        culprit = site
    code = main(["build", str(site)])
    err = capsys.readouterr().err
    assert code == 1 and "permission denied" in err and str(culprit) in err
    assert "chmod" in err and "Traceback" not in err and "internal error" not in err
    assert snapshot(output) == before
