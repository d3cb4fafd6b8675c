"""The two kinds of bad input: a rule refusal and any other user error."""


class RefereeError(Exception):
    """Bad input: the command line prints the message on one line and exits 2."""


class Refusal(RefereeError):
    """A command the rules forbid; carries the rule section it cites."""

    def __init__(self, section: str, message: str):
        self.section = section
        self.reason = message
        super().__init__(f"{section}: {message}")


class Stale(RefereeError):
    """The log moved on since the state a command was decided on: decide again, or tell the umpire."""


class Disconnected(RefereeError):
    """The database server cannot be reached, or the connection to it was lost: try again once it is back."""
