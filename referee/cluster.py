"""Simulated games played on a Dask cluster (`referee simulate --scheduler ADDRESS`, the extra `referee[dask]`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.simulate import Batch

#: how long to wait for the scheduler to answer
CONNECT_TIMEOUT = "10s"


def on_cluster(address: str, batches: list[Batch], tick: Callable[[], None]) -> list[tuple]:
    """The outcomes of the batches, in order, played by the workers of the Dask scheduler at `address`
    (each worker needs referee and the scenario's ruleset installed; the scenario itself travels with the games)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RefereeError("--scheduler needs Dask: install referee with the extra, pip install 'referee[dask]'") from None
    from referee.simulate import outcomes

    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise RefereeError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    with client:
        futures = client.map(outcomes, batches, pure=False)
        games = {future.key: len(batch.seeds) for future, batch in zip(futures, batches, strict=True)}
        for future in as_completed(futures):
            for _ in range(games[future.key]):
                tick()
        return [outcome for part in client.gather(futures) for outcome in part]
