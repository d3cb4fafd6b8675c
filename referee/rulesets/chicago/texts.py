"""The words of a Chicago-Chicago briefing, in English (the 1970 text's) and in Spanish.

Keys as in Battle of Seattle's texts: `side.`, `type.`, `phase.`, `status.`, `place.` (a box's printed name) for the
game's words; `feature.` the tags a box carries on the map (its code P#/D#, its minimum box); `role.`,
`objective.`, `time.` (a turn's name), `unit.` (a counter's name) and `note.` are phrases of the data, translated
where they match; the rest change a shared sentence of `referee/briefing/i18n.py`.
"""

TURNS = ("25A", "25B", "25C", "26A", "26B", "26C", "27A", "27B", "27C", "28A", "28B", "28C")
#: every box code P#/D# (HOW TO RESOLVE CONFLICT 5) as the map prints it, in either language
CODES = {f"feature.P{p}/D{d}": f"P{p}/D{d}" for p in range(10) for d in range(10)}

EN = {
    "sheet.score": "Exposure Index",
    "side.police": "Police",
    "side.demonstrators": "Demonstrators",
    "type.police": "Chicago Police",
    "type.tac": "Tac police",
    "type.guard": "National Guard",
    "type.demonstrator": "Demonstrators",
    "phase.green-move": "Step 1: the demonstrators move",
    "phase.green-conflict": "Step 2: the demonstrators' conflicts",
    "phase.blue-move": "Step 3: the police move",
    "phase.blue-conflict": "Step 4: the police's conflicts",
    "status.off-map": "In the counter box, off the board",
    "status.removed": "Out of the game (the counters back in the box)",
    "place.lincoln-park": "Lincoln Park",
    "place.grant-park-west": "Grant Park West",
    "place.grant-park-east": "Grant Park East",
    "place.washington-park": "Washington Park",
    "place.gold-coast": "Gold Coast",
    "place.north-michigan": "North Michigan",
    "place.loop": "The Loop",
    "place.state-street": "State Street",
    "place.conrad-hilton": "Conrad Hilton",
    "place.near-south": "Near South Side",
    "place.bridgeport": "Bridgeport",
    "place.stockyards": "Stockyards",
    "place.amphitheatre": "Amphitheatre",
    "place.old-town": "Old Town",
    "place.lincoln-park-west": "Lincoln Park West",
    "place.river-north": "River North",
    "place.south-loop": "South Loop",
    "place.near-west": "Near West Side",
    "place.west-side": "West Side",
    "place.bronzeville": "Bronzeville",
    "place.hyde-park": "Hyde Park",
    "feature.cpd-minimum": "MIN",
    "feature.cpd-minimum-conditional": "MIN C",
    **CODES,
    **{f"time.{n}": name for n, name in enumerate(TURNS, 1)},
    "unit.police": "Level {level} platoon {id}",
    "unit.group": "Level {level} group {id}",
    "unit.tac": "Tac platoon {id}",
    "unit.guard": "Guard company {id}",
    "note.minimum": "in the CPD MINIMUM box",
    "note.infiltrating": "infiltrating",
    "note.counters": "counters {counters}",
    "col.intersection": "Box",
    "col.strength": "Conflict",
    "col.movement": "Movement",
    "col.value": "Multiplier",
    "col.links": "Next to",
    "own.top": "You know your own units in full, a row for each kind in each box. Conflict and Movement are one "
               "platoon's or group's numbers; \"counters\" gives the row as the board shows it, three alike a company "
               "(police), a crowd (demonstrators) or a battalion (Guard): 12-3 ×2 is two companies of 12-3 "
               "(BREAKING DOWN AND BUILDING UP UNITS).",
    "legend.valued": "a park, with the number its demonstrators multiply by each A turn",
    "legend.area": "a city box",
    "legend.line": "boxes next to each other (HOW TO MOVE UNITS 1)",
    "legend.tags": "Over each name: the box's code, the points the police (P) or the demonstrators (D) score for "
                   "winning a conflict there; MIN a CPD MINIMUM box in it, MIN C a CPD MINIMUM CONDITIONAL box.",
    "legend.grid": "Each box with its code (P and D: the points for winning a conflict there) and minimum box (MIN, "
                   "MIN C conditional), a park with its multiplier, ■ your units, □ the other side (with the turn if "
                   "not seen now).",
    "section.arrivals": "Reinforcements",
    "arrivals.none": "None are scheduled: the National Guard comes in while the demonstrators lead (NATIONAL GUARD), "
                     "and the parks multiply at the start of each A turn but 25A (DEMONSTRATOR ATTRITION AND "
                     "MULTIPLICATION 2).",
    "role.demonstrators": "The demonstrators (green)",
    "role.police": "The Chicago Police (blue)",
    "role.yippies": "The Yippies (demonstrators, green)",
    "role.mobe": "The Mobe (demonstrators, green)",
    "role.police_north": "The North Side commander (police, blue)",
    "role.police_south": "The Loop and South Side commander (police, blue)",
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
    "side.police": "Policía",
    "side.demonstrators": "Manifestantes",
    "type.police": "Policía de Chicago",
    "type.tac": "Policía Tac",
    "type.guard": "Guardia Nacional",
    "type.demonstrator": "Manifestantes",
    "phase.green-move": "Paso 1: mueven los manifestantes",
    "phase.green-conflict": "Paso 2: conflictos de los manifestantes",
    "phase.blue-move": "Paso 3: mueve la policía",
    "phase.blue-conflict": "Paso 4: conflictos de la policía",
    "status.off-map": "En la caja de fichas, fuera del tablero",
    "status.removed": "Fuera del juego (las fichas, de vuelta en la caja)",
    "place.lincoln-park": "Parque Lincoln",
    "place.grant-park-west": "Parque Grant Oeste",
    "place.grant-park-east": "Parque Grant Este",
    "place.washington-park": "Parque Washington",
    "place.gold-coast": "Costa Dorada",
    "place.north-michigan": "Michigan Norte",
    "place.loop": "El Loop",
    "place.state-street": "Calle State",
    "place.conrad-hilton": "Conrad Hilton",
    "place.near-south": "Cercanías Sur",
    "place.bridgeport": "Bridgeport",
    "place.stockyards": "Corrales",
    "place.amphitheatre": "Anfiteatro",
    "place.old-town": "Ciudad Vieja",
    "place.lincoln-park-west": "Lincoln Park Oeste",
    "place.river-north": "Norte del Río",
    "place.south-loop": "Loop Sur",
    "place.near-west": "Cercanías Oeste",
    "place.west-side": "Lado Oeste",
    "place.bronzeville": "Bronzeville",
    "place.hyde-park": "Hyde Park",
    "feature.cpd-minimum": "MIN",
    "feature.cpd-minimum-conditional": "MIN C",
    **CODES,
    **{f"time.{n}": name for n, name in enumerate(TURNS, 1)},
    "unit.police": "Pelotón de nivel {level} {id}",
    "unit.group": "Grupo de nivel {level} {id}",
    "unit.tac": "Pelotón Tac {id}",
    "unit.guard": "Compañía de la Guardia {id}",
    "note.minimum": "en la casilla CPD MINIMUM",
    "note.infiltrating": "infiltrándose",
    "note.counters": "fichas {counters}",
    "col.intersection": "Casilla",
    "col.strength": "Conflicto",
    "col.movement": "Movimiento",
    "col.value": "Multiplicador",
    "col.links": "Junto a",
    "own.top": "Conoces tus propias unidades por completo, una fila por clase en cada casilla. Conflicto y Movimiento "
               "son los números de un pelotón o grupo; «fichas» da la fila como la muestra el tablero, tres iguales "
               "una compañía (policía), una multitud (manifestantes) o un batallón (Guardia): 12-3 ×2 son dos "
               "compañías de 12-3 (BREAKING DOWN AND BUILDING UP UNITS).",
    "legend.valued": "un parque, con el número por el que se multiplican sus manifestantes en cada turno A",
    "legend.area": "una casilla de la ciudad",
    "legend.line": "casillas contiguas (HOW TO MOVE UNITS 1)",
    "legend.tags": "Sobre cada nombre: el código de la casilla, los puntos que la policía (P) o los manifestantes (D) "
                   "ganan al vencer en un conflicto allí; MIN una casilla CPD MINIMUM en ella, MIN C una casilla CPD "
                   "MINIMUM CONDITIONAL.",
    "legend.grid": "Cada casilla con su código (P y D: los puntos por vencer en un conflicto allí) y su casilla mínima "
                   "(MIN, MIN C condicional), cada parque con su multiplicador, ■ tus unidades, □ el otro bando (con "
                   "el turno si no se ve ahora).",
    "section.arrivals": "Refuerzos",
    "arrivals.none": "No hay ninguno previsto: la Guardia Nacional entra mientras los manifestantes van por delante "
                     "(NATIONAL GUARD), y los parques se multiplican al principio de cada turno A salvo el 25A "
                     "(DEMONSTRATOR ATTRITION AND MULTIPLICATION 2).",
    "role.demonstrators": "Los manifestantes (verde)",
    "role.police": "La Policía de Chicago (azul)",
    "role.yippies": "Los Yippies (manifestantes, verde)",
    "role.mobe": "La Mobe (manifestantes, verde)",
    "role.police_north": "El mando del North Side (policía, azul)",
    "role.police_south": "El mando del Loop y el South Side (policía, azul)",
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
