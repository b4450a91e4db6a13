"""The order a parallel run (pytest-xdist, ``--dist loadscope``) hands out its modules: the
longest first, so that no worker is left with a long browser module while the others idle.

pytest-xdist's own order is by the number of tests, which puts the thousands of quick engine
tests first and the browser and server modules (a few dozen tests of seconds each) last: the run
then ended in minutes of one worker alone. A module's length is estimated from its tests'
count and kind (the controller knows only the tests' ids, not their marks): a test that drives
Chromium or starts servers takes seconds, an expedition API test half a second, an engine test
a few hundredths (figures of a whole run on a 2-core machine). Longest first is the classic rule
for spreading jobs over machines (LPT); the quick modules at the end fill the gaps.

Two exceptions to the order:

- The modules that ask for the golden vectors (``tests/calculators/vectors.py``, made once per
  run for changed sources: beside pytest by ``scripts/test``, or by the first worker that asks)
  alternate with the others at the start. Whoever makes them, the workers that ask wait for
  them; with the two longest such modules handed out first, both workers would wait.
- The modules whose tests mostly wait (``pytestmark = pytest.mark.waits``: a frozen store's
  timeout, a poll held until its change, a body sent slowly; they keep under half a core busy)
  alternate with the others from the start, and a worker is given one only while no other
  worker has one, unless nothing else is left. Two of them at once left the machine idle for a
  minute of a CI run (15–50 % of its CPU used); beside a browser module, whose Chromium can use
  more than one core, less of it is lost.

  With three workers or more (``scripts/test`` runs three), the last one (``gw2`` of three) is
  kept for them: it is given a module that waits whenever one is left, and the others never are
  while they have anything else. Beside one module that waits, a browser module kept the
  2-core machine only 62–72 % busy; with the waiting on a worker of its own the two others keep
  it busy (95 % on average, against 83 % on two workers, and 7 % sooner: the measurements
  page). The kept worker is given the rest once no module that waits is left, and the others
  take one only once nothing else is.
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
    # Schemathesis: one test per API operation, its 30 requests in-process.
    (lambda nodeid: nodeid.startswith("tests/reliability/test_fuzz.py"), 0.4),
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
#: What a module whose tests mostly wait carries (the marker is registered in pyproject.toml).
WAITS = "pytest.mark.waits"


def seconds(nodeid: str) -> float:
    """A test's estimated length."""
    return next((cost for matches, cost in SECONDS if matches(nodeid)), QUICK)


def _names(module: str, names: tuple[str, ...]) -> bool:
    """Whether the module ``module`` (a path from the root) names one of ``names``."""
    try:
        text = (ROOT / module).read_text(encoding="utf-8")
    except OSError:
        return False
    return any(name in text for name in names)


def asks_for_vectors(module: str) -> bool:
    """Whether the module ``module`` (a path from the root) asks for the golden vectors."""
    return _names(module, VECTORS)


def waits(module: str) -> bool:
    """Whether the tests of the module ``module`` (a path from the root) mostly wait."""
    return _names(module, (WAITS,))


def _alternate(first: list[str], second: list[str]) -> list[str]:
    return [module for module in chain.from_iterable(zip_longest(first, second)) if module]


def order(units: dict[str, Any]) -> list[str]:
    """The modules of ``units`` (module -> its tests' ids) in the order to hand them out:
    longest first, those that ask for the golden vectors alternating with the others, and
    those that wait alternating with all the rest."""
    longest = sorted(units, key=lambda module: -sum(map(seconds, units[module])))
    waiting = [module for module in longest if waits(module)]
    working = [module for module in longest if module not in waiting]
    vectors = [module for module in working if asks_for_vectors(module)]
    others = [module for module in working if module not in vectors]
    return _alternate(_alternate(vectors, others), waiting)


class LongestFirst(LoadScopeScheduling):
    """``--dist loadscope`` (a module's tests on one worker, with its module fixtures) handing out
    the longest modules first, and the modules that wait to the worker kept for them (of three
    or more) or else only to a worker whose peers have none."""

    ordered = False
    waiting: frozenset[str] = frozenset()

    def _assign_work_unit(self, node: Any) -> None:
        if not self.ordered:  # the first hand-out: the queue holds every module
            self.workqueue = OrderedDict(
                (module, self.workqueue[module]) for module in order(self.workqueue))
            self.waiting = frozenset(filter(waits, self.workqueue))
            self.ordered = True
        waiter = self._waiter()
        if waiter is not None:  # the waiter takes the modules that wait, the others the rest
            first = next((module for module in self.workqueue
                          if (module in self.waiting) == (node is waiter)), None)
        elif self._peers_wait(node):
            first = next((module for module in self.workqueue if module not in self.waiting),
                         None)
        else:
            first = None
        if first is not None:
            self.workqueue.move_to_end(first, last=False)
        super()._assign_work_unit(node)

    def _waiter(self) -> Any | None:
        """In a run of three workers or more, the one kept for the modules that wait (the last):
        they then wait beside two workers that keep the machine busy. ``None`` with fewer."""
        nodes = sorted(self.nodes, key=lambda node: int(node.gateway.id.removeprefix("gw")))
        return nodes[-1] if len(nodes) >= 3 else None

    def _peers_wait(self, node: Any) -> bool:
        """Whether another worker has a module that waits with tests still to run."""
        return any(
            module in self.waiting and not all(tests.values())
            for peer, modules in self.assigned_work.items() if peer is not node
            for module, tests in modules.items())


def scheduler(config: Any, log: Any) -> LongestFirst | None:
    """The scheduler for ``--dist loadscope``; ``None`` (xdist's own) for any other mode."""
    if config.getvalue("dist") != "loadscope":
        return None
    return LongestFirst(config, log)
