"""Simulated games played on a Dask cluster (`referee simulate --scheduler ADDRESS`, the extra `referee[dask]`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.simulate import Batch

#: how long to wait for the scheduler to answer, and for a worker to join it
CONNECT_SECONDS = 10.0


def on_cluster(address: str, batches: list[Batch], tick: Callable[[], None],
               outcomes: Callable[[Batch], list[tuple]]) -> list[tuple]:
    """The `outcomes` of the batches, in order, played by the workers of the Dask scheduler at `address`
    (each worker needs referee and the scenario's ruleset installed; the scenario itself travels with the games)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RefereeError("--scheduler needs Dask: install referee with the extra, pip install 'referee[dask]'") from None
    client = _connect(Client, address)
    with client:
        try:
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except TimeoutError:
            raise RefereeError(f"the Dask scheduler at {address} has no workers (waited {CONNECT_SECONDS:g} s)") from None
        futures = client.map(outcomes, batches, pure=False)
        games = {future.key: len(batch.seeds) for future, batch in zip(futures, batches, strict=True)}
        for future in as_completed(futures):
            for _ in range(games[future.key]):
                tick()
        return [outcome for part in client.gather(futures) for outcome in part]


def _connect(client: type, address: str) -> Any:
    """A client of the scheduler at `address`; one line for anything else: no answer in time, a peer that is not a
    Dask scheduler, an address that is not one (the attempt is left behind in a thread of its own if it hangs)."""
    found: list = []

    def attempt() -> None:
        try:
            found.append(client(address, timeout=f"{CONNECT_SECONDS:g}s"))
        except Exception as error:  # a peer speaking another protocol raises anything, MemoryError included
            found.append(error)

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + 5)
    if not found:
        raise RefereeError(f"cannot reach the Dask scheduler at {address}: no answer in {CONNECT_SECONDS:g} s")
    if isinstance(found[0], Exception):
        error = found[0]
        raise RefereeError(f"cannot reach the Dask scheduler at {address}: {type(error).__name__}: {error}".rstrip(": "))
    return found[0]
