"""The order a parallel run (pytest-xdist, ``--dist loadscope``) hands out its modules: the
longest first, so that no worker is left with a long browser module while the others idle.

pytest-xdist's own order is by the number of tests, which puts the thousands of quick engine
tests first and the browser and server modules (a few dozen tests of seconds each) last: the run
then ended in minutes of one worker alone. A module's length is estimated from its tests'
count and kind (the controller knows only the tests' ids, not their marks): a test that drives
Chromium or starts servers takes seconds, an expedition API test half a second, an engine test
a few hundredths (figures of a whole run on a 2-core machine). Longest first is the classic rule
for spreading jobs over machines (LPT); the quick modules at the end fill the gaps.

One exception to the order: the modules that ask for the golden vectors
(``tests/calculators/vectors.py``, made once per run, a minute and more on a fresh clone: CI's
case) alternate with the others at the start. The first worker that asks makes them and the
others wait for them; with the two longest such modules handed out first, one worker of two
waited for the whole making, idle.
"""

from __future__ import annotations

from collections import OrderedDict
from itertools import chain, zip_longest
from pathlib import Path
from typing import Any

from xdist.scheduler import LoadScopeScheduling

#: Estimated seconds a test of each kind takes (the first whose test matches).
SECONDS = (
    (lambda nodeid: "_browser.py" in nodeid, 5.0),
    (lambda nodeid: nodeid.startswith(("tests/site/", "tests/integrations/")), 2.0),
    (lambda nodeid: nodeid.startswith("tests/reliability/"), 4.0),
    (lambda nodeid: nodeid.startswith("tests/expedition/"), 0.5),
)
#: Seconds of a test of no kind above (an engine's, an API procedure's).
QUICK = 0.04
#: The project's root, which the tests' ids are relative to.
ROOT = Path(__file__).resolve().parent.parent
#: What a module that asks for the golden vectors names (the fixtures of
#: ``tests/calculators/conftest.py``).
VECTORS = ("golden_file", "golden_vectors")


def seconds(nodeid: str) -> float:
    """A test's estimated length."""
    return next((cost for matches, cost in SECONDS if matches(nodeid)), QUICK)


def asks_for_vectors(module: str) -> bool:
    """Whether the module ``module`` (a path from the root) asks for the golden vectors."""
    try:
        text = (ROOT / module).read_text(encoding="utf-8")
    except OSError:
        return False
    return any(name in text for name in VECTORS)


def order(units: dict[str, Any]) -> list[str]:
    """The modules of ``units`` (module -> its tests' ids) in the order to hand them out:
    longest first, those that ask for the golden vectors alternating with the others."""
    longest = sorted(units, key=lambda module: -sum(map(seconds, units[module])))
    vectors = [module for module in longest if asks_for_vectors(module)]
    others = [module for module in longest if module not in vectors]
    return [module for module in chain.from_iterable(zip_longest(vectors, others)) if module]


class LongestFirst(LoadScopeScheduling):
    """``--dist loadscope`` (a module's tests on one worker, with its module fixtures) handing out
    the longest modules first."""

    ordered = False

    def _assign_work_unit(self, node: Any) -> None:
        if not self.ordered:  # the first hand-out: the queue holds every module
            self.workqueue = OrderedDict(
                (module, self.workqueue[module]) for module in order(self.workqueue))
            self.ordered = True
        super()._assign_work_unit(node)


def scheduler(config: Any, log: Any) -> LongestFirst | None:
    """The scheduler for ``--dist loadscope``; ``None`` (xdist's own) for any other mode."""
    if config.getvalue("dist") != "loadscope":
        return None
    return LongestFirst(config, log)
