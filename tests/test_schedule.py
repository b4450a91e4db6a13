"""The order a parallel run hands out its modules (``tests/schedule.py``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from xdist.scheduler import LoadScopeScheduling

from tests.schedule import LongestFirst, asks_for_vectors, order, seconds

QUICK = [f"tests/core/test_dice_notation.py::test_{n}" for n in range(40)]
SERVERS = [f"tests/reliability/test_serving.py::test_{n}" for n in range(3)]
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


def _first_sent(scheduling: type[LoadScopeScheduling]) -> list[list[str]]:
    """The tests each of two workers is sent first, of a run of the modules above."""
    config: Any = SimpleNamespace(getvalue={"tx": ["2*popen"], "dist": "loadscope"}.get,
                                  option=SimpleNamespace(loadscopereorder=True))
    scheduler = scheduling(config)
    collection = QUICK + SERVERS + BROWSER
    workers = [Worker("gw0"), Worker("gw1")]
    for worker in workers:
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, collection)
    scheduler.schedule()
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
