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


def both(template_cs: str, template_en: str, **values: object) -> Text:
    """A :class:`Text` from two templates; numbers are written as each language writes them."""
    def fill(template: str, lang: str) -> str:
        return template.format(**{
            key: number(val, lang) if isinstance(val, (int, float, Fraction))
            and not isinstance(val, bool) else val
            for key, val in values.items()
        })
    return Text(fill(template_cs, "cs"), fill(template_en, "en"))


def quoting(template_cs: str, template_en: str, quote: Text, **values: object) -> Text:
    """A message that quotes a rule sentence at ``{q}``, each language quoting its own wording.

    The quote goes in after the templates are filled, so braces in the rule's wording are safe.
    """
    filled = both(template_cs, template_en, q="\x00", **values)
    return Text(filled.cs.replace("\x00", quote.cs), filled.en.replace("\x00", quote.en))


def plural_cs(count: int, one: str, few: str, many: str, *, counted: bool = False) -> str:
    """Czech plural: 1 kolo, 2–4 kola, 5 kol (and 0 kol); with ``counted``, ``"3 dny"``."""
    form = one if count == 1 else few if 2 <= count <= 4 else many
    return f"{count} {form}" if counted else form
