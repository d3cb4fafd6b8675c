"""A real browser for the live pages' end-to-end tests: Debian's Chromium, driven by Playwright (never a browser of
Playwright's own download). CI installs it and sets REFEREE_REQUIRE_BROWSER=1 (see `.ci/run`), so that there a
missing Chromium fails those tests; a developer without it runs the rest."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

REQUIRED = os.environ.get("REFEREE_REQUIRE_BROWSER", "") not in ("", "0")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
AVAILABLE = REQUIRED or CHROMIUM is not None
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
"""What Chromium needs here: no sandbox as root, and nothing reaching out to the network."""
AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core (npm), injected into the pages to check their accessibility: `.ci/run` installs it (npm ci --prefix tests/axe)."""


def axe_violations(page) -> list[str]:
    """What axe-core finds wrong on an open page, a line each: rule, impact, how many elements, the first one."""
    if not AXE.is_file():
        assert not REQUIRED, f"axe-core is not installed: npm ci --prefix {AXE.parents[2]}"
        import pytest

        pytest.skip(f"axe-core is not installed (npm ci --prefix {AXE.parents[2]})")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                          ".map(v => [v.id, v.impact, v.nodes.length, v.nodes[0].target.join(' ')])")
    return [f"{rule} ({impact}): {count} elements, first {first}" for rule, impact, count, first in found]
