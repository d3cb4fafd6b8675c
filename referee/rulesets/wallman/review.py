"""What the review reads of a Wallman riot: the property damage against the scenario's limit (the text sets no
victory conditions: RULINGS, The Town Centre Riot on the table, Score), and the review's words in Spanish."""

from __future__ import annotations

from referee.rulesets.wallman.rules.phases import CROWD, SECURITY
from referee.rulesets.wallman.rules.setup import DAMAGE

WORDS = {
    "en": {
        "won.security": "The security forces win",
        "won.crowd": "The crowds win",
        "why.under": "Property damage {score} stays under the scenario's limit of {target} (Property Damage; the "
                     "scenario's objectives name the limit).",
        "why.over": "Property damage {score} reaches the scenario's limit of {target} (Property Damage; the "
                    "scenario's objectives name the limit).",
    },
    "es": {
        "won.security": "Ganan las fuerzas de seguridad",
        "won.crowd": "Ganan las multitudes",
        "why.under": "Los daños a la propiedad, {score}, quedan por debajo del límite del escenario, {target} "
                     "(Property Damage; los objetivos del escenario fijan el límite).",
        "why.over": "Los daños a la propiedad, {score}, alcanzan el límite del escenario, {target} (Property Damage; "
                    "los objetivos del escenario fijan el límite).",
        "score_name": "daños a la propiedad",
        "tally.RL rolls": "Tiradas de NR",
        "tally.Negotiations": "Negociaciones",
        "tally.Fights": "Peleas",
        "tally.Arrests": "Detenciones",
        "tally.Volleys fired": "Descargas disparadas",
        "tally.Gas fired": "Gas lanzado",
        "tally.Fires started": "Incendios provocados",
        "tally.Buildings smashed or broken into": "Edificios destrozados o asaltados",
        "tally.Reports to players": "Informes a los jugadores",
        "reason.damaged": "{names} destrozado",
        "reason.broke-in": "{names} asaltado",
        "reason.looted": "{names} saqueado",
        "reason.fires-burned": "incendios activos",
    },
}
"""The review's words of a Wallman riot (`review_words`); the English tallies and reasons are the declaration's."""


def verdict(state, ended: dict | None, target: int, lang: str) -> tuple[str, tuple[str, ...]]:
    """The security forces win if the property damage stays under the scenario's limit, else the crowds."""
    words, score = WORDS[lang], state.scores[DAMAGE]
    side = SECURITY if score < target else CROWD
    return words[f"won.{side}"], (words["why.under" if side == SECURITY else "why.over"].format(score=score, target=target),)
