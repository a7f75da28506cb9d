"""The browser harness skips without Chromium, but fails under CI or ./dev test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def run_browser_tests(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if key not in ("CI", "BURACO_REQUIRE_BROWSER", "BURACO_CHROMIUM")}
    clean.update(env, BURACO_CHROMIUM="/nonexistent/chromium")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "tests/browser/test_score_sheet_browser.py", "-q", "-rs", "-p", "no:randomly"],
        cwd=REPO, env=clean, capture_output=True, text=True, timeout=300,
    )


def test_missing_chromium_skips_with_the_reason_in_a_plain_run() -> None:
    result = run_browser_tests()
    assert result.returncode == 0, result.stdout
    assert "1 skipped" in result.stdout and "/nonexistent/chromium" in result.stdout


@pytest.mark.parametrize("flag", ["CI", "BURACO_REQUIRE_BROWSER"])
def test_missing_chromium_fails_when_the_browser_is_required(flag: str) -> None:
    result = run_browser_tests(**{flag: "1"})
    assert result.returncode == 1, result.stdout
    assert "browser tests are required" in result.stdout

