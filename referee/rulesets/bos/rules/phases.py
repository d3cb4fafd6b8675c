"""The sequence of play (3.0-3.4): each game-turn's phases, and who moves, reacts or fights in each."""

from __future__ import annotations

from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER

EVENTS = "events"  # 3.2: the Random Events and Reinforcement Phase
PROTESTER_MOVEMENT, AUTHORITY_REACTION, PROTESTER_COMBAT = "protester-movement", "authority-reaction", "protester-combat"
AUTHORITY_MOVEMENT, PROTESTER_REACTION, AUTHORITY_COMBAT = "authority-movement", "protester-reaction", "authority-combat"
TURN_END = "turn-end"  # 3.4
PHASES = (EVENTS, PROTESTER_MOVEMENT, AUTHORITY_REACTION, PROTESTER_COMBAT,
          AUTHORITY_MOVEMENT, PROTESTER_REACTION, AUTHORITY_COMBAT, TURN_END)

MOVER = {PROTESTER_MOVEMENT: PROTESTER, AUTHORITY_MOVEMENT: AUTHORITY}  # 3.31, 5.0
REACTOR = {AUTHORITY_REACTION: AUTHORITY, PROTESTER_REACTION: PROTESTER}  # 3.32, 5.1
FIGHTER = {PROTESTER_COMBAT: PROTESTER, AUTHORITY_COMBAT: AUTHORITY}  # 3.33, 6.1
PROTESTER_TURN = (PROTESTER_MOVEMENT, AUTHORITY_REACTION, PROTESTER_COMBAT)  # the Protester player-turn


def next_phase(phase: str) -> str | None:
    """The phase after this one in the same game-turn, or None after the Turn End Phase."""
    index = PHASES.index(phase) + 1
    return PHASES[index] if index < len(PHASES) else None
