"""The players' page's check of the log's hash chain under node (``chain.test.mjs`` beside this
one): a log that extends the remembered head, read back to it or too far back to read, and each
way a log fails to extend it (rewritten and chained again, shorter, an entry not linking to the
one before, an entry read again changed, a head that is not the newest entry's)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

NODE = shutil.which("node")
ROOT = Path(__file__).resolve().parents[2]
#: The check's test under ``node --test``, beside this one.
CHAIN_TEST = Path(__file__).with_name("chain.test.mjs")


def test_the_chain_check_under_node() -> None:
    assert NODE, "node is missing: the players' page's chain check cannot be tested"
    run = subprocess.run([NODE, "--test", str(CHAIN_TEST)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout
