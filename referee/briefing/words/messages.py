"""Words of a player's messages to the umpire on his live page (templates/_thread.html.j2, live.html.j2): the
section, each message's writer, the form and what it says once sent or refused."""

EN: dict[str, str] = {
    "section.messages": "Messages to the umpire",
    "messages.none": "The umpire reads what you write here, and answers here.",
    "messages.you": "you",
    "messages.computer": "the computer player, for you",
    "messages.umpire": "umpire",
    "messages.answer": "answer to your message of {time}",
    "messages.answered": "answer",
    "messages.label": "Your message to the umpire",
    "messages.hint": "Only the umpire reads it; at most {chars} characters.",
    "messages.send": "Send",
    "messages.sending": "Sending…",
    "messages.sent": "Sent: the umpire will read it.",
    "messages.refused": "Not sent: {line}",
    "messages.unreachable": "Not sent: the umpire's machine cannot be reached just now. Try again.",
    "messages.written": "The umpire wrote to you at {time}: see the messages under the sheet.",
}
ES: dict[str, str] = {
    "section.messages": "Mensajes al árbitro",
    "messages.none": "El árbitro lee lo que escribas aquí, y aquí te contesta.",
    "messages.you": "tú",
    "messages.computer": "el jugador automático, por ti",
    "messages.umpire": "árbitro",
    "messages.answer": "respuesta a tu mensaje de las {time}",
    "messages.answered": "respuesta",
    "messages.label": "Tu mensaje al árbitro",
    "messages.hint": "Solo lo lee el árbitro; como mucho {chars} caracteres.",
    "messages.send": "Enviar",
    "messages.sending": "Enviando…",
    "messages.sent": "Enviado: el árbitro lo leerá.",
    "messages.refused": "No enviado: {line}",
    "messages.unreachable": "No enviado: no se llega al ordenador del árbitro en este momento. Vuelve a intentarlo.",
    "messages.written": "El árbitro te ha escrito a las {time}: mira los mensajes bajo la hoja.",
}
