"""The message catalog: every sentence the engine writes, as a template in Czech and English.

Each engine module declares its templates beside the rules they word, once, with
:func:`messages`::

    MESSAGES = messages({
        "morale.holds": Text("Morálka {morale}: {dice} ≤ {morale} → drží.",
                             "Morale {morale}: {dice} ≤ {morale} → holds."),
    })

The engine names an entry and its parameters (:func:`msg`); the text is rendered in the asked
language only when it is written out (:meth:`Message.in_`). The calculators on the site receive the
same templates in their bundle and render them by the same rules (``core/catalog.js``), so a
sentence is written once for the API and the browser alike.

Template syntax:

- ``{name}``: the parameter ``name``. A number is written as the language writes it (``2,5`` in
  Czech, ``2.5`` in English, at most four decimals, no ``.0``); a :class:`Message` is rendered in
  the same language; a :class:`Field` is an input's name and a :class:`Choice` one of an input's
  values, as the :class:`Naming` given names them (by default as the API does, ``'caught_at_m'``
  and its key; a Czech answer and a calculator by the form's Czech label and the rule's word); a
  :class:`Join` renders its items joined by its separator; any other value (a name, dice written
  out) is written as it is.
- ``{name:one|few|many}``: a word chosen by the number ``name``. Czech takes three forms (1 | 2–4 |
  0 and 5 or more: ``kolo|kola|kol``), English two (1 | any other: ``round|rounds``).
- ``{{`` and ``}}``: literal braces.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from rpg.core.text import Text, number

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{(\w+)(?::([^{}]*))?\}")


@dataclass(frozen=True, slots=True)
class Field:
    """An input named in a message: ``'caught_at_m'`` in the API, its label in a calculator."""

    name: str


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of a choice input: its API key, or in a calculator the rule's Czech word."""

    field: str
    value: str


@dataclass(frozen=True, slots=True)
class Naming:
    """How a message names inputs and their values: ``labels`` (input → its label, written
    „Morálka“) and ``words`` (input → value → the rule's word); one not listed keeps its API
    name (``'morale'``) or key. The default names everything as the API does."""

    labels: Mapping[str, str] = field(default_factory=dict)
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def field(self, name: str) -> str:
        """An input as a message names it."""
        label = self.labels.get(name)
        return f"„{label}“" if label else f"'{name}'"

    def choice(self, name: str, value: str) -> str:
        """One of an input's values as a message names it."""
        return self.words.get(name, {}).get(value, value)


#: The API's names for everything.
API_NAMES = Naming()


@dataclass(frozen=True, slots=True)
class Join:
    """Items (messages, numbers, names) written one after another with ``separator`` between."""

    items: tuple[Any, ...]
    separator: str = ", "


@dataclass(frozen=True, slots=True)
class Message:
    """A catalog entry with its parameters, rendered in either language on demand."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def in_(self, lang: str, naming: Naming = API_NAMES) -> str:
        """The message in ``lang`` (``cs`` or ``en``), its inputs named by ``naming``."""
        return render(self.key, self.params, lang, naming)

    @property
    def cs(self) -> str:
        """The Czech message."""
        return self.in_("cs")

    @property
    def en(self) -> str:
        """The English message."""
        return self.in_("en")

    def __str__(self) -> str:
        return self.cs


def msg(key: str, /, **params: Any) -> Message:
    """The catalog entry ``key`` with ``params``; an unknown key is a programming error."""
    if key not in _ENTRIES:
        raise KeyError(f"no message {key!r} in the catalog")
    return Message(key, params)


def plural_form(count: Any, forms: list[str], lang: str) -> str:
    """The word of ``forms`` that goes with the number ``count`` in ``lang``."""
    value = float(count) if isinstance(count, Fraction) else count
    if lang == "cs" and len(forms) == 3:
        if value == 1:
            return forms[0]
        fraction = isinstance(value, float) and not value.is_integer()
        return forms[1] if fraction or 2 <= value <= 4 else forms[2]
    return forms[0] if value == 1 else forms[-1]


def written_value(value: Any, lang: str, naming: Naming = API_NAMES) -> str:
    """A parameter as a message writes it."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        raise TypeError("a message parameter cannot be a bool: choose a message instead")
    if isinstance(value, int | float | Fraction):
        return number(value, lang)
    if isinstance(value, Message):
        return value.in_(lang, naming)
    if isinstance(value, Field):
        return naming.field(value.name)
    if isinstance(value, Choice):
        return naming.choice(value.field, value.value)
    if isinstance(value, Join):
        return value.separator.join(written_value(item, lang, naming) for item in value.items)
    if isinstance(value, Text):  # a literal pair, e.g. a rule sentence quoted in both languages
        return value.in_(lang)
    raise TypeError(f"cannot write {type(value).__name__} in a message")


def render(key: str, params: Mapping[str, Any], lang: str,
           naming: Naming = API_NAMES) -> str:
    """The entry ``key`` in ``lang`` with ``params`` filled in, inputs named by ``naming``."""
    parts = _compiled(key, lang)
    out = []
    for literal, name, forms in parts:
        out.append(literal)
        if name is None:
            continue
        if name not in params:
            raise KeyError(f"message {key!r} needs the parameter {name!r}")
        value = params[name]
        out.append(plural_form(value, forms, lang) if forms
                   else written_value(value, lang, naming))
    return "".join(out)


@cache
def _compiled(key: str, lang: str) -> tuple[tuple[str, str | None, list[str] | None], ...]:
    """A template split into (literal, parameter, plural forms) parts, once per entry."""
    template = _ENTRIES[key].in_(lang)
    parts: list[tuple[str, str | None, list[str] | None]] = []
    literal: list[str] = []
    position = 0
    for match in _PLACEHOLDER.finditer(template):
        literal.append(template[position:match.start()])
        position = match.end()
        if match.group(0) in ("{{", "}}"):
            literal.append(match.group(0)[0])
            continue
        forms = match.group(2).split("|") if match.group(2) is not None else None
        parts.append(("".join(literal), match.group(1), forms))
        literal = []
    parts.append(("".join(literal) + template[position:], None, None))
    return tuple(parts)


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses."""
    return {m.group(1) for m in _PLACEHOLDER.finditer(template) if m.group(1)}


_ENTRIES: dict[str, Text] = {}


def messages(entries: Mapping[str, Text]) -> Mapping[str, Text]:
    """Add a module's templates to the catalog; a key is defined once in the whole engine.

    Both languages of an entry must use the same parameters (a Czech-only ``{name}`` would leave
    the English text without it).
    """
    for key, text in entries.items():
        if key in _ENTRIES and _ENTRIES[key] != text:
            raise ValueError(f"message {key!r} is defined twice")
        if placeholders(text.cs) != placeholders(text.en):
            raise ValueError(f"message {key!r}: Czech and English use different parameters")
        _ENTRIES[key] = text
    return entries


def catalog() -> Mapping[str, Text]:
    """Every template declared so far, by key (:func:`rpg.core.registry.load` declares all)."""
    return _ENTRIES
