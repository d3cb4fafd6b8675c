"""What a picket line's briefing sheets say beyond, or instead of, referee's shared words (by language, by key).

Keys: `side.<side>`, `type.<unit type>`, `phase.<phase>` for the game's words; `sheet.*`, `section.*`,
`own.*`, `legend.*` to change a shared sentence. A key the sheets need and no table gives is an error.
"""

EN = {
    "sheet.score": "Blockade",
    "section.map": "The works as you know it",
    "section.other": "What you know of the other side",
    "col.intersection": "Place",
    "col.movement": "Moves",
    "own.top": "You know your own units in full; the other side's only as far as you have seen them.",
    "legend.grid": "In each square: the place's name, ■ your units, □ the other side's, ◆ a gate's letter.",
    "legend.now": "the other side, seen now (how many)",
    "legend.target": "a gate, held from this place (see the list)",
    "section.targets": "Gate",
    "side.pickets": "Pickets",
    "side.police": "Police",
    "type.pickets": "Pickets",
    "type.police": "Police serial",
    "phase.pickets": "Pickets move",
    "phase.police": "Police move",
    "phase.push": "Police push",
    # Phrases of the scenario's data: the English text is the pattern ({fields} match anything), translated where it matches.
    "note.resolve": "resolve {value}",
    "role.committee": "The strike committee",
    "role.inspector": "Inspector Hale, with three serials",
    "objective.hold": "Hold the works gates: a point for each gate you hold at the end of a turn (6.1).",
    "objective.points": "Reach {target} points by {time} (6.2).",
    "objective.open": "Open the gates: stand at them, and push the pickets away (4).",
    "objective.under": "Keep the pickets under {target} points to {time} (6.2).",
}

ES = {
    "sheet.score": "Bloqueo",
    "section.map": "La fábrica según lo que sabes",
    "col.intersection": "Lugar",
    "col.movement": "Movimientos",
    "own.top": "Conoces tus unidades del todo; las del otro bando, solo lo que has visto de ellas.",
    "legend.grid": "En cada casilla: el nombre del lugar, ■ tus unidades, □ las del otro bando, ◆ la letra de una puerta.",
    "legend.now": "el otro bando, visto ahora (cuántas)",
    "legend.target": "una puerta, que se ocupa desde este lugar (ver la lista)",
    "section.targets": "Puerta",
    "side.pickets": "Piquetes",
    "side.police": "Policía",
    "type.pickets": "Piquete",
    "type.police": "Grupo de policía",
    "phase.pickets": "Mueven los piquetes",
    "phase.police": "Mueve la policía",
    "phase.push": "Empuja la policía",
    "note.resolve": "resolución {value}",
    "role.committee": "El comité de huelga",
    "role.inspector": "El inspector Hale, con tres grupos",
    "objective.hold": "Ocupar las puertas de la fábrica: un punto por cada puerta que ocupes al final de un turno (6.1).",
    "objective.points": "Llegar a {target} puntos antes de las {time} (6.2).",
    "objective.open": "Abrir las puertas: llegar a ellas y apartar a los piquetes (4).",
    "objective.under": "Mantener a los piquetes por debajo de {target} puntos hasta las {time} (6.2).",
}

TEXTS = {"en": EN, "es": ES}
