"""Every page of the real site passes the Nu HTML checker (vnu.jar, the W3C's validator) with
no errors (issue 15, Done when)."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.browser.harness import ROOT

VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def test_every_page_passes_the_nu_html_checker(real_site):
    java = shutil.which("java")
    if java is None or not VNU.is_file():
        pytest.fail("the Nu checker needs Java and node_modules/vnu-jar: run scripts/test (it installs both)")
    pages = sorted(str(p) for p in real_site.folder.rglob("*.html"))
    assert len(pages) >= 20
    done = subprocess.run([java, "-jar", str(VNU), "--errors-only", "--format", "gnu", *pages],
                          capture_output=True, text=True, timeout=300)
    errors = [line.replace(str(real_site.folder), "") for line in (done.stdout + done.stderr).splitlines() if line]
    assert errors == [] and done.returncode == 0
