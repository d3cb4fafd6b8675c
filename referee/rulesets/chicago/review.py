"""What the review reads of Chicago-Chicago!: who won and by which rule (HOW TO "WIN", DETAILS OF PLAY CPD
MINIMUM), and the review's words in Spanish."""

from __future__ import annotations

from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

WORDS = {
    "en": {
        "won.demonstrators": "The demonstrators win",
        "won.police": "The police win",
        "won.none": "Neither side wins",
        "why.minimum": "The police left fewer than three platoons in the CPD MINIMUM box {boxes} at the end of step "
                       "three: blue automatically loses the game (DETAILS OF PLAY CPD MINIMUM).",
        "why.points": "The player with the most points on the Exposure Index by the 28C turn wins (HOW TO \"WIN\"): "
                      "demonstrators {demonstrators}, police {police}.",
        "why.tie": "The indices are level, and the text names no winner for a tie (HOW TO \"WIN\").",
    },
    "es": {
        "won.demonstrators": "Ganan los manifestantes",
        "won.police": "Gana la policía",
        "won.none": "No gana ningún bando",
        "why.minimum": "La policía dejó menos de tres pelotones en la casilla CPD MINIMUM {boxes} al final del paso "
                       "tres: el azul pierde la partida automáticamente (DETAILS OF PLAY CPD MINIMUM).",
        "why.points": "Gana el jugador con más puntos en el Índice de Exposición en el turno 28C (HOW TO \"WIN\"): "
                      "manifestantes {demonstrators}, policía {police}.",
        "why.tie": "Los índices están igualados, y el texto no nombra ganador en caso de empate (HOW TO \"WIN\").",
        "score_name": "ventaja de los manifestantes",
        "tally.Conflicts": "Conflictos",
        "tally.Forced assaults": "Asaltos forzados",
        "tally.Times the National Guard was brought in": "Veces que entró la Guardia Nacional",
        "tally.C turns with a park left alone": "Turnos C con un parque sin atacar",
        "tally.Reports to players": "Informes a los jugadores",
        "reason.conflict": "conflictos ganados en {names}, el número P o D de la casilla para el ganador "
                           "(HOW TO RESOLVE CONFLICT 5)",
        "reason.guard-in": "la Guardia Nacional entra (NATIONAL GUARD)",
        "reason.guard-out": "la Guardia Nacional sale (NATIONAL GUARD)",
        "reason.park-penalty": "manifestantes en los parques sin atacar en un turno C (HOW TO PLAY, paso 4)",
    },
}
"""The review's words of Chicago-Chicago! (`review_words`); the English tallies and reasons are the declaration's."""


def verdict(state, ended: dict | None, target: int | None, lang: str) -> tuple[str, tuple[str, ...]]:
    """CPD MINIMUM: a minimum box short ends the game, blue losing; else the most points by 28C win."""
    words, ei = WORDS[lang], state.scores
    if ended and ended.get("reason") == "CPD MINIMUM":
        return words[f"won.{DEMONSTRATORS}"], (words["why.minimum"].format(boxes=", ".join(ended["boxes"])),)
    police, green = ei[POLICE], ei[DEMONSTRATORS]
    side = "none" if police == green else (POLICE if police > green else DEMONSTRATORS)
    why = words["why.points"].format(demonstrators=green, police=police)
    return words[f"won.{side}"], (why,) + ((words["why.tie"],) if side == "none" else ())
