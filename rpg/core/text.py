"""Bilingual text: every sentence the engine says exists in Czech (first) and English."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

LANGUAGES = ("cs", "en")


@dataclass(frozen=True, slots=True)
class Text:
    """One message in both languages of the product."""

    cs: str
    en: str

    def in_(self, lang: str) -> str:
        """The message in ``lang`` (``cs`` or ``en``)."""
        return self.en if lang == "en" else self.cs


def number(value: float | int | Fraction, lang: str) -> str:
    """A number as the language writes it: ``2,5`` in Czech, ``2.5`` in English; no ``.0``."""
    if isinstance(value, Fraction):
        value = float(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    written = f"{value:.4f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
    return written.replace(".", ",") if lang == "cs" else written
