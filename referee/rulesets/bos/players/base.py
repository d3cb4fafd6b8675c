"""What both kinds of player share: the phases each side acts in, and a generator of its own."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from referee.core.units import Unit
from referee.knowledge.eyes import Picture as Game
from referee.rulesets.bos.players import legal
from referee.rulesets.bos.rules.phases import EVENTS, FIGHTER, MOVER, REACTOR
from referee.rulesets.bos.rules.units import PROTESTER

if TYPE_CHECKING:
    pass




class Player:
    """One side's player. `commands(game)` yields its commands for the phase the game is in, reading the live
    state after each (the caller applies each before asking for the next). Given `eyes` (his side's knowledge,
    `Seen`), he decides on them and never on the game he is handed; the umpire judges his commands against the
    game itself."""

    kind = "base"

    def __init__(self, side: str, seed: int):
        digest = hashlib.blake2b(f"bos-player:{seed}:{side}:{self.kind}".encode(), digest_size=8).digest()
        self.side, self.rng = side, random.Random(int.from_bytes(digest, "big"))
        self.eyes: Any = None

    def decides_on(self, game: Game) -> Game:
        """What the player reads to decide: his side's knowledge where he has `eyes`, else `game`."""
        return game if self.eyes is None else self.eyes

    def commands(self, game: Game) -> Iterator[dict]:
        game = self.decides_on(game)
        phase = game.state.phase
        if phase == EVENTS:
            yield from self.events(game)
        elif MOVER.get(phase) == self.side:
            yield from self.movement(game)
        elif REACTOR.get(phase) == self.side:
            yield from self.reaction(game)
        elif FIGHTER.get(phase) == self.side:
            yield from self.combat(game)

    def events(self, game: Game) -> Iterator[dict]:
        """The Random Events and Reinforcement Phase (3.2): the Protester rolls the event and takes both sides'
        reinforcements (the Authority's part added by `reinforcement`) and places his; each side removes the
        unit an event takes; the Authority may then order emergency reinforcements (4.22)."""
        state = game.state
        if self.side == PROTESTER:
            if state.local["roll"] is None:
                yield {"do": "events"}
            if not game.state.local["reinforced"]:
                yield {"do": "reinforce", **self.reinforcement(game)}
            yield from self.placing(game)
        else:
            yield from self.emergency(game)
        losing = legal.to_lose(game.state, self.side)
        if losing:
            yield {"do": "lose", "unit": self.lost(game, losing).id}

    def reinforcement(self, game: Game) -> dict:
        """This side's part of the `reinforce` command (4.21): `take` and `remove`."""
        raise NotImplementedError

    def placing(self, game: Game) -> Iterator[dict]:
        """The Protester's `place` commands (4.2)."""
        return iter(())

    def emergency(self, game: Game) -> Iterator[dict]:
        """The Authority's `emergency` command, if it orders any (4.22)."""
        return iter(())

    def lost(self, game: Game, losing: list) -> Unit:
        """The unit a random event takes (Attrition, Paperwork), among `losing`."""
        raise NotImplementedError

    def movement(self, game: Game) -> Iterator[dict]:
        return iter(())

    def reaction(self, game: Game) -> Iterator[dict]:
        return iter(())

    def combat(self, game: Game) -> Iterator[dict]:
        return iter(())


def merged(command: dict, part: dict) -> dict:
    """A `reinforce` command with the other side's `take` and `remove` added."""
    return {**command, "take": {**command.get("take", {}), **part.get("take", {})},
            "remove": [*command.get("remove", []), *part.get("remove", [])]}
