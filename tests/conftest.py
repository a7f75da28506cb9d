"""Shared fixtures and hypothesis profiles."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: The lessons' checks run in a notebook's namespace at the page's end (tests/lesson_checks/README.md), not as test modules.
collect_ignore_glob = ["lesson_checks/*.py"]

settings.register_profile("ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(config: object, items: list) -> None:  # type: ignore[type-arg]
    """Run the real-browser tests last.

    Playwright's sync API keeps an event loop running in the main thread for the
    rest of the session once a browser has started, so tests that start their own
    loop with ``asyncio.run`` must come before it.
    """
    items.sort(key=lambda item: "/browser" in str(getattr(item, "fspath", "")))
