"""The umpire's view of a session: the full state and the log, as JSON or as text."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import partial

from referee import rulesets
from referee.core.events import Event
from referee.game import Game
from referee.rules import names
from referee.text import printable


def _unit_json(game: Game, unit, hidden: tuple[str, ...]) -> dict:
    item = {
        "id": unit.id, "name": names.unit_name(game.state, unit), "side": unit.side, "type": unit.type, "node": unit.node,
        "stack": game.state.stack_index(unit), "status": unit.status,
    }
    item.update({key: unit.attrs[key] for key in hidden if key in unit.attrs})
    item["factors"] = unit.factors
    return item


def state_json(game: Game) -> dict:
    """`referee state --json`: everything the engine knows."""
    state, scenario = game.state, game.ctx.scenario
    plugin = rulesets.get(scenario.ruleset)
    hidden = plugin.hidden
    answer = {
        "scenario": scenario.id,
        "title": scenario.title,
        "turn": state.turn,
        "turns": scenario.clock.last(state.local),
        "time": scenario.clock.label(state.turn),
        "phase": state.phase,
        "score": plugin.score(state.scores),
        "target": scenario.target,
        "scores": state.scores,
        "over": state.over,
        "winner": state.winner,
        "options": game.ctx.options,
        "units": [_unit_json(game, unit, hidden) for unit in state.units.values()],
        "markers": {node: list(marks) for node, marks in state.markers.items()},
        "turn_record": state.local,
        "names": {key: state.names.get(key, {}) for key in (names.UNITS, names.PLAYERS)},
    }
    if plugin.scores_as:
        answer[plugin.scores_as] = dict(state.scores)
    return answer


def state_text(game: Game) -> str:
    """`referee state`: a page an umpire can read, as its ruleset writes it, and the names the table gives."""
    table = game.state.names
    given = [f"  {unit}{'' if unit == game.state.units[unit].name else f' ({game.state.units[unit].name})'}: {name}"
             for unit, name in table.get(names.UNITS, {}).items()]
    given += [f"  {player} (player): {name}" for player, name in table.get(names.PLAYERS, {}).items()]
    text = rulesets.get(game.ctx.scenario.ruleset).state_text(game)
    return text + "\n\nNames for the table (rename):\n" + "\n".join(given) if given else text


def log_lines(store, as_json: bool) -> Iterator[str]:
    """`referee log`: every event, undone ones included and marked."""
    from referee.session import is_undone, narrated

    effective, records = set(store.effective()), store.log()
    issuer = {command.id: command.umpire for command in store.commands()}
    lines = [(r, "") for r in records] if as_json else narrated(_narrator(store.info), records)
    for record, line in lines:
        undone, umpire = is_undone(record, effective), issuer.get(record.command_id)
        if as_json:
            yield json.dumps({
                "seq": record.seq, "turn": record.turn, "phase": record.phase, "kind": record.kind,
                "data": record.data, "dice": record.dice, "command": record.command_id, "undone": undone,
                "umpire": umpire,
            })
        else:
            yield printable(f"{record.seq:>5}  t{record.turn:<2} {record.phase:<18} {line}{'  (undone)' if undone else ''}"
                            f"{f'  by {umpire}' if umpire else ''}")


def _narrator(info) -> Callable[[Event], str]:
    """How a session's events read in its log: its ruleset's words, its scenario's names."""
    from referee.core.engine import Context
    from referee.scenario.catalog import from_sources

    scenario = from_sources(info.sources)
    return partial(rulesets.rules(scenario.ruleset).narrate, ctx=Context.of(scenario, info.options))
