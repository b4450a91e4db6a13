"""The calculators' markup as built, read from the site's HTML (no browser needed for what the
page says before any script runs): every field a user can fill has a label."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from tests.calculators import vectors as golden

#: Elements a <label> can name (HTML's "labelable elements").
LABELABLE = frozenset({"button", "input", "meter", "output", "progress", "select", "textarea"})


@dataclass
class _Control:
    """An input or select of a calculator, as a browser's ``el.labels`` would see it."""

    procedure: str
    name: str | None
    id: str | None
    hidden: bool  # ``type="hidden"``: not labelable at all (``el.labels`` is null)
    wrapped: bool  # inside a <label> without ``for``, the first labelable element in it

    def labelled(self, label_for: set[str]) -> bool:
        return not self.hidden and (self.wrapped or (self.id is not None and self.id in label_for))


class _Calculators(HTMLParser):
    """The inputs and selects of each calculator of a page (``[data-procedure]``) outside
    ``<template>`` (a row editor's template is not in the document until a row is added), and
    every ``<label for>`` of the page: the DOM a browser builds before the page's script runs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.controls: list[_Control] = []
        self.label_for: set[str] = set()
        self._sections: list[str | None] = []
        #: The open labels: whether each has a ``for``, and whether it has named an element yet.
        self._labels: list[dict[str, bool]] = []
        self._templates = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "section":
            self._sections.append(attributes.get("data-procedure"))
        elif tag == "template":
            self._templates += 1
        elif tag == "label":
            target = attributes.get("for")
            if target:
                self.label_for.add(target)
            self._labels.append({"for": bool(target), "named": False})
        if tag not in LABELABLE or self._templates:
            return
        hidden = tag == "input" and attributes.get("type") == "hidden"
        # A label without ``for`` names the first labelable element inside it, and no other.
        around = next((label for label in reversed(self._labels) if not label["for"]), None)
        wrapped = around is not None and not around["named"] and not hidden
        if around is not None and not hidden:
            around["named"] = True
        procedure = next((s for s in reversed(self._sections) if s), None)
        if procedure and tag in ("input", "select"):
            self.controls.append(_Control(procedure, attributes.get("name"),
                                          attributes.get("id"), hidden, wrapped))

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self._sections:
            self._sections.pop()
        elif tag == "template":
            self._templates -= 1
        elif tag == "label" and self._labels:
            self._labels.pop()


def _calculator_controls(built_site: Path) -> dict[str, list[tuple[_Control, set[str]]]]:
    """Each calculator's fields, by procedure, each with its page's ``<label for>`` targets."""
    found: dict[str, list[tuple[_Control, set[str]]]] = {}
    for file in built_site.rglob("*.html"):
        html = file.read_text(encoding="utf-8")
        if "data-procedure=" not in html:
            continue
        page = _Calculators()
        page.feed(html)
        page.close()
        for control in page.controls:
            found.setdefault(control.procedure, []).append((control, page.label_for))
    return found


def test_every_field_has_a_label(built_site: Path) -> None:
    controls = _calculator_controls(built_site)
    for path in golden.calculators():  # every calculator, whoever wrote it
        assert path in controls, path
        unlabelled = [control.name for control, label_for in controls[path]
                      if not control.labelled(label_for)]
        assert unlabelled == [], path
