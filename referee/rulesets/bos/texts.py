"""The words of a Battle of Seattle briefing, in English and in the Spanish translation's terms."""

EN = {
    "role.protester": "The Protester player",
    "role.authority": "The Seattle civic authorities",
    "objective.hold": "Hold Downtown Core areas at each Turn End Phase: their Exposure Values add to your EI (3.4).",
    "objective.protester_win": "End the Afternoon, 2 December game-turn with a higher EI than the Authority's (8.0).",
    "objective.contain": "Clear the streets without giving the protesters publicity (2.3).",
    "objective.authority_win": "End the Afternoon, 2 December game-turn with a higher EI than the Protester's (8.0).",
}

ES = {
    "role.protester": "El jugador Manifestante",
    "role.authority": "Las autoridades civiles de Seattle",
    "objective.hold": "Ocupa áreas del Núcleo del Centro en cada Fase de Final de Turno: sus Valores de Exposición "
                      "se suman a tu EI (3.4).",
    "objective.protester_win": "Termina el turno de la Tarde del 2 de diciembre con un EI mayor que el de la Autoridad (8.0).",
    "objective.contain": "Despeja las calles sin dar publicidad a los Manifestantes (2.3).",
    "objective.authority_win": "Termina el turno de la Tarde del 2 de diciembre con un EI mayor que el de los "
                               "Manifestantes (8.0).",
}

TEXTS = {"en": EN, "es": ES}
