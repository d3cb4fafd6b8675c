"""Every word a briefing prints, in English and Spanish (Spanish terms from La Batalla de Seattle where it has them)."""

from __future__ import annotations

import functools
import re

from referee import rulesets
from referee.briefing.words import TABLES as PART_TABLES
from referee.errors import RefereeError
from referee.knowledge.feed import FeedEntry
from referee.knowledge.moods import EXPLAINED
from referee.knowledge.view import OwnUnit

LANGUAGES = ("en", "es")
PHRASES = ("target.", "role.", "objective.", "note.", "mood.", "time.", "unit.", "title.", "told.")
"""Keys of texts that come from data (scenario files, unit notes, a turn's name, a counter's name). The English
value is the pattern the data must match for the translation to apply, its {fields} matching anything (a field
named for a kind of id, such as {player}, prints that id's name where the game gives one, any other field's text
translated in turn: "{time}: {text}", a time and a line told); other data prints as it is. `told.` are the lines of
public announcements, as each game's knowledge words them."""

EN = {
    "sheet.title": "Briefing: {side}",
    "told.at": "{time}: {text}",
    "sheet.ended": "Game over",
    "room.title": "The room",
    "room.map": "The map",
    "room.told": "What everyone has been told, latest first",
    "room.nothing": "Nothing yet.",
    "sheet.player": "Player",
    "sheet.side": "Side",
    "sheet.role": "Role",
    "sheet.time": "Time",
    "sheet.turn": "Turn",
    "sheet.turn_of": "{turn} of {turns}",
    "sheet.phase": "Phase",
    "sheet.score": "Score",
    "sheet.score_of": "{score}, target {target}",
    "sheet.score_hidden": "not public",
    "sheet.values": "Played with",
    "values.option": "{name}: {choice}",
    "values.tuned": "{name} {value} (printed {printed})",
    "section.objectives": "Objectives",
    "section.map": "The map as you know it",
    "section.own": "Your forces",
    "section.other": "What you know of the other side",
    "section.reports": "Reports",
    "section.arrivals": "Reinforcements you expect",
    "section.targets": "Target",
    "section.moods": "The crowds' moods",
    "section.markers": "Barricades and Flo",
    "section.glossary": "Words of the game",
    "col.stack": "Stack",
    "col.unit": "Unit",
    "col.type": "Type",
    "col.strength": "Strength",
    "col.movement": "Moves",
    "col.notes": "Notes",
    "col.mood": "Mood",
    "col.intersection": "Place",
    "col.seen": "Seen",
    "col.source": "Source",
    "col.count": "Units",
    "col.identified": "Identified",
    "col.time": "Time",
    "col.reliability": "Reliability",
    "col.report": "Report",
    "col.access": "Reached from",
    "col.marker": "Marker",
    "own.top": "You know your own units in full.",
    "own.none": "You have no units.",
    "other.none": "You have seen none of their units.",
    "other.top": "top: {name}",
    "other.unknown": "?",
    "other.unseen": "Not seen now (what is there is not known; a dated row is what you saw there last):",
    "other.yours_there": "your own there:",
    "other.piles": "Off the map",
    "pile.unseen": "not seen",
    "pile.none": "no units",
    "pile.when": "{time} (turn {turn})",
    "age.now": "now",
    "age.this_turn": "seen {time}, earlier this turn",
    "age.one": "seen {time}, 1 turn ago",
    "age.many": "seen {time}, {turns} turns ago",
    "reports.none": "No reports.",
    "arrivals.none": "No more reinforcements are expected.",
    "arrivals.when": "{time} (turn {turn}), at {edge}",
    "targets.none": "no playable intersection",
    "map.out_of_play": "out of play",
    "map.tunnel": "tunnel",
    "map.north": "N",
    "map.turn": "turn {turn}",
    "map.unseen": "░ not seen",
    "legend.valued": "an area with its value",
    "legend.area": "an area",
    "legend.line": "a line between areas",
    "col.value": "Value",
    "col.links": "Lines to",
    "legend.own": "your units (how many)",
    "legend.now": "the other side, seen now (how many)",
    "legend.stale": "seen earlier (time): dashed, fainter the older it is",
    "legend.unknown": "? how many is not known",
    "legend.earlier": "a box behind: seen earlier here too (see the list)",
    "legend.target": "target reached from here (see the list)",
    "legend.diagonal": "diagonal way (open block or park)",
    "legend.markers": "a barricade (B) or Flo (F); dashed if seen earlier (see the list)",
    "legend.grid": "In each square: ■ your units, □ the other side (with the time if not seen now), "
                   "◆ target letters, ✕ out of play.",
    "legend.grid_markers": "▲B a barricade, ▲F Flo (with the time if seen earlier).",
    "legend.unseen": "not seen now: what is there is not known",
    "legend.grid_unseen": "░ not seen now: what is there is not known.",
    "footer.commitment": "Seed commitment (SHA-256)",
    "footer.explain": "The dice of this session come from a seed fixed before play, and this is its SHA-256 "
                      "fingerprint. The umpire reveals the seed after the game: anyone can then check that it gives "
                      "this fingerprint, which proves the dice were not chosen during play.",
    "footer.head": "Log at printing",
    "footer.head_explain": "Every command the umpire gives extends a chain of hashes over the whole log; these are "
                           "the first digits of where it stood when this sheet was made. After the game, "
                           "referee verify SESSION --head with them proves the log was neither rewritten nor "
                           "cut short since.",
    "footer.live": "Your live page, the same sheet as the game goes on (keep the link to yourself)",
    "footer.local_only": "This address opens only on the umpire's own computer, not on your phone: ask the umpire "
                         "to serve the pages for the room (referee serve --lan) and print the sheets again.",
    "live.following": "Live: this page follows the game as the umpire plays it.",
    "live.lost": "The umpire's machine cannot be reached just now: trying again. The page shows what you knew.",
    "live.gone": "This link has been withdrawn. Ask the umpire for a new one.",
    "live.ended": "The game is over: this page shows how it ended, and what you knew then.",
    "live.updated": "Updated at {time}.",
    "status.reserve": "Not yet arrived",
    "status.off-map": "Waiting at the map edge",
    "status.destroyed": "Removed from play",
    "source.observed": "observed",
    "source.contact": "identified in contact",
    "source.report": "report",
    "reliability.certain": "certain",
    "reliability.probable": "probable",
    "reliability.doubtful": "doubtful",
    "edge.north": "the north edge",
    "edge.east": "the east edge",
    "edge.south": "the south edge",
    "edge.west": "the west edge",
    "edge.random": "a random edge",
    "note.arrives": "arrives {time} at {edge}",
    "note.waiting": "waiting at {edge}",
    "note.commanded": "commanded by {player}",
    "mood.dispersing": "Dispersing",
    "mood.dispersing-words": "The crowd is breaking up; people are heading home.",
    "mood.calm": "Calm",
    "mood.calm-words": "A calm, good-natured gathering.",
    "mood.restless": "Restless",
    "mood.restless-words": "Noisy: chanting and waving placards.",
    "mood.agitated": "Agitated",
    "mood.agitated-words": "Angry shouting; people pushing forward.",
    "mood.angry": "Angry",
    "mood.angry-words": "Very angry; things are being thrown.",
    "mood.hostile": "Hostile",
    "mood.hostile-words": "Hostile: bricks and bottles are flying, windows are going in.",
    "mood.rioting": "Rioting",
    "mood.rioting-words": "A riot: shops are being broken into.",
    "mood.out-of-control": "Out of control",
    "mood.out-of-control-words": "Out of control: petrol bombs and fires.",
    "mood.marker": "RL {rl}",
    "mood.peaceful": "Peaceful",
    "mood.peaceful-words": "People stand about or drift away; nobody shouts at you or throws anything.",
    "mood.loud": "Loud",
    "mood.loud-words": "Chanting, jeering and shouting abuse; some push forward, but nothing is thrown.",
    "mood.throwing": "Throwing things",
    "mood.throwing-words": "Missiles are flying at the security forces, from coins and cans to bricks and bottles.",
    "mood.riot": "Running riot",
    "mood.riot-words": "Officers are attacked, shops broken into and looted, fires started.",
    **{f"moods.{how}": text for how, text in EXPLAINED.items()},
}

ES = {
    "sheet.title": "Hoja de situación: {side}",
    "told.at": "{time}: {text}",
    "sheet.ended": "Fin de la partida",
    "room.title": "La sala",
    "room.map": "El mapa",
    "room.told": "Lo que se ha dicho a todos, lo último primero",
    "room.nothing": "Nada todavía.",
    "sheet.player": "Jugador",
    "sheet.side": "Bando",
    "sheet.role": "Papel",
    "sheet.time": "Hora",
    "sheet.turn": "Turno",
    "sheet.turn_of": "{turn} de {turns}",
    "sheet.phase": "Fase",
    "sheet.score": "Puntuación",
    "sheet.score_of": "{score}, objetivo {target}",
    "sheet.score_hidden": "no es público",
    "sheet.values": "Se juega con",
    "values.option": "{name}: {choice}",
    "values.tuned": "{name} {value} (impreso {printed})",
    "section.objectives": "Objetivos",
    "section.map": "El mapa según lo que sabes",
    "section.own": "Tus fuerzas",
    "section.other": "Lo que sabes del otro bando",
    "section.reports": "Informes",
    "section.arrivals": "Refuerzos que esperas",
    "section.targets": "Objetivo",
    "section.moods": "El ánimo de la multitud",
    "section.markers": "Barricadas y Flo",
    "section.glossary": "Palabras del juego",
    "col.stack": "Pila",
    "col.unit": "Unidad",
    "col.type": "Tipo",
    "col.strength": "Fuerza",
    "col.movement": "Movimientos",
    "col.notes": "Notas",
    "col.mood": "Ánimo",
    "col.intersection": "Lugar",
    "col.seen": "Visto",
    "col.source": "Fuente",
    "col.count": "Unidades",
    "col.identified": "Identificadas",
    "col.time": "Hora",
    "col.reliability": "Fiabilidad",
    "col.report": "Informe",
    "col.access": "Acceso desde",
    "col.marker": "Marcador",
    "own.top": "Conoces tus propias unidades por completo.",
    "own.none": "No tienes unidades.",
    "other.none": "No has visto ninguna de sus unidades.",
    "other.top": "arriba: {name}",
    "other.unknown": "?",
    "other.unseen": "No visto ahora (no se sabe qué hay; una fila con fecha es lo que viste allí por última vez):",
    "other.yours_there": "tus unidades allí:",
    "other.piles": "Fuera del mapa",
    "pile.unseen": "no visto",
    "pile.none": "ninguna unidad",
    "pile.when": "{time} (turno {turn})",
    "age.now": "ahora",
    "age.this_turn": "visto {time}, antes en este turno",
    "age.one": "visto {time}, hace 1 turno",
    "age.many": "visto {time}, hace {turns} turnos",
    "reports.none": "Sin informes.",
    "arrivals.none": "No se esperan más refuerzos.",
    "arrivals.when": "{time} (turno {turn}), por {edge}",
    "targets.none": "ninguna intersección en juego",
    "map.out_of_play": "fuera de juego",
    "map.tunnel": "túnel",
    "map.north": "N",
    "map.turn": "turno {turn}",
    "map.unseen": "░ no visto",
    "legend.valued": "un área con su valor",
    "legend.area": "un área",
    "legend.line": "una línea entre áreas",
    "col.value": "Valor",
    "col.links": "Líneas a",
    "legend.own": "tus unidades (cuántas)",
    "legend.now": "el otro bando, visto ahora (cuántas)",
    "legend.stale": "visto antes (hora): a trazos, más tenue cuanto más antiguo",
    "legend.unknown": "? no se sabe cuántas",
    "legend.earlier": "una casilla detrás: también visto antes aquí (ver la lista)",
    "legend.target": "objetivo al que se accede desde aquí (ver la lista)",
    "legend.diagonal": "paso en diagonal (manzana abierta o parque)",
    "legend.markers": "una barricada (B) o Flo (F); a trazos si se vio antes (ver la lista)",
    "legend.grid": "En cada casilla: ■ tus unidades, □ el otro bando (con la hora si no se ve ahora), ◆ letras de "
                   "objetivos, ✕ fuera de juego.",
    "legend.grid_markers": "▲B una barricada, ▲F Flo (con la hora si se vio antes).",
    "legend.unseen": "no visto ahora: no se sabe qué hay",
    "legend.grid_unseen": "░ no visto ahora: no se sabe qué hay.",
    "footer.commitment": "Compromiso de la semilla (SHA-256)",
    "footer.explain": "Los dados de esta sesión salen de una semilla fijada antes de jugar, y esta es su huella "
                      "SHA-256. El árbitro revela la semilla después de la partida: cualquiera puede comprobar "
                      "entonces que da esta huella, lo que prueba que los dados no se eligieron durante el juego.",
    "footer.head": "Registro al imprimir",
    "footer.head_explain": "Cada orden del árbitro alarga una cadena de hashes sobre todo el registro; estas son "
                           "las primeras cifras de donde estaba al hacer esta hoja. Después de la partida, "
                           "referee verify SESIÓN --head con ellas prueba que el registro no se ha reescrito ni "
                           "recortado desde entonces.",
    "footer.live": "Tu página en directo, esta misma hoja según avanza la partida (no compartas el enlace)",
    "footer.local_only": "Esta dirección solo se abre en el ordenador del árbitro, no en tu teléfono: pide al "
                         "árbitro que sirva las páginas para la sala (referee serve --lan) e imprima de nuevo las hojas.",
    "live.following": "En directo: esta página sigue la partida según la juega el árbitro.",
    "live.lost": "No se llega al ordenador del árbitro en este momento: se vuelve a intentar. La página muestra lo que sabías.",
    "live.gone": "Este enlace se ha retirado. Pide al árbitro uno nuevo.",
    "live.ended": "La partida ha terminado: esta página muestra cómo acabó y lo que sabías entonces.",
    "live.updated": "Actualizada a las {time}.",
    "status.reserve": "Aún no han llegado",
    "status.off-map": "Esperando en el borde del mapa",
    "status.destroyed": "Retiradas del juego",
    "source.observed": "observado",
    "source.contact": "identificado en contacto",
    "source.report": "informe",
    "reliability.certain": "seguro",
    "reliability.probable": "probable",
    "reliability.doubtful": "dudoso",
    "edge.north": "el borde norte",
    "edge.east": "el borde este",
    "edge.south": "el borde sur",
    "edge.west": "el borde oeste",
    "edge.random": "un borde al azar",
    "note.arrives": "llega {time}, por {edge}",
    "note.waiting": "esperando en {edge}",
    "note.commanded": "al mando de {player}",
    "mood.dispersing": "Dispersándose",
    "mood.dispersing-words": "La multitud se disuelve; la gente se va a casa.",
    "mood.calm": "Tranquila",
    "mood.calm-words": "Una concentración tranquila y de buen humor.",
    "mood.restless": "Inquieta",
    "mood.restless-words": "Ruidosa: corean consignas y agitan pancartas.",
    "mood.agitated": "Agitada",
    "mood.agitated-words": "Gritos airados; la gente empuja hacia delante.",
    "mood.angry": "Enfurecida",
    "mood.angry-words": "Muy enfurecida; vuela de todo.",
    "mood.hostile": "Hostil",
    "mood.hostile-words": "Hostil: vuelan ladrillos y botellas, revientan los escaparates.",
    "mood.rioting": "Disturbios",
    "mood.rioting-words": "Disturbios: están asaltando las tiendas.",
    "mood.out-of-control": "Fuera de control",
    "mood.out-of-control-words": "Fuera de control: cócteles molotov e incendios.",
    "mood.marker": "NR {rl}",
    "mood.peaceful": "Pacífica",
    "mood.peaceful-words": "La gente está parada o se va; nadie te grita ni tira nada.",
    "mood.loud": "Vociferante",
    "mood.loud-words": "Corean consignas, abuchean e insultan; algunos empujan, pero no se tira nada.",
    "mood.throwing": "Lanzando objetos",
    "mood.throwing-words": "Vuelan objetos contra las fuerzas de seguridad, de monedas y latas a ladrillos y botellas.",
    "mood.riot": "Violencia abierta",
    "mood.riot-words": "Agreden a los agentes, asaltan y saquean tiendas, prenden fuegos.",
    "moods.number": "El número junto a cada multitud es su nivel de respuesta (NR), el marcador del árbitro: 1 es "
                    "bueno para ti, 8 es malo. Cómo sube y baja es cosa del árbitro.",
    "moods.words": "Cada ánimo corresponde a uno de los ocho niveles de una multitud, de disolverse (lo mejor para "
                   "ti) a fuera de control (lo peor). El árbitro se guarda los números y cómo cambian.",
    "moods.behaviour": "El ánimo es solo lo que se ve hacer a la multitud: multitudes de humor distinto pueden "
                       "parecer iguales. El árbitro se guarda el resto.",
}

TABLES = {"en": EN, "es": ES}
OWN_WORDS = ("type", "edge")
"""Kinds of word a scenario's files may name for themselves (a unit type, an edge): printed as written where the
words have none."""


@functools.cache
def _table(lang: str, ruleset: str | None) -> dict[str, str]:
    """The shared words above, and over them what a ruleset's sheets say differently or beyond (its `texts`)."""
    return {**PART_TABLES[lang], **TABLES[lang], **(rulesets.get(ruleset).texts_for(lang) if ruleset else {})}


def _pattern(english: str) -> re.Pattern:
    """The regular expression of an English phrase: its text literally, each {field} a named group."""
    parts = re.split(r"\{(\w+)\}", english)
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)))


@functools.cache
def _phrases(ruleset: str | None) -> tuple[tuple, dict[str, str]]:
    """The English phrases data may match, the most literal first ("random event {roll}: {title}" before
    "{time}: {text}"), and the English words a phrase's fields may hold."""
    english = _table("en", ruleset)
    phrases = sorted(((key, text) for key, text in english.items() if key.startswith(PHRASES)),
                     key=lambda phrase: -len(re.sub(r"\{\w+\}", "", phrase[1])))
    patterns = tuple((_pattern(text), key) for key, text in phrases)
    words = {text: key for key, text in english.items()
             if key.startswith(("edge.", "side.", "type.", "event.", "level."))}
    return patterns, words


class Strings:
    """The words of one language: `t(key, **values)`, `t.word(kind, id)` and `t.data(text)`."""

    def __init__(self, lang: str, ruleset: str | None = None):
        if lang not in TABLES:
            raise RefereeError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
        self.lang, self.ruleset, self._table = lang, ruleset, _table(lang, ruleset)

    def __eq__(self, other: object) -> bool:
        """The words of one language and game are the same words (a partial rendered with them is the same)."""
        return isinstance(other, Strings) and (self.lang, self.ruleset) == (other.lang, other.ruleset)

    def __hash__(self) -> int:
        return hash((self.lang, self.ruleset))

    def __call__(self, key: str, **values: object) -> str:
        """The text of `key`, its {fields} filled from `values`."""
        try:
            text = self._table[key]
        except KeyError:
            raise RefereeError(f"the {self.lang} briefing has no text for {key!r}") from None
        return text.format(**values) if values else text

    def word(self, kind: str, value: str) -> str:
        """A word of the game's vocabulary: a side, phase, unit type, status, source, reliability, edge or marker. A
        unit type or an edge the words do not know is printed as the scenario's files write it: a club's own town
        may name its own (`OWN_WORDS`)."""
        if kind in OWN_WORDS:
            return self._table.get(f"{kind}.{value}", value)
        return self(f"{kind}.{value}")

    def optional(self, key: str) -> str | None:
        """The text of `key` where this language has one, else None (words a sheet prints only if given)."""
        return self._table.get(key)

    def place(self, node: str) -> str:
        """A place's printed name: the ruleset's `place.<id>` where it gives one, else its id."""
        return self._table.get(f"place.{node}", node)

    def edge(self, name: str) -> str:
        """An edge of the map as the sheets print it: the words' `edge.<name>` where they give one, else its name as
        the board file writes it (a club's own town may name edges of its own)."""
        return self.word("edge", name)

    def player(self, player_id: str) -> str:
        """A player's printed name: the ruleset's `player.<id>` where it gives one; a team's player (`<id>-<n>`,
        referee.scenario.catalog.teams) by his team's name and number; else the id."""
        team, _, number = player_id.rpartition("-")
        if f"player.{player_id}" not in self._table and number.isdigit() and f"player.{team}" in self._table:
            return f"{self._table[f'player.{team}']} {number}"
        return self._table.get(f"player.{player_id}", player_id)

    def counter(self, unit: OwnUnit) -> str | None:
        """A unit's factors as its counter prints them ("4-4-3", "L-1"), where the game gives its `counter.<type>`."""
        form = self._table.get(f"counter.{unit.type}")
        return None if form is None else form.format(strength=unit.strength, movement=unit.movement)

    def glossary(self) -> list[tuple[str, str]]:
        """The game's terms a newcomer meets on its sheets, each with what it means (`term.<k>`, `means.<k>`)."""
        return [(term, self._table[f"means.{key[5:]}"]) for key, term in self._table.items() if key.startswith("term.")]

    def data(self, text: str) -> str:
        """A text from data (a target's name, a role, an objective, a unit note), translated where a phrase matches."""
        return _translated(self.lang, self.ruleset, text)

    def said(self, entry: FeedEntry) -> str:
        """A line of a player's feed in these words: `feed.<line>` with each value `optional(kind.value)` where there
        is one, else as data (a unit list joined by commas). A line met before is worded once: the feed of a long
        game is printed again on every page at every command, its earlier turns unchanged."""
        return _said(self.lang, self.ruleset, entry)


@functools.lru_cache(maxsize=65536)
def _said(lang: str, ruleset: str | None, entry: FeedEntry) -> str:
    t = Strings(lang, ruleset)
    values = {field: ", ".join(t.optional(f"{kind}.{one}") or t.data(one) for one in ([value] if isinstance(value, str)
                                                                                       else value))
              for field, kind, value in entry.values}
    return t(f"feed.{entry.line}", **values)


@functools.lru_cache(maxsize=4096)
def _translated(lang: str, ruleset: str | None, text: str) -> str:
    table = _table(lang, ruleset)
    patterns, words = _phrases(ruleset)
    for pattern, key in patterns:
        match = pattern.fullmatch(text)
        if match:
            fields = {name: table[words[value]] if value in words else
                      table.get(f"{name}.{value}") or _translated(lang, ruleset, value)
                      for name, value in match.groupdict().items()}
            return table[key].format(**fields)
    return text
