"""What the review adds to N30's log: each confrontation's odds, unit by unit, before the dice fell; the result
read by its rule; the review's words in Spanish."""

from __future__ import annotations

from referee.core.events import Event
from referee.rulesets.n30.rules.odds import unit_odds
from referee.rulesets.n30.rules.phases import PROTESTERS
from referee.rulesets.n30.rules.success import winner


def odds_before(event: Event) -> tuple[str, ...]:
    """N30 4: each unit's chances before the dice, from what the confrontation recorded."""
    if event.kind != "confrontation":
        return ()
    lines = []
    for unit in event.data["units"]:
        odds = unit_odds(unit["facing"], unit["type"], event.data["gas"], unit["refusal_roll"] is not None)
        lines.append(f"{unit['id']} facing {unit['facing']}: {odds.said()}")
    return tuple(lines)


WORDS = {
    "en": {
        "won.protesters": "The protesters win",
        "won.police": "The police win",
        "why.reached": "The protesters' success level, {score}, equals or exceeds their target of {target}: the "
                       "protesters win if it does at the end of the game (1.1, 5).",
        "why.short": "The protesters' success level, {score}, falls {short} short of their target of {target}: if it "
                     "does at the end of the game, the police win (1.1, 5).",
    },
    "es": {
        "score_name": "éxito",
        "won.protesters": "Ganan los manifestantes",
        "won.police": "Gana la policía",
        "why.reached": "El nivel de éxito de los manifestantes, {score}, iguala o supera su objetivo de {target}: "
                       "los manifestantes ganan si es así al final de la partida (1.1, 5).",
        "why.short": "Al nivel de éxito de los manifestantes, {score}, le faltan {short} para su objetivo de "
                     "{target}: si es así al final de la partida, gana la policía (1.1, 5).",
        "tally.Confrontations": "Enfrentamientos",
        "tally.Confrontations with gas": "Enfrentamientos con gas",
        "tally.Units radicalized": "Unidades radicalizadas",
        "tally.Units destroyed": "Unidades destruidas",
        "tally.Retreats": "Retiradas",
        "tally.Reports to players": "Informes a los jugadores",
        "reason.5.1": "los manifestantes llegaron a {names} (5.1)",
        "reason.5.2": "el cerco de los manifestantes aisló {names} de las sedes (5.2)",
        "reason.5.3": "los manifestantes ocuparon {names} (5.3)",
        "reason.4.5": "cargas policiales y gas (4.5)",
    },
}
"""The review's words of N30 (`review_words`); the English tallies and reasons are the declaration's."""


def verdict(state, ended: dict | None, target: int, lang: str) -> tuple[str, tuple[str, ...]]:
    """1.1, 5: the protesters win if their success level equals or exceeds the target at the end, else the police."""
    words, score = WORDS[lang], state.scores[PROTESTERS]
    side = winner(score, target)
    why = words["why.reached"] if side == PROTESTERS else words["why.short"]
    return words[f"won.{side}"], (why.format(score=score, target=target, short=target - score),)
