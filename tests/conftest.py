import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
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
