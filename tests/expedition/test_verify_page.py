"""The verification page's verifier (``docs/javascripts/expedition/verify.js``) under node: the
vectors of Python's ``random.Random`` and a synthetic export with its spoiled copies, written
here for ``verify.test.mjs`` beside this file."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rulesite import bundle, verify
from tests.calculators import vectors as golden
from tests.expedition import chain_verifier, synthetic_chain

NODE = shutil.which("node")
#: The verifier's test under ``node --test``, beside this one.
VERIFIER_TEST = Path(__file__).with_name("verify.test.mjs")
#: Faces each seed rolls, in turn: the dice of the rules, odd and large ones, 1 (which CPython
#: still draws a bit for) and the largest a 32-bit draw covers.
FACES = (2, 3, 4, 6, 8, 10, 12, 20, 100, 1000, 1, 7, 2**31, 2**32 - 1)


def random_vectors() -> list[dict[str, Any]]:
    """For each seed (edges of 32 and 53 bits, beyond 64, and 200 below 2^53): the dice of
    :data:`FACES` (twice over) and three 53-bit draws, as Python rolls them."""
    seeds = [0, 1, 2, 2**32 - 1, 2**32, 2**32 + 1, 2**53 - 1, 2**63 - 1, 2**64 + 5]
    chooser = random.Random(2026)
    seeds += [chooser.randrange(2**53) for _ in range(200)]
    found = []
    for seed in seeds:
        generator = random.Random(seed)
        faces = list(FACES) * 2
        dice = [generator.randrange(face) + 1 for face in faces]
        big = [str(generator.randrange(2**53)) for _ in range(3)]
        found.append({"seed": str(seed), "faces": faces, "dice": dice, "big": big})
    return found


def document(length: int = 60) -> dict[str, Any]:
    """What ``verify.test.mjs`` reads."""
    exported, counts = synthetic_chain.build(length)
    return {
        "rules": bundle.rules_data(),
        "words": {**bundle.czech_catalog(), **verify.page_words()},
        "modules": verify.calculators(),
        "random": random_vectors(),
        "exported": exported,
        "counts": dataclasses.asdict(counts),
        "tampered": [{"name": spoiled.name, "export": spoiled.export, "seq": spoiled.seq,
                      "why": spoiled.why} for spoiled in synthetic_chain.tampered(exported)],
    }


@pytest.fixture(scope="module")
def vectors_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("verify") / "verify-vectors.json"
    path.write_text(json.dumps(document(), ensure_ascii=False), encoding="utf-8")
    return path


def test_node_verifies_the_synthetic_export_and_catches_each_forgery(vectors_file: Path) -> None:
    assert NODE, "node is missing: the verifier cannot be checked"
    run = subprocess.run(
        [NODE, "--test", str(VERIFIER_TEST)], cwd=golden.ROOT, capture_output=True, text=True,
        env={**os.environ, "VERIFY_VECTORS": str(vectors_file)}, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout
    # Every spoiled copy is a test of its own, and each passed.
    assert f"# pass {6 + len(list(synthetic_chain.tampered(synthetic_chain.build(20)[0])))}" \
        in run.stdout


def test_the_synthetic_export_counts_every_kind_of_roll() -> None:
    _, counts = synthetic_chain.build(60)
    assert min(counts.drawn, counts.physical, counts.seeded, counts.hidden, counts.waiting) > 0
    assert counts.entries == 60 and counts.mismatches == 0


def test_the_independent_verifier_reads_the_synthetic_export_as_built() -> None:
    # The synthetic export keeps the documented format: the verifier written from it alone
    # counts the same and names the same forged entries (it replays nothing here, so a changed
    # result is the page's to catch).
    exported, counts = synthetic_chain.build(60)
    report = chain_verifier.verify(exported)
    assert (report.verified, report.physical, report.given_seed, report.hidden, report.waiting,
            report.mismatches) == (counts.drawn, counts.physical, counts.seeded, counts.hidden,
                                   counts.waiting, 0)
    for forged in synthetic_chain.tampered(exported):
        if forged.why != "verify.replay":
            found = chain_verifier.verify(forged.export).first_failure
            assert found is not None and found[0] == forged.seq, forged.name
