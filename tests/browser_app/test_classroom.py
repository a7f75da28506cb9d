"""The classroom check: many browser sessions at once against one ``buraco-learn serve``.

Each session opens a lesson (1 to 10 in turn) and answers the first question of its
check; every one must render and get its feedback. CI runs a small class
(``BURACO_CLASSROOM_SESSIONS``, default 6); the full check of issue 6 is 20 sessions::

    BURACO_CLASSROOM_SESSIONS=20 ./dev test tests/browser_app/test_classroom.py -s
    python -m buraco_learn.app.measure --classroom 20     # the same, with its own server
"""

from __future__ import annotations

import os

import pytest

from buraco_learn.app.measure import KEYS, classroom
from buraco_learn.cli.serve_cmd import KERNEL_LOG

from .conftest import AppServer, BrowserThread

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_class_of_sessions_at_once_all_get_their_feedback(app: AppServer, browser_thread: BrowserThread,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    sessions = int(os.environ.get("BURACO_CLASSROOM_SESSIONS", "6"))
    assert app.process is not None
    pid = app.process.pid
    KEYS[app.url] = app.token
    room = browser_thread.run(lambda browser: classroom(browser, app.url, pid, sessions), timeout=1200)
    with capsys.disabled():
        print("\n" + room.summary())
    if room.failures or room.succeeded != sessions:  # what the server and the kernels said, to find why
        kernels = app.data / KERNEL_LOG
        with capsys.disabled():
            print("--- the server's log ---\n" + app.log())
            if kernels.exists():
                print("--- the kernels' log ---\n" + kernels.read_text(errors="replace")[-6000:])
    assert room.succeeded == sessions and not room.failures, room.summary()
    assert len(room.kernel_rss_mb) == sessions  # a kernel per session, each measured
    assert all(10 < rss < 1024 for rss in room.kernel_rss_mb), room.kernel_rss_mb
