"""Engine values to JSON (frozen dataclasses, bilingual texts, exact fractions); JSON in."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from typing import Any

from flask.json.provider import DefaultJSONProvider

from rpg.core.catalog import Message
from rpg.core.text import Text


def to_json(value: Any, lang: str) -> Any:
    """A JSON-ready copy of an engine value; :class:`Text` is written in ``lang``."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, Text | Message):
        return value.in_(lang)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: to_json(getattr(value, field.name), lang)
            for field in dataclasses.fields(value)
        }
    if isinstance(value, dict):
        return {str(key): to_json(item, lang) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(item, lang) for item in value]
    raise TypeError(f"cannot serialise {type(value).__name__}")


#: Deeper JSON than this is refused before any parser recurses into it (no rule input nests
#: more than three levels).
MAX_JSON_DEPTH = 32


class JsonTooDeep(ValueError):
    """A JSON document nested deeper than :data:`MAX_JSON_DEPTH`."""


def json_depth_exceeds(document: bytes | str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``document`` opens more than ``limit`` arrays or objects inside one another.

    Counting brackets is C-fast; only a document with that many brackets at all is walked.
    """
    raw = document.encode() if isinstance(document, str) else document
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    depth, in_string, escaped = 0, False, False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


def guarded_loads(document: str | bytes, **kwargs: Any) -> Any:
    """``json.loads`` that refuses hostile nesting as invalid JSON (:class:`JsonTooDeep`, a
    ``ValueError``, as is an integer too long to read)."""
    if json_depth_exceeds(document):
        raise JsonTooDeep(f"JSON nested deeper than {MAX_JSON_DEPTH} levels.")
    return json.loads(document, **kwargs)


class RulesJsonProvider(DefaultJSONProvider):
    """Flask's JSON, unsorted and in UTF-8, that refuses hostile nesting as invalid JSON."""

    sort_keys = False
    ensure_ascii = False

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return guarded_loads(s, **kwargs)
