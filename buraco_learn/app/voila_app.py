"""The Voila application behind ``buraco-learn serve`` (imports Voila; see :mod:`buraco_learn.app.server`).

The changes to stock Voila, each small:

- every request passes :class:`buraco_learn.app.guard.HostPolicy` (a loopback ``Host``,
  and a browser's ``Origin`` this server's own); pages, kernels and their websockets need
  the app's key (Jupyter's token login: the URL ``serve`` prints carries ``?token=``, which
  is then exchanged for a cookie and dropped from the address bar);
- a page's kernel is entered in :class:`buraco_learn.app.guard.KernelLedger` under the
  browser that asked for it: kernels whose page never connects are stopped within a
  minute, one browser holds a bounded number, and too many pages opening at once are refused;
- ``/`` redirects to the landing page;
- lesson pages set the ``_xsrf`` cookie. Voila's page posts ``voila/api/shutdown/<kernel>``
  with that cookie's value when it is closed or left; standalone Voila never sets the
  cookie, so the post is refused (403) and the kernel lives on until culled. With the
  cookie, leaving a page stops its kernel at once;
- :class:`NoDelayConnection` turns Nagle's algorithm off on each kernel websocket.

>>> BuracoVoila.name, issubclass(NoDelayConnection, ZMQChannelsWebsocketConnection)
('buraco-learn-voila', True)
"""

from __future__ import annotations

import asyncio
import contextvars
import html
import logging
import os
import re
import signal
import sys
import tempfile
import time
import webbrowser
from pathlib import Path
from typing import Any, ClassVar, Final
from urllib.parse import urlencode

from jupyter_server.base.handlers import JupyterHandler  # type: ignore[import-untyped]
from jupyter_server.services.kernels.connection.channels import (  # type: ignore[import-untyped]
    ZMQChannelsWebsocketConnection,
)
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager  # type: ignore[import-untyped]
from jupyter_server.utils import ensure_async  # type: ignore[import-untyped]
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.web import HTTPError, RedirectHandler, RequestHandler
from tornado.websocket import WebSocketHandler
from traitlets import default
from voila.app import Voila  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]
from voila.voila_identity_provider import VoilaLoginHandler  # type: ignore[import-untyped]

from buraco_learn.app.catalogue import LANDING
from buraco_learn.app.guard import Admission, HostPolicy, KernelLedger, KernelState
from buraco_learn.app.preheat import PREHEAT_ENV
from buraco_learn.app.preheatgate import PREHEATING, PreheatGate, default_spacing

log = logging.getLogger("buraco_learn.app.server")

class PageRequest:
    """A page being opened for a browser (Jupyter's login identity), holding a place in the ledger."""

    def __init__(self, ledger: KernelLedger, client: str) -> None:
        self.ledger, self.client, self.reserved = ledger, client, True
        ledger.reserve(client)

    def got(self, kernel_id: str) -> None:
        """The page has its kernel: the place it held becomes that kernel."""
        self.ledger.opened(kernel_id, self.client, time.monotonic())
        self.done()

    def done(self) -> None:
        if self.reserved:
            self.reserved = False
            self.ledger.release(self.client)


#: the page request whose kernel is being started or taken from the pool
PAGE_REQUEST: contextvars.ContextVar[PageRequest] = contextvars.ContextVar("buraco_page_request")
SWEEP_SECONDS = 10.0
FILL_SPACING = 1.5  # seconds between two replacement kernels of one notebook's pool (about one kernel's start)
REFILL_READY_S = 30.0  # a class's lesson (--ready): its pool refills after its pages have loaded


class NoDelayConnection(ZMQChannelsWebsocketConnection):  # type: ignore[misc]
    """A kernel websocket with Nagle's algorithm off (``TCP_NODELAY``).

    Widget messages are small; with Nagle on, a reply can wait for the ACK of the
    previous segment (delayed ACKs: tens of milliseconds), which a learner feels on every click.
    """

    def connect(self) -> Any:
        try:
            self.websocket_handler.set_nodelay(True)
        except Exception as error:  # a stream already closed: connect() reports it
            self.log.debug("set_nodelay failed: %s", error)
        return super().connect()


def _page(body: str) -> str:
    """One of the server's own small pages (refusals, the key page): ``body`` is HTML."""
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>buraco-learn</title></head><body style=\"font: 18px/1.5 system-ui, sans-serif; "
            f"max-width: 36em; margin: 3em auto; padding: 0 1em\"><h1>buraco-learn</h1>{body}</body></html>")


def _refusal_page(sentence: str) -> str:
    return _page(f"<p>{html.escape(sentence)}</p>")


class GuardedHandler(RequestHandler):
    """Every handler of the app: the host and origin checks, then the handler's own work.

    Mixed in front of each handler class in :meth:`BuracoVoila.init_handlers`.
    """

    def _guard(self) -> None:
        policy: HostPolicy = self.settings["buraco_host_policy"]
        if not policy.allows_host(self.request.host or ""):
            log.warning("refused a request for host %r (not this machine: see --allow-host)", self.request.host[:100])
            raise HTTPError(403, "this server answers only for its own address")
        origin = self.request.headers.get("Origin")
        if origin is not None and not policy.allows_origin(origin):
            log.warning("refused a request from the web page at %r", origin[:100])
            raise HTTPError(403, "this server answers only its own pages")

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        self._guard()
        result = super().prepare(*args, **kwargs)
        if result is not None:
            await result
        if self._finished:
            return
        await self._note_activity()
        if not isinstance(self, JupyterHandler) or isinstance(self, WebSocketHandler):
            return
        if self.request.method == "GET" and "token" in self.request.query_arguments and self.current_user:
            # The key did its work (Jupyter set the login cookie): drop it from the address bar,
            # the bookmarks, and what the page's kernel is told of its request.
            query = [(name, value.decode("utf-8", "replace")) for name, values in self.request.query_arguments.items()
                     if name != "token" for value in values]
            self.redirect(self.request.path + ("?" + urlencode(query) if query else ""))

    async def _note_activity(self) -> None:
        """Tell the ledger this browser is still at work (its pages' kernels are not abandoned)."""
        app: BuracoVoila | None = self.settings.get("buraco_app")
        if app is None or not app.ledger.owners:
            return
        user = getattr(self, "current_user", None) if isinstance(self, JupyterHandler) else None
        provider = self.settings.get("identity_provider")
        if user is None and provider is not None:
            try:
                user = provider.get_user_cookie(self)
                if user is not None and hasattr(user, "__await__"):
                    user = await user
            except Exception:  # a damaged cookie: not this browser's
                user = None
        if user is not None:
            app.ledger.active(str(getattr(user, "username", user)), time.monotonic())

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        if status_code == 403:
            self.finish(_refusal_page("This address is not the app's. Open the lessons from the address "
                                           "that buraco-learn serve printed when it started."))
            return
        # Jupyter's error pages need settings Voila does not give (they raised while being drawn)
        sentence = ("That page is not here. Go back to the lessons and open it from there." if status_code == 404 else
                    f"The server could not answer that (error {status_code}). Go back to the lessons and try again.")
        self.finish(_refusal_page(sentence))


def guarded(handler: type[RequestHandler]) -> type[RequestHandler]:
    """``handler`` with :class:`GuardedHandler`'s checks first."""
    if issubclass(handler, GuardedHandler):
        return handler
    return type(handler.__name__, (GuardedHandler, handler), {"__module__": __name__})


#: style sheets of another site in Voila's page template (Font Awesome, from a CDN)
FOREIGN_LINK = re.compile(r"<link\b[^>]*\bhref=\"https?://[^>]*>\s*")


def without_foreign_links(html_text: str) -> str:
    """A page without the style sheets Voila's template loads from another site.

    Each page view would tell that site a learner opened it, and an offline or filtered
    classroom would wait for it; the lessons' buttons carry words, not icons.

    >>> without_foreign_links('<link rel="stylesheet" href="https://cdn.example/x.css" type="text/css" /> <p>')
    '<p>'
    """
    return FOREIGN_LINK.sub("", html_text)


def landing_for(language: str, lessons: Path) -> str:
    """The landing page of ``language`` (relative to the server's base URL): its copy of the index, else the English one."""
    from buraco_learn.app.catalogue import INDEX, RENDER, language_dir

    if language != "en" and (language_dir(lessons, language) / INDEX).is_file():
        return f"{RENDER}{language}/{INDEX}"
    return LANDING


def preferred_language(accept_language: str | None, store: Any = None) -> str:
    """The language the app's address opens in: the learner's choice kept in the progress store, else the
    browser's preferred language that buraco-learn speaks, else English."""
    from buraco_learn import i18n
    from buraco_learn.app.progress import ProgressError, ProgressStore

    try:
        chosen = (store or ProgressStore()).language()
    except ProgressError:
        chosen = None
    return chosen or i18n.from_accept_language(accept_language) or "en"


class LandingRedirect(RedirectHandler):  # type: ignore[misc]
    """``/``: to the landing page in the learner's language (:func:`preferred_language`)."""

    def initialize(self, url: str, permanent: bool = False, base: str = "/", lessons: Path | None = None) -> None:
        super().initialize(url, permanent)
        self.base, self.lessons = base, lessons

    def get(self, *args: Any, **kwargs: Any) -> None:
        if self.lessons is not None:
            language = preferred_language(self.request.headers.get("Accept-Language"))
            self._url = self.base.rstrip("/") + "/" + landing_for(language, self.lessons)
        super().get(*args, **kwargs)


class LessonPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler: the browser's kernel quota, the ``_xsrf`` cookie its shutdown-on-close
    request needs, and no style sheet from another site."""

    def write(self, chunk: Any) -> None:
        if isinstance(chunk, str) and "<link" in chunk:
            chunk = without_foreign_links(chunk)
        super().write(chunk)

    async def get(self, path: str | None = None) -> None:
        app: BuracoVoila = self.settings["buraco_app"]
        user = self.current_user
        if user is None:  # not logged in: Voila's @authenticated sends the browser to the key page
            await super().get(path)
            return
        client = str(getattr(user, "username", user))
        admission = await app.admit(client)
        if not admission.allowed:
            self.set_status(admission.status)
            if admission.status == 503:
                self.set_header("Retry-After", "60")
            self.finish(_refusal_page(admission.reason))
            return
        self.xsrf_token  # noqa: B018 - reading the token sets the cookie
        request = PageRequest(app.ledger, client)
        token = PAGE_REQUEST.set(request)
        try:
            await super().get(path)
        finally:
            request.done()
            PAGE_REQUEST.reset(token)


class KeyPageHandler(VoilaLoginHandler):  # type: ignore[misc]
    """The page a browser without the app's key meets: what to do, in words, and a box for the key."""

    def _render(self, message: Any = None) -> None:
        wrong = '<p role="alert" style="color:#a00">That is not the key.</p>' if message else ""
        next_url = html.escape(self.get_argument("next", default=self.base_url), quote=True)
        self.write(_page(f"""
<p>This app opens with a key, so that no other web site can use it.</p>
<p>Open the lessons from the address that <b>buraco-learn serve</b> printed when it started
(it ends with <code>?token=</code> and the key), or paste the key here.</p>
{wrong}<form method="post" action="{html.escape(self.request.path, quote=True)}?next={next_url}">
<input type="hidden" name="_xsrf" value="{html.escape(self.xsrf_token.decode(), quote=True)}">
<label>Key <input type="password" name="password" autocomplete="current-password" autofocus></label>
<button type="submit">Open the lessons</button></form>"""))


KERNEL_LOG_LIMIT = 1_000_000  # bytes kept from earlier runs


def open_kernel_log(path: Path) -> Any:
    """The kernels' log, opened for appending (emptied first when it has grown past its limit)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.stat().st_size > KERNEL_LOG_LIMIT:
        path.write_bytes(b"")
    return path.open("ab", buffering=0)


#: what every page's kernel is started with (see :class:`LoggedKernelManager`)
KERNEL_ARGUMENTS: Final = ("--HistoryManager.enabled=False",)
STARTING_WAIT_S: Final = 20.0  # at shutdown, how long the kernels still starting get to finish (then they are stopped)


def kept_ready(start_kwargs: dict[str, Any]) -> bool:
    """Whether a kernel start is one Voila keeps ready ahead of a page (its environment says so)."""
    return (start_kwargs.get("env") or {}).get(PREHEAT_ENV) == "True"


class LoggedKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Every kernel's own output goes to the kernels' log (``BuracoVoila.kernel_log_path``), not to the
    terminal of whoever ran ``serve``: the kernels a page starts, and the ones Voila keeps ready, which
    it starts through this class directly (``super().start_kernel``), the first of them before the
    server's loop runs. A kernel stopped mid-cell by Ctrl-C prints a traceback: there, in the log.

    A page's kernel keeps no IPython history: every kernel would write the same history database, and
    with a class's pages open at once IPython prints "database is locked" into a learner's page."""

    async def start_kernel(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        kwargs["extra_arguments"] = [*kwargs.get("extra_arguments", []), *KERNEL_ARGUMENTS]
        kernel_log = getattr(self.parent, "_kernel_log", None)
        if kernel_log is not None:
            kwargs.setdefault("stdout", kernel_log)
            kwargs.setdefault("stderr", kernel_log)
        gate = getattr(self.parent, "preheat_gate", None)
        if gate is not None and kept_ready(kwargs):
            await gate.turn(PREHEATING.get() or "")  # kept ready: one at a time (preheatgate)
        return await super().start_kernel(*args, **kwargs)

    async def shutdown_all(self, now: bool = False) -> None:  # type: ignore[override]
        """Stop every kernel, the ones still starting included, each on its own.

        jupyter_client lists the kernels still starting beside the running ones, but jupyter_server
        refuses to stop a kernel not yet in its mapping (HTTP 404, "Kernel does not exist"), and one
        refusal aborted the whole shutdown with a traceback at Ctrl-C (seen in CI, with the kernels kept
        ready still starting). Here the starts finish first (the preheat gate is closed, so no new one
        begins), and a kernel gone meanwhile is no error."""
        loop = asyncio.get_running_loop()
        starting = [task for task in self._pending_kernels.values()
                    if isinstance(task, asyncio.Future) and task.get_loop() is loop and not task.done()]
        if starting:
            await asyncio.wait(starting, timeout=STARTING_WAIT_S)

        async def stop(kernel_id: str) -> None:
            try:
                await ensure_async(self.shutdown_kernel(kernel_id, now=now))  # type: ignore[no-untyped-call]
            except (HTTPError, KeyError, RuntimeError) as error:  # stopped meanwhile, or never started
                log.debug("kernel %s was gone at shutdown: %s", kernel_id, error)

        await asyncio.gather(*(stop(kernel_id) for kernel_id in set(self.list_kernel_ids())))


class _NoPingWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("The websocket_ping_timeout")


def quiet_ping_warning() -> None:
    """Drop tornado's warning that jupyter_server's ping timeout exceeds its interval (it does, by design)."""
    logger = logging.getLogger("tornado.general")
    if not any(isinstance(existing, _NoPingWarning) for existing in logger.filters):
        logger.addFilter(_NoPingWarning())


class BuracoVoila(Voila):  # type: ignore[misc]
    """Voila serving the lessons directory, guarded, with ``/`` sent to the landing page."""

    name = "buraco-learn-voila"
    #: printed once the server listens (the loop's first callback), so a URL shown is a URL that answers
    ready_message = ""
    #: host names allowed besides the loopback ones (``--allow-host``)
    extra_hosts: ClassVar[tuple[str, ...]] = ()
    #: the kernels' bookkeeping (see :class:`KernelLedger`)
    ledger: KernelLedger
    #: where the kernels' own messages go (not the terminal of a learner who ran ``serve``); None: inherited
    kernel_log_path: ClassVar[Path | None] = None
    #: notebooks whose pages are kept ready for a class (``--ready``), with the lesson's name: their pool refills later
    ready_notebooks: ClassVar[dict[str, str]] = {}
    _kernel_log: Any = None
    #: the kernels kept ready start through it, one at a time (None: not preheating)
    preheat_gate: PreheatGate | None = None

    @default("tornado_settings")
    def _tornado_settings(self) -> dict[str, Any]:
        # jupyter_server pings every 30 s and closes a kernel websocket whose last pong is older
        # than ws_ping_timeout. Equal to the interval (30 s), a pong that arrived a few
        # milliseconds after the previous ping counts as late, and busy pages lost their kernel
        # connection at random (seen with 20 sessions at once): keep jupyter_server's 90 s.
        # tornado, reading those milliseconds as seconds, warns that the timeout exceeds the
        # interval: quiet_ping_warning() drops that one message.
        return {
            "ws_ping_timeout": 90_000,
            # Voila turns Jupyter's Host check off; buraco-learn's own (GuardedHandler) is stricter.
            "allow_remote_access": False,
            "local_hostnames": ["localhost", *self.extra_hosts],
            "buraco_host_policy": HostPolicy.of(self.port, self.extra_hosts),
            "buraco_app": self,
        }

    def initialize(self, argv: Any = None) -> None:
        quiet_ping_warning()
        self.ledger = KernelLedger()
        super().initialize(argv)
        # Ctrl-C as SIGTERM: stop the loop, then shut the kernels down. Left to Python, the
        # KeyboardInterrupt lands in whatever task runs (a page being drawn) and is printed
        # as a traceback, and the server may not even stop.
        signal.signal(signal.SIGINT, self._stop_on_signal)
        signal.signal(signal.SIGTERM, self._stop_on_signal)
        if self.kernel_log_path is not None:
            try:
                self._kernel_log = open_kernel_log(self.kernel_log_path)
            except OSError as error:
                log.warning("the kernels' messages stay on this terminal: %s cannot be written (%s)",
                            self.kernel_log_path, error.strerror or error)

    def init_settings(self) -> Any:
        settings = super().init_settings()  # makes the kernel manager
        self._gate_preheating()
        return settings

    def _gate_preheating(self) -> None:
        # Voila has queued a start per notebook (they run once the loop does); each start names
        # its notebook (PREHEATING, in its own task) when it makes the notebook's renderer.
        manager = self.kernel_manager
        make_renderer = getattr(manager, "_notebook_renderer_factory", None)
        if make_renderer is None:
            return
        self.preheat_gate = PreheatGate(default_spacing(), first=self.ready_notebooks)

        def renderer_naming_its_notebook(notebook_path: str | None = None) -> Any:
            PREHEATING.set(notebook_path)
            return make_renderer(notebook_path)

        manager._notebook_renderer_factory = renderer_naming_its_notebook

    def _stop_on_signal(self, sig: int, frame: Any) -> None:
        if self.preheat_gate is not None:
            self.preheat_gate.close()  # the kernels still waiting to start never start
        if not getattr(self, "_stopping", False):
            self._stopping = True
            print("buraco-learn serve: stopping (the lessons' kernels are shut down)", file=sys.stderr, flush=True)
        self.ioloop.add_callback_from_signal(self.ioloop.stop)

    def start(self) -> None:
        if self.ready_message:
            IOLoop.current().add_callback(lambda: print(self.ready_message, flush=True))
        IOLoop.current().add_callback(self._watch_kernels)
        super().start()

    # -- kernels ----------------------------------------------------------------------------
    def _watch_kernels(self) -> None:
        manager = self.kernel_manager
        start_kernel, get_rendered = manager.start_kernel, getattr(manager, "get_rendered_notebook", None)

        async def start_for_page(*args: Any, **kwargs: Any) -> Any:
            kernel_id = await ensure_async(start_kernel(*args, **kwargs))
            request = PAGE_REQUEST.get(None)
            if request is not None and not kept_ready(kwargs):
                request.got(kernel_id)
            return kernel_id

        async def take_for_page(*args: Any, **kwargs: Any) -> Any:
            assert get_rendered is not None
            notebook = kwargs.get("notebook_name", args[0] if args else None)
            pool = getattr(manager, "_pools", {}).get(notebook) or []
            if self.preheat_gate is not None and isinstance(notebook, str) and pool and not pool[0].done():
                self.preheat_gate.hurry(notebook)  # its kernel, still waiting for its turn, starts now
            result = await get_rendered(*args, **kwargs)
            request = PAGE_REQUEST.get(None)
            if request is not None:
                request.got(result[2])
            return result

        cull_if_idle = manager.cull_kernel_if_idle

        async def cull_unless_pooled(kernel_id: str) -> Any:
            # A kernel kept ready is idle by design: culled, it would leave its lesson's pool
            # empty (Voila does not refill it) and a class would wait for fresh kernels.
            if kernel_id not in self.pooled_kernels():
                return await ensure_async(cull_if_idle(kernel_id))
            return None

        fill_if_needed = getattr(manager, "fill_if_needed", None)
        next_fill: dict[str, float] = {}

        def fill_spread(delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> Any:
            # A page took a kernel from its pool: Voila starts the replacement fill_delay seconds
            # later. Thirty pages taken at once would start thirty kernels at once (30 s of CPU),
            # just when the class's pages load their files and widgets. Replacements start one
            # at a time, FILL_SPACING apart, and a class's lesson waits REFILL_READY_S first.
            assert fill_if_needed is not None
            if delay is None and notebook_name is not None:
                now = time.monotonic()
                wait = REFILL_READY_S if notebook_name in self.ready_notebooks else manager.fill_delay
                start = max(now + wait, next_fill.get(notebook_name, 0.0))
                next_fill[notebook_name] = start + FILL_SPACING
                delay = start - now
            return fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)

        manager.start_kernel = start_for_page
        manager.cull_kernel_if_idle = cull_unless_pooled
        if fill_if_needed is not None:
            manager.fill_if_needed = fill_spread
        if get_rendered is not None:
            manager.get_rendered_notebook = take_for_page
        PeriodicCallback(self._sweep, SWEEP_SECONDS * 1000).start()
        if self.ready_notebooks:
            self._unannounced = set(self.ready_notebooks)
            self._announcer = PeriodicCallback(self._announce_ready, 1000)
            self._announcer.start()

    def _announce_ready(self) -> None:
        """Say once, for each lesson kept ready for a class, when all its pages are ready."""
        manager = self.kernel_manager
        for name in sorted(self._unannounced):
            pool = getattr(manager, "_pools", {}).get(name, [])
            wanted = manager.kernel_pools_config.get(name, {}).get("pool_size", 1)
            if len(pool) >= wanted and all(task.done() for task in pool):
                self._unannounced.discard(name)
                print(f"buraco-learn serve: {len(pool)} pages of lesson {self.ready_notebooks[name]} are ready for the class",
                      file=sys.stderr, flush=True)
        if not self._unannounced:
            self._announcer.stop()

    def pooled_kernels(self) -> set[str]:
        """The kernels Voila keeps ready, each for the next page of its notebook."""
        pooled: set[str] = set()
        for pool in getattr(self.kernel_manager, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    pooled.add(task.result().get("kernel_id"))
        return pooled

    def kernel_states(self) -> dict[str, KernelState]:
        manager = self.kernel_manager
        pooled = self.pooled_kernels()
        states = {}
        for kernel_id in list(manager.list_kernel_ids()):
            try:
                kernel = manager.get_kernel(kernel_id)
            except KeyError:
                continue
            states[kernel_id] = KernelState(connections=int(manager._kernel_connections.get(kernel_id, 0)),
                                            busy=getattr(kernel, "execution_state", "") in ("busy", "starting"),
                                            pooled=kernel_id in pooled)
        return states

    async def _stop(self, kernel_ids: Any, why: str) -> None:
        # All at once: each shutdown asks its kernel to exit and waits for it (about a second), so
        # forty kernels a storm left behind, stopped one after another, took about 80 s.
        async def stop(kernel_id: str) -> None:
            log.warning("stopping kernel %s: %s", kernel_id, why)
            self.ledger.forget(kernel_id)
            try:
                await ensure_async(self.kernel_manager.shutdown_kernel(kernel_id))
            except Exception as error:  # already gone
                log.debug("stopping kernel %s failed: %s", kernel_id, error)

        await asyncio.gather(*(stop(kernel_id) for kernel_id in kernel_ids))

    async def _sweep(self) -> None:
        culled = self.ledger.sweep(self.kernel_states(), time.monotonic())
        await self._stop(culled, "its page never connected")

    async def admit(self, client: str) -> Admission:
        admission = self.ledger.admit(client, self.kernel_states(), time.monotonic())
        await self._stop(admission.stop, "the same browser opened another page and this one has no page connected")
        if not admission.allowed:
            log.warning("refused a page: %s", admission.reason)
        return admission

    # -- the browser -----------------------------------------------------------------------
    def launch_browser(self) -> None:
        """Open the landing page with the app's key, through a file (so the key is on no command line)."""
        try:
            browser = webbrowser.get(self.browser or None)
        except webbrowser.Error as error:
            self.log.warning("No web browser found: %s.", error)
            return
        url = self.connection_url.rstrip("/") + "/" + (f"?token={self.identity_provider.token}" if self.token else "")
        descriptor, name = tempfile.mkstemp(suffix=".html")
        with os.fdopen(descriptor, "w", encoding="utf-8") as page:
            page.write(f'<!doctype html><meta http-equiv="refresh" content="0;url={html.escape(url, quote=True)}">'
                       f'<p><a href="{html.escape(url, quote=True)}">Open the lessons</a></p>')
        browser.open(Path(name).as_uri(), new=self.webbrowser_open_new)

    def init_handlers(self) -> list[Any]:
        landing = self.server_url.rstrip("/") + "/" + LANDING
        handlers: list[Any] = []
        for pattern, handler, *rest in super().init_handlers():
            if handler is TornadoVoilaHandler:
                handler = LessonPageHandler
            elif handler is VoilaLoginHandler:
                handler = KeyPageHandler
            handlers.append((pattern, guarded(handler), *rest))
        served = Path(self.root_dir) if getattr(self, "root_dir", None) else None
        return [(self.server_url, guarded(LandingRedirect), {"url": landing, "base": self.server_url, "lessons": served}),
                *handlers]
