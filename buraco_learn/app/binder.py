"""A Jupyter Server extension for the lessons served the Binder way: Voila's server extension
inside Jupyter Server (JupyterHub's single-user server on Binder), under a base URL such as
``/user/<name>/``. ``binder/postBuild`` enables it (``ServerApp.jpserver_extensions``).

One change, the one ``buraco-learn serve`` makes for itself (:mod:`buraco_learn.app.voila_app`):
a lesson's page sets the ``_xsrf`` cookie. Voila's page, when it is closed or left, posts
``<base>voila/api/shutdown/<kernel>`` with that cookie's value in the form (``sendBeacon``);
Jupyter Server refuses a POST without it (``403 '_xsrf' argument missing from POST``). A page
opened straight from the Binder link (``?urlpath=voila/render/...``) has never been to a page
that sets the cookie, so every page left kept its kernel until culled. With the cookie, the
kernel stops when its page goes.

Nothing else changes: who may open a page or stop a kernel is Jupyter Server's (JupyterHub's
login on Binder; the token when run by hand), and ``buraco-learn serve`` never loads this.

>>> _jupyter_server_extension_points()
[{'module': 'buraco_learn.app.binder'}]
"""

from __future__ import annotations

import functools
from typing import Any


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "buraco_learn.app.binder"}]


def sets_xsrf_cookie(get: Any) -> Any:
    """Voila's page handler's ``get``, setting the ``_xsrf`` cookie first for a logged-in browser."""

    @functools.wraps(get)
    async def get_with_cookie(self: Any, *args: Any, **kwargs: Any) -> Any:
        if self.current_user:
            self.xsrf_token  # noqa: B018 - reading the token sets the cookie (path: the server's base URL)
        return await get(self, *args, **kwargs)

    get_with_cookie.buraco_sets_xsrf = True  # type: ignore[attr-defined]
    return get_with_cookie


def _load_jupyter_server_extension(serverapp: Any) -> None:
    from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

    if not getattr(TornadoVoilaHandler.get, "buraco_sets_xsrf", False):
        TornadoVoilaHandler.get = sets_xsrf_cookie(TornadoVoilaHandler.get)
    serverapp.log.info("buraco_learn.app.binder: lesson pages set the _xsrf cookie (a page left stops its kernel)")
