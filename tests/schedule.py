"""The order a parallel run (pytest-xdist, ``--dist loadscope``) hands out its modules: the
longest first, so that no worker is left with a long browser module while the others idle.

pytest-xdist's own order is by the number of tests, which puts the thousands of quick engine
tests first and the browser and server modules (a few dozen tests of seconds each) last: the run
then ended in minutes of one worker alone. A module's length is estimated from its tests'
count and kind (the controller knows only the tests' ids, not their marks): a test that drives
Chromium or starts servers takes seconds, an expedition API test half a second, an engine test
a few hundredths (figures of a whole run on a 2-core machine). Longest first is the classic rule
for spreading jobs over machines (LPT); the quick modules at the end fill the gaps.
"""

from __future__ import annotations

from collections import OrderedDict
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


def seconds(nodeid: str) -> float:
    """A test's estimated length."""
    return next((cost for matches, cost in SECONDS if matches(nodeid)), QUICK)


class LongestFirst(LoadScopeScheduling):
    """``--dist loadscope`` (a module's tests on one worker, with its module fixtures) handing out
    the longest modules first."""

    ordered = False

    def _assign_work_unit(self, node: Any) -> None:
        if not self.ordered:  # the first hand-out: the queue holds every module
            self.workqueue = OrderedDict(sorted(
                self.workqueue.items(), key=lambda unit: -sum(map(seconds, unit[1]))))
            self.ordered = True
        super()._assign_work_unit(node)


def scheduler(config: Any, log: Any) -> LongestFirst | None:
    """The scheduler for ``--dist loadscope``; ``None`` (xdist's own) for any other mode."""
    if config.getvalue("dist") != "loadscope":
        return None
    return LongestFirst(config, log)
