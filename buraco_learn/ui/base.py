"""The base of every buraco-learn widget: what the browser may change, and how it asks.

The browser only draws and reports what the learner wants to do; Python decides.
:class:`BuracoWidget` enforces that for every widget built on it:

- **Updates from the browser are filtered.** Each class lists in ``browser_traits``
  the traits the browser may set (the accessibility options, a selection ...). An
  update of any other trait (a forged hand, a score) or a value that fails validation
  is refused, logged on the ``buraco_learn.ui`` logger and recorded in ``refusals``;
  the state is unchanged and the browser is sent the true value back.
- **Messages are intents.** The browser sends ``{"intent": NAME, ...arguments}``
  (and an optional ``id``); a method marked ``@intent(NAME)`` handles it. An unknown
  intent, wrong arguments or an engine error are refused with the reason shown under
  the widget (the ``error`` trait), and so is an intent the widget does not offer in
  its present state (:meth:`BuracoWidget.intent_refusal`); a request with an ``id`` is answered with
  ``{"type": "reply", "id": ..., "ok": ..., "error": ...}`` and nothing else.
- **Hidden information stays in Python.** Subclasses keep hidden cards and answers
  in plain attributes; only views built for the learner go into synced traits.
- **A stable repr** (no memory address), so notebook outputs compare in nbval.
- **Shared options**: ``four_colour`` (four-colour deck), ``large`` (large cards for
  projectors); every control is a native button or link, so keyboard and screen
  readers work; a face-down card is announced only as "face-down card".

Front ends are ES modules in the repository's ``widgets/`` folder, shipped in the
wheel as ``buraco_learn/ui/static/`` (see :func:`static_file`).
"""

from __future__ import annotations

import collections
import importlib.util
import inspect
import logging
import os
import threading
import warnings
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final, TypeVar

from buraco_learn.ui import missing_library_message

try:
    import anywidget
    import traitlets
except ModuleNotFoundError as _missing:  # one sentence instead of a traceback into anywidget's absence
    raise ModuleNotFoundError(missing_library_message("buraco-learn's widgets", (_missing.name or "anywidget").partition(".")[0]),
                              name=_missing.name) from None

from buraco_learn.errors import BuracoError
from buraco_learn.ui.serverlog import route_to_server_log

log: Final = logging.getLogger("buraco_learn.ui")
route_to_server_log()  # refusals go to the server's log, never streamed to the page

_HERE: Final = Path(__file__).resolve()
_REPO: Final = _HERE.parents[2]
#: Where the front-end files are: inside an installed wheel first, then (in a checkout) the repository.
STATIC_DIRS: Final = (_HERE.parent / "static",) + (
    (_REPO / "widgets",) if (_REPO / "pyproject.toml").is_file() else ()
)

_F = TypeVar("_F", bound=Callable[..., Any])
_INTENT_ATTR: Final = "_buraco_intent"


def static_file(name: str) -> Path:
    """The path of a front-end file: ``buraco_learn/ui/static/NAME`` in a wheel, else ``widgets/NAME``."""
    for folder in STATIC_DIRS:
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(f"widget front-end file {name!r} is in none of {', '.join(map(str, STATIC_DIRS))}")


def static_text(*names: str) -> str:
    """The text of several front-end files joined (used for a widget's CSS)."""
    return "\n".join(static_file(name).read_text(encoding="utf-8") for name in names)


#: the shared front-end modules each widget's module is joined after (anywidget loads one string)
MODULE_PARTS: Final[dict[str, tuple[str, ...]]] = {
    "card_table.js": ("dom.js", "connection.js"),
    "connection_notice.js": ("connection.js",),
    "hand_picker.js": ("dom.js",),
    "meld_quiz.js": ("dom.js",),
    "replayer.js": ("dom.js",),
    "score_sheet.js": ("dom.js",),
}


def static_module(name: str) -> str:
    """A widget's ES module as anywidget loads it: the shared modules it uses, then its own file.

    >>> text = static_module("connection_notice.js")
    >>> text.index("function watchConnection") < text.index("export default")
    True
    """
    return static_text(*MODULE_PARTS.get(name, ()), name)


def hot_reload_wanted(paths: Sequence[Path]) -> bool:
    """Whether front-end files should be watched: ``ANYWIDGET_HMR=1``, watchfiles installed, files outside site-packages.

    The same test anywidget applies to the one file it watches for a path ``_esm``/``_css``.
    """
    if os.environ.get("ANYWIDGET_HMR") != "1":
        return False
    if any(part in ("site-packages", "dist-packages") for path in paths for part in path.parts):
        return False  # an installed copy: nothing to edit
    if importlib.util.find_spec("watchfiles") is None:
        warnings.warn("ANYWIDGET_HMR=1, but the widgets' front ends are not watched: install watchfiles", stacklevel=3)
        return False
    return True


class JoinedFiles:
    """Several front-end files loaded as one text (a widget's CSS after the shared ``buraco.css``, a module after a shared one).

    anywidget loads one string for ``_esm`` and one for ``_css``, and reads and watches a
    path only when it is a single file. A widget whose ``_esm`` or ``_css`` is one file
    gets its :class:`~pathlib.Path` (see :func:`front_end`); the others get this:
    ``str()`` is the files' text joined, read when made, and under ``ANYWIDGET_HMR=1``
    a thread watches every part (their folders, so an editor's save by rename counts),
    and each live widget of the class gets the new text in the trait, which the
    front end applies at once, as it does for anywidget's own watched files.

    >>> joined = JoinedFiles([static_file("buraco.css"), static_file("meld_quiz.css")])
    >>> str(joined) == static_text("buraco.css", "meld_quiz.css"), joined.watching
    (True, False)
    """

    def __init__(self, paths: Sequence[Path], *, watch: bool | None = None) -> None:
        self.paths: Final = tuple(path.resolve() for path in paths)
        self._text = self.read()
        self._widgets: list[tuple[weakref.ref[Any], str]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if hot_reload_wanted(self.paths) if watch is None else watch:
            self._thread = threading.Thread(target=self._watch, name="buraco-learn front-end watch", daemon=True)
            self._thread.start()

    @property
    def watching(self) -> bool:
        """Whether a thread watches the files (``ANYWIDGET_HMR=1`` in a checkout)."""
        return self._thread is not None and self._thread.is_alive()

    def read(self) -> str:
        """The files' text, joined by newlines (as :func:`static_text`)."""
        return "\n".join(path.read_text(encoding="utf-8") for path in self.paths)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"JoinedFiles([{', '.join(path.name for path in self.paths)}])"

    def follow(self, widget: Any, trait: str) -> None:
        """Keep ``widget.<trait>`` equal to the files' text while they are watched (a weak reference: widgets still go)."""
        if self._thread is not None:
            with self._lock:
                self._widgets.append((weakref.ref(widget), trait))

    def refresh(self) -> bool:
        """Read the files again; when the text changed, give it to every live follower. True when it changed."""
        try:
            text = self.read()
        except OSError:  # caught between an editor's delete and rename: the next event reads it
            return False
        if text == self._text:
            return False
        self._text = text
        with self._lock:
            self._widgets = [(ref, trait) for ref, trait in self._widgets if ref() is not None]
            followers = [(ref(), trait) for ref, trait in self._widgets]
        for widget, trait in followers:
            if widget is not None:
                setattr(widget, trait, text)
        log.info("reloaded %s", ", ".join(path.name for path in self.paths))
        return True

    def stop(self) -> None:
        """Stop watching (tests; a watched class otherwise watches until the kernel ends)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _watch(self) -> None:
        from watchfiles import watch  # only under ANYWIDGET_HMR=1: not a dependency

        names = set(map(str, self.paths))
        for changes in watch(*sorted({str(path.parent) for path in self.paths}), stop_event=self._stop):
            if any(str(Path(changed).resolve()) in names for _, changed in changes):
                self.refresh()


def front_end(*paths: Path) -> Path | JoinedFiles:
    """A widget's ``_esm`` or ``_css`` made of ``paths``: one file's path, which anywidget reads, or :class:`JoinedFiles`.

    Under ``ANYWIDGET_HMR=1`` a single file is a :class:`JoinedFiles` too: anywidget watches
    a path by the file itself, and goes deaf after the first save that replaces the file
    (write a new file, rename it over: many editors' safe save); this watches the folder.
    """
    paths = tuple(path.resolve() for path in paths)
    watch = hot_reload_wanted(paths)
    if len(paths) == 1 and not watch:
        return paths[0]
    return JoinedFiles(paths, watch=watch)


def static_asset(*names: str) -> Path | JoinedFiles:
    """:func:`front_end` of the front-end files ``names`` (see :func:`static_file`), the shared ones first.

    >>> static_asset("meld_quiz.js").name, static_asset("buraco.css", "replayer.css")
    ('meld_quiz.js', JoinedFiles([buraco.css, replayer.css]))
    """
    return front_end(*(static_file(name) for name in names))


def module_asset(name: str) -> Path | JoinedFiles:
    """A widget's ES module as :func:`static_asset`: the shared modules it uses (``MODULE_PARTS``), then its own file."""
    return static_asset(*MODULE_PARTS.get(name, ()), name)


def intent(name: str) -> Callable[[_F], _F]:
    """Mark a method as the handler of the browser intent ``name``.

    The message's other fields (except ``id``) are passed as keyword arguments; the
    method raises a :class:`~buraco_learn.errors.BuracoError` to refuse.
    """

    def mark(method: _F) -> _F:
        setattr(method, _INTENT_ATTR, name)
        return method

    return mark


class BuracoWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """Base of buraco-learn's widgets (see the module docstring for the contract)."""

    four_colour = traitlets.Bool(False, help="Four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green.").tag(sync=True)
    large = traitlets.Bool(False, help="Large cards and text, for a projector.").tag(sync=True)
    error = traitlets.Unicode("", help="The last refusal, shown under the widget; '' when the last action worked.").tag(sync=True)

    #: The traits the browser may set; everything else it sends is refused.
    browser_traits: ClassVar[frozenset[str]] = frozenset({"four_colour", "large"})
    #: intent name -> method name, collected from ``@intent`` methods.
    intents: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            for attr, member in vars(klass).items():
                name = getattr(member, _INTENT_ATTR, None)
                if isinstance(name, str):
                    found[name] = attr
        cls.intents = found

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for trait in ("_esm", "_css"):
            # the class's own value: anywidget's add_traits put the trait on a subclass made for this instance
            asset = next((vars(klass)[trait] for klass in type(self).__mro__ if isinstance(vars(klass).get(trait), JoinedFiles)), None)
            if asset is not None:
                asset.follow(self, trait)  # under ANYWIDGET_HMR=1, an edit of any part reaches the page
        #: Recent refusals (updates and intents), newest last: plain Python, never synced.
        self.refusals: collections.deque[str] = collections.deque(maxlen=50)
        bad = sorted(name for name in self.browser_traits if name not in self.keys)
        if bad:
            raise TypeError(f"{type(self).__name__}.browser_traits names traits that are not synced: {bad}")

    # -- updates from the browser ---------------------------------------------------------
    def set_state(self, sync_data: Any) -> None:
        """Apply an update from the browser: only ``browser_traits``, only valid values."""
        if not isinstance(sync_data, dict):
            self._refuse_update({"?": f"an update must be an object, not {type(sync_data).__name__}"})
            return
        accepted: dict[str, Any] = {}
        refused: dict[str, str] = {}
        for name, value in sync_data.items():
            if name not in self.browser_traits:
                refused[name] = "the browser may not change it"
                continue
            try:
                value = self.traits()[name].validate(self, value)
                accepted[name] = self.validate_browser_update(name, value)
            except (traitlets.TraitError, BuracoError, ValueError, TypeError) as error:
                refused[name] = str(error)
        if refused:
            self._refuse_update(refused, resend=list(sync_data))
            return  # all or nothing: a half-applied update is a state nobody asked for
        if accepted:
            super().set_state(accepted)

    def validate_browser_update(self, name: str, value: Any) -> Any:
        """Check a browser update of ``name`` (already type-checked); raise to refuse it.

        Subclasses override this for traits whose meaning depends on the state (for
        example, a selection must name cards that are on the table).
        """
        return value

    def _refuse_update(self, refused: dict[str, str], resend: list[str] | None = None) -> None:
        for name, why in refused.items():
            message = f"refused a browser update of {name!r} on {type(self).__name__}: {why}"
            log.warning(message)
            self._note_refusal(message)
        synced = [name for name in (resend or list(refused)) if isinstance(name, str) and name in self.keys]
        if synced:
            self.send_state(key=synced)  # put the browser's copy back to the true value

    # -- intents from the browser ----------------------------------------------------------
    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        request_id = content.get("id") if isinstance(content, dict) else None
        if not isinstance(content, dict) or not isinstance(content.get("intent"), str):
            self._refuse_intent("?", "a message must be an object with an 'intent'", request_id)
            return
        name = content["intent"]
        method_name = self.intents.get(name)
        if method_name is None:
            known = ", ".join(sorted(self.intents)) or "none"
            self._refuse_intent(name, f"unknown action {name!r} (this widget knows: {known})", request_id)
            return
        not_offered = self.intent_refusal(name)
        if not_offered:
            self._refuse_intent(name, not_offered, request_id)
            return
        method = getattr(self, method_name)
        arguments = {key: value for key, value in content.items() if key not in ("intent", "id")}
        try:
            inspect.signature(method).bind(**arguments)
        except TypeError as error:
            self._refuse_intent(name, f"action {name!r} cannot take {sorted(arguments)}: {error}", request_id)
            return
        try:
            with self.hold_sync():
                method(**arguments)
                self.error = ""
        except (BuracoError, ValueError, TypeError) as error:
            self._refuse_intent(name, str(error), request_id)
            return
        except Exception:
            log.exception("intent %r failed on %s", name, type(self).__name__)
            self._refuse_intent(name, "that did not work: an internal error in buraco-learn (logged), not a mistake of yours", request_id)
            return
        if request_id is not None:
            self.send({"type": "reply", "id": request_id, "ok": True, "error": ""})

    def intent_refusal(self, name: str) -> str:
        """Why the intent ``name`` is not offered in the widget's present state ('' when it is).

        Checked before the intent's method runs, so an intent the page does not offer
        (a forged message) changes nothing; by default every intent is offered.
        """
        return ""

    def _refuse_intent(self, name: str, why: str, request_id: Any) -> None:
        message = f"refused the browser's {name!r} on {type(self).__name__}: {why}"
        log.warning(message)
        self._note_refusal(message)
        self.error = self.refusal_words(why)
        if request_id is not None:
            self.send({"type": "reply", "id": request_id, "ok": False, "error": self.error})

    def _note_refusal(self, message: str) -> None:
        self.refusals.append(message[:1000])  # a bounded deque: a flood cannot fill memory

    def refusal_words(self, why: str) -> str:
        """The ``error`` shown for a refusal whose reason is ``why`` (a widget may put it in its own words)."""
        return why[:1].upper() + why[1:]

    # -- display ---------------------------------------------------------------------------
    def repr_fields(self) -> str:
        """What the repr shows inside the parentheses; subclasses override."""
        return ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.repr_fields()})"
