"""The order a parallel run hands out its modules (``tests/schedule.py``)."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from xdist.scheduler import LoadScopeScheduling

from tests.schedule import LongestFirst, asks_for_vectors, order, seconds, waits

QUICK = [f"tests/core/test_dice_notation.py::test_{n}" for n in range(40)]
SERVERS = [f"tests/reliability/test_rate_limit.py::test_{n}" for n in range(3)]
# Two modules whose tests mostly wait (pytest.mark.waits).
FROZEN = [f"tests/reliability/test_frozen_stores.py::test_{n}" for n in range(3)]
SLOW = [f"tests/reliability/test_slow_bodies.py::test_{n}" for n in range(3)]
BROWSER = [f"tests/site/test_site_browser.py::test_{n}" for n in range(2)]
CALCULATORS = [f"tests/calculators/test_calculators_browser.py::test_{n}" for n in range(30)]
ATTACK = [f"tests/calculators/test_attack_browser.py::test_{n}" for n in range(20)]


class Worker:
    """A pytest-xdist worker as its scheduler sees it: the tests it is sent, by index."""

    shutting_down = False

    def __init__(self, name: str) -> None:
        self.gateway = SimpleNamespace(id=name)
        self.sent: list[list[int]] = []

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.append(indices)

    def shutdown(self) -> None:
        self.shutting_down = True


def _started(scheduling: type[LoadScopeScheduling], collection: list[str], workers: int = 2,
             ) -> tuple[Any, list[Worker]]:
    """A scheduler of ``workers`` workers, ``collection`` collected and its first modules sent."""
    config: Any = SimpleNamespace(getvalue={"tx": [f"{workers}*popen"], "dist": "loadscope"}.get,
                                  option=SimpleNamespace(loadscopereorder=True))
    scheduler = scheduling(config)
    # Added last name first (workers start in any order): the scheduler goes by their names.
    workers = [Worker(f"gw{n}") for n in reversed(range(workers))]
    for worker in workers:
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, collection)
    scheduler.schedule()
    return scheduler, workers


def _first_sent(scheduling: type[LoadScopeScheduling]) -> list[list[str]]:
    """The tests each of two workers is sent first, of a run of the modules above."""
    collection = QUICK + SERVERS + BROWSER
    _, workers = _started(scheduling, collection)
    return [[collection[index] for index in worker.sent[0]] for worker in workers]


def test_the_longest_modules_are_handed_out_first_whatever_their_number_of_tests() -> None:
    assert seconds(SERVERS[0]) * len(SERVERS) > seconds(BROWSER[0]) * len(BROWSER) > seconds(
        QUICK[0]) * len(QUICK)
    assert _first_sent(LongestFirst) == [SERVERS, BROWSER]
    # pytest-xdist's own order (by number of tests) sends the 40 quick tests first.
    assert _first_sent(LoadScopeScheduling)[0] == QUICK



def module(tests: list[str]) -> str:
    return tests[0].split("::")[0]


def test_the_modules_that_wait_for_the_golden_vectors_alternate_with_the_others() -> None:
    assert asks_for_vectors(module(CALCULATORS)) and asks_for_vectors(module(ATTACK))
    assert not any(map(asks_for_vectors, map(module, (QUICK, SERVERS, BROWSER))))
    units = {module(tests): tests for tests in (QUICK, SERVERS, BROWSER, CALCULATORS, ATTACK)}
    # By length alone: both calculator modules first, so one of two workers waits for the
    # vectors the other makes.
    assert sorted(units, key=lambda name: -sum(map(seconds, units[name])))[:2] == [
        module(CALCULATORS), module(ATTACK)]
    assert order(units) == [module(CALCULATORS), module(SERVERS), module(ATTACK),
                            module(BROWSER), module(QUICK)]


def test_the_modules_that_wait_alternate_with_the_others_from_the_start() -> None:
    assert waits(module(FROZEN)) and waits(module(SLOW))
    assert not any(map(waits, map(module, (QUICK, SERVERS, BROWSER, CALCULATORS))))
    units = {module(tests): tests for tests in (QUICK, SERVERS, BROWSER, FROZEN, SLOW)}
    # By length alone both would come before the browser module, and run together.
    assert sorted(units, key=lambda name: -sum(map(seconds, units[name])))[:2] == [
        module(SERVERS), module(FROZEN)]
    assert order(units) == [module(SERVERS), module(FROZEN), module(BROWSER), module(SLOW),
                            module(QUICK)]


def _finish(scheduler: Any, worker: Worker, collection: list[str]) -> list[str]:
    """``worker`` completes every test it was sent; the tests it is sent meanwhile."""
    done = [index for batch in worker.sent for index in batch]
    sent_before = len(worker.sent)
    for index in done:
        if not scheduler.assigned_work[worker][module([collection[index]])][collection[index]]:
            scheduler.mark_test_complete(worker, index)
    return [collection[index] for batch in worker.sent[sent_before:] for index in batch]


def test_a_worker_is_given_a_module_that_waits_only_while_no_other_worker_has_one() -> None:
    collection = SERVERS + FROZEN + BROWSER + SLOW + QUICK
    scheduler, (first, second) = _started(LongestFirst, collection)
    assert [collection[index] for index in first.sent[0]] == SERVERS
    assert [collection[index] for index in second.sent[0]] == FROZEN
    # The first worker ends its module while the second still waits in FROZEN: it is given
    # the browser module, then the quick one, never SLOW, though SLOW comes before QUICK.
    assert _finish(scheduler, first, collection) == BROWSER + QUICK
    # With FROZEN done, the second worker is given what is left: SLOW.
    assert _finish(scheduler, second, collection) == SLOW


def test_when_only_modules_that_wait_are_left_a_worker_is_given_one() -> None:
    collection = SERVERS + FROZEN + SLOW
    scheduler, (first, second) = _started(LongestFirst, collection)
    assert [collection[index] for index in second.sent[0]] == FROZEN
    # Nothing that works is left for the first worker: it waits in SLOW beside FROZEN.
    assert _finish(scheduler, first, collection) == SLOW


def test_of_three_workers_the_last_is_given_the_modules_that_wait_and_the_others_the_rest(
        ) -> None:
    collection = SERVERS + FROZEN + BROWSER + SLOW + QUICK
    scheduler, workers = _started(LongestFirst, collection, workers=3)
    first, second, waiter = sorted(workers, key=lambda worker: worker.gateway.id)
    # The waiter is asked first, and given FROZEN, not the longest module.
    assert [collection[index] for index in waiter.sent[0]] == FROZEN
    assert [collection[index] for index in second.sent[0]] == SERVERS
    # The first's module has two tests: it is given the next at once (xdist keeps a worker
    # two tests ahead); not SLOW, which comes first, but QUICK.
    assert [[collection[index] for index in batch] for batch in first.sent] == [BROWSER, QUICK]
    assert _finish(scheduler, waiter, collection) == SLOW
    assert _finish(scheduler, second, collection) == []


def test_of_three_workers_the_one_kept_for_waiting_helps_once_none_is_left() -> None:
    collection = SERVERS + FROZEN + BROWSER + CALCULATORS + QUICK
    scheduler, workers = _started(LongestFirst, collection, workers=3)
    first, second, waiter = sorted(workers, key=lambda worker: worker.gateway.id)
    assert [collection[index] for index in waiter.sent[0]] == FROZEN
    assert [collection[index] for index in second.sent[0]] == CALCULATORS
    assert [collection[index] for index in first.sent[0]] == SERVERS
    # No module that waits is left: the waiter is given what comes next.
    assert _finish(scheduler, waiter, collection) == BROWSER + QUICK


def test_no_two_tests_share_an_id(request: pytest.FixtureRequest) -> None:
    # A parallel run hands out the tests by their ids: of tests sharing one, it runs one, and
    # counts one. (pytest 9.2 gave schemathesis' 146 tests, one per operation, the test
    # function's id: 145 of them were never run in parallel.)
    ids = Counter(item.nodeid for item in request.session.items)
    assert [nodeid for nodeid, count in ids.items() if count > 1] == []
