"""What the review reads of Battle of Seattle: the result by the victory levels (8.0), where Stage Three barred the
Authority's win (7.3) and whether the game was extended (2.4, 8.0); the review's words in the Spanish
translation's terms (La Batalla de Seattle: Victoria Marginal de los Manifestantes, Fase Tres de la Escalada...)."""

from __future__ import annotations

from referee.rulesets.bos.rules import victory
from referee.rulesets.bos.rules.turns import EXTENDED
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER

WORDS = {
    "en": {
        **{f"level.{level}": level for level in (victory.TRIUMPH, victory.MARGINAL, victory.SUBSTANTIAL, victory.DECISIVE)},
        "why.authority": "The Authority's EI is higher than the Protester's, by {by} (8.0).",
        "why.barred": "The Authority ends with the higher EI, by {by}, but it went to Stage Three: it cannot win, and "
                      "the game is judged a Protester Marginal Victory (7.3).",
        "why.lead": "The Protester's EI is {lead} points more than the Authority's, in the band of {band} (8.0).",
        "why.stage_three": "The Authority went to Stage Three: it could not have won (7.3).",
        "why.extended": "The game was extended to the end of the Afternoon, 3 December game-turn (2.4, 8.0).",
    },
    "es": {
        "level." + victory.TRIUMPH: "Triunfo de las Fuerzas de la Oscuridad Capitalista",
        "level." + victory.MARGINAL: "Victoria Marginal de los Manifestantes",
        "level." + victory.SUBSTANTIAL: "Sustancial Victoria de los Manifestantes",
        "level." + victory.DECISIVE: "Decisiva Victoria de los Manifestantes",
        "why.authority": "La Autoridad obtiene un IE superior al de los Manifestantes, por {by} (8.0).",
        "why.barred": "La Autoridad termina con el IE más alto, por {by}, pero pasó a la Fase Tres de la Escalada: no "
                      "puede ganar, y el juego es considerado una Victoria Marginal de los Manifestantes (7.3).",
        "why.lead": "Los Manifestantes obtienen {lead} IE más que la Autoridad, entre {band} (8.0).",
        "why.stage_three": "La Autoridad pasó a la Fase Tres de la Escalada: no podía ganar (7.3).",
        "why.extended": "La partida se extendió hasta el final del turno de la Tarde, 3 de diciembre (2.4, 8.0).",
        "score_name": "ventaja de los Manifestantes",
        "tally.Random events": "Eventos Aleatorios",
        "tally.Combats": "Combates",
        "tally.Combats where a unit left the game": "Combates en que una unidad salió del juego",
        "tally.Barricades built": "Barricadas construidas",
        "tally.Emergency reinforcements ordered": "Refuerzos de Emergencia pedidos",
        "tally.Escalations": "Escaladas",
        "tally.Reports to players": "Informes a los jugadores",
        "reason.turn end": "la Fase de Fin de Turno (3.4): áreas del Núcleo del Centro ocupadas ({names}), Yahoos, "
                           "SPD en el mapa",
        "reason.combat": "combate en {names} (6.0, Tabla de Ajuste de EI)",
        "reason.random event": "un Evento Aleatorio (4.1)",
        "reason.emergency reinforcements": "la penalización de EI de los Refuerzos de Emergencia (4.22)",
    },
}
"""The review's words of Battle of Seattle (`review_words`); the English tallies and reasons are the declaration's."""


def _band(lead: int) -> str:
    """The victory level's range of points that holds a Protester's lead (8.0): "31-60", "61+"."""
    lows = [low for low, _ in victory.LEVELS]
    i = [n for n, low in enumerate(lows) if lead >= low][-1]
    return f"{lows[i]}-{lows[i + 1] - 1}" if i + 1 < len(lows) else f"{lows[i]}+"


def verdict(state, ended: dict | None, target: int | None, lang: str) -> tuple[str, tuple[str, ...]]:
    """8.0: the level the indices give; 7.3: an Authority gone to Stage Three cannot win; 2.4: an extended game."""
    words, ei = WORDS[lang], state.scores
    lead, stage_three = ei[PROTESTER] - ei[AUTHORITY], state.local.get("stage_three", False)
    level = victory.level(ei, stage_three)
    if lead < 0:
        why = [words["why.barred" if stage_three else "why.authority"].format(by=-lead)]
    else:
        why = [words["why.lead"].format(lead=lead, band=_band(lead))] + ([words["why.stage_three"]] if stage_three else [])
    if state.local.get("last_turn") == EXTENDED:
        why.append(words["why.extended"])
    return words[f"level.{level}"], tuple(why)
