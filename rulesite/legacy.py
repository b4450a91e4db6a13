"""Presentation tables of the calculators not yet declared where they belong (transitional).

A field's label, an option's word, a placeholder or a folded group belongs to the API's input
schema (``x-label``, ``x-words``, ``x-placeholder``, ``x-group`` in the OpenAPI document), and a
calculator's rule data to its engine module (``CALCULATOR_DATA``). The areas that still keep them
in ``docs/hooks/calculators_*.py`` are read here until they move; each area's move deletes its
file.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOOKS = Path(__file__).resolve().parents[1] / "docs" / "hooks"


@dataclass
class Legacy:
    """The tables merged from every remaining ``calculators_*.py``."""

    modules: dict[str, str] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    value_labels: dict[str, str] = field(default_factory=dict)
    path_labels: dict[str, dict[str, str]] = field(default_factory=dict)
    placeholders: dict[str, str] = field(default_factory=dict)
    choices: dict[str, dict[str, tuple[list[str], str]]] = field(default_factory=dict)
    groups: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)


def load() -> Legacy:
    """Read every remaining area file."""
    tables = Legacy()
    for file in sorted(HOOKS.glob("calculators_*.py")):
        spec = importlib.util.spec_from_file_location(f"rulesite_legacy_{file.stem}", file)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for path, args in getattr(module, "CALCULATORS", {}).items():
            tables.modules[path] = args[1]
        tables.labels.update(getattr(module, "LABELS", {}))
        tables.value_labels.update(getattr(module, "VALUE_LABELS", {}))
        for path, labels in getattr(module, "PATH_LABELS", {}).items():
            tables.path_labels.setdefault(path, {}).update(labels)
        tables.placeholders.update(getattr(module, "PLACEHOLDERS", {}))
        for path, fields in getattr(module, "CHOICES", {}).items():
            tables.choices.setdefault(path, {}).update(fields)
        tables.groups.update(getattr(module, "GROUPS", {}))
        if hasattr(module, "rules_data"):
            tables.data.update(module.rules_data())
    return tables
