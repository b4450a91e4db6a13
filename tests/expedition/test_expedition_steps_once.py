"""An action runs each of its steps' procedures once: its answers in every language are written
from the one outcome (running a procedure again per language cost 2 shifts six runs of
``dungeon-turn``)."""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask

from rpg.core.registry import procedures
from tests.expedition.conftest import Table


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each procedure runs, counted at the registry every layer asks."""
    counted: Counter[str] = Counter()
    registry: Any = procedures()
    for path, procedure in list(registry.items()):
        @functools.wraps(procedure.run)
        def counting(*args: Any, _run: Any = procedure.run, _path: str = path,
                     **kwargs: Any) -> Any:
            counted[_path] += 1
            return _run(*args, **kwargs)
        monkeypatch.setitem(registry, path, replace(procedure, run=counting))
    return counted


@pytest.mark.parametrize(("kind", "inputs"), [
    ("shift", {"count": 2}),
    ("encounter", {}),
    ("travel-day", {}),
])
def test_each_step_runs_its_procedure_once(db_app: Flask, runs: Counter[str], kind: str,
                                           inputs: dict[str, Any]) -> None:
    table = Table.create(db_app.test_client(),
                         mode="wilderness" if kind == "travel-day" else "dungeon")
    runs.clear()
    entry = table.act(kind, seed=7, **inputs)["entry"]
    steps = Counter(answer["procedure"] for answer in entry["answers"])
    assert steps, entry  # the action rolled something
    assert {path: runs[path] for path in steps} == steps
