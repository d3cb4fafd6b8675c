"""The dashboard, driven with Textual's Pilot: every umpire action does what the footer says."""

from __future__ import annotations

import html

import pytest
from rich.console import Console
from textual.widgets import OptionList

from referee.rulesets.n30.rules.confrontation import facing
from referee.rulesets.n30.tui.actions import ACTIONS
from referee.rulesets.n30.tui.confront import ConfrontDialog
from referee.rulesets.n30.tui.factions import FactionsDialog
from referee.rulesets.n30.tui.map_view import MapView
from referee.rulesets.n30.tui.odds_table import OddsTable
from referee.rulesets.n30.tui.screen import MainScreen
from referee.session import read
from referee.store.reading import open_reader
from referee.tui.dialogs.dice import DiceDialog
from referee.tui.dialogs.help import HelpScreen
from referee.tui.screens.start import StartScreen
from referee.tui.widgets.log_entry import LogEntry
from referee.tui.widgets.units import unit_cells
from tests.tui_support import drive, log_text, make_session, press, screen_lines, settle


def log_kinds(path) -> list[str]:
    reader = open_reader(path)
    try:
        return [record.kind for record in reader.log()]
    finally:
        reader.close()


async def cursor_to(pilot, app, node: str) -> None:
    app.screen.query_one(MapView).cursor = node
    await settle(pilot)


def test_start_screen_creates_a_session_from_the_scenario_list(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    async def script(pilot, app):
        assert isinstance(app.screen, StartScreen)
        listed = app.screen.query_one("#scenarios", OptionList)
        listed.highlighted = listed.get_option_index("n30/close-the-ring")
        await pilot.pause()
        app.screen.query_one("#seed").value = "7"
        await pilot.click("#opt-hidden")
        await pilot.click("#start-new")
        await settle(pilot)
        return app.screen, app.session

    screen, session = drive(None, script, folder=tmp_path / "sessions")
    assert isinstance(screen, MainScreen)
    assert session.store.path.parent == tmp_path / "sessions" and session.store.info.seed == 7
    assert session.store.info.options["hidden"] == "weak"


def test_start_screen_opens_a_recent_session(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sessions").mkdir()
    path = make_session(tmp_path / "sessions", "n30/close-the-ring")

    async def script(pilot, app):
        await pilot.click("#open")
        await settle(pilot)
        return app.screen, app.session.store.path

    screen, opened = drive(None, script, folder=tmp_path / "sessions")
    assert isinstance(screen, MainScreen) and opened == path


def test_end_phase_key_ends_the_phase_and_logs_it(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await press(pilot, "e")
        return app.screen.game.state.phase, log_text(app)

    phase, text = drive(path, script)
    assert phase == "police-movement" and text.endswith("protester movement phase ends; police movement phase begins")
    assert read(path).state.phase == "police-movement"


def test_choose_key_chooses_the_intersection_under_the_cursor(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await cursor_to(pilot, app, "4th & Olive")
        await press(pilot, "c")
        return app.screen.game.state.local["chosen"]

    assert drive(path, script) == {"protesters": ["4th & Olive"]}


def test_move_rolls_highlights_the_legal_destinations_and_moves_on_enter(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        screen = app.screen
        await press(pilot, "p")
        unit = screen.unit
        await press(pilot, "m")
        legal = dict(screen.legal)
        assert legal and screen.query_one(MapView).marks.legal == frozenset(legal)
        target = sorted(legal)[0]
        await cursor_to(pilot, app, target)
        await press(pilot, "enter")
        return unit, target, screen.game.state.units[unit].node, screen.legal

    unit, target, node, legal_after = drive(path, script)
    assert node == target and legal_after == {}
    assert log_kinds(path)[-2:] == ["movement-rolled", "unit-moved"]


def test_3_move_flow_one_unit_at_a_time_and_stay(tmp_path):
    """3: once a unit has rolled (m) no other unit rolls until it moves or stays; s keeps it where it is."""
    path = make_session(tmp_path)

    async def script(pilot, app):
        screen = app.screen
        await cursor_to(pilot, app, "7th & Olive")
        first = screen.unit
        await press(pilot, "m", "escape")
        hint = screen.note
        screen.unit = second = next(u.id for u in screen.game.state.at("7th & Olive") if u.id != first)
        await press(pilot, "m")
        refused = screen.note
        await press(pilot, "s")
        stayed = screen.game.state.units[first].node, first in screen.game.state.local["moved"]
        screen.unit = second
        await press(pilot, "m")
        return first, hint, refused, stayed, dict(screen.game.state.local["rolled"]), second

    first, hint, refused, stayed, rolled, second = drive(path, script)
    assert hint.startswith(f"{first} has rolled: m moves it, s keeps it where it is")
    assert refused.startswith(f"3: {first} has rolled its movement and must move (or stay)")
    assert stayed == ("7th & Olive", True) and list(rolled) == [second]
    assert log_kinds(path)[-3:] == ["movement-rolled", "unit-moved", "movement-rolled"]


def test_table_dice_are_typed_in_and_marked_in_the_log(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await press(pilot, "t", "p", "m")
        assert isinstance(app.screen, DiceDialog)
        await pilot.press("3", "enter")
        await settle(pilot)
        return app.screen.game.state.local["rolled"]

    rolled = drive(path, script)
    assert list(rolled.values()) == [3]
    reader = open_reader(path)
    rolls = [d for record in reader.log() for d in record.dice]
    reader.close()
    assert rolls[-1]["value"] == 3 and rolls[-1]["entered"] is True


def test_a_refused_command_shows_its_rule_section(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await cursor_to(pilot, app, "8th & Pike")
        await press(pilot, "m")
        return app.screen.note

    note = drive(path, script)
    assert note.startswith("2: ") and "police unit" in note


def test_barricade_and_flo_keys(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await cursor_to(pilot, app, "4th & Olive")
        await press(pilot, "b")
        await cursor_to(pilot, app, "7th & Olive")
        await press(pilot, "f")
        return app.screen.game.state.markers

    assert drive(path, script) == {"4th & Olive": ("barricade",), "7th & Olive": ("flo",)}


def test_confrontation_dialog_shows_exact_odds_rolls_and_confirms(tmp_path):
    path = make_session(tmp_path, commands=({"do": "end-phase"}, {"do": "end-phase"}))

    async def script(pilot, app):
        await cursor_to(pilot, app, "6th & Seneca")
        await press(pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, ConfrontDialog)
        odds = [line.split() for line in str(dialog.query_one(OddsTable).render()).splitlines()]
        await pilot.click("#share-Flaming_Dildos")
        await press(pilot, "2")  # the first digit replaces the share
        doubled = str(dialog.query_one(OddsTable).render()).splitlines()[1].split()
        await press(pilot, "backspace", "1")
        await pilot.click("#roll")
        await settle(pilot)
        outcome = str(dialog.query_one("#outcome").render())
        await pilot.click("#confirm")
        await settle(pilot)
        return odds, doubled, outcome, app.screen

    odds, doubled, outcome, screen = drive(path, script)
    assert odds == [["faces", "keeps", "back", "out", "stays", "rad."], ["1", "5/6", "1/6", "-", "-", "-"]]
    assert doubled[0] == str(facing(2, "lockdown"))
    assert "Flaming Dildos: rolled" in outcome
    assert isinstance(screen, MainScreen) and "confrontation" in log_kinds(path)


async def forced_back(pilot, app, node: str, key: str):
    """Open the confrontation dialog at `node`, roll a typed 1 (forced back) and return `key`'s destination field."""
    await cursor_to(pilot, app, node)
    await press(pilot, "t", "a")
    app.screen.query_one("#typed").value = "1"
    await pilot.click("#roll")
    await settle(pilot)
    return app.screen.query_one(f"#to-{key}")


async def roll_at_seneca(pilot, app, typed: str):
    """Table dice on, the confrontation at 6th & Seneca rolled with `typed`; the dialog."""
    await cursor_to(pilot, app, "6th & Seneca")
    await press(pilot, "t", "a")
    dialog = app.screen
    dialog.query_one("#typed").value = typed
    await pilot.click("#roll")
    await settle(pilot)
    return dialog


def test_table_dice_left_empty_in_the_confrontation_are_refused_not_rolled(tmp_path):
    """4: with table dice on, the confrontation's dice come from the table; an empty box rolls nothing."""
    path = make_session(tmp_path, commands=({"do": "end-phase"}, {"do": "end-phase"}))

    async def script(pilot, app):
        return str((await roll_at_seneca(pilot, app, "")).query_one("#error").render())

    assert "not enough dice typed in" in drive(path, script)
    assert "confrontation" not in log_kinds(path)


def test_confrontation_retreat_goes_where_the_umpire_picks(tmp_path):
    path = make_session(tmp_path, commands=({"do": "end-phase"}, {"do": "end-phase"}))

    async def script(pilot, app):
        choice = await forced_back(pilot, app, "6th & Seneca", "Flaming_Dildos")
        options = [value for _, value in choice._options if isinstance(value, str)]
        choice.value = options[-1]
        await pilot.click("#confirm")
        await settle(pilot)
        return options[-1], app.screen.game.state.units["Flaming Dildos"].node

    picked, node = drive(path, script)
    assert node == picked


def test_4_1_confrontation_dialog_shows_the_default_retreat_and_enter_confirms_a_sensible_one(tmp_path):
    """4.1, 5.2: Portland is forced back from 8th & Pine. The first intersection in map order, 7th & Pine, alone
    reaches the Roosevelt and would blockade it; the dialog shows the engine's choice, 8th & Olive, before Confirm,
    marks 7th & Pine as scoring, and Enter confirms 8th & Olive."""
    path = make_session(tmp_path, commands=(
        {"do": "move", "unit": "Portland", "to": "8th & Pine", "dice": [2]}, {"do": "end-phase"},
        {"do": "move", "unit": "6/B", "to": "8th & Pine", "dice": [1]}, {"do": "end-phase"}))

    async def script(pilot, app):
        choice = await forced_back(pilot, app, "8th & Pine", "Portland")
        labels = {value: str(label) for label, value in choice._options if isinstance(value, str)}
        shown = choice.value, str(app.screen.query_one("#outcome").render())
        await press(pilot, "enter")
        return labels, shown, app.screen.game.state.units["Portland"].node

    labels, (value, outcome), node = drive(path, script)
    assert labels["7th & Pine"] == "7th & Pine (the protesters would score: Roosevelt Hotel)"
    assert labels["8th & Olive"] == "8th & Olive"
    assert value == "8th & Olive" and "Portland: rolled 1 against 2: retreat to 8th & Olive" in outcome
    assert node == "8th & Olive"


def test_cancelled_confrontation_changes_nothing(tmp_path):
    path = make_session(tmp_path, commands=({"do": "end-phase"}, {"do": "end-phase"}))
    before = log_kinds(path)

    async def script(pilot, app):
        await cursor_to(pilot, app, "6th & Seneca")
        await press(pilot, "a")
        await pilot.click("#roll")
        await settle(pilot)
        await pilot.click("#back")
        await pilot.click("#cancel")
        await settle(pilot)
        return app.screen

    assert isinstance(drive(path, script), MainScreen)
    assert log_kinds(path) == before


def test_factions_dialog_assigns_the_peace_police(tmp_path):
    path = make_session(tmp_path, "n30/reclaim-the-streets", commands=({"do": "end-phase"},) * 4, faction_friction="on")

    async def script(pilot, app):
        await press(pilot, "F")
        dialog = app.screen
        assert isinstance(dialog, FactionsDialog)
        peace = dialog.query_one("#peace")
        for index in range(3):
            peace.select(peace.get_option_at_index(index).value)
        await pilot.pause()
        await pilot.click("#assign")
        await settle(pilot)
        return {uid: u.attrs.get("faction") for uid, u in app.screen.game.state.units.items()}

    factions = drive(path, script)
    assert list(factions.values()).count("peace-police") == 3 and factions["(A) Action"] == "black-bloc"


def test_undo_and_redo_keys(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await press(pilot, "e")
        after = app.screen.game.state.phase
        await press(pilot, "u")
        undone = app.screen.game.state.phase
        await press(pilot, "y")
        return after, undone, app.screen.game.state.phase

    assert drive(path, script) == ("police-movement", "protester-movement", "police-movement")


def test_help_lists_every_action_and_closes(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await press(pilot, "question_mark")
        shown = isinstance(app.screen, HelpScreen)
        text = app.export_screenshot().replace("&#160;", " ")
        await press(pilot, "escape")
        return shown, text, app.screen

    shown, text, screen = drive(path, script, size=(120, 60))  # tall enough for the whole list, unscrolled
    assert shown and isinstance(screen, MainScreen)
    text = html.unescape(text)
    assert [action.name for action in ACTIONS if action.name not in text] == []


def test_command_palette_offers_every_action_by_name(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        titles = [command.title for command in app.get_system_commands(app.screen)]
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"End phase")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await settle(pilot)
        return titles, app.screen.game.state.phase

    titles, phase = drive(path, script)
    assert {"End phase", "Undo", "Resolve confrontation"} <= set(titles)
    assert phase == "police-movement"


def test_theme_key_switches_light_and_dark(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        first = app.theme
        await press(pilot, "d")
        return first, app.theme

    first, second = drive(path, script)
    assert {first, second} == {"textual-dark", "textual-light"}


def test_small_terminal_still_shows_the_whole_map(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        view = app.screen.query_one(MapView)
        return view.region, view._lines_per_row(), screen_lines(app)

    region, per_row, lines = drive(path, script, size=(80, 24))
    assert per_row == 2 and region.height == 15 and region.width <= 80  # the streets, then two lines of legend
    seneca = next(line for line in lines if line.startswith(" Seneca"))
    assert "■1/1●1" in seneca, "a contested intersection keeps both counts"
    assert any(line.strip().startswith("●protesters  ■police/strength") for line in lines)
    assert any("S Secret Service  ╳ out of play" in line for line in lines)


def test_top_key_puts_the_selected_unit_on_top_of_its_stack(tmp_path):
    path = make_session(tmp_path, hidden="weak")

    async def script(pilot, app):
        await cursor_to(pilot, app, "7th & Olive")
        app.screen.unit = "Sea Turtles (T)"
        await press(pilot, "o")
        return app.screen.game.state.stacks["protesters"]["7th & Olive"]

    assert drive(path, script) == ("Sea Turtles (T)", "Sea Turtles (L)")


def test_place_reinforcements_selects_the_next_unit_waiting_at_its_edge(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await press(pilot, "p")
        unit = app.screen.game.state.units[app.screen.unit]
        return unit.status, unit.attrs["edge"], app.screen.note

    status, edge, note = drive(path, script)
    assert status == "off-map" and edge == "west" and "waits at the west edge" in note


def test_the_readme_documents_every_key():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    for action in ACTIONS:
        key = "?" if action.key == "question_mark" else action.key
        assert f"`{key}`" in readme and action.name in readme, action


def test_next_intersection_visits_each_contact_in_the_confrontation_phase(tmp_path):
    path = make_session(tmp_path, commands=({"do": "end-phase"}, {"do": "end-phase"}))

    async def script(pilot, app):
        seen = []
        for _ in range(3):
            await press(pilot, "n")
            seen.append(app.screen.query_one(MapView).cursor)
        return seen

    assert drive(path, script) == ["6th & Seneca"] * 3


def test_confrontation_dialog_keys_roll_and_confirm(tmp_path):
    path = make_session(tmp_path, commands=({"do": "end-phase"}, {"do": "end-phase"}))

    async def script(pilot, app):
        await press(pilot, "n", "a")
        await press(pilot, "c")  # nothing to confirm before the dice
        still_open = isinstance(app.screen, ConfrontDialog)
        await press(pilot, "r", "c")
        return still_open, app.screen

    still_open, screen = drive(path, script)
    assert still_open and isinstance(screen, MainScreen)
    assert "confrontation" in log_kinds(path)


def test_move_group_sends_the_waiting_reinforcements_toward_the_picked_intersection(tmp_path):
    """3, 3.1: M sends one group-move: the flying clusters leave last, so no reinforcement is halved, and
    one undo takes the whole group back to its edge."""
    path = make_session(tmp_path)

    async def script(pilot, app):
        await press(pilot, "p", "M")
        group = list(app.screen.group)
        await cursor_to(pilot, app, "5th & Pike")
        await press(pilot, "enter")
        moved = app.screen.game.state
        halved = [e.data["unit"] for _, e in app.session.last if e.kind == "movement-rolled" and e.data["halved"]]
        await press(pilot, "u")
        return group, moved, halved, app.screen.game.state

    group, state, halved, undone = drive(path, script)
    assert len(group) == 30 and all(uid in state.local["moved"] for uid in group)
    assert all(state.units[uid].status == "active" for uid in group)  # each entered from the west edge
    assert halved == [] and log_kinds(path).count("movement-rolled") == 30
    assert all(undone.units[uid].status == "off-map" for uid in group) and undone.local["moved"] == []


def test_view_as_player_shows_only_what_that_player_knows(tmp_path):
    path = make_session(tmp_path, hidden="strong")

    async def script(pilot, app):
        await press(pilot, "v")
        viewing, map_stacks = app.screen.viewing, dict(app.screen.query_one(MapView).stacks)
        await press(pilot, "v", "v")
        return viewing, map_stacks, app.screen.viewing, dict(app.screen.query_one(MapView).stacks)

    viewing, seen, back, truth = drive(path, script)
    assert viewing == "protesters" and back is None
    police_nodes = {node for node, sides in truth.items() if "police" in sides}
    assert police_nodes and all(seen.get(node, {}).get("police", (None, None, False))[1] is None for node in police_nodes)
    assert all(seen[node]["protesters"] == truth[node]["protesters"] for node in seen if "protesters" in seen[node])


def test_view_as_player_shows_the_barricades_and_flo_that_player_knows(tmp_path):
    built = ({"do": "barricade", "unit": "Bananarchy"}, {"do": "flo", "unit": "Flaming Dildos"})  # Flo beside WSP-2
    path = make_session(tmp_path, commands=built, hidden="weak")

    async def script(pilot, app):
        shown = [dict(app.screen.query_one(MapView).markers)]
        for _ in app.screen.game.ctx.scenario.players:
            await press(pilot, "v")
            shown.append(dict(app.screen.query_one(MapView).markers))
        return shown

    truth, protesters, police = drive(path, script)
    assert truth == protesters == {"4th & Olive": ("barricade",), "6th & Seneca": ("flo",)}
    assert police == {"6th & Seneca": ("flo",)}


def test_print_briefings_writes_a_sheet_per_player_and_records_it(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await press(pilot, "P")
        app.screen.query_one("#folder").value = str(tmp_path / "out")
        await pilot.click("#brief-lang")
        await pilot.click("#print")
        await settle(pilot)
        return sorted(p.name for p in (tmp_path / "out").iterdir())

    assert drive(path, script) == ["police.html", "protesters.html"]
    reader = open_reader(path)
    assert [(b.player, b.lang) for b in reader.briefings()] == [("protesters", "es"), ("police", "es")]
    reader.close()


def test_print_briefings_offers_pdf(tmp_path):
    """The second format offered is PDF (through the pdf extra, installed with the tests)."""
    path = make_session(tmp_path)

    async def script(pilot, app):
        await press(pilot, "P")
        app.screen.query_one("#folder").value = str(tmp_path / "out")
        await pilot.click("#brief-format")
        await pilot.click("#print")
        await settle(pilot)
        return sorted(p.name for p in (tmp_path / "out").iterdir())

    assert drive(path, script) == ["police.pdf", "protesters.pdf"]
    assert (tmp_path / "out" / "police.pdf").read_bytes().startswith(b"%PDF")


def test_units_that_moved_this_phase_are_dim(tmp_path):
    path = make_session(tmp_path, commands=({"do": "move", "unit": "(A) Action", "to": "4th & Pike", "dice": [3]},))
    state = read(path).state
    moved, waiting = unit_cells(state.units["(A) Action"], state), unit_cells(state.units["Dark Star"], state)
    assert all(cell.style.endswith("dim") for cell in moved.values())
    assert "dim" not in waiting["unit"].style and waiting["type"].style == ""


def test_long_log_lines_wrap_under_their_text():
    console = Console(width=30, record=True)
    console.print(LogEntry(f"{1234:>5} ", "Attack at 3rd & University (police 1): U32 1/2 retreat"))
    lines = console.export_text().splitlines()
    assert lines[0].startswith(" 1234 Attack") and len(lines) > 1
    assert all(line.startswith(" " * 6) and line[6] != " " for line in lines[1:])


def test_picking_a_destination_the_rules_forbid_says_which_rule_in_full_at_80x24(tmp_path):
    path = make_session(tmp_path, commands=({"do": "move", "unit": "Arizona", "path": ["7th & Union"], "dice": [2]},
                                            {"do": "roll", "unit": "Rad. Cheer.", "dice": [2]}))

    def header(app) -> str:
        return " ".join(line.strip() for line in screen_lines(app)[:4])

    async def script(pilot, app):
        await cursor_to(pilot, app, "6th & Union")
        app.screen.unit = "Rad. Cheer."
        await press(pilot, "m")
        rolled = header(app)
        await cursor_to(pilot, app, "7th & Union")
        await press(pilot, "enter")
        return app.screen.note, rolled, header(app)

    note, rolled, shown = drive(path, script, size=(80, 24))
    assert note.startswith("3.2: only 1 protester unit may enter") and "(6th & Union into 7th & Union)" in note
    assert "Rad. Cheer. may move 1: Enter on a highlighted intersection, s to stay, Esc hides them" in rolled
    assert len(note) > 160 and note in shown, "the header shows the whole refusal"

def test_undo_strikes_its_events_through_at_once_and_says_what_it_undid(tmp_path):
    path = make_session(tmp_path, commands=({"do": "move", "unit": "Arizona", "path": ["7th & Union"], "dice": [2]},))
    moved = f"{len(log_kinds(path)):>5} "  # the move's line starts with its seq

    def shown(app) -> tuple[bool, str]:
        lines = app.screen.query_one("#log").lines
        line = next(line for line in lines if line.text.startswith(moved))
        return any(s.style and s.style.strike for s in line), log_text(app)

    async def script(pilot, app):
        await press(pilot, "u")
        undone = shown(app)
        await press(pilot, "y")
        return undone, shown(app)

    (struck, text), (struck_after, text_after) = drive(path, script)
    assert struck and text.endswith("Undone: The protesters choose 6th & Union; Arizona rolls a movement of 1 "
                                    "(halved, 3.1) [dice 2*]; Arizona moves 6th & Union → 7th & Union (contact)")
    assert not struck_after and "Redone: The protesters choose 6th & Union;" in text_after


def test_view_as_player_shows_in_the_log_only_what_that_player_was_told(tmp_path):
    path = make_session(tmp_path, commands=(
        {"do": "report", "player": "police", "text": "Drums on Pine", "delay": 0, "reliability": "probable"},
        {"do": "report", "player": "protesters", "text": "Horses on Union", "delay": 0, "reliability": "doubtful"},
        {"do": "end-phase"}, {"do": "move", "unit": "7/A", "to": "7th & Seneca", "dice": [3]}))

    async def script(pilot, app):
        shown = []
        app.screen.query_one("#tabs").active = "tab-units"
        for _ in range(3):
            await press(pilot, "v")
            units = app.screen.query_one("#all-units")
            app.screen.query_one("#tabs").active = "tab-log"
            await settle(pilot)
            shown.append(log_text(app))
            app.screen.query_one("#tabs").active = "tab-units"
            await settle(pilot)
            shown.append(units.row_count)
        return shown

    protesters, protester_units, police, police_units, umpire, every_unit = drive(path, script)
    assert protester_units + police_units == every_unit, "the units tab: only the player's own units"
    assert protesters.startswith("What protesters was told") and "7:40: turn 1 begins" in protesters
    assert "7:40: report (doubtful): Horses on Union" in protesters
    assert "Drums on Pine" not in protesters and "7/A" not in protesters and "[dice" not in protesters
    assert "7:40: report (probable): Drums on Pine" in police and "Horses on Union" not in police
    assert "7/A moves" in umpire and "Report for protesters" in umpire


def test_at_80x24_the_confrontation_dialog_keeps_its_buttons_and_results_in_sight(tmp_path):
    path = make_session(tmp_path, "n30/hold-the-line", commands=({"do": "end-phase"}, {"do": "end-phase"}))

    async def script(pilot, app):
        await cursor_to(pilot, app, "7th & Pine")
        await press(pilot, "a")
        before = "\n".join(screen_lines(app))
        await press(pilot, "r")
        return before, "\n".join(screen_lines(app))

    before, after = drive(path, script, size=(80, 24))
    assert "Roll (r)" in before and "rad." in before and "U27 unorganized" in before
    assert "Confirm (c)" in after and "Back (b)" in after and "Sea Turtles (L): rolled" in after


def test_the_footer_shows_every_key_of_the_game_at_80x24(tmp_path):
    async def script(pilot, app):
        return screen_lines(app)[-2:]

    footer = " ".join(drive(make_session(tmp_path), script, size=(80, 24)))
    for action in ACTIONS:
        if action.footer:
            assert f"{'?' if action.key == 'question_mark' else action.key} {action.label}" in footer, action
    assert all(f" {key} " in footer for key in ("u", "y", "h", "M", "R", "o"))


def test_the_header_follows_the_unit_table_and_m_hands_the_arrows_to_the_map(tmp_path):
    path = make_session(tmp_path)

    async def script(pilot, app):
        await cursor_to(pilot, app, "7th & Olive")
        app.screen.query_one("#node-units").focus()
        await press(pilot, "down")
        header = screen_lines(app)[0]
        await press(pilot, "m")
        focused = app.focused
        await press(pilot, "down")
        return header, focused, app.screen.query_one(MapView).cursor

    header, focused, cursor = drive(path, script)
    assert "selected Sea Turtles (T)" in header
    assert isinstance(focused, MapView) and cursor != "7th & Olive"


def test_the_start_screen_says_how_to_change_an_option(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    async def script(pilot, app):
        return "\n".join(screen_lines(app))

    assert "Options: Tab to one; Enter (or a click) gives it its next value" in drive(None, script, folder=tmp_path / "sessions")


def test_the_start_screen_lists_sessions_made_or_opened_elsewhere(tmp_path, monkeypatch):
    """A session made with `referee new --db` in another folder, and one opened there with `referee play`, are
    listed beside the sessions folder's own, with the folder they are in."""
    from referee.cli import main
    from referee.recent import remember
    from referee.tui.screens.start import StartScreen

    monkeypatch.chdir(tmp_path)
    (tmp_path / "sessions").mkdir()
    (tmp_path / "elsewhere").mkdir()
    make_session(tmp_path / "sessions", "n30/close-the-ring")
    opened = make_session(tmp_path / "elsewhere", at=tmp_path / "elsewhere" / "opened.db")
    remember(opened)  # as `referee play` does when the dashboard shows it
    assert main(["new", "n30/close-the-ring", "--db", str(tmp_path / "elsewhere" / "made.db")]) == 0

    async def script(pilot, app):
        assert isinstance(app.screen, StartScreen)
        return [str(option.prompt) for option in app.screen.query_one("#sessions").options]

    listed = drive(None, script, folder=tmp_path / "sessions")
    assert sorted(line.split()[0] for line in listed) == ["made.db", "opened.db", "s.db"]
    assert all(("elsewhere/" in line) == (not line.startswith("s.db")) for line in listed)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_dice_typed_in_the_confrontation_dialog_show_as_they_are_typed(tmp_path, size):
    """4, with table dice: the field beside Roll is a line of its own; focused, it shows what is typed there, never
    the top edge of a frame in its place."""
    path = make_session(tmp_path, commands=({"do": "end-phase"}, {"do": "end-phase"}))

    async def script(pilot, app):
        await press(pilot, "t", "n", "a")
        app.screen.query_one("#typed").focus()
        await press(pilot, "4", "space", "2")
        return next(line for line in screen_lines(app) if "Roll (r)" in line)

    assert "4 2" in drive(path, script, size=size)
