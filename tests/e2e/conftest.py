"""Browser tests: Playwright (PyPI) driving Debian's Chromium against a live Quorum server.

The server is pytest-django's live server on the test database; data-subject requests run on the
real Celery worker (``celery_worker_process``). Chromium comes from the system (``/usr/bin/chromium``,
installed by ``.ci/run``); no browser is ever downloaded. Screenshots go to
``test-results/screenshots/`` or to ``QUORUM_SCREENSHOTS_DIR`` (``make screenshots`` → docs/screenshots).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command

CHROMIUM = os.environ.get("QUORUM_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("QUORUM_SCREENSHOTS_DIR") or ROOT / "test-results" / "screenshots")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One Chromium per test module, closed afterwards: Playwright's sync API keeps an event loop
    running in this thread while it is open, which later asyncio tests must not inherit."""
    if not shutil.which(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium (`apt-get install -y chromium`); "
                    ".ci/run does this. Browsers are never downloaded.")
    from playwright.sync_api import sync_playwright

    # The ORM calls the tests make between page actions are ordinary blocking calls; Django's
    # async-safety guard sees Playwright's loop and is relaxed while the browser is open, only.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"])
        yield browser
        browser.close()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser):  # noqa: ANN001
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def demo_world(transactional_db, tmp_path, monkeypatch):  # noqa: ANN001
    from config.management.commands import seed_demo

    monkeypatch.setattr(seed_demo.embedded, "var_dir", lambda: tmp_path)
    call_command("seed_demo", stdout=open(os.devnull, "w"))


@pytest.fixture
def shot():  # noqa: ANN201
    SHOTS.mkdir(parents=True, exist_ok=True)

    def save(page, name: str, full_page: bool = True) -> Path:  # noqa: ANN001
        path = SHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path
    return save


def sign_in(page, base_url: str, username: str, password: str) -> None:  # noqa: ANN001
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base_url}/")
