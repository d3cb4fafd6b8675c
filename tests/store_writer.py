"""For test_store_crash: records commands into a session until killed, printing `ok <id>` after each commit."""

import sys

from referee.store.location import location
from referee.store.repository import SessionStore

SOURCES = {"scenario": {"id": "n30/lock-down-hold-fast"}}


def main(path: str) -> None:
    """Open the session at `path` (a file or a PostgreSQL URL); record commands of one to three events until killed."""
    store = SessionStore.open(location(path))
    n = 0
    while True:
        n += 1
        events = [
            {"turn": n, "phase": "movement", "kind": "moved", "data": {"n": n, "i": i}, "dice": []}
            for i in range(1 + n % 3)
        ]
        command_id, _ = store.record({"do": "move", "n": n}, "play", events, n)
        print(f"ok {command_id}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
