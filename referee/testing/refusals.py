"""A refused command changes nothing: the state and the dice are as they were, the refusal is a RefereeError (never a
crash), and a rule's refusal cites its section."""

from __future__ import annotations

import json

from referee.errors import RefereeError, Refusal
from referee.game import Game
from referee.testing.faults import Faults, said
from referee.testing.games import END, games, moments

TRIES = 24
"""The moments of a game at which commands are tried out of turn, spread over it."""


def refusals_change_nothing(name: str) -> None:
    """Commands tried out of turn in the installed ruleset `name`'s games, at moments spread over each, are taken or
    refused; a refused one leaves the state and the dice as they were, and is a RefereeError, never a crash; a rule's
    refusal (a Refusal) cites its section. A game that is over refuses to end another phase, citing its rule."""
    faults, refused = Faults(name, "what a refused command changes"), 0
    for match in games(name):
        when = moments(len(match.commands), TRIES)
        for number, game in match.again():
            if number not in when:
                continue
            wrong = []
            for command in out_of_turn(match.commands, number):
                refusal, found = tried(game, command)
                refused += refusal is not None
                wrong += found
            if game.state.over:
                wrong += ended(game)
            for fault in wrong:
                faults.add(f"{match}, after {match.named(number)}: {fault}")
            if wrong:  # the game itself may have been changed: what follows would not be its own
                break
    if not refused:
        faults.add("none of the commands tried in its games was refused: the check checked nothing")
    faults.raise_any()


def out_of_turn(commands: tuple[dict, ...], number: int) -> list[dict]:
    """The commands tried after the first `number` of a game's: the last of them again, and the one half the game
    away."""
    again = [commands[number - 1]] if number else []
    return again + [commands[(number + len(commands) // 2) % len(commands)]] if commands else again


def ended(game: Game) -> list[str]:
    """What is wrong with how a game that is over answers the end of another phase (it must refuse it, citing its
    rule)."""
    refusal, wrong = tried(game, END)
    if refusal is None and not wrong:
        wrong.append(f"the game over takes {json.dumps(END)}")
    elif refusal is not None and not isinstance(refusal, Refusal):
        wrong.append(f"the game over refuses {json.dumps(END)} without citing its rule: {refusal}")
    return wrong


def tried(game: Game, command: dict) -> tuple[RefereeError | None, list[str]]:
    """A command tried on a copy of the game: the refusal, if the rules refused it, and what is wrong with it."""
    trial = Game(game.ctx, game.rules, game.state, game.dice.copy(), keep_events=False)
    shown, kept, dice = json.dumps(command), json.dumps(game.state.to_json()), (trial.dice.seeds, trial.dice.drawn)
    try:
        trial.apply(command)
    except RefereeError as error:
        refusal = error
    except Exception as error:  # a rule that breaks on a command out of turn
        return None, [f"{shown} breaks the rules: {said(error)}"]
    else:
        return None, []
    wrong = []
    if isinstance(refusal, Refusal) and not refusal.section.strip():
        wrong.append(f"{shown} is refused without a rule's section: {refusal}")
    if json.dumps(game.state.to_json()) != kept:
        wrong.append(f"refusing {shown} changed the state")
    if (trial.dice.seeds, trial.dice.drawn) != dice:
        wrong.append(f"refusing {shown} drew dice")
    return refusal, wrong
