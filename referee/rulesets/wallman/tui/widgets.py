"""The panels of a Wallman session: the places at a glance, the crowds with their RL, and one place in full."""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual.message import Message
from textual.widgets import DataTable, Static

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import ACTIVE
from referee.knowledge.view import PlayerView
from referee.rulesets.wallman.rules.care import lying
from referee.rulesets.wallman.rules.setup import tables
from referee.scenario.catalog import Scenario
from referee.text import printable
from referee.tui.text import plain
from referee.tui.widgets.fitting import FittingTable

RL_STYLE = {1: "green", 2: "green", 3: "yellow", 4: "yellow", 5: "dark_orange", 6: "dark_orange", 7: "red", 8: "bold red"}


def rl_text(rl: int, highest: int = 8) -> Text:
    """An RL as a number and a bar, coloured from calm to out of control."""
    return Text(f"{rl} " + "▮" * rl + "·" * (highest - rl), style=RL_STYLE.get(rl, ""))


def history_text(history: list[list[int]]) -> str:
    """A crowd's RL changes, latest last: '4 5 7' (a new turn marked with a bar)."""
    parts, turn = [], None
    for when, rl in history[-10:]:
        parts.append(("| " if turn is not None and when != turn else "") + str(rl))
        turn = when
    return " ".join(parts)


def building_text(name: str, b: dict, whole: int) -> str:
    marks = [f"{b['value']}/{whole}"]
    if b["fires"]:
        marks.append(f"fire x{b['fires']}")
    if b["broken"]:
        marks.append("broken in")
    return f"{name} ({', '.join(marks)})"


WORDS = {
    "objective": lambda v: f"heading for {v}",
    "looters": lambda v: f"{v} hidden looters",
    "running": lambda v: "running away",
    "carrying": lambda v: f"carrying {v} loot",
    "burdened": lambda v: "laden with loot",
    "vehicle": lambda v: "in a vehicle",
    "water": lambda v: f"water for {v} turn{'s' * (v != 1)}",
    "hydrant": lambda v: "on a hydrant",
    "negotiator": lambda v: f"{v} negotiator",
    "prisoners": lambda v: f"{v} under arrest",
}
"""How each of a unit's hidden attributes reads in the place panel."""
UNSAID = ("group", "history", "rl", "note", "arrives", "edge")
"""Attributes the place panel says otherwise (the RL with its level, the scenario's note) or not at all."""


def unit_words(unit) -> str:
    """A unit as the umpire reads it: its type and size, then each hidden attribute in words, then its note."""
    strength = unit.factors["strength"]
    words = [f"{strength} figures"] if unit.side == "crowd" else [
        unit.type.replace("_", " "), f"{strength} strong" if unit.type != "officer" else ""]
    words += [WORDS.get(key, lambda v, key=key: f"{key.replace('_', ' ')} {v}")(value)
              for key, value in unit.attrs.items() if key not in UNSAID and value not in (None, False, 0, "")]
    return ", ".join(word for word in words if word) + (f". {unit.attrs['note']}" if unit.attrs.get("note") else "")


class PickingTable(FittingTable):
    """A table of rows keyed by name; moving onto a row says which."""

    class Picked(Message):
        """A row was moved onto: its key."""

        def __init__(self, key: str):
            self.key = key
            super().__init__()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.post_message(self.Picked(cast(str, event.row_key.value)))  # every row is keyed (`fill`)


class PlacesTable(PickingTable):
    """Every place with something in it: crowds (RL), security units, buildings hit, casualties."""

    class Picked(PickingTable.Picked):
        """A place was moved onto."""

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.add_columns("Place", "Crowds", "Security", "Damage", "Down")

    def show(self, scenario: Scenario, state: GameState) -> None:
        board, rows = scenario.board, []
        for node in board.nodes:
            crowds = [u for u in state.at(node, "crowd")]
            security = state.at(node, "security")
            hit = [building_text(name, b, board.buildings[name].value) for name, b in state.local["buildings"].items()
                   if board.buildings[name].node == node and (b["fires"] or b["value"] < board.buildings[name].value)]
            down = sum(1 for c in state.local["casualties"].values() if c["node"] == node and lying(c))
            crowd_cell = Text(", ").join(plain(f"{u.id} ", "bold") + Text(str(u.attrs["rl"]),
                                         style=RL_STYLE.get(u.attrs["rl"], "")) for u in crowds)
            rows.append((plain(node, "bold" if crowds or security else "dim"), crowd_cell,
                         ", ".join(u.id for u in security), plain("; ".join(hit), "red" if any(
                             "fire" in h for h in hit) else ""), str(down) if down else "", node))
        self.fill(rows)

    def show_view(self, scenario: Scenario, view: PlayerView) -> None:
        """The places as one player knows them: his command, what he saw there and when; those out of his sight
        now marked not seen."""
        rows = []
        for node in scenario.board.nodes:
            crowds = [u.id + ("" if s.current else f" ({s.seen_time})") for s, u in _seen_crowds(view) if s.node == node]
            security = [u.id for u in view.own if u.node == node] + [
                u.id for s in view.sightings if s.side != "crowd" and s.node == node for u in s.units]
            scene = [f"{n.subject}: {n.text}" for n in view.scene if n.node == node]
            name = plain(node, "bold" if crowds or security else "dim")
            if node in view.unseen:
                name.append(" ░ not seen", style="dim italic")
            rows.append((name, ", ".join(crowds), ", ".join(security), "; ".join(scene), "", node))
        self.fill(rows)


class CrowdsTable(PickingTable):
    """The crowd panel: every crowd's RL with its history, size, mood, hidden looters, and whether the
    text calls for an RL roll now (and why)."""

    class Picked(PickingTable.Picked):
        """A crowd was moved onto."""

    wraps = False  # a crowd a line, its RL bar whole: the panel keeps its few lines
    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.add_columns("Crowd", "At", "Fig.", "RL", "Mood", "History", "Looters", "RL roll due")

    def show(self, ctx: Context, state: GameState, due: dict[str, str]) -> None:
        levels, rows = tables(ctx).rl.levels, []
        for unit in state.units.values():
            if unit.side != "crowd" or unit.status != ACTIVE:
                continue
            a = unit.attrs
            mood = levels[a["rl"] - 1].name + (" (running)" if a.get("running") else "") + (
                " (laden)" if a.get("burdened") else "")
            rows.append((plain(unit.id, "bold"), unit.node, str(unit.factors["strength"]), rl_text(a["rl"], len(levels)),
                         mood, history_text(a["history"]), str(a.get("looters", 0) or ""),
                         plain(due.get(unit.id, ""), "bold yellow"), unit.id))
        self.fill(rows)

    def show_view(self, view: PlayerView) -> None:
        """The crowds one player has seen: where and when, their mood as option mood_shown shows it, and their size."""
        self.fill([(plain(u.id, "bold"), s.node, "; ".join(u.notes), "", u.mood.name if u.mood else "",
                      "now" if s.current else f"seen {s.seen_time}", "", "", u.id) for s, u in _seen_crowds(view)])


def _seen_crowds(view: PlayerView) -> list[tuple]:
    """The crowds a player has seen: (sighting, fact)."""
    return [(s, u) for s in view.sightings if s.side == "crowd" for u in s.units]


def place_title(board, node: str, known: str = "") -> Text:
    """A place's name (as someone knows it), its features and the places next to it."""
    text = Text()
    text.append(printable(node + known), style="bold underline")
    features = board.nodes[node].features
    if features:
        text.append(printable(f"  ({', '.join(features)})"), style="dim")
    text.append("\nnext to " + printable(", ".join(board.adjacency[node])), style="cyan")
    return text


class PlacePanel(Static):
    """One place in full: every unit with its hidden attributes, its buildings, its casualties."""

    def show(self, ctx: Context, state: GameState, node: str) -> None:
        board = ctx.scenario.board
        text = place_title(board, node)
        for unit in state.at(node):
            a = unit.attrs
            text.append("\n" + printable(f"{unit.side} "), style="dim")
            text.append(printable(unit.id), style="bold")
            text.append(printable(f": {unit_words(unit)}"))
            if unit.side == "crowd":
                level = tables(ctx).rl.levels[a["rl"] - 1]
                text.append("\n    " + printable(f"RL {a['rl']} {level.name}: {level.behaviour} Drifts {level.move}\" "
                                                  f"toward {level.toward}."), style=RL_STYLE.get(a["rl"], ""))
        for name, b in state.local["buildings"].items():
            if board.buildings[name].node == node:
                text.append("\nbuilding ", style="dim")
                text.append(printable(building_text(name, b, board.buildings[name].value) + f", loot {b['loot']}"))
        for cid, c in state.local["casualties"].items():
            if c["node"] == node and lying(c):
                text.append("\n" + printable(f"{cid} "), style="bold red")
                text.append(printable(f"{c['state']} ({c['of']})" + (f", assessed {c['triage']}" if c["triage"] else "")))
        self.update(text)

    def show_view(self, scenario: Scenario, view: PlayerView, node: str) -> None:
        """One place as a player knows it."""
        text = place_title(scenario.board, node, f" as {view.player} knows it")
        if node in view.unseen:
            text.append("\nnot seen now: what is there is not known", style="dim italic")
        for unit in view.own:
            if unit.node == node:
                text.append("\nown ", style="dim")
                text.append(printable(unit.id), style="bold")
                text.append(printable(f" {unit.type} x{unit.strength} " + ", ".join(unit.notes)))
        for s in view.sightings:
            if s.node == node:
                for u in s.units:
                    text.append("\n" + printable(f"{s.side[:3]} "), style="dim")
                    text.append(printable(u.id), style="bold")
                    text.append(printable(" " + "; ".join(([u.mood.name, u.mood.words] if u.mood else []) + list(u.notes))))
                    text.append(printable("  now" if s.current else f"  seen {s.seen_time}"), style="cyan")
        for n in view.scene:
            if n.node == node:
                text.append("\n" + printable(f"{n.subject}: {n.text}" + ("" if n.current else f" (seen {n.seen_time})")))
        self.update(text)
