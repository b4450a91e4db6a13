"""Text the API takes: nothing that cannot be stored, read back or shown as it was meant.

JSON may carry what no database or page can keep: a lone UTF-16 surrogate (``"\\ud800"`` is valid
JSON, but no UTF-8 text, so PostgreSQL refuses it and an answer holding it cannot be encoded), a
NUL (PostgreSQL's text cannot hold one), other control characters (C0 but tab and line breaks,
DEL, C1), and the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069),
which make a name display as another (``"\\u202eevE"`` shows as "Eve" reversed, and runs over
the text after it). :func:`find_odd_text` finds the first such character in a request's JSON body
or query string; the app refuses it with a 422 naming the field, before any work or write
(:func:`refuse_odd_text`, called for every API request, the procedures' fast path included: it
hands such a request to Flask).

A name must also show: :class:`VisibleName` refuses a name of only blank or zero-width characters
(or with a line break or tab), which would show as nothing in the records and the log.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from marshmallow import ValidationError, validate
from werkzeug.datastructures import MultiDict

from api.apierror import abort_api
from rpg.core.catalog import messages, msg
from rpg.core.text import Text

#: Characters refused in every string: lone surrogates; C0 controls but tab, line feed and
#: carriage return; DEL and C1 controls; bidirectional embeddings, overrides and isolates.
ODD = re.compile("[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

#: Letters that show nothing (Hangul fillers, the Braille blank), besides the spaces, marks and
#: format characters :func:`visible` skips by their category.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")

MESSAGES = messages({
    "api.odd-text.surrogate": Text(
        "Obsahuje neúplný znak (osamocenou polovinu znaku UTF-16, U+{code}), který nelze uložit: "
        "odstraň ho.",
        "Contains an incomplete character (a lone UTF-16 surrogate, U+{code}) that cannot be "
        "stored: remove it."),
    "api.odd-text.control": Text(
        "Obsahuje řídicí znak (U+{code}), který nelze uložit: odstraň ho.",
        "Contains a control character (U+{code}) that cannot be stored: remove it."),
    "api.odd-text.bidi": Text(
        "Obsahuje znak, který obrací směr textu (U+{code}): odstraň ho, jinak by se text "
        "zobrazil jinak, než je napsán.",
        "Contains a character that reverses the text's direction (U+{code}): remove it, or "
        "the text would show other than it is written."),
    "api.name.visible": Text(
        "Napiš jméno viditelnými znaky na jednom řádku.",
        "Write the name in visible characters on one line."),
})


@dataclass(frozen=True, slots=True)
class OddText:
    """The first odd character of a request: where it is, and which it is."""

    path: tuple[str, ...]  #: the field (keys and list indexes); empty: the document itself
    character: str

    @property
    def message(self) -> Text:
        """What is wrong, in both languages."""
        code = f"{ord(self.character):04X}"
        kind = ("surrogate" if "\ud800" <= self.character <= "\udfff" else
                "bidi" if self.character in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                else "control")
        found = msg(f"api.odd-text.{kind}", code=code)
        return Text(found.cs, found.en)


def _strings(value: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every string of a JSON value (keys too, each reported at its object's path)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if isinstance(key, str):
                yield path, key
            yield from _strings(item, (*path, str(key)))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, str(index)))


def _holds(document: Any, odd: re.Pattern[str]) -> bool:
    """Whether any string of ``document`` (keys too) holds a character ``odd`` matches: the
    walk of :func:`_strings` without the paths, which only a find needs (a state written at
    each action is a few hundred strings, and almost never holds one)."""
    stack = [document]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if odd.search(value):
                return True
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if isinstance(key, str) and odd.search(key):
                    return True
                stack.append(item)
        elif isinstance(value, list | tuple):
            stack.extend(value)
    return False


def find_odd_text(document: Any, odd: re.Pattern[str] = ODD) -> OddText | None:
    """The first character ``odd`` matches (by default :data:`ODD`) in ``document`` (a JSON
    value, or a query's ``{name: [values]}``), or ``None``. A key holding one is reported at its
    object (the key itself cannot be written back in an answer)."""
    if not _holds(document, odd):
        return None
    for path, text in _strings(document, ()):
        found = odd.search(text)
        if found:
            return OddText(path, found.group())
    return None


def find_odd_query(args: MultiDict[str, str]) -> OddText | None:
    """The first odd character (:data:`ODD`) of a query string's names and values, every
    repeated value included (a parser that reads only the first must not let the rest by)."""
    return find_odd_text({name: values[0] if len(values) == 1 else values
                          for name, values in args.lists()})


def field_errors(odd: OddText) -> dict[str, Any]:
    """The refusal's errors nested as marshmallow nests them: ``{"party": {"0": {"name": [..]}}}``
    (``_schema`` when the document itself is the string)."""
    errors: Any = [odd.message]
    for key in reversed(odd.path or ("_schema",)):
        errors = {key: errors}
    return dict(errors)


def refuse_odd_text(odd: OddText) -> NoReturn:
    """A 422 naming the field (the error envelope writes the message in the user's language)."""
    abort_api(422, errors=field_errors(odd))


def visible(text: str) -> bool:
    """Whether ``text`` shows at least one character: not only spaces, zero-width or format
    characters, combining marks or blank letters."""
    return any(not (char.isspace() or char in _BLANK_LETTERS
                    or unicodedata.category(char)[0] in "ZCM") for char in text)


class VisibleName(validate.Validator):
    """A name shows: at least one visible character, and no line break or tab (a name is one
    line of the records, the log and a chat card)."""

    def __call__(self, value: Any) -> Any:
        if isinstance(value, str) and (not visible(value) or any(
                unicodedata.category(char) == "Cc" for char in value)):
            found = msg("api.name.visible")
            raise ValidationError([Text(found.cs, found.en)])
        return value
