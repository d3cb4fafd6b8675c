"""Words of a side's reference card (templates/_card.html.j2, briefing.md.j2): what every game's card says; a game's
tables are named in its own texts (`card.<game>.` keys)."""

EN: dict[str, str] = {
    "card.title": "Reference card: {side}",
    "card.jump": "Reference card",
    "card.intro": "The tables you play with, as your rules give them. ▶ marks what applies to you now.",
    "card.mine": "applies to you now",
    "card.rule": "Rule",
    "card.die": "Die",
    "card.step": "Step",
    "card.cites": "rule {section}",
    "card.phase": "Phase",
    "card.what": "What happens",
    "card.now_phase": "Now: {phase}.",
    "card.scroll": "{title} (scrolls sideways)",
}

ES: dict[str, str] = {
    "card.title": "Tarjeta de referencia: {side}",
    "card.jump": "Tarjeta de referencia",
    "card.intro": "Las tablas con las que juegas, tal como te las dan tus reglas. ▶ marca lo que se te aplica ahora.",
    "card.mine": "se te aplica ahora",
    "card.rule": "Regla",
    "card.die": "Dado",
    "card.step": "Paso",
    "card.cites": "regla {section}",
    "card.phase": "Fase",
    "card.what": "Qué ocurre",
    "card.now_phase": "Ahora: {phase}.",
    "card.scroll": "{title} (se desplaza a los lados)",
}
