"""``buraco-learn serve [--port PORT] [--no-browser]``: the lessons as one web app (Voila on 127.0.0.1).

Opens the landing page (every lesson with its goal and the learner's progress) in
the browser unless ``--no-browser``. The app answers only for this machine's own
address (``--allow-host NAME`` adds a name) and opens with a key: the printed URL
carries it (``?token=...``); it is kept in the data directory, so bookmarks work
after a restart, and ``--new-key`` makes another. ``--ready LESSON=PAGES`` keeps that many
pages of a lesson ready for a class that opens it at once (``--ready 2=30``). ``--reset-progress [LESSON]`` forgets one
lesson's progress (by number or id), or everything, and exits without serving.
Exit status: 0 after a clean stop, 2 when the app cannot start (port in use, no
lessons, an unusable data directory, the app's dependencies not installed).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from buraco_learn.app.catalogue import LESSONS_ENV, discover, find, lessons_dir
from buraco_learn.app.guard import ServerKey
from buraco_learn.app.progress import DATA_ENV, ProgressStore
from buraco_learn.app.server import DEFAULT_PORT, IDLE_TIMEOUT, ServeOptions, free_port, port_is_free
from buraco_learn.cli import CliError, path_argument
from buraco_learn.i18n import _, ngettext

ALL = "all"
KERNEL_LOG = "kernels.log"  # in the data directory, beside the progress
MAX_READY = 60  # pages kept ready in all: a class or two (about 60 MB each)


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(
        name,
        help=_("serve the lessons as a web app (Voila on 127.0.0.1)"),
        description=_("Serve the lessons with Voila on 127.0.0.1 and open the landing page."),
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=_("port to listen on (default {port}; 0 picks a free one)", port=DEFAULT_PORT))
    parser.add_argument("--no-browser", action="store_true", help=_("do not open a web browser"))
    parser.add_argument("--lessons", metavar="DIR", type=path_argument,
                        help=_("serve the lessons in DIR (default: the installed lessons; env {env})", env=LESSONS_ENV))
    parser.add_argument("--data", metavar="DIR", type=path_argument,
                        help=_("keep the learner's progress in DIR (default: the user data directory; env {env})", env=DATA_ENV))
    parser.add_argument("--idle-timeout", type=int, default=IDLE_TIMEOUT, metavar="SECONDS",
                        help=_("stop a page's kernel after this long without activity, even with the page open (default {seconds})",
                               seconds=IDLE_TIMEOUT))
    parser.add_argument("--reset-progress", nargs="?", const=ALL, metavar="LESSON",
                        help=_("forget the progress of LESSON (number or id), or of every lesson, then exit"))
    parser.add_argument("--no-preheat", action="store_true",
                        help=_("start a page's kernel when the page is opened, instead of keeping one ready per lesson "
                               "(slower pages, about 60 MB less memory per lesson)"))
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help=_("also answer requests that name this host (repeatable; default: only 127.0.0.1, ::1 and localhost)"))
    parser.add_argument("--new-key", action="store_true",
                        help=_("make a new key for the app (the old address and the browsers' logins stop working)"))
    parser.add_argument("--ready", action="append", default=[], metavar="LESSON=PAGES",
                        help=_("keep PAGES pages of LESSON (number or id) ready, for a class that opens it at once "
                               "(repeatable; at most {most} pages in all, about 60 MB of memory each)", most=MAX_READY))
    parser.add_argument("--verbose", action="store_true", help=_("log every request and kernel"))
    parser.add_argument("--tcp-delay", action="store_true", help=argparse.SUPPRESS)  # measuring Nagle's cost
    parser.add_argument("--fill-delay", type=float, default=None, help=argparse.SUPPRESS)  # measuring the pools' refill
    parser.set_defaults(handler=run)


def options_from_args(args: argparse.Namespace, lessons: Path) -> ServeOptions:
    """The server options for ``args`` (port 0 resolved to a free port); raises :class:`CliError`."""
    port = args.port
    if not 0 <= port <= 65535:
        raise CliError(_("invalid --port {port}: choose a port between 1 and 65535 (or 0 for any free port)", port=port))
    if port == 0:
        port = free_port()
    elif not port_is_free(port):
        raise CliError(_("port {port} is already in use (is the app already running? open http://127.0.0.1:{port}/), "
                         "or choose another with --port", port=port))
    if args.idle_timeout < 60:
        raise CliError(_("invalid --idle-timeout {seconds}: at least 60 seconds, or pages die while being read",
                         seconds=args.idle_timeout))
    hosts = tuple(_host_name(name) for name in getattr(args, "allow_host", []))
    ready = ready_pages(getattr(args, "ready", []), lessons)
    if ready and args.no_preheat:
        raise CliError(_("--ready keeps pages ready ahead, which --no-preheat turns off: use one or the other"))
    return ServeOptions(port=port, lessons=lessons, open_browser=not args.no_browser,
                        idle_timeout=args.idle_timeout, nodelay=not args.tcp_delay, verbose=args.verbose,
                        preheat=not args.no_preheat, allowed_hosts=hosts, ready=ready,
                        **({} if getattr(args, "fill_delay", None) is None else {"fill_delay": max(0.0, args.fill_delay)}))


def ready_pages(values: list[str], lessons: Path) -> tuple[tuple[str, int], ...]:
    """``--ready LESSON=PAGES`` values as (notebook file name, pages), one entry per lesson; raises :class:`CliError`."""
    pages: dict[str, int] = {}
    for value in values:
        lesson, separator, count = value.partition("=")
        shown = value if len(value) <= 40 else f"{value[:40]}…"
        if not separator or not count.strip().isascii() or not count.strip().isdigit() or len(count.strip()) > 3:
            raise CliError(_("invalid --ready {value}: write LESSON=PAGES, for example --ready 2=30 "
                             "(30 pages of lesson 2 kept ready)", value=repr(shown)))
        try:
            info = find(lesson.strip(), lessons)
        except ValueError as error:
            raise CliError(_("invalid --ready {value}: {why}", value=repr(shown), why=error)) from None
        if not 1 <= int(count) <= MAX_READY:
            raise CliError(_("invalid --ready {value}: between 1 and {most} pages", value=repr(shown), most=MAX_READY))
        pages[info.filename] = int(count)
    if sum(pages.values()) > MAX_READY:
        raise CliError(_("invalid --ready: {count} pages in all; at most {most} (each ready page holds about 60 MB of memory)",
                         count=sum(pages.values()), most=MAX_READY))
    return tuple(pages.items())


def _host_name(name: str) -> str:
    """A name given to ``--allow-host``: letters, digits, dots and hyphens (a DNS name), or raises."""
    cleaned = name.strip().lower().rstrip(".")
    if not cleaned or len(cleaned) > 253 or not all(part and len(part) <= 63 and part.replace("-", "").isalnum()
                                                   and part.isascii() for part in cleaned.split(".")):
        raise CliError(_("invalid --allow-host {name}: give a host name such as teacher-laptop.local", name=repr(name[:80])))
    return cleaned


def server_key(store_dir: Path, renew: bool = False) -> ServerKey:
    """The app's key from the data directory (made when missing, damaged or ``renew``); raises :class:`CliError`."""
    try:
        if renew:
            key = ServerKey.new()
            key.save(store_dir)
            return key
        return ServerKey.load(store_dir)
    except OSError as error:
        raise CliError(_("the app's key cannot be kept in {folder}: {why}", folder=store_dir, why=error.strerror or error)) from None


def _directory(flag: str, path: Path) -> str:
    """The absolute name of a directory given on the command line; a name no directory can have raises."""
    try:
        return str(path.expanduser().resolve())
    except (OSError, RuntimeError) as error:
        raise CliError(_("invalid {flag} {path}: {why}", flag=flag, path=repr(str(path)[:80]),
                         why=getattr(error, "strerror", None) or error)) from None


def _setup_environment(args: argparse.Namespace) -> Path:
    """Point this process (and so every kernel it starts) at the lessons and data directories."""
    if args.data is not None:
        os.environ[DATA_ENV] = _directory("--data", args.data)
    if args.lessons is not None:
        os.environ[LESSONS_ENV] = _directory("--lessons", args.lessons)
    try:
        lessons = lessons_dir()
    except OSError as error:
        raise CliError(_("the lessons directory cannot be read: {why}", why=error.strerror or error)) from None
    os.environ[LESSONS_ENV] = str(lessons)
    return lessons


def reset_progress(store: ProgressStore, which: str) -> str:
    """Forget ``which`` (a lesson number or id, or ``all``); the sentence to print."""
    if which == ALL:
        store.reset()
        return _("forgot all progress in {path}", path=store.path)
    lesson = find(which)
    store.reset(lesson.id)
    return _("forgot the progress of lesson {lesson}", lesson=lesson.label)


def run(args: argparse.Namespace) -> int:
    lessons = _setup_environment(args)
    found = discover(lessons)
    store = ProgressStore()
    if args.reset_progress is not None:
        print("buraco-learn serve: " + reset_progress(store, args.reset_progress))
        return 0
    missing = [name for name in ("voila", "ipywidgets") if importlib.util.find_spec(name) is None]
    if missing:
        raise CliError(_("the app needs {packages}: install buraco-learn[app]", packages=", ".join(missing)))
    options = options_from_args(args, lessons)
    key = server_key(store.path.parent, renew=args.new_key)
    options = replace(options, token=key.token, cookie_secret=key.cookie_secret,
                      kernel_log=store.path.parent / KERNEL_LOG)
    lines = [_("buraco-learn serve: starting on {address}", address=options.address),
             "  " + ngettext("lessons:  {path} ({n} lesson)", "lessons:  {path} ({n} lessons)", len(found), path=lessons),
             "  " + _("progress: {path}", path=store.path)]
    if not args.verbose:
        lines.append("  " + _("the kernels' messages: {path}", path=store.path.parent / KERNEL_LOG))
    lines.append("  " + _("a page's kernel stops when the page is closed, or after {minutes} minutes without activity; "
                          "press Ctrl-C to stop", minutes=options.idle_timeout // 60))
    lines += ["  " + _("kept ready for a class: {count} pages of lesson {lesson} (a minute or so to start them)",
                       count=count, lesson=find(name, lessons).label) for name, count in options.ready]
    print("\n".join(lines), file=sys.stderr, flush=True)
    from buraco_learn.app.server import run as serve

    ready = _("buraco-learn serve: the lessons are at {url}", url=options.url) + "\n  " + \
        _("(the address carries the app's key: open it in a browser of this machine)")
    serve(options, ready_message=ready)
    return 0
