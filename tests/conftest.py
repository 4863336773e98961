import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Tests compare builds of copies of one site, made seconds apart: file times clamped to one
# date (generator/site/lastmod.py), as a reproducible build sets them; the lastmod tests unset it.
os.environ.setdefault("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def browser():
    """One Chromium for the whole test session (tests/browser/harness.py: launch)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.harness import launch

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()
