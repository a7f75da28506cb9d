"""``buraco-learn serve``'s Voila application: the lessons on 127.0.0.1, idle kernels culled.

:func:`voila_argv` turns :class:`ServeOptions` into Voila's command line (tested
without starting anything); :func:`run` starts :class:`buraco_learn.app.voila_app.BuracoVoila`,
which is Voila serving the lessons directory with three additions:

- ``/`` redirects to the landing page (:data:`buraco_learn.app.catalogue.LANDING`);
- a page sets the ``_xsrf`` cookie, so the request Voila's page sends when it is closed
  or left is accepted and stops the page's kernel at once (stock standalone Voila
  refuses it, and the kernel lives on);
- :class:`buraco_learn.app.voila_app.NoDelayConnection` turns Nagle's algorithm off on
  each kernel websocket (``set_nodelay(True)``), so a click's small reply is not held
  back waiting for an ACK (see :mod:`buraco_learn.app.measure` for the figures).

With ``ready`` (``serve --ready 2=30``) as many pages of a lesson are kept ready as a
class will open at once; kernels kept ready are never culled as idle (they wait for a page).

>>> [arg for arg in voila_argv(ServeOptions(lessons=Path("/srv/lessons"), ready=(("02_melds.ipynb", 30),))) if "pools" in arg]
['--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 1}, "02_melds.ipynb": {"pool_size": 30}}']

Every page view starts a kernel. A page that closes without saying so (a crashed
browser, a sleeping laptop) or a tab left open all day would hold it for ever: kernels
idle for ``idle_timeout`` seconds are culled, connected or not.

>>> argv = voila_argv(ServeOptions(port=9000, lessons=Path("/srv/lessons"), open_browser=False))
>>> argv[0], "--port=9000" in argv, "--no-browser" in argv, "--Voila.ip=127.0.0.1" in argv
('/srv/lessons', True, True, True)
>>> [arg for arg in argv if "cull" in arg]
['--MappingKernelManager.cull_idle_timeout=1800', '--MappingKernelManager.cull_interval=60', '--MappingKernelManager.cull_connected=True']
"""

from __future__ import annotations

import errno
import json
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from buraco_learn.app.catalogue import lesson_info
from buraco_learn.i18n import LANGUAGES

HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8866
IDLE_TIMEOUT: Final = 1800  # seconds; a page closed properly stops its kernel at once
NODELAY_CLASS: Final = "buraco_learn.app.voila_app.NoDelayConnection"
#: the kernels' manager: Voila's pooling on top of it; every kernel's output to the kernels' log
KERNEL_MANAGER_CLASS: Final = "buraco_learn.app.voila_app.LoggedKernelManager"
#: the JupyterLab extensions a lesson page loads: Voila's widget manager, the widgets' and anywidget
FRONT_END_EXTENSIONS: Final = ("@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager", "anywidget")


@dataclass(frozen=True)
class ServeOptions:
    """What ``buraco-learn serve`` was asked for."""

    port: int = DEFAULT_PORT
    lessons: Path = Path("lessons")
    open_browser: bool = True
    idle_timeout: int = IDLE_TIMEOUT
    cull_interval: int = 60
    cull_connected: bool = True
    nodelay: bool = True
    verbose: bool = False
    preheat: bool = True
    fill_delay: float = 2.0
    #: the app's key: pages and kernels need it (empty: no key, as stock Voila)
    token: str = field(default="", repr=False)
    cookie_secret: bytes = field(default=b"", repr=False)
    #: host names answered besides the loopback ones (``--allow-host``)
    allowed_hosts: tuple[str, ...] = ()
    #: (notebook file name, pages kept ready) for lessons a class will open at once (``--ready``)
    ready: tuple[tuple[str, int], ...] = ()
    #: where the kernels' own messages go (None: this terminal)
    kernel_log: Path | None = None

    @property
    def address(self) -> str:
        """The server's address, without the key."""
        return f"http://{HOST}:{self.port}/"

    @property
    def url(self) -> str:
        """The address to open: with the key, which the browser then keeps in a cookie."""
        return self.address + (f"?token={self.token}" if self.token else "")


#: Seconds Voila waits for a cell's output once the kernel has replied (nbclient's default: 4).
IOPUB_TIMEOUT_S: Final = 120


def voila_argv(options: ServeOptions) -> list[str]:
    """Voila's command line for ``options``: the lessons directory, localhost, no code shown, culling."""
    argv = [
        str(options.lessons),
        f"--port={options.port}",
        f"--Voila.ip={HOST}",
        "--Voila.port_retries=0",
        "--classic-tree",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.theme=light",
        # Only the front-end extensions the lessons use: another one installed beside them
        # (jupytext's, say, which mkdocs-jupyter brings) is loaded into every page by default,
        # and one built for JupyterLab can break the page ("The getter for the shared module
        # is not a function"); fewer files per page too.
        *(f"--VoilaConfiguration.extension_allowlist={name}" for name in FRONT_END_EXTENSIONS),
        "--VoilaConfiguration.template=lab",
        # No progressive rendering (measured 2026-11-30): it shows a lesson's text sooner (first
        # render 1.07x an empty notebook instead of 1.17x) but with 20 sessions at once one page
        # in twenty never got its widgets, in two of three classroom runs (Voila 0.5.13).
        # A cell's output arrives after its widgets' messages; Voila's executor (nbclient) waits 4 s by default
        # for them after the cell's reply, then drops what has not come. With a class's pages and the kernels
        # kept ready starting at once, a quiz cell's hundred widget messages took longer: its page showed no
        # quiz at all (seen in 4 of 6 pages, 2026-12-06). A cell still gets all its output, however slow.
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_S}",
        f"--MappingKernelManager.cull_idle_timeout={options.idle_timeout}",
        f"--MappingKernelManager.cull_interval={options.cull_interval}",
        f"--MappingKernelManager.cull_connected={options.cull_connected}",
        f"--Voila.log_level={'INFO' if options.verbose else 'ERROR'}",
        f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER_CLASS}",
    ]
    if options.preheat:
        # One kernel per notebook kept ready with the notebook already executed up to
        # kit.page_opened() (Voila's preheated kernels): a page opens without waiting for
        # its kernel to start and its cells to run. A used kernel is replaced after
        # fill_delay seconds, once the page that took it has drawn.
        argv += ["--preheat_kernel=True", "--pool_size=1", f"--VoilaKernelManager.fill_delay={options.fill_delay}"]
        pools = kernel_pools(options)
        if len(pools) > 1:
            argv.append(f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}")
    if os.name != "nt":  # kernels talk over Unix sockets in Voila's private directory, not localhost TCP
        argv.append("--KernelManager.transport=ipc")
    if options.nodelay:
        argv.append(f"--Voila.kernel_websocket_connection_class={NODELAY_CLASS}")
    if not options.open_browser:
        argv.append("--no-browser")
    return argv


def kernel_pools(options: ServeOptions) -> dict[str, dict[str, int]]:
    """How many kernels a preheating server keeps ready for each notebook (Voila's ``kernel_pools_config``):
    one per lesson; none for the pages' copies in other languages (lessons/it/, lessons/pt_BR/), which start
    their kernel when opened (kept ready too, they would double the kernels and the memory of the server);
    a class's lesson (``ready``) as many as its pages."""
    copies = {f"{language}/{path.name}": {"pool_size": 0} for language in LANGUAGES[1:]
              for path in sorted((options.lessons / language).glob("*.ipynb"))}
    return {"default": {"pool_size": 1}, **copies, **{name: {"pool_size": size} for name, size in options.ready}}


def kept_ready_count(options: ServeOptions) -> int:
    """How many kernels a server of ``options`` runs once all those it keeps ready have started (they start
    one at a time, :mod:`buraco_learn.app.preheatgate`)."""
    if not options.preheat:
        return 0
    pools = kernel_pools(options)
    notebooks = [path.name for path in options.lessons.glob("*.ipynb")] + [name for name in pools if name != "default"]
    return sum(pools.get(name, pools["default"])["pool_size"] for name in set(notebooks))


def port_is_free(port: int, host: str = HOST) -> bool:
    """Whether a server could listen on ``host:port`` now (with SO_REUSEADDR, as tornado does)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


def free_port(host: str = HOST) -> int:
    """A port nobody listens on now (the system's choice).

    >>> 1024 <= free_port() <= 65535
    True
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def run(options: ServeOptions, ready_message: str = "") -> None:
    """Serve the lessons until interrupted (Ctrl-C or SIGTERM; the kernels are shut down).

    ``ready_message`` is printed once the server listens.
    """
    from buraco_learn.app.voila_app import BuracoVoila

    BuracoVoila.ready_message = ready_message
    BuracoVoila.extra_hosts = options.allowed_hosts
    BuracoVoila.kernel_log_path = None if options.verbose else options.kernel_log
    BuracoVoila.ready_notebooks = {name: lesson_info(options.lessons / name).label for name, _count in options.ready}
    secrets: dict[str, Any] = {}
    if options.token:  # given to the application object, never on a command line other users can read
        secrets = {"token": options.token, "cookie_secret": options.cookie_secret or os.urandom(32)}
    BuracoVoila.launch_instance(argv=voila_argv(options), **secrets)
