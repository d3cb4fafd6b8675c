"""Words of a player's orders on his live page (templates/_orders.html.j2, _thread.html.j2): the section, the forms'
buttons and what an order says once sent, carried out or returned."""

EN: dict[str, str] = {
    "section.orders": "Your orders",
    "orders.intro": "Send the umpire an order for your units. He carries it out, changes it or sends it back, and "
                    "you read what he decided under your messages.",
    "orders.none": "No orders to give just now: wait for your phase, or write to the umpire.",
    "orders.due": "Send your orders by {time}: after that, the units you gave none hold.",
    "orders.closed": "Orders closed at {time}: your units without orders hold, unless the umpire gives more time.",
    "orders.choose": "choose…",
    "orders.send": "Send order",
    "orders.sending": "Sending…",
    "orders.sent": "Order sent: the umpire will decide.",
    "orders.refused": "Not sent: {line}",
    "orders.order": "order",
    "orders.waiting": "waiting for the umpire",
    "orders.done": "carried out",
    "orders.now": "Now: {phase}.",
    "orders.over": "The game is over: no more orders. Your messages still reach the umpire.",
    "orders.came": "What came of it:",
    "orders.amended": "carried out as the umpire changed it",
    "orders.returned": "sent back",
    "orders.jump": "Jump to",
    "orders.handed": "The umpire has handed your units to {names}, who gives their orders now. Write to the umpire "
                     "when you are back.",
    "orders.ahead": "Blind orders: these are for the phase “{phase}”. The other side writes its orders now too, and "
                    "neither side sees the other's until the umpire carries them all out together.",
    "orders.keep": "Keep it as my standing order: the umpire repeats it each turn I send no other",
    "orders.standing": "Your standing order: {order}. The umpire repeats it each turn you send no other order.",
    "orders.stop": "Stop my standing order",
    "orders.stopped": "Standing order stopped.",
    "orders.repeat": "standing order #{number}, repeated",
    "orders.kept": "standing order",
}
ES: dict[str, str] = {
    "section.orders": "Tus órdenes",
    "orders.intro": "Envía al árbitro una orden para tus unidades. Él la cumple, la cambia o te la devuelve, y lo "
                    "que decida lo lees bajo tus mensajes.",
    "orders.none": "Ahora no hay órdenes que dar: espera a tu fase, o escribe al árbitro.",
    "orders.due": "Envía tus órdenes antes de las {time}: después, las unidades sin órdenes se quedan quietas.",
    "orders.closed": "Órdenes cerradas a las {time}: tus unidades sin órdenes se quedan quietas, salvo que el árbitro "
                     "dé más tiempo.",
    "orders.choose": "elige…",
    "orders.send": "Enviar orden",
    "orders.sending": "Enviando…",
    "orders.sent": "Orden enviada: el árbitro decidirá.",
    "orders.refused": "No enviada: {line}",
    "orders.order": "orden",
    "orders.waiting": "esperando al árbitro",
    "orders.done": "cumplida",
    "orders.now": "Ahora: {phase}.",
    "orders.over": "La partida ha terminado: no hay más órdenes. Tus mensajes aún llegan al árbitro.",
    "orders.came": "Lo que resultó:",
    "orders.amended": "cumplida como el árbitro la cambió",
    "orders.returned": "devuelta",
    "orders.jump": "Ir a",
    "orders.handed": "El árbitro ha pasado tus unidades a {names}, que ahora les da las órdenes. Escribe al árbitro "
                     "cuando vuelvas.",
    "orders.ahead": "Órdenes a ciegas: son para la fase «{phase}». El otro bando escribe ahora las suyas, y ninguno "
                    "ve las del otro hasta que el árbitro las cumpla todas a la vez.",
    "orders.keep": "Dejarla como orden permanente: el árbitro la repite cada turno en que no envíe otra",
    "orders.standing": "Tu orden permanente: {order}. El árbitro la repite cada turno en que no envíes otra orden.",
    "orders.stop": "Anular mi orden permanente",
    "orders.stopped": "Orden permanente anulada.",
    "orders.repeat": "orden permanente #{number}, repetida",
    "orders.kept": "orden permanente",
}
