"""referee's conformance kit as a pytest plugin: pytest imports this module (referee never does).

Two ways to run the kit's checks (`referee.testing.CHECKS`) on a ruleset, a test each:
- name the ruleset: `pytest --referee-ruleset NAME` (again for another), or `referee_rulesets = NAME ...` in the
  pytest configuration; with referee installed, its entry point `pytest11` loads this plugin (`-p
  no:referee.testing.plugin` leaves it out), else `-p referee.testing.plugin` does;
- subclass `RulesetConformance` in a test module of your own, giving the subclass its `ruleset`.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.errors import RefereeError
from referee.testing import CHECKS, check


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("referee", "referee's conformance kit")
    group.addoption("--referee-ruleset", action="append", default=[], metavar="NAME", dest="referee_rulesets",
                    help="check the installed ruleset NAME with referee's conformance kit (may be given again)")
    parser.addini("referee_rulesets", "the installed rulesets referee's conformance kit checks", type="args", default=[])


class RulesetConformance:
    """The kit's checks of one ruleset, a test each. A subclass named `Test...` gives its `ruleset`, or overrides the
    fixture `referee_ruleset` (to check several, or to install one first)."""

    ruleset = ""

    @pytest.fixture
    def referee_ruleset(self) -> str:
        """The name of the ruleset the tests check: the class's `ruleset`."""
        return self.ruleset

    @pytest.mark.parametrize("which", CHECKS)
    def test_conforms(self, referee_ruleset: str, which: str) -> None:
        check(which, referee_ruleset)


class RulesetCheck(pytest.Item):
    """One check of the kit on a ruleset named on the command line or in the configuration."""

    def __init__(self, *, ruleset: str, which: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.ruleset, self.which = ruleset, which

    def runtest(self) -> None:
        check(self.which, self.ruleset)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        """A fault the kit found, or the ruleset's own error, as its lines; anything else with its traceback."""
        if isinstance(excinfo.value, (AssertionError, RefereeError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, f"referee conformance: {self.ruleset}: {self.which}"


def named(config: pytest.Config) -> list[str]:
    """The rulesets to check, from the command line and the configuration, each once."""
    return list(dict.fromkeys([*config.getoption("referee_rulesets"), *config.getini("referee_rulesets")]))


@pytest.hookimpl(tryfirst=True)  # before -k and -m choose among the tests
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    items.extend(RulesetCheck.from_parent(session, name=f"{ruleset}::{which}", nodeid=f"referee[{ruleset}]::{which}",
                                          ruleset=ruleset, which=which)
                 for ruleset in named(config) for which in CHECKS)
