"""The words of an N30 sheet beyond, or instead of, the shared ones: its map's and stacks' words, its sides,
phases, unit types, markers, targets, roles, objectives, units' notes and order forms. Targets, roles, objectives and
notes are phrases its scenario data must match for the Spanish sheet to translate them
(`referee.briefing.i18n`, PHRASES)."""

COUNTER_LETTERS = {"lockdown": "L", "flying": "F", "theater": "T", "demonstration": "D", "unorganized": "U",
                   "radicalized": "R", "chemical": "G"}
"""The letter a counter prints for its type, before its move dice (1.6, 1.7: "These rate L-1", "G-3")."""

EN = {
    # the sheet's own words: who plays, how a citation and a counter read, the glossary
    "sheet.sections": "A number in brackets, such as (5.2), is a section of the N30 rules: the rule that says so.",
    "col.counter": "Counter",
    **{f"counter.{kind}": f"{letter}-{{movement}}" for kind, letter in COUNTER_LETTERS.items()},
    **{f"counter.{kind}": "{strength}-{movement}" for kind in ("soft", "hard", "mounted")},
    "player.protesters": "Protesters",
    "player.police": "Police",
    "player.police-planning": "Asst. Chief Joiner (planning)",
    "player.police-tactical": "Capt. Pugel (tactical)",
    "title.two-commanders": "Lock Down, Hold Fast (two police commanders)",
    "term.cluster": "Cluster",
    "means.cluster": "A protester unit: an affinity group of 10 to 15 people, or more in a march (1.6).",
    "term.squad": "Squad",
    "means.squad": "A police unit of 10 to 15 officers; soft squads have no armour, hard squads do (1.7).",
    "term.counter": "Counter",
    "means.counter": "What a counter prints: a cluster its type letter and its move dice (L-1 a lockdown cluster); a "
                     "squad its confrontation strength and move dice (2-1); a chemical unit G (1.4, 1.6, 1.7).",
    "term.stack": "Stack",
    "means.stack": "The units at one intersection, one on top of another; the other side sees the top one first (6.2).",
    "term.dice": "Move dice",
    "means.dice": "How many dice a unit rolls to find how many blocks it may move this turn (3.1).",
    "term.contact": "Contact",
    "means.contact": "Units of both sides at one intersection: each then sees all the other's units there (3.2, 6.2).",
    "term.confrontation": "Confrontation",
    "means.confrontation": "The police attack a protester unit in contact: a die against the squads' strength, and the "
                           "cluster retreats or is removed (4).",
    "term.lockdown": "Lockdown",
    "means.lockdown": "Protesters locked to each other in the street; a locked cluster is hard to move (4.4).",
    "term.radicalized": "Radicalized",
    "means.radicalized": "Unorganized protesters angered by police attacks (4.3).",
    "term.success": "Success level",
    "means.success": "The protesters' score, from 0 to 200: it rises while the blockades hold or the police attack; at "
                     "the target by the end, the protesters win (1.1, 5).",
    "term.blockade": "Blockade",
    "means.blockade": "Protesters cutting every way from a hotel to the Convention Center (5.2), or at the Secret "
                      "Service entrance (5.3).",
    "term.perimeter": "Perimeter",
    "means.perimeter": "The police line around the Convention Center; protesters holding an intersection with access "
                       "to it breach it (5.1).",
    "term.gas": "Gas",
    "means.gas": "Chemical units fire gas at a stack; it costs the police success (4.5, 5.4).",
    "term.hidden": "Hidden movement",
    "means.hidden": "An optional rule: you see only the top unit of each stack, or none (6.2).",
    "sheet.score": "Protester success",
    "told.turn": "turn {turn} begins",
    "told.ended_police": "Game over: {score} of {target}, the police win",
    "told.ended_protesters": "Game over: {score} of {target}, the protesters win",
    "told.success": "{points} success ({source}), now {score}",
    "told.over_police": "game over, success {score} of {target}: the police win",
    "told.over_protesters": "game over, success {score} of {target}: the protesters win",
    "section.map": "Downtown as you know it",
    "col.movement": "Move dice",
    "col.intersection": "Intersection",
    "own.top": "Stack: 1 is the top of the stack, the unit the other side sees first.",
    "legend.now": "the other side, seen now (how many; top unit)",
    "legend.target": "target reached from this intersection (see the list)",
    "side.protesters": "Protesters",
    "side.police": "Police",
    "phase.protester-movement": "Protester movement",
    "phase.police-movement": "Police movement",
    "phase.confrontation": "Confrontation",
    "phase.success": "Success",
    "type.soft": "Soft squad",
    "type.hard": "Hard squad",
    "type.mounted": "Mounted squad",
    "type.chemical": "Chemical unit",
    "type.lockdown": "Lockdown cluster",
    "type.flying": "Flying cluster",
    "type.theater": "Theater cluster",
    "type.demonstration": "Demonstration cluster",
    "type.unorganized": "Unorganized cluster",
    "type.radicalized": "Radicalized cluster",
    "marker.barricade": "barricade",
    "marker.flo": "Flo (the whale)",
    "target.convention-center": "Convention Center",
    "target.paramount": "Paramount Theater",
    "target.roosevelt": "Roosevelt Hotel",
    "target.sheraton": "Sheraton Hotel",
    "target.cavanaugh": "Cavanaugh's Hotel",
    "target.olympic": "Olympic Four Seasons Hotel",
    "target.westin": "Westin Hotel",
    "target.madison": "Madison Hotel",
    "target.secret-service": "Secret Service entrance",
    "role.dan": "Direct Action Network",
    "role.incident": "Incident command: Asst. Chief Ed Joiner and Capt. Jim Pugel",
    "role.planning": "Asst. Chief Ed Joiner, planning",
    "role.tactical": "Capt. Jim Pugel, tactical",
    "objective.hotels": "Blockade the delegate hotels: cut every path from each hotel to the Convention Center (5.2).",
    "objective.perimeter": "Breach the police perimeter: hold an intersection that gives access to the "
                           "Convention Center (5.1).",
    "objective.entrance": "Blockade the Secret Service entrance (5.3).",
    "objective.reach": "Reach a success level of {target} by the end of the game at {time} (1.1).",
    "objective.break": "Break the protesters' blockades of the delegate hotels, the Convention Center and the "
                       "Secret Service entrance (5.1-5.3).",
    "objective.keep": "Keep the protesters' success level below {target} to the end of the game at {time} (1.1).",
    "note.unlocked": "unlocked",
    "note.black-bloc": "black bloc",
    "note.peace-police": "peace police",
    "note.face-down": "face down",
    "note.armored": "armored car",
    # the reference card (card.py)
    "card.n30.sequence": "Turn order",
    "card.n30.step.protester-movement": "The protesters move units in the intersections they choose, and their "
                                        "reinforcements; or build barricades and drop Flo.",
    "card.n30.step.police-movement": "The police move units in the intersections they choose, and their "
                                     "reinforcements.",
    "card.n30.step.confrontation": "The police may attack, with or without gas, wherever squads and protesters share "
                                   "an intersection.",
    "card.n30.step.success": "Breaches of the perimeter, blockaded hotels and the Secret Service entrance score "
                             "successes.",
    "card.n30.movement": "Movement",
    "card.n30.limit": "What",
    "card.n30.value": "How much",
    "card.n30.chosen": "Intersections you may choose this turn",
    "card.n30.stacking": "Most of your units moving or retreating into one intersection",
    "card.n30.entry.protesters": "Your units entering a police intersection from one direction in a turn",
    "card.n30.entry.police": "Your units entering a protester intersection from one direction in a turn (1 where "
                             "there is a barricade or Flo)",
    "card.n30.dice": "{dice}d6: the total is its move in blocks",
    "card.n30.rate_note": "Roll for each unit as it moves; it stops when the move is used up or as it enters an "
                          "intersection with the other side. Each unit moves once a turn.",
    "card.n30.flying": "A unit that does not start its move with a flying cluster halves its move (round up).",
    "card.n30.pushed": "Confrontation without gas",
    "card.n30.gassed": "Confrontation with gas",
    "card.n30.facing": "Strength facing the unit",
    "card.n30.die": "Die {n}",
    "card.n30.share_at": "Your squads' least share for each protester unit seen with them now: {places}.",
    "card.n30.codes": "R: the unit retreats (the police choose where). –: unaffected. X: excessive casualties, "
                      "removed from play.",
    "card.n30.plain_note": "The police total their squads' confrontation factors and divide them as evenly as "
                           "possible among the protester units; one die for each. Unorganized clusters face double.",
    "card.n30.gas_note": "Gas: the police total is doubled before it is divided; unorganized clusters face double "
                         "again, and a 6 radicalizes them.",
    "card.n30.cost": "Each gassing gives the protesters successes: 1, plus 1 for each theater or demonstration unit "
                     "there, {most} at most.",
    "card.n30.lockdown": "A locked lockdown may refuse to retreat: one die, 1-{stays} it stays, else it is destroyed.",
    # the order forms of a player's live page
    "order.n30.unit": "Unit",
    "order.n30.unit_at": "{unit}, {place}",
    "order.n30.to": "To",
    "order.n30.node": "Intersection",
    "order.n30.gas": "With gas",
    "order.n30.move": "Move a unit",
    "order.n30.move_note": "Intersections you may move units from this turn: {allowed}, and your reinforcements "
                           "too. Each unit rolls its move, and stops as it enters the other side's intersection.",
    "order.n30.barricade": "Build a barricade",
    "order.n30.barricade_note": "Instead of moving; it stands while a protester unit holds the intersection.",
    "order.n30.flo": "Drop Flo",
    "order.n30.flo_note": "Instead of moving; there is one Flo.",
    "order.n30.top": "Put a unit on top of its stack",
    "order.n30.top_note": "The top unit is the one the other side sees first.",
    "order.n30.confront": "Attack protesters",
    "order.n30.confront_note": "Your squads there share their strength among the protester units, each unit "
                               "attacked once a phase.",
    "order.n30.gas_note": "Gas, where a chemical unit is with them ({places}), doubles it and gives the protesters "
                          "1 success, plus 1 for each theater or demonstration unit there, {most} at most.",
}

ES = {
    # the sheet's own words: who plays, how a citation and a counter read, the glossary
    "sheet.sections": "Un número entre paréntesis, como (5.2), es una sección de las reglas de N30: la regla que lo dice.",
    "col.counter": "Ficha",
    **{f"counter.{kind}": f"{letter}-{{movement}}" for kind, letter in COUNTER_LETTERS.items()},
    **{f"counter.{kind}": "{strength}-{movement}" for kind in ("soft", "hard", "mounted")},
    "player.protesters": "Manifestantes",
    "player.police": "Policía",
    "player.police-planning": "Subjefe Joiner (planificación)",
    "player.police-tactical": "Capitán Pugel (mando táctico)",
    "title.two-commanders": "Lock Down, Hold Fast (dos mandos de policía)",
    "term.cluster": "Grupo",
    "means.cluster": "Una unidad de manifestantes: un grupo de afinidad de 10 a 15 personas, o más en una marcha (1.6).",
    "term.squad": "Escuadra",
    "means.squad": "Una unidad de policía de 10 a 15 agentes; las ligeras no llevan armadura, las pesadas sí (1.7).",
    "term.counter": "Ficha",
    "means.counter": "Lo que imprime una ficha: un grupo, la letra de su tipo y sus dados de movimiento (L-1 un grupo de "
                     "encadenados); una escuadra, su fuerza de enfrentamiento y sus dados (2-1); una unidad química, "
                     "G (1.4, 1.6, 1.7).",
    "term.stack": "Pila",
    "means.stack": "Las unidades de una intersección, una encima de otra; el otro bando ve primero la de arriba (6.2).",
    "term.dice": "Dados de movimiento",
    "means.dice": "Cuántos dados tira una unidad para saber cuántas manzanas puede mover este turno (3.1).",
    "term.contact": "Contacto",
    "means.contact": "Unidades de los dos bandos en una intersección: cada uno ve entonces todas las del otro allí "
                     "(3.2, 6.2).",
    "term.confrontation": "Enfrentamiento",
    "means.confrontation": "La policía ataca a un grupo en contacto: un dado contra la fuerza de las escuadras, y el "
                           "grupo se retira o sale del juego (4).",
    "term.lockdown": "Encadenados",
    "means.lockdown": "Manifestantes encadenados entre sí en la calle; un grupo encadenado es difícil de mover (4.4).",
    "term.radicalized": "Radicalizado",
    "means.radicalized": "Manifestantes no organizados enfurecidos por los ataques de la policía (4.3).",
    "term.success": "Nivel de éxito",
    "means.success": "La puntuación de los manifestantes, de 0 a 200: sube mientras duran los bloqueos o la policía "
                     "ataca; si llega al objetivo al final, ganan los manifestantes (1.1, 5).",
    "term.blockade": "Bloqueo",
    "means.blockade": "Manifestantes que cortan todos los caminos de un hotel al Centro de Convenciones (5.2), o en la "
                      "entrada del Servicio Secreto (5.3).",
    "term.perimeter": "Perímetro",
    "means.perimeter": "La línea policial alrededor del Centro de Convenciones; los manifestantes la rompen ocupando "
                       "una intersección con acceso a él (5.1).",
    "term.gas": "Gas",
    "means.gas": "Las unidades químicas lanzan gas sobre una pila; le cuesta éxito a la policía (4.5, 5.4).",
    "term.hidden": "Movimiento oculto",
    "means.hidden": "Una regla opcional: solo ves la unidad de arriba de cada pila, o ninguna (6.2).",
    "sheet.score": "Éxito de los manifestantes",
    "told.turn": "empieza el turno {turn}",
    "told.ended_police": "Fin de la partida: {score} de {target}, gana la policía",
    "told.ended_protesters": "Fin de la partida: {score} de {target}, ganan los manifestantes",
    "told.success": "{points} de éxito ({source}), ahora {score}",
    "told.over_police": "fin de la partida, éxito {score} de {target}: gana la policía",
    "told.over_protesters": "fin de la partida, éxito {score} de {target}: ganan los manifestantes",
    "section.map": "El centro según lo que sabes",
    "col.movement": "Dados mov.",
    "col.intersection": "Intersección",
    "own.top": "Pila: 1 es la unidad de arriba, la que el otro bando ve primero.",
    "legend.now": "el otro bando, visto ahora (cuántas; unidad de arriba)",
    "legend.target": "objetivo al que se accede desde esta intersección (ver la lista)",
    "side.protesters": "Manifestantes",
    "side.police": "Policía",
    "phase.protester-movement": "Movimiento de los manifestantes",
    "phase.police-movement": "Movimiento de la policía",
    "phase.confrontation": "Enfrentamiento",
    "phase.success": "Éxito",
    "type.soft": "Escuadra ligera",
    "type.hard": "Escuadra pesada",
    "type.mounted": "Escuadra montada",
    "type.chemical": "Unidad química",
    "type.lockdown": "Grupo de encadenados",
    "type.flying": "Grupo volante",
    "type.theater": "Grupo de teatro",
    "type.demonstration": "Grupo de manifestación",
    "type.unorganized": "Grupo no organizado",
    "type.radicalized": "Grupo radicalizado",
    "marker.barricade": "barricada",
    "marker.flo": "Flo (la ballena)",
    "target.convention-center": "Centro de Convenciones",
    "target.paramount": "Teatro Paramount",
    "target.roosevelt": "Hotel Roosevelt",
    "target.sheraton": "Hotel Sheraton",
    "target.cavanaugh": "Hotel Cavanaugh's",
    "target.olympic": "Hotel Olympic Four Seasons",
    "target.westin": "Hotel Westin",
    "target.madison": "Hotel Madison",
    "target.secret-service": "Entrada del Servicio Secreto",
    "role.dan": "Red de Acción Directa",
    "role.incident": "Mando del dispositivo: subjefe Ed Joiner y capitán Jim Pugel",
    "role.planning": "Subjefe Ed Joiner, planificación",
    "role.tactical": "Capitán Jim Pugel, mando táctico",
    "objective.hotels": "Bloquear los hoteles de los delegados: cortar todos los caminos de cada hotel al Centro "
                        "de Convenciones (5.2).",
    "objective.perimeter": "Romper el perímetro policial: ocupar una intersección que dé acceso al Centro de "
                           "Convenciones (5.1).",
    "objective.entrance": "Bloquear la entrada del Servicio Secreto (5.3).",
    "objective.reach": "Alcanzar un nivel de éxito de {target} antes del final de la partida ({time}) (1.1).",
    "objective.break": "Romper los bloqueos de los manifestantes en los hoteles de los delegados, el Centro de "
                       "Convenciones y la entrada del Servicio Secreto (5.1-5.3).",
    "objective.keep": "Mantener el nivel de éxito de los manifestantes por debajo de {target} hasta el final de la "
                      "partida ({time}) (1.1).",
    "note.unlocked": "sin encadenar",
    "note.black-bloc": "bloque negro",
    "note.peace-police": "servicio de orden pacifista",
    "note.face-down": "boca abajo",
    "note.armored": "vehículo blindado",
    # la tarjeta de referencia (card.py)
    "card.n30.sequence": "Orden del turno",
    "card.n30.step.protester-movement": "Los manifestantes mueven unidades en las intersecciones que eligen, y sus "
                                        "refuerzos; o levantan barricadas y sueltan a Flo.",
    "card.n30.step.police-movement": "La policía mueve unidades en las intersecciones que elige, y sus refuerzos.",
    "card.n30.step.confrontation": "La policía puede atacar, con o sin gas, donde escuadras y manifestantes comparten "
                                   "intersección.",
    "card.n30.step.success": "Las brechas en el perímetro, los hoteles bloqueados y la entrada del Servicio Secreto "
                             "dan éxitos.",
    "card.n30.movement": "Movimiento",
    "card.n30.limit": "Qué",
    "card.n30.value": "Cuánto",
    "card.n30.chosen": "Intersecciones que puedes elegir este turno",
    "card.n30.stacking": "Máximo de tus unidades que mueven o se retiran a una intersección",
    "card.n30.entry.protesters": "Tus unidades que entran en una intersección con policía desde una dirección en un "
                                 "turno",
    "card.n30.entry.police": "Tus unidades que entran en una intersección con manifestantes desde una dirección en "
                             "un turno (1 si hay barricada o Flo)",
    "card.n30.dice": "{dice}d6: la suma es su movimiento en manzanas",
    "card.n30.rate_note": "Tira por cada unidad al moverla; se detiene al agotar su movimiento o al entrar en una "
                          "intersección con el otro bando. Cada unidad mueve una vez por turno.",
    "card.n30.flying": "Una unidad que no empieza su movimiento con un grupo volante lo reduce a la mitad "
                       "(redondeando hacia arriba).",
    "card.n30.pushed": "Enfrentamiento sin gas",
    "card.n30.gassed": "Enfrentamiento con gas",
    "card.n30.facing": "Fuerza contra la unidad",
    "card.n30.die": "Dado {n}",
    "card.n30.share_at": "La parte menor de tus escuadras para cada unidad manifestante vista con ellas ahora: "
                         "{places}.",
    "card.n30.codes": "R: la unidad se retira (la policía elige adónde). –: sin efecto. X: bajas excesivas, fuera del "
                      "juego.",
    "card.n30.plain_note": "La policía suma los factores de enfrentamiento de sus escuadras y los reparte lo más "
                           "igual posible entre las unidades manifestantes; un dado por cada una. Los grupos no "
                           "organizados se enfrentan al doble.",
    "card.n30.gas_note": "Gas: el total de la policía se dobla antes de repartirlo; los grupos no organizados se "
                         "enfrentan otra vez al doble, y un 6 los radicaliza.",
    "card.n30.cost": "Cada gaseo da éxitos a los manifestantes: 1, más 1 por cada unidad de teatro o manifestación "
                     "allí, {most} como máximo.",
    "card.n30.lockdown": "Un bloqueo encadenado puede negarse a retirarse: un dado, con 1-{stays} se queda, si no "
                         "queda destruido.",
    # the order forms of a player's live page
    "order.n30.unit": "Unidad",
    "order.n30.unit_at": "{unit}, {place}",
    "order.n30.to": "Hacia",
    "order.n30.node": "Intersección",
    "order.n30.gas": "Con gas",
    "order.n30.move": "Mover una unidad",
    "order.n30.move_note": "Intersecciones desde las que puedes mover unidades este turno: {allowed}, y también "
                           "tus refuerzos. Cada unidad tira su movimiento y se detiene al entrar en una intersección "
                           "del otro bando.",
    "order.n30.barricade": "Levantar una barricada",
    "order.n30.barricade_note": "En lugar de mover; sigue en pie mientras una unidad manifestante ocupe la "
                                "intersección.",
    "order.n30.flo": "Soltar a Flo",
    "order.n30.flo_note": "En lugar de mover; hay una sola Flo.",
    "order.n30.top": "Poner una unidad encima de su pila",
    "order.n30.top_note": "La unidad de arriba es la que el otro bando ve primero.",
    "order.n30.confront": "Atacar a los manifestantes",
    "order.n30.confront_note": "Tus escuadras de allí reparten su fuerza entre las unidades manifestantes, cada "
                               "unidad atacada una vez por fase.",
    "order.n30.gas_note": "El gas, donde una unidad química las acompaña ({places}), la dobla y da a los "
                          "manifestantes 1 éxito, más 1 por cada unidad de teatro o manifestación allí, {most} como "
                          "máximo.",
}

TEXTS = {"en": EN, "es": ES}
