"""The words of a Chicago-Chicago briefing, in English (the 1970 text's) and in Spanish.

Keys as in Battle of Seattle's texts: `role.` and `objective.` are the scenario's phrases, translated where they
match; the rest change a shared sentence of `referee/briefing/i18n.py`.
"""

EN = {
    "sheet.score": "Exposure Index",
    "role.demonstrators": "The demonstrators (green)",
    "role.police": "The Chicago Police (blue)",
    "objective.cameras": "Win conflicts where the cameras are: the box's D number goes to your Exposure Index "
                         "(HOW TO RESOLVE CONFLICT 5).",
    "objective.parks": "Gather in the parks, multiply there each morning, and be back in a park by the end of every C turn.",
    "objective.green_win": "Have more points than the police at the end of turn 28C (HOW TO \"WIN\").",
    "objective.minimum": "Keep three platoons in each CPD MINIMUM box at the end of your movement, or lose the game "
                         "(CPD MINIMUM).",
    "objective.order": "Win conflicts where order matters: the box's P number goes to your Exposure Index "
                       "(HOW TO RESOLVE CONFLICT 5).",
    "objective.c_turns": "Attack every demonstrator in the parks on C turns, or green gains 5 points (HOW TO PLAY, step 4).",
    "objective.blue_win": "Have more points than the demonstrators at the end of turn 28C (HOW TO \"WIN\").",
}

ES = {
    "sheet.score": "Índice de Exposición",
    "role.demonstrators": "Los manifestantes (verde)",
    "role.police": "La Policía de Chicago (azul)",
    "objective.cameras": "Gana conflictos donde están las cámaras: el número D de la casilla se suma a tu Índice de "
                         "Exposición (HOW TO RESOLVE CONFLICT 5).",
    "objective.parks": "Reúnete en los parques, multiplícate allí cada mañana y vuelve a un parque antes del final de "
                       "cada turno C.",
    "objective.green_win": "Ten más puntos que la policía al final del turno 28C (HOW TO \"WIN\").",
    "objective.minimum": "Mantén tres pelotones en cada casilla CPD MINIMUM al final de tu movimiento, o pierdes la "
                         "partida (CPD MINIMUM).",
    "objective.order": "Gana conflictos donde importa el orden: el número P de la casilla se suma a tu Índice de "
                       "Exposición (HOW TO RESOLVE CONFLICT 5).",
    "objective.c_turns": "Ataca a todos los manifestantes de los parques en los turnos C, o verde gana 5 puntos "
                         "(HOW TO PLAY, step 4).",
    "objective.blue_win": "Ten más puntos que los manifestantes al final del turno 28C (HOW TO \"WIN\").",
}

TEXTS = {"en": EN, "es": ES}
