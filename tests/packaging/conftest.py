"""The browser fixtures of tests/web (a live ``tabletop serve``, Debian's chromium), for the packaging
tests that look at the page."""

from tests.web.conftest import base_url, browser, chromium, recording_page  # noqa: F401
