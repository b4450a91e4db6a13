"""The golden vectors are written once for the sources they come from, then reused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.calculators import vectors as golden


def test_the_vectors_are_written_once_per_fingerprint(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    made: list[int] = []

    def document() -> dict[str, list[int]]:
        made.append(1)
        return {"vectors": [len(made)]}

    monkeypatch.setattr(golden, "document", document)
    monkeypatch.setattr(golden, "fingerprint", lambda: "today")
    first = golden.cached(tmp_path)
    assert golden.cached(tmp_path) == first and len(made) == 1
    assert json.loads(first.read_text(encoding="utf-8")) == {"vectors": [1]}
    monkeypatch.setattr(golden, "fingerprint", lambda: "changed")
    second = golden.cached(tmp_path)
    assert json.loads(second.read_text(encoding="utf-8")) == {"vectors": [2]}
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["changed.json"]


def test_the_fingerprint_follows_the_sources_and_the_calculators_names(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    scripts = tmp_path / "docs" / "javascripts" / "calculators" / "pravidla"
    scripts.mkdir(parents=True)
    for folder in golden.SOURCES:
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "rule.py").write_text("MORALE = 7\n", encoding="utf-8")
    (scripts / "checks.js").write_text("export const a = 1;\n", encoding="utf-8")
    monkeypatch.setattr(golden, "ROOT", tmp_path)
    today = golden.fingerprint()
    (scripts / "checks.js").write_text("export const a = 2;\n", encoding="utf-8")
    assert golden.fingerprint() == today  # a calculator's code is not in the vectors
    (tmp_path / "rpg" / "rule.py").write_text("MORALE = 8\n", encoding="utf-8")
    changed = golden.fingerprint()
    assert changed != today
    (scripts / "checks.js").rename(scripts / "d20.js")  # the document names the modules
    assert golden.fingerprint() != changed
