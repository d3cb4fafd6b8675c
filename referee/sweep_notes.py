"""What `referee simulate`'s table leaves unsaid: the lines under it (what its bracketed figures are, how the games
were played, whether more games would narrow the intervals), and the warning of a sweep whose settings must play
alike."""

from __future__ import annotations

from referee.balance import overlap
from referee.scenario.catalog import Scenario
from referee.simulate import ALL, OWN, autoplay, chosen, seeing

WIDE = 0.2
"""An interval wider than this (20 points) is worth narrowing with more games."""
ON = {OWN: "on his own side's knowledge", ALL: "on the whole game"}


def notes(result: dict, scenario: Scenario, score_name: str, kinds: dict[str, str], options: dict[str, str],
          sees: str | None) -> str:
    """The lines under the table of a sweep (or of one run, `as_sweep`) of `scenario`, played by the players of
    `kinds` (by side, as given) deciding on what `sees` says (None: as the options hide anything) under `options`."""
    lines = [f"In brackets, each share's 95% interval (Wilson's): {overlap('intervals')}.",
             f"Players: {', '.join(f'{side} {kind}' for side, kind in chosen(scenario, kinds).items())}, each deciding "
             f"{_deciding(result, scenario, options, sees)}.",
             f"Games: {_games(result)}, in {sum(row['seconds'] for row in result['rows']):.2f} seconds"
             + (f"; target: {score_name} {scenario.target}." if scenario.target else ".")]
    widest = max(rate["high"] - rate["low"] for row in result["rows"] for rate in row["win_rate"].values())
    if widest > WIDE:
        narrower = "a smaller --until-ci" if "until_ci" in result["rows"][0] else "--until-ci (0.05, say)"
        lines.append(f"The intervals are wide (up to {100 * widest:.0f} points): {narrower} or more --games narrows them.")
    return "\n".join(lines) + "\n"


def _deciding(result: dict, scenario: Scenario, options: dict[str, str], sees: str | None) -> str:
    """What the players decided on, and under which settings where that changed with them."""
    computer = autoplay(scenario)
    hiders = [name for name in result["sweep"] if hides(scenario, name, options)]
    under: dict[str, list[str]] = {}
    for row in result["rows"]:
        chosen_options = {**options, **{name: value for name, value in row["settings"].items() if name in scenario.options}}
        label = ", ".join(f"{name}={row['settings'][name]}" for name in hiders)
        found = under.setdefault(seeing(computer, scenario.option_values(chosen_options), sees), [])
        found += [label] if label not in found else []
    if len(under) == 1:
        return f"{ON[next(iter(under))]} (--players-see {next(iter(under))})"
    return ", ".join(f"{ON[what]} (--players-see {what}) under {' or '.join(labels)}" for what, labels in under.items())


def _games(result: dict) -> str:
    """How many games were played: in all, and under each setting where there were several."""
    counts = [row["games"] for row in result["rows"]]
    if len(counts) == 1:
        return f"{counts[0]}"
    each = f"{min(counts)}" if min(counts) == max(counts) else f"{min(counts)} to {max(counts)}"
    return f"{each} a setting, {sum(counts)} in all"


def hides(scenario: Scenario, name: str, options: dict[str, str]) -> bool:
    """Whether the option `name` can hide something from the players (one of its values does, another not, the
    other options as set), as the ruleset's computer players judge it to choose `--players-see`."""
    computer = autoplay(scenario)
    option = scenario.options.get(name)
    if option is None or not hasattr(computer, "hides"):
        return False
    return len({computer.hides(scenario.option_values({**options, name: choice})) for choice in option.choices}) > 1


def unseen(scenario: Scenario, swept: list[str], options: dict[str, str], sees: str | None) -> str | None:
    """The warning of a sweep of an option that hides something, played by players who see the whole game anyway
    (its settings then play the same games), or None."""
    hiding = [name for name in swept if hides(scenario, name, options)]
    if sees != ALL or not hiding:
        return None
    hide, it = ("hides", "it") if len(hiding) == 1 else ("hide", "them")
    return (f"note: {', '.join(hiding)} {hide} things from the players, but with --players-see all they decide on the "
            f"whole game, so every setting of {it} plays the same games: use --players-see own (or leave it out)")
