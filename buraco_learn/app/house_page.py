"""The house rules page: a host makes a named ruleset from a preset, option by option, and saves it.

004 says "the host can change any of them". The page (``lessons/house_rules.ipynb``) shows every
option of :class:`~buraco_learn.rules.Rules` in words: its label, the sentence that declares it
(with its source) and the values it may take; a checkbox for a yes-or-no option, a dropdown for a
choice, a number box for a number. Every change is checked at once (:func:`buraco_learn.house_rules.build`)
and a problem is told naming the option in words. Saved rulesets go into the progress store, where
the card table under the editor deals a hand under them, and the ruleset choosers of the lessons that
compare rulesets (lesson 11's quiz, the rulesets and variants lessons) offer them; a saved one that no longer
validates is listed with what is wrong, and can be deleted. A ruleset can also be downloaded as a
file (for ``--rules FILE.json`` on the command line, or another computer) and a file uploaded.

>>> import tempfile
>>> from pathlib import Path
>>> from buraco_learn.app.progress import ProgressStore
>>> editor = HouseRulesEditor(ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3"))
>>> editor.set_value("semi_clean_bonus", 150)
>>> editor.name.value = "Our club"
>>> editor.save()
True
>>> [saved.name for saved in editor.store.rulesets()], editor.rules.semi_clean_bonus
(['Our club'], 150)
"""

from __future__ import annotations

import base64
import dataclasses
import html
import logging
import re
from typing import Any, Final

import ipywidgets as widgets
from ipywidgets.widgets.widget_bool import CheckboxStyle
from ipywidgets.widgets.widget_string import TextStyle

from buraco_learn.app import parts
from buraco_learn.app.catalogue import INDEX
from buraco_learn.app.lessonkit import _error_html, _open_store, on_opened, progress_error_html
from buraco_learn.app.pages import STYLE, option_words
from buraco_learn.app.progress import ProgressError, ProgressStore
from buraco_learn.house_rules import (
    MAX_BYTES,
    SECTIONS,
    HouseRulesError,
    bounds_text,
    build,
    check_name,
    choice_label,
    describe,
    dumps,
    loads,
    option_label,
    option_sentence,
)
from buraco_learn.i18n import _, language, ngettext, set_language
from buraco_learn.presets import PRESET_NAMES, preset, ruleset_name
from buraco_learn.rules import Rules
from buraco_learn.sources import DOCUMENTS

log = logging.getLogger("buraco_learn.app")

_FIELDS: Final = {spec.name: spec for spec in dataclasses.fields(Rules)}

PAGE_STYLE: Final = """<style>
.house-option{margin:.15em 0 .1em 0}
.house-option .option-label{font-weight:bold}
.house-option .option-doc{color:#555;font-size:88%;line-height:1.35}
.house-option .option-bounds{color:#555;font-size:88%}
.house-option .changed{color:#8a5a00;font-weight:bold;font-size:88%}
.house-status.right{color:#1e7b34}.house-status.wrong{color:#c8102e}
.house-saved li{margin:.2em 0}
.house-saved .problem{color:#c8102e}
</style>"""


def _preset_label(name: str) -> str:
    rules = preset(name)
    return f"{ruleset_name(rules)} ({rules.source} {DOCUMENTS[rules.source].title})"


def _pots_text(value: tuple[int, ...]) -> str:
    return ", ".join(map(str, value))


def parse_pots(text: str) -> tuple[int, ...]:
    """Pot sizes as a host types them: numbers separated by commas, spaces or +; empty for no pots.

    >>> parse_pots("11, 11"), parse_pots(" 18 + 11 "), parse_pots("")
    ((11, 11), (18, 11), ())
    """
    words = [word for word in re.split(r"[\s,+]+", str(text).strip()) if word]
    if not all(word.isascii() and word.isdigit() and len(word) <= 3 for word in words) or len(words) > 12:
        said = _("“{label}” must be whole numbers separated by commas, such as 11, 11 (leave it empty for no pots).",
                 label=option_label("pot_sizes"))
        raise HouseRulesError(_("rules option 'pot_sizes' cannot be {value}", value=repr(str(text)[:40])), option="pot_sizes", words=said)
    return tuple(int(word) for word in words)


def page_sentence(option: str) -> str:
    """The option's sentence as the page shows it: a yes-or-no option's "false:" read as the unticked box,
    a choice's code as words.

    >>> page_sentence("partnerships")
    "Partners sit opposite and share melds, pot and score (002 'Overview'); unticked: every player for themselves (004)."
    >>> page_sentence("pile_take")
    "What taking the discard pile takes: whole (002 'Playing a turn'), top card only (003 Fechado modes), or any depth from the top down (004)."
    """
    sentence = option_sentence(option)
    if isinstance(_FIELDS[option].default, bool):
        sentence = re.sub(r"\bfalse: ", "unticked: ", sentence)
    for choice in _FIELDS[option].metadata["choices"]:  # a choice's code read as words: 'any-depth' -> any depth
        sentence = sentence.replace(f"'{choice}'", str(choice).replace("-", " "))
    return sentence


class HouseRulesEditor:
    """The house rules page's widgets: base preset, name, every option, save, the saved rulesets."""

    def __init__(self, store: ProgressStore | None = None, base: str = "italian", *, language: str | None = None) -> None:
        if language is not None:  # the page's language (its folder's), for the whole page, as a lesson's begin() sets it
            set_language(language)
        self.store, self._store_error = (store, "") if store is not None else _open_store()
        self.base = widgets.Dropdown(options=[(_preset_label(name), name) for name in PRESET_NAMES], value=base,
                                     description=_("Start from"), layout=widgets.Layout(width="36em", max_width="calc(100% - 1em)"),
                                     style=parts.shared("house-description", lambda: parts.description_style(description_width="6em")))
        self.name = widgets.Text(value="", placeholder=_("e.g. Our club"), description=_("Name"),
                                 layout=widgets.Layout(width="22em", max_width="100%"),
                                 style=parts.shared("house-text", lambda: TextStyle(description_width="6em")))
        self.save_button = parts.button(_("Save these house rules"), icon="save", button_style="primary")
        self.status = parts.html()
        self.summary = parts.html()
        self.download = parts.html()
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description=_("Open a ruleset file"),
                                         layout=widgets.Layout(width="fit-content", max_width="100%"))
        self.saved_list = parts.html()
        self.saved_choice = parts.dropdown([(_("(none saved yet)"), "")], "", _("Saved"))
        self.saved_choice.style = self.base.style
        self.edit_button = parts.button(_("Edit"), icon="pencil")
        self.delete_button = parts.button(_("Delete"), icon="trash", button_style="warning")
        self.saved_message = parts.html()
        self.controls: dict[str, Any] = {}
        self.notes: dict[str, Any] = {}
        self._touched: set[str] = set()
        self._syncing = False
        self._rules: Rules = preset(base)
        self._problem: HouseRulesError | None = None

        sections = []
        for _title, options in SECTIONS:
            rows = [self._option_row(option) for option in options]
            sections.append(parts.vbox(rows))
        self.sections = widgets.Accordion(children=sections, titles=tuple(_(title) for title, _options in SECTIONS),
                                          layout=widgets.Layout(width="auto", max_width="60em"))
        self.sections.selected_index = 0

        self.base.observe(lambda _change: self._base_changed(), names="value")
        self.name.observe(lambda _change: None if self._syncing else self._check(), names="value")
        self.save_button.on_click(lambda _button: self.save())
        self.upload.observe(lambda _change: self._uploaded(), names="value")
        self.edit_button.on_click(lambda _button: self.edit(str(self.saved_choice.value)))
        self.delete_button.on_click(lambda _button: self.delete(str(self.saved_choice.value)))
        if self.store is None:
            for button in (self.save_button, self.edit_button, self.delete_button):
                button.disabled = True

        all_lessons, step_1, step_2 = _("⌂ All lessons"), _("1. Start from a preset and name your rules"), \
            _("2. Change what your table plays differently")
        groups = _("Open a group of rules. Each rule says what it does and which document it comes from; "
                   "a rule you change is marked.")
        home = parts.html(f'<a class="nav-home buraco-link" href="{INDEX}" '
                          f'style="color:#0b57d0;text-decoration:none">{html.escape(all_lessons)}</a>')
        start = parts.vbox([
            parts.html(f"{STYLE}{PAGE_STYLE}<h3>{html.escape(step_1)}</h3>"),
            self.base, self.name,
        ])
        change = parts.vbox([
            parts.html(f"<h3>{html.escape(step_2)}</h3><p>{html.escape(groups)}</p>"),
            self.sections,
        ])
        step_3, yours = _("3. Save them"), _("Your saved house rules")
        have_file = _("Have a ruleset file, downloaded on another computer or made on the command line? "
                      "Open it here to check it, change it and save it:")
        save = parts.vbox([
            parts.html(f"<h3>{html.escape(step_3)}</h3>"),
            self.summary, parts.hbox([self.save_button], own_layout=True, flex_flow="row wrap"), self.status,
            self.download,
        ])
        saved = parts.vbox([
            parts.html(f"<h3>{html.escape(yours)}</h3>"),
            self.saved_list,
            parts.hbox([self.saved_choice, self.edit_button, self.delete_button], own_layout=True, flex_flow="row wrap",
                       align_items="center"),
            self.saved_message,
            parts.html(f"<p>{html.escape(have_file)}</p>"),
            parts.hbox([self.upload], own_layout=True),
        ])
        self.widget = parts.vbox([home, start, change, save, saved], own_layout=True, max_width="100%")
        self._check()
        self.refresh_saved()
        on_opened(self.refresh_saved)

    def __repr__(self) -> str:
        state = "valid" if self._problem is None else f"invalid ({self._problem.option})"
        return f"HouseRulesEditor(base={self.base.value!r}, name={self.name.value!r}, {state})"

    # -- one option ----------------------------------------------------------------------------
    def _option_row(self, option: str) -> Any:
        spec = _FIELDS[option]
        value = getattr(self._rules, option)
        label = option_label(option, self._rules)
        control: Any
        if isinstance(spec.default, bool):
            control = widgets.Checkbox(value=value, description=label, indent=False, layout=parts.layout(),
                                       style=parts.shared("house-check", CheckboxStyle))
            head = ""
        elif spec.metadata["choices"]:
            control = widgets.Dropdown(options=[(choice_label(option, choice), choice) for choice in spec.metadata["choices"]],
                                       value=value, layout=parts.shared("house-choice", lambda: widgets.Layout(width="26em", max_width="100%")))
            head = f'<span class="option-label">{html.escape(label)}</span>'
        elif option == "pot_sizes":
            control = widgets.Text(value=_pots_text(value), placeholder=_("none"), continuous_update=False,
                                   layout=widgets.Layout(width="10em"))
            head = f'<span class="option-label">{html.escape(label)}</span>'
        else:
            control = widgets.IntText(value=value, layout=widgets.Layout(width="9em"))
            head = f'<span class="option-label">{html.escape(label)}</span>'
        control.observe(lambda _change, name=option: self._edited(name), names="value")
        note = parts.html()
        self.controls[option] = control
        self.notes[option] = (note, head)
        self._show_note(option)
        return parts.vbox([note, control] if head else [control, note])

    def _show_note(self, option: str, base: Rules | None = None) -> None:
        note, head = self.notes[option]
        bounds = bounds_text(option)
        based = base if base is not None else preset(str(self.base.value))
        base_value = getattr(based, option)
        label = option_label(option, based)  # in the words of the preset the rules are based on
        control = self.controls[option]
        if isinstance(control, widgets.Checkbox):
            control.description = label
        elif head:
            head = f'<span class="option-label">{html.escape(label)}</span>'
            self.notes[option] = (note, head)
        changed = ""
        if self._value_of(option, quiet=True) != base_value:
            was = _("changed ({preset}: {value})", preset=ruleset_name(based), value=choice_label(option, base_value))
            changed = f' <span class="changed">{html.escape(was)}</span>'
        allowed_words = _("Allowed: {values}.", values=bounds)
        allowed = f' <span class="option-bounds">{html.escape(allowed_words)}</span>' if bounds and not self._is_choice(option) else ""
        if language() == "en":
            doc = f'<div class="option-doc">{html.escape(page_sentence(option))}{allowed}</div>'
        else:  # the rule in the page's words; then, as the Rules declare it, in English with its documents
            declared = _("In the rule documents (English):")
            doc = (f'<div class="option-doc">{html.escape(option_words(option))}{allowed}</div>'
                   f'<div class="option-doc">{html.escape(declared)} <span lang="en">{html.escape(page_sentence(option))}</span></div>')
        note.value = (f'<div class="house-option" data-option-label="{html.escape(label)}">'
                      f'{head}{changed}{doc}</div>')

    @staticmethod
    def _is_choice(option: str) -> bool:
        return bool(_FIELDS[option].metadata["choices"])

    def _value_of(self, option: str, *, quiet: bool = False) -> Any:
        control = self.controls[option]
        if option == "pot_sizes":
            try:
                return parse_pots(control.value)
            except HouseRulesError:
                if quiet:
                    return None
                raise
        return control.value

    def set_value(self, option: str, value: Any) -> None:
        """Change one option, as the host would on the page."""
        control = self.controls[option]
        control.value = _pots_text(value) if option == "pot_sizes" else value

    # -- checking ---------------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The ruleset as the page stands (raises :class:`HouseRulesError` when it does not validate)."""
        if self._problem is not None:
            raise self._problem
        return self._rules

    @property
    def problem(self) -> str:
        """What is wrong with the page's ruleset, in words ('' when nothing is)."""
        return self._problem.words if self._problem is not None else ""

    def changes(self) -> dict[str, Any]:
        """The options the host changed from the base preset (read from the page; raises on a bad pot list)."""
        base = preset(str(self.base.value))
        result = {}
        for option in self._touched:
            value = self._value_of(option)
            if value != getattr(base, option):
                result[option] = value
        return result

    def _edited(self, option: str) -> None:
        if self._syncing:
            return
        self._touched.add(option)
        self._check()

    def _base_changed(self) -> None:
        if self._syncing:
            return
        self._touched.clear()
        self._sync(preset(str(self.base.value)))
        self._check()

    def _sync(self, rules: Rules, every: bool = True) -> None:
        """Show ``rules``'s values (every option, or those the host has not changed)."""
        syncing, self._syncing = self._syncing, True
        try:
            for option, control in self.controls.items():
                if every or option not in self._touched:
                    value = getattr(rules, option)
                    control.value = _pots_text(value) if option == "pot_sizes" else value
        finally:
            self._syncing = syncing

    def _check(self) -> None:
        try:
            changes = self.changes()
            name = str(self.name.value).strip()
            if name:
                changes["name"] = check_name(name)
            rules = build(str(self.base.value), changes)
        except HouseRulesError as error:
            self._problem = error
        except Exception as error:  # never a traceback in the page
            log.exception("checking the house rules failed")
            self._problem = HouseRulesError(str(error), words=_("These rules cannot be checked just now."))
        else:
            self._problem = None
            self._rules = rules
            self._sync(rules, every=False)  # what follows from the preset (the pots of three players, say)
        base = preset(str(self.base.value))
        for option in self.controls:
            self._show_note(option, base)
        self._show_summary()

    def _show_summary(self) -> None:
        if self._problem is not None:
            not_yet = _("Not yet playable:")
            self.summary.value = (f'<p class="house-status wrong" role="alert"><strong>{html.escape(not_yet)}</strong> '
                                  f"{html.escape(self._problem.words)}</p>")
            self.download.value = ""
            return
        rules = self._rules
        changed = [option for option in rules.changed_options() if option not in ("name", "base", "source")]
        based = ruleset_name(preset(rules.base))
        what = (ngettext("{n} rule changed from {preset}", "{n} rules changed from {preset}", len(changed), preset=based)
                if changed else _("nothing changed from {preset} yet", preset=based))
        named = str(self.name.value).strip()
        playable = _("✔ Playable: {what}.", what=what) + ("" if named else " " + _("Give your rules a name to save them."))
        self.summary.value = f'<p class="house-status right" role="status">{html.escape(playable)}</p>'
        if named:
            data = base64.b64encode(dumps(rules).encode("utf-8")).decode("ascii")
            filename = re.sub(r"[^A-Za-z0-9]+", "-", rules.name).strip("-").lower() or "house-rules"
            link, why = _("⬇ Download as a file"), _("to share them, or to play them on the command line.")
            self.download.value = (f'<p><a class="buraco-link" download="{filename}.json" '
                                   f'href="data:application/json;base64,{data}">{html.escape(link)}</a> {html.escape(why)}</p>')
        else:
            self.download.value = ""

    # -- saving ------------------------------------------------------------------------------------
    def save(self) -> bool:
        """Save the page's ruleset in the progress store under its name; whether it was saved."""
        if self.store is None:
            self.status.value = _error_html(ProgressError(_("House rules cannot be saved here: {why}.", why=self._store_error)))
            return False
        name = str(self.name.value).strip()
        if not name:
            self.status.value = _error_html(ValueError(_("Give your house rules a name first.")))
            return False
        if self._problem is not None:
            self.status.value = _error_html(ValueError(_("Not saved: {why}", why=self._problem.words)))
            return False
        rules = self._rules
        try:
            known = any(saved.name == rules.name for saved in self.store.rulesets())
            self.store.save_ruleset(rules)
        except ProgressError as error:
            if "a name of its own" in str(error) or "characters" in str(error):
                self.status.value = _error_html(ValueError(_("Not saved: give your rules a name of their own, not a preset's "
                                                             "({presets}).", presets=", ".join(PRESET_NAMES))))
            else:
                self.status.value = progress_error_html(error)
            return False
        said = (_("✔ Saved again: “{name}”.", name=rules.name) if known else _("✔ Saved: “{name}”.", name=rules.name)) + " " + \
            _("Deal a hand under it below; the lessons that compare rulesets offer it now too (a lesson already open "
              "shows it when you open it again).")
        self.status.value = f'{STYLE}<p class="buraco-feedback right" role="status">{html.escape(said)}</p>'
        self.refresh_saved()
        return True

    def refresh_saved(self) -> None:
        """List the saved house rulesets, each checked: one that no longer validates says why."""
        if self.store is None:
            self.saved_list.value = _error_html(ProgressError(_("House rules cannot be kept here: {why}.", why=self._store_error)))
            return
        try:
            saved = self.store.rulesets()
        except ProgressError as error:
            self.saved_list.value = progress_error_html(error)
            return
        items = []
        for entry in saved:
            try:
                line = html.escape(describe(entry.load(), named=True))
            except HouseRulesError as error:
                why = _("not offered, it no longer works with these lessons: {why} Delete it, or make it again.", why=error.words)
                line = f'<strong>{html.escape(entry.name)}</strong>: <span class="problem" role="alert">{html.escape(why)}</span>'
            items.append(f"<li>{line}</li>")
        none_yet = _("None yet: the rules you save appear here.")
        self.saved_list.value = (f'<ul class="house-saved">{"".join(items)}</ul>' if items else f"<p>{html.escape(none_yet)}</p>")
        options = [(entry.name, entry.name) for entry in saved] or [(_("(none saved yet)"), "")]
        current = str(self.saved_choice.value)
        self.saved_choice.options = options
        self.saved_choice.value = current if current in [value for _label, value in options] else options[0][1]
        for button in (self.edit_button, self.delete_button):
            button.disabled = not saved

    def edit(self, name: str) -> bool:
        """Load the saved ruleset ``name`` into the page; whether it could be (one that no longer validates cannot)."""
        if self.store is None or not name:
            return False
        try:
            rules = self.store.ruleset(name)
        except HouseRulesError as error:
            self.saved_message.value = _error_html(ValueError(_("“{name}” cannot be edited: {why} Delete it, or make it again.",
                                                                name=name, why=error.words)))
            return False
        except ProgressError as error:
            self.saved_message.value = progress_error_html(error)
            return False
        if rules is None:
            self.saved_message.value = _error_html(ValueError(_("There is no saved ruleset called “{name}”.", name=name)))
            self.refresh_saved()
            return False
        self.show(rules)
        on_page = _("“{name}” is on the page: change it and save it again.", name=name)
        self.saved_message.value = f'<p class="buraco-feedback right" role="status">{html.escape(on_page)}</p>'
        return True

    def show(self, rules: Rules) -> None:
        """Put ``rules`` on the page: its base, name and every option."""
        self._syncing = True
        try:
            self.base.value = rules.base
            self.name.value = rules.name if rules.name != rules.base else ""
        finally:
            self._syncing = False
        base = preset(rules.base)
        self._touched = {option for option in self.controls if getattr(rules, option) != getattr(base, option)}
        self._sync(rules)
        self._check()

    def delete(self, name: str) -> bool:
        """Delete the saved ruleset ``name``; whether there was one."""
        if self.store is None or not name:
            return False
        try:
            deleted = self.store.delete_ruleset(name)
        except ProgressError as error:
            self.saved_message.value = progress_error_html(error)
            return False
        gone = _("Deleted “{name}”.", name=name)
        self.saved_message.value = f'<p class="buraco-feedback right" role="status">{html.escape(gone)}</p>' if deleted else ""
        self.refresh_saved()
        return deleted

    def open_file(self, content: bytes, filename: str = "the file") -> bool:
        """Put the ruleset in an uploaded file on the page (not saved yet); whether it could be read."""
        try:
            if len(content) > MAX_BYTES:
                raise HouseRulesError("too large", words=_("It is too large to be a ruleset file."))
            rules = loads(bytes(content), _("the uploaded file"))
        except HouseRulesError as error:
            self.saved_message.value = _error_html(ValueError(_("{file} cannot be opened: {why}", file=filename[:60], why=error.words)))
            return False
        self.show(rules)
        opened = _("“{name}” from {file} is on the page: check it and save it.", name=rules.name, file=filename[:60])
        self.saved_message.value = f'<p class="buraco-feedback right" role="status">{html.escape(opened)}</p>'
        return True

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        try:
            entry = files[0]
            self.open_file(bytes(entry["content"]), str(entry.get("name", "the file")))
        except Exception:  # never a traceback in the page
            log.exception("opening an uploaded ruleset failed")
            self.saved_message.value = _error_html(ValueError(_("That file cannot be opened.")))
        finally:
            self.upload.value = ()


def house_rules_page() -> Any:
    """The house rules page's widget (``lessons/house_rules.ipynb`` shows it)."""
    return HouseRulesEditor().widget
