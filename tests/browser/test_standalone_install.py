"""Rulepress installed from its wheel, used from a folder of its own (issue 17.1): `new`, `build`
and `serve` work anywhere; a site with an engine builds without the Python runtime, says how
to add it, and its pages step through their walkthroughs in the browser."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager

import pytest

from tests.browser.harness import PYODIDE_TIMEOUT_MS, ROOT, Watch
from tests.interactive.helpers import FIXTURE


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtual environment with the wheel (and its dependencies) installed: no repository in sight."""
    work = tmp_path_factory.mktemp("standalone")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist"), str(ROOT)],
                   check=True, capture_output=True, timeout=300)
    subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True, timeout=120)
    [wheel] = (work / "dist").glob("rulepress-*.whl")
    done = subprocess.run([str(work / "venv/bin/pip"), "install", "-q", "--disable-pip-version-check", str(wheel)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return work


def rulepress(installed, *args, cwd):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(installed / "venv/bin/rulepress"), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, env=env)


def test_the_wheel_scaffolds_builds_and_serves_a_site_anywhere(installed, browser):
    site = installed / "my-games"
    site.mkdir()
    made = rulepress(installed, "new", "pebbles", "--site", str(site), cwd=installed)  # from another folder
    assert made.returncode == 0, made.stderr
    shutil.copytree(FIXTURE / "content" / "hop", site / "content" / "hop")  # a game with an engine
    built = rulepress(installed, "build", str(site), cwd=installed)
    assert built.returncode == 0, built.stderr
    assert "Built 2 games" in built.stdout
    assert "Note: built without the Python runtime" in built.stdout and "rulepress runtime" in built.stdout
    assert (site / "output/pebbles/index.html").is_file() and (site / "output/pagefind/0/pagefind-ui.js").is_file()

    with serving(installed, site) as base:
        page, watch = open_page(browser, base + "hop/index.html")
        figure = page.locator('[data-rp-widget="walkthrough"]').first
        figure.get_by_role("button", name="Next", exact=True).click()
        assert figure.get_attribute("data-step") == "1"
        assert "rulepress runtime" in figure.locator(".rp-server-note").inner_text()
        assert figure.get_by_role("button", name="Try it from here").count() == 0
        assert watch.errors == []
        page.context.close()

    # With the runtime (what `rulepress runtime` installs: the pinned npm package in the site's folder)
    os.symlink(ROOT / "node_modules", site / "node_modules")
    built = rulepress(installed, "build", cwd=site)
    assert built.returncode == 0 and "Note:" not in built.stdout, built.stdout + built.stderr
    with serving(installed, site) as base:
        page, watch = open_page(browser, base + "hop/index.html")
        figure = page.locator('[data-rp-widget="walkthrough"]').first
        figure.get_by_role("button", name="Try it from here").click()
        figure.locator('.rp-live[aria-busy="false"] .rp-live-board svg').wait_for(timeout=PYODIDE_TIMEOUT_MS)
        assert watch.errors == []
        page.context.close()


def open_page(browser, url):
    page = browser.new_context().new_page()
    watch = Watch().attach(page)
    page.goto(url)
    return page, watch


@contextmanager
def serving(installed, site):
    server = subprocess.Popen([str(installed / "venv/bin/rulepress"), "serve", str(site), "--port", "0"], cwd=installed,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line, started = "", time.monotonic()
        while "Serving" not in line and time.monotonic() - started < 60:
            line = server.stdout.readline()
        yield re.search(r"http://127\.0\.0\.1:\d+/", line).group(0)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_runtime_command_installs_the_version_the_repository_pins():
    """`rulepress runtime` and this repository's package.json name the same Pyodide."""
    import json

    from generator.interactive.runtime import PYODIDE_VERSION

    assert json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"] == PYODIDE_VERSION


def test_the_runtime_command_without_npm_says_what_to_install(tmp_path, capsys, monkeypatch):
    from generator.cli import main

    (tmp_path / "content").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm here
    monkeypatch.setattr("generator.interactive.runtime.REPO_ROOT", tmp_path)
    assert main(["runtime", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "npm is not installed" in err and "Node.js and npm" in err
