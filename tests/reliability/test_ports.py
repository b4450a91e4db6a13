"""Ports for the servers the tests start: free, and never the same for two workers of a run."""

from __future__ import annotations

import socket

import pytest

from tests.ports import free_port


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_each_worker_is_given_ports_of_its_own_share(
    monkeypatch: pytest.MonkeyPatch, workers: int,
) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", str(workers))
    given: dict[int, set[int]] = {}
    for index in range(workers):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", f"gw{index}")
        given[index] = {free_port() for _ in range(10)}
        assert {port // 2 % workers for port in given[index]} == {index}
    for index in range(workers):
        for other in range(index + 1, workers):
            assert not given[index] & given[other]


def test_a_given_port_is_free_to_listen_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    monkeypatch.delenv("PYTEST_XDIST_WORKER_COUNT", raising=False)
    port = free_port("127.0.0.2")
    with socket.socket() as server:
        server.bind(("127.0.0.2", port))
        server.listen()
