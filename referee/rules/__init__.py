"""Rulesets: pure functions from state, command and dice to events. No UI, no database."""


def ruleset(name: str):
    """The ruleset object for a scenario's `ruleset` key."""
    from referee.errors import RefereeError

    if name == "n30":
        from referee.rules.n30.ruleset import N30

        return N30()
    if name == "wallman":
        from referee.rules.wallman.ruleset import Wallman

        return Wallman()
    raise RefereeError(f"unknown ruleset {name!r}")
