"""`referee simulate --scheduler`: the games played by a Dask cluster's workers (here a local cluster of worker
processes on loopback) give what one core and many give for the same seed."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time

import pytest
from distributed import LocalCluster

from referee import cluster
from referee.errors import RefereeError
from referee.simulate import simulate


@pytest.fixture(scope="module")
def scheduler():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as local:
        yield local.scheduler_address


def _same(*results: dict) -> None:
    first = {k: v for k, v in results[0].items() if k != "seconds"}
    for result in results[1:]:
        assert {k: v for k, v in result.items() if k != "seconds"} == first


@pytest.mark.parametrize("scenario, options, tuned", [
    ("n30/close-the-ring", {"hidden": "strong"}, {}),
    ("chicago/chicago-1968", {}, {"harass_4to1_die3": "DD2"}),
    ("bos/battle-of-seattle", {"extend": "on"}, {"ev_paramount": "5"}),
])
def test_the_same_seed_gives_the_same_result_on_one_core_on_many_and_on_dask(scheduler, scenario, options, tuned):
    ticks: list[int] = []
    on_dask = simulate(scenario, 120, 7, options, tuned=tuned, scheduler=scheduler, progress=lambda: ticks.append(1))
    _same(on_dask, simulate(scenario, 120, 7, options, tuned=tuned, workers=1),
          simulate(scenario, 120, 7, options, tuned=tuned, workers=2))
    assert len(ticks) == 120


def test_until_ci_on_dask_plays_the_games_it_plays_at_home(scheduler):
    _same(simulate("chicago/chicago-1968", 20, 3, until_ci=0.12, scheduler=scheduler),
          simulate("chicago/chicago-1968", 20, 3, until_ci=0.12, workers=1))


def test_the_command_line_sweeps_on_dask(cli, scheduler):
    args = ("simulate", "chicago/chicago-1968", "--games", "60", "--sweep", "park_penalty=once,each", "--format", "json")
    on_dask, at_home = cli(*args, "--scheduler", scheduler), cli(*args, "--workers", "1")
    assert on_dask.code == 0, on_dask.err
    for remote, local in zip(*(json.loads(run.out)["rows"] for run in (on_dask, at_home)), strict=True):
        _same(remote, local)


def test_an_unreachable_scheduler_is_one_line(cli, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    run = cli("simulate", "n30/close-the-ring", "--games", "2", "--scheduler", "tcp://127.0.0.1:9")
    assert run.code == 2 and run.err.startswith("referee: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert run.err.count("\n") == 1


def test_without_dask_installed_the_scheduler_asks_for_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(RefereeError, match=r"pip install 'referee\[dask\]'"):
        simulate("n30/close-the-ring", 2, 0, scheduler="tcp://127.0.0.1:9")


@pytest.fixture
def peer():
    """A listener on loopback that is no Dask scheduler: `peer(reply)` answers every connection with `reply` (or
    says nothing, for None) and gives its address."""
    servers = []

    def start(reply: bytes | None) -> str:
        server = socket.create_server(("127.0.0.1", 0))
        held: list[socket.socket] = []

        def serve() -> None:
            while True:
                try:
                    conn, _ = server.accept()
                except OSError:
                    return
                held.append(conn)
                if reply is not None:
                    conn.sendall(reply)
                    conn.close()

        threading.Thread(target=serve, daemon=True).start()
        servers.append(server)
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield start
    for server in servers:
        server.close()


@pytest.mark.parametrize("reply", [b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4, None])
def test_a_peer_that_is_no_scheduler_is_one_line(cli, monkeypatch, peer, reply):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    started = time.monotonic()
    run = cli("simulate", "n30/close-the-ring", "--games", "2", "--scheduler", peer(reply))
    assert run.code == 2 and run.err.startswith("referee: cannot reach the Dask scheduler at tcp://127.0.0.1:")
    assert run.err.count("\n") == 1 and time.monotonic() - started < 10


def test_a_scheduler_without_workers_is_one_line(cli, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    with LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address="127.0.0.1:0") as empty:
        run = cli("simulate", "n30/close-the-ring", "--games", "2", "--scheduler", empty.scheduler_address)
    assert run.code == 2 and "has no workers (waited 1 s)" in run.err and run.err.count("\n") == 1
