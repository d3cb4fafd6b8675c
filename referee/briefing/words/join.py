"""Words of the join page (templates/join.html.j2) and of the room's page and the sheets where they point to it: a
player types the code printed on his sheet and his own page opens."""

EN: dict[str, str] = {
    "join.title": "Join the game",
    "join.intro": "Type the code printed on your sheet, or the one the umpire gave you: your own page opens.",
    "join.label": "Your code",
    "join.open": "Open my page",
    "join.opening": "Opening your page…",
    "join.refused": "Not opened: {line}",
    "join.unreachable": "The umpire's machine cannot be reached just now. Try again.",
    "join.room": "Players: open {address} and type the code on your sheet.",
    "join.sheet": "Or open {address} and type the code {code}.",
}
ES: dict[str, str] = {
    "join.title": "Entrar en la partida",
    "join.intro": "Escribe el código impreso en tu hoja, o el que te dio el árbitro: se abre tu propia página.",
    "join.label": "Tu código",
    "join.open": "Abrir mi página",
    "join.opening": "Abriendo tu página…",
    "join.refused": "No se abrió: {line}",
    "join.unreachable": "No se llega al ordenador del árbitro en este momento. Vuelve a intentarlo.",
    "join.room": "Jugadores: abrid {address} y escribid el código de vuestra hoja.",
    "join.sheet": "O abre {address} y escribe el código {code}.",
}
