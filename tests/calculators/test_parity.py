"""The calculators' JavaScript gives the engine's answers: every golden vector under node."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.calculators import vectors as golden
from tests.core.test_dice_notation import ROLL_EXPRESSIONS

NODE = shutil.which("node")
#: The parity test under ``node --test``, beside this one.
PARITY = Path(__file__).with_name("parity.test.mjs")


@pytest.fixture(scope="module")
def vectors_file(golden_file: Path) -> Path:
    return golden_file


@pytest.fixture(scope="module")
def by_procedure(
    golden_vectors: dict[str, list[dict[str, Any]]],
) -> dict[str, list[dict[str, Any]]]:
    return golden_vectors


def test_node_passes_every_golden_vector(vectors_file: Path) -> None:
    assert NODE, "node is missing: the calculators' parity cannot be checked"
    run = subprocess.run(
        [NODE, "--test", str(PARITY)], cwd=golden.ROOT, capture_output=True, text=True,
        env={**os.environ, "CALCULATOR_VECTORS": str(vectors_file)}, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout


def test_every_calculator_has_an_engine_procedure_and_a_grid() -> None:
    calculators = golden.calculators()
    assert set(golden.PROCEDURES) == set(calculators) == set(golden.GRIDS)


def _results(cases: list[dict[str, Any]], key: str) -> set[Any]:
    return {case["result"][key] for case in cases if key in case.get("result", {})}


def _errors(cases: list[dict[str, Any]]) -> set[str | None]:
    return {case["error"]["field"] for case in cases if "error" in case}


def test_every_procedure_meets_misfit_dice(by_procedure) -> None:
    for path, cases in by_procedure.items():
        messages = " ".join(c["error"]["message"] for c in cases if "error" in c)
        rolls = any(c["dice"] for c in cases if "result" in c)
        # A procedure that rolls nothing can only be given too many dice.
        expected = ("Chybí kostka", "Příliš mnoho kostek", "není mezi 1 a") if rolls else (
            "Příliš mnoho kostek",)
        for words in expected:
            assert words in messages, (path, words)


def test_no_sentence_ends_twice(by_procedure) -> None:
    # "→ setkání!." was a travel day ending in its encounter: a sentence ends once.
    for path, cases in by_procedure.items():
        for case in cases:
            text = case.get("text") or ""
            assert "!." not in text and ".." not in text, (path, text)


def test_morale_vectors_cover_every_branch(by_procedure) -> None:
    cases = by_procedure["morale"]
    assert _results(cases, "outcome") == {"holds", "flees-or-surrenders", "fights-to-death"}
    assert None in _results(cases, "total")
    assert {c["chance"] for c in cases if "chance" in c} >= {1.0, 1 / 36, 35 / 36}


def test_reaction_vectors_cover_every_band(by_procedure) -> None:
    assert _results(by_procedure["reaction"], "band") == {
        "hostile-attacks", "hostile-may-attack", "uncertain", "indifferent", "friendly"}


def test_falling_vectors_cover_every_branch(by_procedure) -> None:
    cases = by_procedure["falling"]
    assert _results(cases, "caught") == {None, True, False}
    assert {0, 1, 2, 4} <= _results(cases, "dice_count")
    assert "caught_at_m" in _errors(cases)
    naturals = {c["dice"][0] for c in cases if c["input"].get("catch") and "result" in c}
    assert {1, 20} <= naturals
    texts = " ".join(c["text"] for c in cases if "text" in c)
    assert "0,0312 m" in texts and "bez poškození" in texts


def test_roll_vectors_cover_syntax_errors_and_kept_dice(by_procedure) -> None:
    cases = by_procedure["roll"]
    messages = [c["error"]["message"] for c in cases if "error" in c]
    assert any("na pozici" in message for message in messages)
    assert any("Výraz hází" in message for message in messages)
    assert any("zahozeno" in c.get("text", "") for c in cases)
    assert len({c["input"]["expr"] for c in cases if "result" in c}) == len(
        ROLL_EXPRESSIONS)


def test_check_vectors_cover_criticals_modes_and_conflicts(by_procedure) -> None:
    skill = by_procedure["skill-check"]
    assert _results(skill, "critical") == {"success", "failure", None}
    assert _results(skill, "success") == {True, False}
    assert {"dc", "difficulty"} <= _errors(skill)
    texts = " ".join(c["text"] for c in skill if "text" in c)
    assert "s výhodou" in texts and "s nevýhodou" in texts
    assert "(únava)" in texts  # every modifier shown, fatigue named
    for path in ("skill-check", "saving-throw"):  # groups: several rolls, and a bad count
        assert {2, 3} <= {len(c["result"]["each"]) for c in by_procedure[path]
                          if "each" in c.get("result", {})}, path
        assert "count" in _errors(by_procedure[path]), path
    assert _results(by_procedure["saving-throw"], "against") == {
        "magic", "death", "poison", "other"}
    assert "items" in _errors(by_procedure["magic-items"])
    assert {"x", "percent"} <= _errors(by_procedure["chance"])
    for path in ("chance", "trap", "wandering-monsters"):
        assert _results(by_procedure[path], "success") == {True, False}, path
