"""The values a game is played with other than its scenario's printed ones, in a sheet's words: an option as chosen
and a tunable as set, as every sheet and the review print them."""

from __future__ import annotations

from referee.briefing.i18n import Strings
from referee.knowledge.view import PlayedWith


def option(t: Strings, name: str, choice: str) -> str:
    """An option as chosen ("Weather: soaked"): the game's `option.<name>` and `option.<name>.<choice>` where its
    words give them, else the name and the choice as the scenario writes them (a club's own option)."""
    return t("values.option", name=t.optional(f"option.{name}") or name,
             choice=t.optional(f"option.{name}.{choice}") or choice)


def tuned(t: Strings, name: str, value: object, printed: object) -> str:
    """A tunable set for a session, as the review's "Values set" and the sheets say it: "ev_convention_centre 5
    (printed 8)"."""
    return t("values.tuned", name=name, value=value, printed=printed)


def played(t: Strings, value: PlayedWith) -> str:
    """A value of `referee.knowledge.played`, in words."""
    return option(t, value.name, value.value) if value.option else tuned(t, value.name, value.value, value.printed)
