"""Engine values to JSON: frozen dataclasses, bilingual texts, exact fractions."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from rpg.text import Text


def to_json(value: Any, lang: str) -> Any:
    """A JSON-ready copy of an engine value; :class:`Text` is written in ``lang``."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, Text):
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
