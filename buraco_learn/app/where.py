"""Where the app runs, decided in one place: on Binder, or on a computer that keeps what it is given.

Binder (BinderHub) starts each launch in a fresh container and deletes it when the session
ends: the progress store goes with it. BinderHub's spawner sets ``BINDER_LAUNCH_HOST``,
``BINDER_REQUEST``, ``BINDER_REF_URL``, ``BINDER_PERSISTENT_REQUEST`` and ``BINDER_REPO_URL`` in
the session's environment (``JUPYTERHUB_SERVICE_PREFIX`` alone is any JupyterHub, whose
home directories usually last, so it is not enough).

>>> on_binder({"BINDER_LAUNCH_HOST": "https://mybinder.org/"}), on_binder({"JUPYTERHUB_SERVICE_PREFIX": "/user/a/"})
(True, False)
>>> on_binder({"BINDER_REQUEST": "  "})
False
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Final

from buraco_learn.i18n import N_

#: The variables BinderHub sets in every session it launches (any one of them, not empty, is enough).
BINDER_ENV: Final = ("BINDER_LAUNCH_HOST", "BINDER_REQUEST", "BINDER_REPO_URL", "BINDER_REF_URL",
                     "BINDER_PERSISTENT_REQUEST")

#: What the landing page says about the learner's progress, where it runs.
LOCAL_WORDS: Final = N_("Your progress is saved as you go, on the computer serving these lessons: it is still here "
                      "when you come back, until you reset it.")
BINDER_WORDS: Final = N_("You are using the lessons on Binder: your progress lasts only for this session. Binder "
                       "deletes it when you close the lessons or leave them unused for a while. Download your "
                       "progress before you go, and load it back when you come again.")

STATIC_WORDS: Final = N_("Your progress is saved as you go, in this web browser on this device: it is still here when "
                       "you come back, unless the browser's site data is cleared. Another browser or device starts "
                       "afresh.")


def on_static_site(platform: str | None = None) -> bool:
    """Whether the app runs in the browser itself, on Pyodide (the static site ``buraco-learn build-site`` writes).

    >>> on_static_site("emscripten"), on_static_site("linux")
    (True, False)
    """
    return (sys.platform if platform is None else platform) == "emscripten"


def on_binder(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the app runs in a Binder session (its disk, and the progress on it, end with the session)."""
    env = os.environ if environ is None else environ
    return any(env.get(name, "").strip() for name in BINDER_ENV)


def progress_words(environ: Mapping[str, str] | None = None) -> str:
    """Where the learner's progress is kept, in words true for where the app runs.

    >>> "only for this session" in progress_words({"BINDER_REQUEST": "v2/gh/buraco-learn/buraco-learn/HEAD"})
    True
    >>> "still here when you come back" in progress_words({})
    True
    """
    from buraco_learn.i18n import _

    if on_static_site():
        return _(STATIC_WORDS)
    return _(BINDER_WORDS if on_binder(environ) else LOCAL_WORDS)
