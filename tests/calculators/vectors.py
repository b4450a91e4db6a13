"""Golden vectors: the Python engine's answers that the calculators' JavaScript must reproduce.

Generated, never hand-edited: for each procedure a grid of inputs (``GOLDEN`` in the rule's own
test module), and for each input every
sequence of dice the procedure can consume (or, where there are too many, the branches forced by
explicit dice plus a seeded sample). A vector records inputs + dice → the ``result`` as the API
writes it in Czech, the exact ``chance`` and the Czech ``text``; or the error (field and Czech
message) when the engine refuses the input or the dice.

``python -m tests.calculators.vectors out.json`` writes them with the rule constants the site
exports, which is what ``node --test tests/calculators/parity.test.mjs`` reads. The tests read
them from :func:`cached`: written once for the sources they come from and kept in
``.cache/golden-vectors/`` (a changed source, or a deleted folder, makes them anew);
``python -m tests.calculators.vectors --cached`` makes that copy beside the tests.
"""

from __future__ import annotations

import collections
import contextlib
import fcntl
import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from api.procedures import next_json
from api.serialize import to_json
from rpg.core.dice import MAX_GIVEN_DICE, DiceSource, ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import Procedure, procedures
from rulesite import bundle
from rulesite.calculators import calculator_module
from tests.enumeration import NeedDie, Prefix

ROOT = Path(__file__).resolve().parents[2]
#: Every dice sequence of an input is a vector while there are at most this many.
ENUMERATE_LIMIT = 1_500
#: Seeded samples of an input whose dice sequences are too many to list.
SAMPLES = 40

Inputs = dict[str, Any]


def calculators() -> dict[str, Procedure]:
    """Every procedure that has a calculator, by path (the engine's registry)."""
    return {path: p for path, p in procedures().items() if p.calculator}


def modules() -> dict[str, str]:
    """Each calculator's JavaScript module, as the site names it in ``data-module``."""
    return {path: calculator_module(p) for path, p in calculators().items()}


def rules() -> dict[str, Any]:
    """The rule data the site's bundle carries."""
    return bundle.rules_data()


#: The engine procedure behind each calculator, by API path.
PROCEDURES: dict[str, Callable[..., Outcome]] = {
    path: procedure.run for path, procedure in calculators().items()}

#: Inputs of each procedure, covering every branch of its rule (errors included), gathered from
#: the rules' own tests below.
GRIDS: dict[str, list[Inputs]] = {}


class Recorder(DiceSource):
    """Seeded dice that remember what they rolled, to replay them as physical dice."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seeded = SeededDice(seed)
        self.rolled: list[int] = []

    def _next(self, faces: int, label: str) -> int:
        value = self.seeded.die(faces, label)
        self.rolled.append(value)
        return value


def _merge_extensions() -> None:
    """The golden inputs of each rule, kept in the rule's own tests (``GOLDEN`` in
    ``tests/<rulebook>/test_<rule>.py``; several rules of one procedure each add theirs), and of
    the areas that still keep them beside this module (``vectors_<area>.py``)."""
    import importlib

    tests = Path(__file__).parents[1]
    for file in sorted(tests.glob("*/test_*.py")):
        if file.parent.name in ("calculators", "site", "reliability", "api", "properties"):
            continue
        module = importlib.import_module(f"tests.{file.parent.name}.{file.stem}")
        for path, grid in getattr(module, "GOLDEN", {}).items():
            GRIDS.setdefault(path, []).extend(grid)
    for file in sorted(Path(__file__).parent.glob("vectors_*.py")):
        module = importlib.import_module(f"tests.calculators.{file.stem}")
        GRIDS.update(module.GRIDS)


_merge_extensions()


def dice_sequences(procedure: Callable[..., Outcome], inputs: Inputs) -> Iterator[list[int]]:
    """Every dice sequence the procedure can consume (in lexicographic order: the order of
    replaying them die by die), or a seeded sample when they are more than
    :data:`ENUMERATE_LIMIT`.

    The tree of sequences is walked breadth first: each prefix waiting is at least one sequence,
    so the walk knows there are too many as soon as the sequences found and the prefixes waiting
    outnumber the limit, long before a depth-first walk would have listed them."""
    complete: list[tuple[int, ...]] = []
    waiting: collections.deque[tuple[int, ...]] = collections.deque([()])
    while waiting:
        prefix = waiting.popleft()
        try:
            procedure(Prefix(prefix), **inputs)
        except NeedDie as need:
            if len(complete) + len(waiting) + need.faces > ENUMERATE_LIMIT:
                break
            waiting.extend((*prefix, value) for value in range(1, need.faces + 1))
            continue
        except RuleError:
            pass
        complete.append(prefix)
    else:
        yield from (list(dice) for dice in sorted(complete))
        return
    for seed in range(SAMPLES):
        recorder = Recorder(seed)
        with contextlib.suppress(RuleError):
            procedure(recorder, **inputs)
        yield recorder.rolled


def vector(path: str, inputs: Inputs, dice: list[int]) -> dict[str, Any]:
    """What the engine answers for these inputs and physical dice."""
    record: dict[str, Any] = {"procedure": path, "input": inputs, "dice": dice}
    try:
        source = ReplayDice(dice)
        outcome = PROCEDURES[path](source, **inputs)
        source.finish()
    except RuleError as error:
        record["error"] = {"field": error.field, "message": error.message.cs}
        return record
    # As the API answers: the result with its next steps (the calculators link them).
    record["result"] = {**to_json(outcome.result, "cs"),
                        "next": [next_json(step, "cs") for step in outcome.next]}
    record["chance"] = None if outcome.chance is None else float(outcome.chance)
    record["text"] = outcome.text.cs
    return record


def _misfits(path: str, inputs: Inputs, dice: list[int]) -> Iterator[dict[str, Any]]:
    """Dice that cannot serve: one too few, one too many, one off the die."""
    if dice:
        yield vector(path, inputs, dice[:-1])
        yield vector(path, inputs, [0, *dice[1:]])
    yield vector(path, inputs, [*dice, 1])


def vectors() -> list[dict[str, Any]]:
    """Every golden vector, procedure by procedure."""
    found = []
    for path, grid in GRIDS.items():
        procedure = PROCEDURES[path]
        for inputs in grid:
            sequences = list(dice_sequences(procedure, inputs))
            if len(sequences[0]) > MAX_GIVEN_DICE:  # refused whole: one such vector is enough
                sequences = sequences[:1]
            found += [vector(path, inputs, dice) for dice in sequences]
            found += _misfits(path, inputs, sequences[0])
    return found


def first_of_each(cases: list[dict[str, Any]], grid: list[Inputs]) -> list[dict[str, Any]]:
    """For each input of ``grid``, the first of ``cases`` (one procedure's vectors in the order
    :func:`vectors` makes them) with that input: the vector of its first dice sequence."""
    def key(inputs: Inputs) -> str:
        return json.dumps(inputs, sort_keys=True)

    first: dict[str, dict[str, Any]] = {}
    for case in cases:
        first.setdefault(key(case["input"]), case)
    return [first[key(inputs)] for inputs in grid]


def document() -> dict[str, Any]:
    """The vectors with the rule constants the site exports, and each calculator's module (the
    page names it in ``data-module``), which is what the node tests load."""
    return {"rules": rules(), "catalog": bundle.czech_catalog(), "vectors": vectors(),
            "modules": modules()}


def write(path: Path) -> Path:
    """Write :func:`document` as JSON to ``path``."""
    path.write_text(json.dumps(document(), ensure_ascii=False), encoding="utf-8")
    return path


#: Where :func:`cached` keeps the vectors (ignored by git).
CACHE = ROOT / ".cache" / "golden-vectors"
#: The Python sources the vectors come from: the engine and its catalog, the API's writing of
#: a result, the site's rule data, the grids in the tests.
SOURCES = ("rpg", "api", "rulesite", "tests")


def fingerprint() -> str:
    """A hash of everything the vectors depend on: the Python sources, the calculators' module
    names (the document names each one), the locked packages and the Python that runs them."""
    digest = hashlib.sha256(sys.version.encode())
    files = [file for folder in SOURCES for file in (ROOT / folder).rglob("*.py")]
    files += ROOT.glob("requirements/*.txt")
    for file in sorted(files):
        digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0" + file.read_bytes())
    scripts = ROOT / "docs" / "javascripts" / "calculators"
    for module in sorted(scripts.rglob("*.js")):
        digest.update(module.relative_to(scripts).as_posix().encode() + b"\0")
    return digest.hexdigest()[:20]


def cached(directory: Path = CACHE) -> Path:
    """The file of :func:`document` for today's sources: written by the first process that asks
    (the others, a parallel run's workers, wait for it under a lock), then reused while the
    sources stay the same; an older file is removed."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{fingerprint()}.json"
    with (directory / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.is_file():
            partial = write(path.with_suffix(".partial"))
            partial.replace(path)
            for older in directory.glob("*.json"):
                if older != path:
                    older.unlink()
    return path


if __name__ == "__main__":
    # "--cached": the tests' own copy (:func:`cached`), which scripts/test makes beside pytest's
    # collection, rather than a pytest worker while the other one waits.
    print(cached() if sys.argv[1:] == ["--cached"] else write(Path(sys.argv[1])))
