"""A real browser for the live pages' end-to-end tests: Debian's Chromium, driven by Playwright (never a browser of
Playwright's own download). CI installs it and sets REFEREE_REQUIRE_BROWSER=1 (see `.ci/run`), so that there a
missing Chromium fails those tests; a developer without it runs the rest."""

from __future__ import annotations

import os
import shutil

REQUIRED = os.environ.get("REFEREE_REQUIRE_BROWSER", "") not in ("", "0")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
AVAILABLE = REQUIRED or CHROMIUM is not None
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
"""What Chromium needs here: no sandbox as root, and nothing reaching out to the network."""
