"""ipywidgets for the lessons, made cheaply: one layout and one style model shared by all.

Every ipywidget brings its own ``Layout`` model and most a style model too, so an
``HTML`` widget is three models the page must fetch and build before it shows. A
lesson's dozens of text and button widgets never change their layout or style, so
here they share one of each (per kernel): a third of the models to sync. A widget
whose layout changes later (shown and hidden, say) gets its own with ``own_layout=True``.

>>> first, second = html("<p>a</p>"), html("<p>b</p>")
>>> first.layout is second.layout and first.style is second.style
True
>>> button("Check").layout.width
'auto'
>>> button("Hide me", own_layout=True).layout is button("Check").layout
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle

_SHARED: dict[str, Any] = {}


def shared(key: str, make: Callable[[], Any]) -> Any:
    """The kernel's one instance of ``key`` (made again if it was closed)."""
    widget = _SHARED.get(key)
    if widget is None or widget.comm is None:
        widget = _SHARED[key] = make()
    return widget


def layout() -> Any:
    """The shared default layout (never change it: give the widget its own)."""
    return shared("layout", widgets.Layout)


def auto_layout() -> Any:
    """The shared layout of buttons: as wide as their text."""
    return shared("layout-auto", lambda: widgets.Layout(width="auto"))


def html(value: str = "") -> Any:
    """An ``HTML`` widget with the shared layout and style."""
    return widgets.HTML(value, layout=layout(), style=html_style())


def button(description: str, *, icon: str = "", button_style: str = "", tooltip: str = "",
           own_layout: bool = False) -> Any:
    """A ``Button`` as wide as its text, with the shared style."""
    return widgets.Button(description=description, icon=icon, button_style=button_style, tooltip=tooltip,
                          layout=widgets.Layout(width="auto") if own_layout else auto_layout(),
                          style=shared("button-style", widgets.ButtonStyle))


def toggle_buttons(options: Sequence[str], tooltips: Sequence[str] = ()) -> Any:
    """``ToggleButtons`` with nothing chosen, buttons as wide as their text."""
    return widgets.ToggleButtons(options=list(options), value=None, tooltips=list(tooltips), layout=layout(),
                                 style=shared("toggle-style", lambda: widgets.ToggleButtonsStyle(button_width="auto")))


def dropdown(options: Any, value: Any, description: str) -> Any:
    return widgets.Dropdown(options=options, value=value, description=description, layout=layout(),
                            style=shared("description-style", DescriptionStyle))


def text(description: str, placeholder: str = "", width: str = "12em") -> Any:
    """A one-line ``Text`` box (a layout of its own: its width)."""
    return widgets.Text(value="", placeholder=placeholder, description=description, layout=widgets.Layout(width=width),
                        style=text_style())


def vbox(children: Sequence[Any] = (), *, own_layout: bool = False, **layout_options: Any) -> Any:
    """A ``VBox``; with layout options (or ``own_layout``) it has a layout of its own."""
    box_layout = widgets.Layout(**layout_options) if layout_options or own_layout else layout()
    return widgets.VBox(list(children), layout=box_layout)


def hbox(children: Sequence[Any] = (), *, own_layout: bool = False, **layout_options: Any) -> Any:
    box_layout = widgets.Layout(**layout_options) if layout_options or own_layout else layout()
    return widgets.HBox(list(children), layout=box_layout)


def box(children: Sequence[Any] = ()) -> Any:
    return widgets.Box(list(children), layout=layout())


def html_style() -> Any:
    """The shared style of ``HTML`` widgets."""
    return shared("html-style", HTMLStyle)


def text_style() -> Any:
    return shared("text-style", TextStyle)


def description_style(**options: Any) -> Any:
    """A new ``DescriptionStyle`` (share it with :func:`shared`)."""
    return DescriptionStyle(**options)
