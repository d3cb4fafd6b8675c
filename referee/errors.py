"""The two kinds of bad input: a rule refusal and any other user error."""

from collections.abc import Iterator
from contextlib import contextmanager


class RefereeError(Exception):
    """Bad input: the command line prints the message on one line and exits 2."""


class Refusal(RefereeError):
    """A command the rules forbid; carries the rule section it cites."""

    def __init__(self, section: str, message: str):
        self.section = section
        self.reason = message
        super().__init__(f"{section}: {message}")


class Faults(RefereeError):
    """Several faults found at once (a ruleset's checks of a scenario): said as the first, with how many more; each
    kept in `faults`, a line each for `referee scenario check`."""

    def __init__(self, faults: list[str]):
        super().__init__(faults[0] + more_faults(len(faults) - 1))
        self.faults = faults


def more_faults(count: int) -> str:
    """What follows the first of several faults said alone: how many more there are, and where they are all said."""
    return f" (and {count} more: `referee scenario check` lists them)" if count else ""


class Stale(RefereeError):
    """The log moved on since the state a command was decided on: decide again, or tell the umpire."""


class Withdrawn(RefereeError):
    """A player's live link withdrawn: nothing is taken from it any more."""


class Decided(RefereeError):
    """A player's order the umpire answered already (carried out or returned): it is not decided twice."""


class Disconnected(RefereeError):
    """The database server cannot be reached, or the connection to it was lost: try again once it is back."""


@contextmanager
def replaying(seq: int) -> Iterator[None]:
    """Fold the stored event `seq`: whatever it breaks (a unit that never existed, a field missing: an event
    written outside referee) is one line naming it."""
    try:
        yield
    except RefereeError:
        raise
    except Exception as error:  # noqa: BLE001 - whatever a foreign event breaks, it is one line
        said = f"{type(error).__name__}: {error}"
        raise RefereeError(f"the log cannot be replayed at event {seq} ({said[:120]}): it was changed outside "
                           "referee; `referee verify` says more") from None
