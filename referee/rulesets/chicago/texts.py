"""The words of a Chicago-Chicago briefing, in English (the 1970 text's) and in Spanish.

Keys as in Battle of Seattle's texts: `side.`, `type.`, `phase.`, `status.`, `place.` (a box's printed name) for the
game's words; `feature.` the tags a box carries on the map (its code P#/D#, its minimum box); `role.`,
`objective.`, `time.` (a turn's name), `unit.` (a counter's name) and `note.` are phrases of the data, translated
where they match; the rest change a shared sentence of `referee/briefing/i18n.py`.
"""

TURNS = ("25A", "25B", "25C", "26A", "26B", "26C", "27A", "27B", "27C", "28A", "28B", "28C")
#: every box code P#/D# (HOW TO RESOLVE CONFLICT 5) as the map prints it, in either language
CODES = {f"feature.P{p}/D{d}": f"P{p}/D{d}" for p in range(10) for d in range(10)}
#: every code a conflict table may print (HOW TO RESOLVE CONFLICT 5-6): winner, side affected, fraction, going up
RESULTS = {f"{w}{a}{f}{'+' * up}": (w, a, f, up) for w in "PD" for a in "PD" for f in (3, 2) for up in (False, True)}


def _en_result(winner: str, affected: str, fraction: int, up: bool) -> str:
    whose = "their" if winner == affected else {"P": "the police", "D": "the demonstrators'"}[affected]
    return (f"{'the police win' if winner == 'P' else 'the demonstrators win'} and score; "
            f"{'a third' if fraction == 3 else 'half'} of {whose} units go {'up' if up else 'down'} one level")


def _es_result(winner: str, affected: str, fraction: int, up: bool) -> str:
    whose = "sus unidades" if winner == affected else {"P": "las unidades de la policía",
                                                        "D": "las unidades de los manifestantes"}[affected]
    return (f"{'la policía gana y puntúa' if winner == 'P' else 'los manifestantes ganan y puntúan'}; "
            f"{'un tercio' if fraction == 3 else 'la mitad'} de {whose} {'sube' if up else 'baja'} un nivel")

EN = {
    # the sheet's own words: who plays, how a citation and a counter read, the glossary
    "sheet.sections": "Capitals in brackets, such as (CPD MINIMUM), name the section of the Chicago-Chicago rules that "
                      "says so.",
    "col.counter": "Counter (Conflict-Movement)",
    **{f"counter.{kind}": "{strength}-{movement}" for kind in ("police", "tac", "guard", "demonstrator")},
    # a conflict's result in a player's feed, its code after it (HOW TO RESOLVE CONFLICT 5-6; RULINGS.md, "The code")
    "result.-": "no effect: nobody scores (-)",
    **{f"result.{code}": f"{_en_result(*parts)} ({code})" for code, parts in RESULTS.items()},
    "player.demonstrators": "Demonstrators",
    "player.police": "Police",
    "player.yippies": "Yippies",
    "player.mobe": "Mobe",
    "player.police-north": "North Side commander",
    "player.police-south": "Loop and South Side commander",
    "term.box": "Box",
    "means.box": "An area of the city on the map; units move from a box to the boxes next to it (HOW TO MOVE UNITS).",
    "term.level": "Level",
    "means.level": "How good a unit is: level 1 police or demonstrators are the strongest, level 3 (police) or 4 "
                   "(demonstrators) the weakest (UNITS).",
    "term.counter": "Conflict-Movement",
    "means.counter": "The two numbers of a unit, such as 4-3: its conflict strength and how many boxes it moves (UNITS).",
    "term.platoon": "Platoon, company",
    "means.platoon": "Police units: three platoons alike make a company (BREAKING DOWN AND BUILDING UP UNITS).",
    "term.group": "Group, crowd",
    "means.group": "Demonstrator units: three groups alike make a crowd (BREAKING DOWN AND BUILDING UP UNITS).",
    "term.tac": "Tac",
    "means.tac": "The police's Tactical force: six picked platoons, 5-3, with no levels (UNITS).",
    "term.guard": "National Guard",
    "means.guard": "Soldiers who come in while the demonstrators lead; companies, 3-2 (NATIONAL GUARD).",
    "term.conflict": "Conflict",
    "means.conflict": "A fight in a box: the attacker's strength against the defender's as odds, then a die on the "
                      "HARASS or ASSAULT table (HOW TO RESOLVE CONFLICT).",
    "term.codes": "P and D numbers",
    "means.codes": "The points the police (P) or the demonstrators (D) score for winning a conflict in a box, where the "
                   "cameras are (HOW TO RESOLVE CONFLICT 5).",
    "term.minimum": "CPD MINIMUM box",
    "means.minimum": "A box where the police must keep three platoons, or lose the game (CPD MINIMUM).",
    "term.parks": "Parks",
    "means.parks": "Demonstrators in a park multiply at the start of each A turn (DEMONSTRATOR ATTRITION AND "
                   "MULTIPLICATION).",
    "term.turns": "A, B, C turns",
    "means.turns": "Each day has three turns: 25A, 25B, 25C is 25 August's morning, afternoon and evening (HOW TO PLAY).",
    "sheet.score": "Exposure Index",
    "told.turn": "turn {turn} begins",
    "told.ended_minimum": "Game over: the police lose, a CPD MINIMUM box is short of three platoons ({boxes})",
    "told.ended_police": "Game over: the police win ({ei})",
    "told.ended_demonstrators": "Game over: the demonstrators win ({ei})",
    "told.ended_draw": "Game over: a draw ({ei})",
    "told.ei_short": "EI police {police}, demonstrators {demonstrators}",
    "told.ei": "Exposure Index police {police}, demonstrators {demonstrators}",
    "told.conflict": "conflict in {place}, the {side} attacking on {table}: {result}; {ei}",
    "told.forced": "forced assault: {result}; {ei}",
    "told.guard_in": "the National Guard comes in: {n} companies; {ei}",
    "told.guard_out": "the National Guard goes out: {n} companies; {ei}",
    "told.guard_in_one": "the National Guard comes in: 1 company; {ei}",
    "told.guard_out_one": "the National Guard goes out: 1 company; {ei}",
    "told.parks": "demonstrators in the parks left alone on a C turn: +{n} demonstrators; {ei}",
    "told.minimum": "game over: the police lose, a CPD MINIMUM box is short of three platoons",
    "told.draw": "game over: nobody wins (a draw); {ei}",
    "told.over": "game over: the {side} win; {ei}",
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
    "objective.green_win_26c": "Have more points than the police at the end of turn 26C (HOW TO \"WIN\").",
    "objective.blue_win_26c": "Have more points than the demonstrators at the end of turn 26C (HOW TO \"WIN\").",
    # the reference card (card.py)
    "card.chicago.sequence": "The turn",
    "card.chicago.step.green-move": "The demonstrators move (at the start of an A turn but 25A, the groups in parks "
                                    "multiply first).",
    "card.chicago.step.green-conflict": "The demonstrators resolve the conflicts they start.",
    "card.chicago.step.blue-move": "The police move.",
    "card.chicago.step.blue-conflict": "The police resolve the conflicts they start (in a C turn they must engage "
                                       "every group in the parks, or the demonstrators score 5).",
    "card.chicago.step.attrition": "A or B turn: the demonstrators lose a third of their groups. C turn: every group "
                                   "outside the parks leaves the game.",
    "card.chicago.step.time": "The time marker moves on one turn. The game ends with turn 28C.",
    "card.chicago.harass": "HARASS table",
    "card.chicago.assault": "ASSAULT table",
    "card.chicago.column_at": "Column {column}: your units' odds where they stand with the other side at a strength "
                              "you know: {places}.",
    "card.chicago.harass_note.police": "Add up the conflict strengths of both sides and round the odds down in the "
                                       "defender's favour (48:15 is 3:1); below 1:1 there is no attack. Police "
                                       "attacks above {cap}:1 are read at {cap}:1.",
    "card.chicago.harass_note.demonstrators": "Add up the conflict strengths of both sides and round the odds down "
                                              "in the defender's favour (48:15 is 3:1); below 1:1 there is no "
                                              "attack. At {forced}:1 or better on police units (none in a minimum "
                                              "box) the police must roll at once at 1:1 on their ASSAULT table.",
    "card.chicago.assault_note.police": "Only the police use this table. When the demonstrators attack at {forced}:1 "
                                        "or better, you roll on its 1:1 column at once (a forced assault).",
    "card.chicago.codes": "What the codes mean",
    "card.chicago.code": "Code",
    "card.chicago.means": "Means",
    "card.chicago.code.box": "Under a box's name: the points the police (P) or the demonstrators (D) score on the "
                             "Exposure Index when they win a conflict there.",
    "card.chicago.code.winner": "first letter: the winner ({side}), who scores the box's points",
    "card.chicago.code.affected": "second letter: the side whose units change level ({side})",
    "card.chicago.code.fraction3": "a third of them (fractions ignored, at least one unit)",
    "card.chicago.code.fraction2": "half of them (fractions ignored, at least one unit)",
    "card.chicago.code.up": "at the end: they go up one level instead of down",
    "card.chicago.code.none": "no effect",
    "card.chicago.code.example": "DD3: the demonstrators score, but a third of their units go down one level "
                                 "(demoralized). Lowest units change first; one that can go no lower leaves the game.",
    "card.chicago.reconstructed": "The HARASS and ASSAULT tables are a reconstruction: the board that printed them "
                                  "is lost. Only HARASS 3:1, die 2 = DD3 comes from the rule text (HOW TO RESOLVE "
                                  "CONFLICT 6); the rest is built to the text's limits and tuned by simulation "
                                  "(scenarios/chicago/board/tables.toml; RULINGS.md, \"Chicago-Chicago: the tables, "
                                  "reconstructed\").",
    # the order forms of a player's live page (orders.py)
    "order.chicago.unit_at": "{unit}, {place}",
    "order.chicago.in_minimum": "{place} (minimum box)",
    "order.chicago.move": "Move",
    "order.chicago.units": "Units (all from one box)",
    "order.chicago.to": "To the box",
    "order.chicago.infiltrate": "Infiltrate",
    "order.chicago.minimum": "Into its minimum box",
    "order.chicago.move_note.demonstrators": "A box costs one movement factor, two where police stand outside its "
                                             "minimum box. Infiltrating doubles the movement: those groups attack "
                                             "no one this turn and half of them leave the game at its end.",
    "order.chicago.move_note.police": "A box costs one movement factor, two where demonstrators stand; stepping "
                                      "into or out of its minimum box costs nothing. Each minimum box must hold "
                                      "three platoons (no Guard) at the end of this step.",
    "order.chicago.conflict": "Conflict",
    "order.chicago.box": "In the box",
    "order.chicago.table": "Table",
    "order.chicago.attack": "Attacking (left out: all that may)",
    "order.chicago.defend": "Attacked (left out: every group not attacked this turn)",
    "order.chicago.conflict_note.demonstrators": "All your groups there that are not infiltrating attack every police "
                                                 "unit outside the minimum box (its platoons only when alone), at "
                                                 "1:1 or better; at {forced}:1 or better the police roll at once on "
                                                 "ASSAULT at 1:1.",
    "order.chicago.conflict_note.police": "At 1:1 or better, read at {cap}:1 above it; no group is attacked twice a "
                                          "turn, and in a park you attack every group there. Minimum platoons and "
                                          "the Guard never attack.",
    "order.chicago.guard": "Bring in the National Guard",
    "order.chicago.companies": "Guard companies",
    "order.chicago.guard_note": "While the demonstrators lead: they get {points} points a company. Never into a "
                                "minimum box.",
    "order.chicago.guard_out": "Take the National Guard out",
    "order.chicago.guard_out_note": "The demonstrators get {points} point a company.",
    "option.fog": "Fog of war",
    "option.fog.off": "off: the whole board seen",
    "option.fog.on": "on: each side sees near its units",
    "option.park_penalty": "Park penalty",
    "option.park_penalty.once": "5 points once a turn",
    "option.park_penalty.each": "5 points a park box left alone",
    "option.counter_limit": "Counter mix limits each level",
    "option.counter_limit.off": "off",
    "option.counter_limit.on": "on",
    "option.seats": "Players",
}

ES = {
    # the sheet's own words: who plays, how a citation and a counter read, the glossary
    "sheet.sections": "Las mayúsculas entre paréntesis, como (CPD MINIMUM), son el título en inglés de la sección de "
                      "las reglas de Chicago-Chicago que lo dice.",
    "col.counter": "Ficha (Conflicto-Movimiento)",
    **{f"counter.{kind}": "{strength}-{movement}" for kind in ("police", "tac", "guard", "demonstrator")},
    "result.-": "sin efecto: nadie puntúa (-)",
    **{f"result.{code}": f"{_es_result(*parts)} ({code})" for code, parts in RESULTS.items()},
    "player.demonstrators": "Manifestantes",
    "player.police": "Policía",
    "player.yippies": "Yippies",
    "player.mobe": "Mobe",
    "player.police-north": "mando del North Side",
    "player.police-south": "mando del Loop y el South Side",
    "term.box": "Casilla",
    "means.box": "Una zona de la ciudad en el mapa; las unidades pasan de una casilla a las contiguas (HOW TO MOVE UNITS).",
    "term.level": "Nivel",
    "means.level": "Lo buena que es una unidad: el nivel 1 es el más fuerte, el 3 (policía) o el 4 (manifestantes) el "
                   "más débil (UNITS).",
    "term.counter": "Conflicto-Movimiento",
    "means.counter": "Los dos números de una unidad, como 4-3: su fuerza en un conflicto y cuántas casillas mueve (UNITS).",
    "term.platoon": "Pelotón, compañía",
    "means.platoon": "Unidades de policía: tres pelotones iguales forman una compañía (BREAKING DOWN AND BUILDING UP "
                     "UNITS).",
    "term.group": "Grupo, multitud",
    "means.group": "Unidades de manifestantes: tres grupos iguales forman una multitud (BREAKING DOWN AND BUILDING UP "
                   "UNITS).",
    "term.tac": "Tac",
    "means.tac": "La fuerza táctica de la policía: seis pelotones escogidos, 5-3, sin niveles (UNITS).",
    "term.guard": "Guardia Nacional",
    "means.guard": "Soldados que entran mientras los manifestantes van por delante; compañías de 3-2 (NATIONAL GUARD).",
    "term.conflict": "Conflicto",
    "means.conflict": "Una lucha en una casilla: la fuerza del atacante contra la del defensor como proporción, y un "
                      "dado en la tabla HARASS o ASSAULT (HOW TO RESOLVE CONFLICT).",
    "term.codes": "Números P y D",
    "means.codes": "Los puntos que la policía (P) o los manifestantes (D) ganan al vencer en un conflicto en una "
                   "casilla, donde están las cámaras (HOW TO RESOLVE CONFLICT 5).",
    "term.minimum": "Casilla CPD MINIMUM",
    "means.minimum": "Una casilla donde la policía debe tener tres pelotones, o pierde la partida (CPD MINIMUM).",
    "term.parks": "Parques",
    "means.parks": "Los manifestantes de un parque se multiplican al principio de cada turno A (DEMONSTRATOR "
                   "ATTRITION AND MULTIPLICATION).",
    "term.turns": "Turnos A, B, C",
    "means.turns": "Cada día tiene tres turnos: 25A, 25B, 25C son la mañana, la tarde y la noche del 25 de agosto "
                   "(HOW TO PLAY).",
    "sheet.score": "Índice de Exposición",
    "told.turn": "empieza el turno {turn}",
    "told.ended_minimum": "Fin de la partida: pierde la policía, una casilla CPD MINIMUM tiene menos de tres pelotones ({boxes})",
    "told.ended_police": "Fin de la partida: gana la policía ({ei})",
    "told.ended_demonstrators": "Fin de la partida: ganan los manifestantes ({ei})",
    "told.ended_draw": "Fin de la partida: empate ({ei})",
    "told.ei_short": "IE: policía {police}, manifestantes {demonstrators}",
    "told.ei": "Índice de Exposición: policía {police}, manifestantes {demonstrators}",
    "told.conflict": "conflicto en {place}, ataque de {side} en la tabla {table}: {result}; {ei}",
    "told.forced": "asalto forzado: {result}; {ei}",
    "told.guard_in": "entra la Guardia Nacional: {n} compañías; {ei}",
    "told.guard_out": "se retira la Guardia Nacional: {n} compañías; {ei}",
    "told.guard_in_one": "entra la Guardia Nacional: 1 compañía; {ei}",
    "told.guard_out_one": "se retira la Guardia Nacional: 1 compañía; {ei}",
    "told.parks": "manifestantes en los parques sin atacar en un turno C: +{n} para los manifestantes; {ei}",
    "told.minimum": "fin de la partida: pierde la policía, una casilla CPD MINIMUM tiene menos de tres pelotones",
    "told.draw": "fin de la partida: nadie gana (empate); {ei}",
    "told.over": "fin de la partida: gana {side}; {ei}",
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
    "objective.green_win_26c": "Ten más puntos que la policía al final del turno 26C (HOW TO \"WIN\").",
    "objective.blue_win_26c": "Ten más puntos que los manifestantes al final del turno 26C (HOW TO \"WIN\").",
    # la tarjeta de referencia (card.py)
    "card.chicago.sequence": "El turno",
    "card.chicago.step.green-move": "Mueven los manifestantes (al empezar un turno A, salvo el 25A, los grupos en "
                                    "los parques se multiplican antes).",
    "card.chicago.step.green-conflict": "Los manifestantes resuelven los conflictos que inician.",
    "card.chicago.step.blue-move": "Mueve la policía.",
    "card.chicago.step.blue-conflict": "La policía resuelve los conflictos que inicia (en un turno C debe atacar a "
                                       "todos los grupos de los parques, o los manifestantes ganan 5 puntos).",
    "card.chicago.step.attrition": "Turno A o B: los manifestantes pierden un tercio de sus grupos. Turno C: todo "
                                   "grupo fuera de los parques sale del juego.",
    "card.chicago.step.time": "El marcador de tiempo avanza un turno. La partida acaba con el turno 28C.",
    "card.chicago.harass": "Tabla HARASS (hostigar)",
    "card.chicago.assault": "Tabla ASSAULT (asalto)",
    "card.chicago.column_at": "Columna {column}: la proporción de tus unidades donde están con el otro bando con una "
                              "fuerza que conoces: {places}.",
    "card.chicago.harass_note.police": "Suma las fuerzas de conflicto de ambos bandos y redondea la proporción hacia "
                                       "abajo a favor del defensor (48:15 es 3:1); por debajo de 1:1 no hay ataque. "
                                       "Los ataques policiales de más de {cap}:1 se leen a {cap}:1.",
    "card.chicago.harass_note.demonstrators": "Suma las fuerzas de conflicto de ambos bandos y redondea la "
                                              "proporción hacia abajo a favor del defensor (48:15 es 3:1); por "
                                              "debajo de 1:1 no hay ataque. A {forced}:1 o más contra unidades de "
                                              "policía (ninguna en una casilla de mínimo) la policía debe tirar en el "
                                              "acto a 1:1 en su tabla ASSAULT.",
    "card.chicago.assault_note.police": "Sólo la policía usa esta tabla. Cuando los manifestantes atacan a {forced}:1 "
                                        "o más, tiras en el acto en su columna 1:1 (un asalto forzado).",
    "card.chicago.codes": "Qué significan los códigos",
    "card.chicago.code": "Código",
    "card.chicago.means": "Significa",
    "card.chicago.code.box": "Bajo el nombre de una casilla: los puntos que la policía (P) o los manifestantes (D) "
                             "ganan en el Índice de Exposición al ganar allí un conflicto.",
    "card.chicago.code.winner": "primera letra: el ganador ({side}), que suma los puntos de la casilla",
    "card.chicago.code.affected": "segunda letra: el bando cuyas unidades cambian de nivel ({side})",
    "card.chicago.code.fraction3": "un tercio de ellas (sin fracciones, al menos una unidad)",
    "card.chicago.code.fraction2": "la mitad de ellas (sin fracciones, al menos una unidad)",
    "card.chicago.code.up": "al final: suben un nivel en vez de bajar",
    "card.chicago.code.none": "sin efecto",
    "card.chicago.code.example": "DD3: los manifestantes puntúan, pero un tercio de sus unidades baja un nivel "
                                 "(desmoralizadas). Cambian antes las unidades más bajas; la que no puede bajar más "
                                 "sale del juego.",
    "card.chicago.reconstructed": "Las tablas HARASS y ASSAULT son una reconstrucción: el tablero que las imprimía "
                                  "se ha perdido. Sólo HARASS 3:1, dado 2 = DD3 viene del texto (HOW TO RESOLVE "
                                  "CONFLICT 6); el resto se construye dentro de los límites del texto y se ajusta por "
                                  "simulación (scenarios/chicago/board/tables.toml; RULINGS.md, \"Chicago-Chicago: "
                                  "the tables, reconstructed\").",
    # los formularios de órdenes de la página en vivo del jugador (orders.py)
    "order.chicago.unit_at": "{unit}, {place}",
    "order.chicago.in_minimum": "{place} (casilla de mínimo)",
    "order.chicago.move": "Mover",
    "order.chicago.units": "Unidades (todas de una casilla)",
    "order.chicago.to": "A la casilla",
    "order.chicago.infiltrate": "Infiltrarse",
    "order.chicago.minimum": "A su casilla de mínimo",
    "order.chicago.move_note.demonstrators": "Una casilla cuesta un punto de movimiento, dos donde hay policía fuera "
                                             "de su casilla de mínimo. Infiltrarse dobla el movimiento: esos grupos "
                                             "no atacan en este turno y la mitad sale del juego al final.",
    "order.chicago.move_note.police": "Una casilla cuesta un punto de movimiento, dos donde hay manifestantes; "
                                      "entrar en su casilla de mínimo o salir de ella no cuesta nada. Cada casilla "
                                      "de mínimo debe tener tres pelotones (no la Guardia) al final de este paso.",
    "order.chicago.conflict": "Conflicto",
    "order.chicago.box": "En la casilla",
    "order.chicago.table": "Tabla",
    "order.chicago.attack": "Atacan (si se omite: todas las que pueden)",
    "order.chicago.defend": "Atacados (si se omite: todo grupo no atacado en este turno)",
    "order.chicago.conflict_note.demonstrators": "Todos tus grupos de allí que no se infiltran atacan a toda unidad "
                                                 "de policía fuera de la casilla de mínimo (a sus pelotones sólo si "
                                                 "están solos), a 1:1 o más; a {forced}:1 o más la policía tira en "
                                                 "el acto en ASSAULT a 1:1.",
    "order.chicago.conflict_note.police": "A 1:1 o más, y por encima de {cap}:1 se lee {cap}:1; ningún grupo es "
                                          "atacado dos veces en un turno, y en un parque atacas a todos los grupos. "
                                          "Los pelotones de mínimo y la Guardia nunca atacan.",
    "order.chicago.guard": "Traer a la Guardia Nacional",
    "order.chicago.companies": "Compañías de la Guardia",
    "order.chicago.guard_note": "Mientras los manifestantes van por delante: ganan {points} puntos por compañía. "
                                "Nunca en una casilla de mínimo.",
    "order.chicago.guard_out": "Retirar a la Guardia Nacional",
    "order.chicago.guard_out_note": "Los manifestantes ganan {points} punto por compañía.",
    "option.fog": "Niebla de guerra",
    "option.fog.off": "no: se ve todo el tablero",
    "option.fog.on": "sí: cada bando ve junto a sus unidades",
    "option.park_penalty": "Penalización de los parques",
    "option.park_penalty.once": "5 puntos una vez por turno",
    "option.park_penalty.each": "5 puntos por casilla de parque sin atacar",
    "option.counter_limit": "Las fichas limitan cada nivel",
    "option.counter_limit.off": "no",
    "option.counter_limit.on": "sí",
    "option.seats": "Jugadores",
}

TEXTS = {"en": EN, "es": ES}
