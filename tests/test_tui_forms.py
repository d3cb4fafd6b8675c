"""The dashboard's forms know the rules before Apply (Pilot): what the rules forbid now is shown closed with its
section and cannot be chosen (7.3's Stage One, 5.0's reach, 5.1's one area and Reaction Move Limit, Chicago's
movement factors, Wallman's pace), the same function deciding the form and the refusal; a number due is asked for
once its dice are known (4.21); a move's destinations follow the unit chosen; a number field takes typing from its
first key; focus shows in shape, not in colour alone; no dialog title is cut at 80x24."""

from __future__ import annotations

import re

import pytest
from rich.table import Table
from textual.geometry import Region
from textual.widgets import Label, OptionList, Select

from referee.errors import Refusal
from referee.rulesets.bos.rules import reinforcement
from referee.rulesets.bos.rules.movement import paths
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER
from referee.rulesets.chicago.rules.board import parks
from referee.rulesets.chicago.rules.movement import cheapest
from referee.rulesets.n30.tui.map_view import MapView
from referee.tui.dialogs.dialog import Dialog
from referee.tui.dialogs.form import CLOSED_MARK, CommandForm
from referee.tui.widgets.number_input import NumberInput
from referee.tui.widgets.ticks import Ticks
from tests.test_tui import log_kinds
from tests.test_tui_bos import DECLINE, END, MAYOR, PROTESTER_COMBAT, seattle
from tests.test_tui_chicago import GREEN_LEADS, chicago
from tests.test_tui_riot import fill, riot
from tests.tui_support import drive, make_session, press, settle

AUTHORITY_COMBAT = (*PROTESTER_COMBAT, END, END, END)  # Liberals 4 and SPD 1 still share the Convention Centre
SPD_FAILS_MORALE = {"do": "combat", "attackers": ["Liberals 4"], "defenders": ["SPD 1"], "dice": [5, 1, 6]}
STAGE_TWO = (*PROTESTER_COMBAT, SPD_FAILS_MORALE, {"do": "escalate", "stage": 2}, END,
             {"do": "move", "unit": "SPD 1", "to": "convention-centre"}, END, END)  # the Authority's combat, Stage Two
NEXT_EVENTS = (END, END, MAYOR, DECLINE)  # on to the next game-turn's emergency reinforcements
SECTION = re.compile(r"\(([^()]+)\)$")


def _choices(form: CommandForm, name: str) -> dict[object, tuple[str, bool]]:
    """A choice field's options: {value: (what the umpire reads, whether it can be chosen)}."""
    select = form.query_one(f"#field-{name}", Select)
    overlay = select.query_one(OptionList)
    return {value: (str(prompt), not overlay.get_option_at_index(index).disabled)
            for index, (prompt, value) in enumerate(select._options)}


def _open(form: CommandForm, name: str) -> set:
    return {value for value, (_, choosable) in _choices(form, name).items() if choosable}


def _sections(form: CommandForm, name: str) -> dict[object, str]:
    """The section each closed choice cites, at the end of its words."""
    return {value: SECTION.search(label).group(1) for value, (label, choosable) in _choices(form, name).items()
            if not choosable}


def _barred(form: CommandForm, name: str) -> str | None:
    """What a field closed whole says, or None if it can be filled in."""
    widget = form.query_one(f"#field-{name}")
    return str(widget.render()) if isinstance(widget, Label) else None


async def _choose(pilot, form: CommandForm, name: str, value) -> None:
    form.query_one(f"#field-{name}", Select).value = value
    await settle(pilot)


# --- 1. closed before Apply, with the section ---------------------------------------------------------------------

@pytest.mark.parametrize("commands, stage", [(AUTHORITY_COMBAT, 1), (STAGE_TWO, 2)])
def test_7_3_special_munitions_are_closed_at_stage_one_and_open_at_stage_two(tmp_path, commands, stage):
    """7.3: "Stage One: The Authority Player may not use Special Munitions"; Stage Two lifts it. The form shows
    the field closed with 7.3 before Apply, and the rules refuse munitions exactly then."""
    async def script(pilot, app):
        await press(pilot, "c")
        form = app.screen
        barred, ticks = _barred(form, "munitions"), form.query(Ticks).filter("#field-munitions")
        game = app.session.game
        try:
            game.preview({"do": "combat", "attackers": ["SPD 1"], "defenders": ["Liberals 4"], "munitions": ["SPD 1"]})
            refused = None
        except Refusal as refusal:
            refused = refusal.section
        return game.state.local["stage"], barred, bool(ticks) and not ticks.first()._options[0].disabled, refused

    now, barred, choosable, refused = drive(seattle(tmp_path, *commands), script)
    assert now == stage
    if stage == 1:
        assert barred and "Stage One" in barred and barred.endswith("(7.3)") and not choosable and refused == "7.3"
    else:
        assert barred is None and choosable and refused != "7.3"


@pytest.mark.parametrize("commands, stage", [((MAYOR, DECLINE), 1), ((*STAGE_TWO, *NEXT_EVENTS), 2)])
def test_7_3_state_troopers_and_national_guard_are_closed_at_stage_one_and_open_at_stage_two(tmp_path, commands, stage):
    """7.3: no State Trooper or National Guard emergency reinforcements at Stage One; SPD may always be ordered
    (4.22). A closed kind is a line saying why, not a field; ordering one is refused under 7.3 exactly then."""
    async def script(pilot, app):
        await press(pilot, "E")
        form, game = app.screen, app.session.game
        shown = {kind: _barred(form, kind) for kind in ("spd", "national_guard", "state_trooper")}
        refused = {}
        for kind in ("national_guard", "state_trooper"):
            try:
                game.preview({"do": "emergency", "units": {kind: 1}})
                refused[kind] = None
            except Refusal as refusal:
                refused[kind] = refusal.section
        return game.state.local["stage"], shown, refused, bool(form.query(NumberInput).filter("#field-spd"))

    now, shown, refused, spd_open = drive(seattle(tmp_path, *commands), script)
    assert now == stage and shown["spd"] is None and spd_open
    for kind in ("national_guard", "state_trooper"):
        if stage == 1:
            assert shown[kind].startswith(CLOSED_MARK) and shown[kind].endswith("(7.3)") and refused[kind] == "7.3"
        else:
            assert shown[kind] is None and refused[kind] is None


def test_5_0_a_moves_destinations_follow_the_unit_chosen_the_others_closed_with_their_section(tmp_path):
    """5.0: a unit moves along the Transit Lines up to its Movement Factor, stopping where enemy units are. The
    destinations open are those for the unit chosen now, and they change with it; each closed one cites 5.0, or
    5.2 where two Crowds already stand."""
    async def script(pilot, app):
        await press(pilot, "m")
        form, game = app.screen, app.session.game
        seen = []
        for uid in list(_choices(form, "unit")):
            await _choose(pilot, form, "unit", uid)
            seen.append((set(paths(game.ctx, game.state, game.state.units[uid])), _open(form, "to"),
                         _sections(form, "to"), form.query_one("#field-to", Select).value))
        return seen

    seen = drive(seattle(tmp_path, MAYOR, DECLINE, END), script)
    assert len({frozenset(opened) for _, opened, _, _ in seen}) > 1  # the units stand apart: the choices change
    for reach, opened, sections, value in seen:
        assert opened <= reach and value in opened
        assert all(sections[area] == ("5.2" if area in reach else "5.0") for area in sections)


def test_5_1_a_reaction_move_is_one_area_within_the_reaction_move_limit(tmp_path):
    """5.1: a unit reaction-moves one area at most, as many units as the Reaction Move Limit of the side's EI
    (the Reinforcement Chart); beyond it, every destination is closed, citing 5.1."""
    spd_in_pool = {"do": "reinforce", "take": {"group": 0, "crowd": 0}}  # the SPD due wait in the Reserve Pool
    reacting = (MAYOR, spd_in_pool, END, END)  # the Authority Reaction Movement Phase

    async def first(pilot, app):
        await press(pilot, "m")
        form, game = app.screen, app.session.game
        board, state = game.ctx.scenario.board, game.state
        on_map = [uid for uid in _choices(form, "unit") if state.units[uid].node]
        await _choose(pilot, form, "unit", on_map[0])
        unit = state.units[on_map[0]]
        limit = reinforcement.reaction_limit(state.scores[AUTHORITY])
        moves = tuple({"do": "move", "unit": uid, "to": board.neighbours(state.units[uid].node)[0]}
                      for uid in on_map[:limit])
        return (set(board.neighbours(unit.node)), _open(form, "to"), _sections(form, "to"),
                set(paths(game.ctx, state, unit)), limit, moves)

    async def after(pilot, app):
        await press(pilot, "m")
        return _open(app.screen, "to"), set(_sections(app.screen, "to").values())

    nearby, opened, sections, reach, limit, moves = drive(seattle(tmp_path / "a", *reacting), first)
    assert opened == nearby and limit >= 1
    assert all(sections[area] == "5.1" for area in reach - nearby)  # within the Movement Factor, but two areas away
    assert drive(seattle(tmp_path / "b", *reacting, *moves), after) == (set(), {"5.1"})


def test_a_closed_choice_cannot_be_picked_with_the_keys(tmp_path):
    """5.0: the arrow keys in a destination list skip the areas out of reach; Enter picks an open one."""
    async def script(pilot, app):
        await press(pilot, "m")
        form = app.screen
        opened, picked = _open(form, "to"), []
        form.query_one("#field-to", Select).focus()
        for _ in range(len(_choices(form, "to")) + 1):
            await press(pilot, "enter", "down", "enter")
            picked.append(form.query_one("#field-to", Select).value)
        return opened, picked

    opened, picked = drive(seattle(tmp_path, MAYOR, DECLINE, END), script)
    assert set(picked) <= opened and len(set(picked)) > 1


def test_chicago_boxes_beyond_the_units_movement_factors_are_closed_and_infiltration_opens_them(tmp_path):
    """HOW TO MOVE UNITS 2 and 4: a unit spends its movement number a step, two factors a box holding an enemy
    unit; INFILTRATION doubles it. The boxes open are those the cheapest way reaches within it."""
    async def script(pilot, app):
        game, start = app.session.game, app.screen.area
        state = game.state
        factors = min(u.factors["movement"] for u in state.at(start, "demonstrators") if not u.attrs["minimum"])
        costs = {box: found[1] for box in game.ctx.scenario.board.nodes
                 if box != start and (found := cheapest(game.ctx, state, start, box, "demonstrators"))}
        await press(pilot, "m")
        form = app.screen
        sections = _sections(form, "to")
        walking = _open(form, "to"), {s for box, s in sections.items() if box != start}, sections[start]
        form.query_one("#field-infiltrate").value = True
        await settle(pilot)
        return factors, costs, walking, _open(form, "to")

    factors, costs, (walking, cited, here), infiltrating = drive(chicago(tmp_path), script)
    assert walking == {box for box, cost in costs.items() if cost <= factors} and cited == {"HOW TO MOVE UNITS 2"}
    assert here == "HOW TO MOVE UNITS"  # the box they are in: closed, they are there already
    assert infiltrating == {box for box, cost in costs.items() if cost <= 2 * factors} and walking < infiltrating


def test_chicago_guard_comes_in_only_while_green_leads_said_before_any_form(tmp_path):
    """NATIONAL GUARD: "the Guard may be brought in only when the demonstrators are ahead"; the key says so
    instead of opening a form that the rules would refuse, and opens it once green leads."""
    async def script(pilot, app):
        await press(pilot, "g")
        return isinstance(app.screen, CommandForm), [str(n.message) for n in app._notifications]

    closed, said = drive(chicago(tmp_path / "a"), script)
    assert not closed and any("(NATIONAL GUARD)" in line for line in said)
    opened, _ = drive(chicago(tmp_path / "b", *GREEN_LEADS), script)
    assert opened


def test_chicago_set_up_puts_the_demonstrators_only_in_a_park(tmp_path):
    """HOW TO SET UP THE GAME 3: "the demonstrators set up in a park": every other box is closed, citing it."""
    async def script(pilot, app):
        start = app.screen.area
        await press(pilot, "p")
        form = app.screen
        return set(parks(app.session.game.ctx.scenario.board)), start, _open(form, "to"), set(_sections(form, "to").values())

    park_boxes, start, opened, cited = drive(chicago(tmp_path), script)
    assert opened == park_boxes - {start} and cited == {"HOW TO SET UP THE GAME 3", "HOW TO SET UP THE GAME"}


def test_4_n30_gas_is_closed_without_a_chemical_unit_as_the_rules_refuse_it(tmp_path):
    """4: "the police may gas only where a chemical unit accompanies the attacking squads": the confrontation's
    gas box cannot be ticked there, and a line says why before the dice; the rules refuse gas there too."""
    async def script(pilot, app):
        app.screen.query_one(MapView).cursor = "6th & Seneca"
        await settle(pilot)
        await press(pilot, "a")
        dialog, game = app.screen, app.session.game
        police = {unit.type for unit in game.state.at("6th & Seneca", "police")}
        try:
            game.preview({"do": "confront", "node": "6th & Seneca", "gas": True,
                          "allocation": {unit.id: 0 for unit in game.state.at("6th & Seneca", "protesters")}})
            refused = None
        except Refusal as refusal:
            refused = f"{refusal.section}: {refusal.reason}"
        return police, dialog.query_one("#gas").disabled, str(dialog.query_one(".form-barred", Label).render()), refused

    police, disabled, said, refused = drive(make_session(tmp_path, commands=(END, END)), script)
    assert "chemical" not in police and disabled and said.startswith(CLOSED_MARK) and said.endswith("(4)")
    assert refused is not None and refused.startswith("4: ") and "gas" in refused and refused.split(": ", 1)[1] in said


def test_wallman_destinations_follow_the_unit_chosen_and_running_opens_the_farther_places(tmp_path):
    """Movement: a unit covers its pace a turn past no crowd, an officer twice it running (Player Actions); the
    places next to the chosen unit head the list, those out of its reach are closed citing Movement."""
    async def script(pilot, app):
        await press(pilot, "m")
        form, state = app.screen, app.session.game.state
        board = app.session.game.ctx.scenario.board
        units = list(_choices(form, "unit"))
        other = next(uid for uid in units if state.units[uid].site != state.units[units[0]].site)
        await _choose(pilot, form, "unit", other)
        site = state.units[other].site
        marked = {value for value, (label, _) in _choices(form, "to").items() if f"(next to {site})" in label}
        officer = next((uid for uid in units if state.units[uid].type == "officer"), None)
        if officer is None:
            return marked, set(board.adjacency[site]), set(_sections(form, "to").values()), None, None
        await _choose(pilot, form, "unit", officer)
        walking = _open(form, "to")
        form.query_one("#field-run").value = True
        await settle(pilot)
        return marked, set(board.adjacency[site]), set(_sections(form, "to").values()), walking, _open(form, "to")

    marked, nearby, cited, walking, running = drive(riot(tmp_path), script)
    assert marked == nearby and cited == {"Movement"}
    if walking is not None:
        assert walking < running


# --- 2. a number due is asked for once its dice are known ---------------------------------------------------------

def test_4_21_the_groups_due_are_offered_as_the_dice_about_to_be_rolled_give_them(tmp_path):
    """4.21: the Groups and Crowds due are rolled; the form offers at most that many, and the rules roll the same."""
    path = seattle(tmp_path, MAYOR)

    async def script(pilot, app):
        game = app.session.game
        due = reinforcement.protester_due(game.state.scores[PROTESTER], game.dice.copy())
        await press(pilot, "i")
        form = app.screen
        offered = {kind: set(_choices(form, kind)) for kind in ("group", "crowd") if form.query(f"#field-{kind}")}
        await fill(pilot, app)
        return due, offered, app.session.game.events[-1].data["due"]

    due, offered, rolled = drive(path, script)
    assert {kind: rolled[kind] for kind in due} == due
    for kind, count in due.items():
        assert offered.get(kind, set()) == ({-1, 0, *range(1, count)} if count > 0 else set())
    assert log_kinds(path)[-1] == "reinforced"


def test_4_21_with_dice_from_the_table_the_number_to_take_waits_for_the_dice(tmp_path):
    """4.21: typed in at the table, the Groups' dice come first: before them only "all" or "none" may be chosen,
    once typed the numbers short of their sum (Groups +2d6 at Protester EI 0)."""
    async def script(pilot, app):
        await press(pilot, "t", "i")
        form = app.screen
        before = set(_choices(form, "group"))
        form.query_one("#field-dice").value = "4 5"
        await settle(pilot)
        return app.session.game.state.scores[PROTESTER], before, set(_choices(form, "group"))

    ei, before, after = drive(seattle(tmp_path, MAYOR), script)
    entry = reinforcement.GROUPS[reinforcement.band(ei)]
    assert entry.dice == 2 and before == {-1, 0} and after == {-1, 0, *range(1, entry.fixed + 4 + 5)}


# --- 4. number fields ----------------------------------------------------------------------------------------------

def test_a_number_field_takes_typing_from_its_first_key_however_it_was_focused(tmp_path):
    async def script(pilot, app):
        await press(pilot, "E")
        field = app.screen.query_one("#field-spd", NumberInput)
        typed = []
        await press(pilot, "3")  # focused as the form opens
        typed.append(field.value)
        await press(pilot, "tab", "shift+tab", "4")  # by the keys
        typed.append(field.value)
        await press(pilot, "tab")
        await pilot.click("#field-spd")  # by the mouse, which puts the cursor before the number
        await press(pilot, "5")
        typed.append(field.value)
        await press(pilot, "6")  # the next key adds to it
        typed.append(field.value)
        return typed

    assert drive(seattle(tmp_path, MAYOR, DECLINE), script) == ["3", "4", "5", "56"]


# --- 5. focus in shape; whole titles -------------------------------------------------------------------------------

def _monochrome(app, region: Region) -> list[list[tuple]]:
    """What a monochrome terminal shows of a region of the screen: each cell's character and its bold, reverse,
    underline and italic, no colour."""
    rows = []
    for strip in app.screen._compositor.render_strips()[region.y:region.bottom]:
        cells = [(char, bool(style and style.bold), bool(style and style.reverse), bool(style and style.underline),
                  bool(style and style.italic)) for text, style, _ in strip for char in text]
        rows.append(cells[region.x:region.right])
    return rows


GAMES = {"bos": lambda tmp: seattle(tmp, MAYOR, DECLINE, END), "chicago": chicago,
         "n30": lambda tmp: make_session(tmp), "wallman": riot}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("key", ["", "m"])
def test_focus_shows_in_shape_not_in_colour_alone(tmp_path, game, key):
    """Every widget the keys can focus, on each game's screen and in its move form, looks otherwise focused than
    not in a terminal without colour."""
    async def script(pilot, app):
        if key:
            await press(pilot, key)
        screen, unmarked = app.screen, []
        for widget in list(screen.focus_chain):
            widget.focus()
            await settle(pilot)
            focused = _monochrome(app, widget.region)
            screen.set_focus(None)
            await settle(pilot)
            if _monochrome(app, widget.region) == focused:
                unmarked.append(widget)
        return unmarked, len(screen.focus_chain)

    unmarked, focusable = drive(GAMES[game](tmp_path), script, size=(80, 24))
    assert focusable and unmarked == []


def _title(dialog: Dialog) -> str:
    """A dialog's title: its first line of words (a table's own title)."""
    first = dialog.query("Label, Static").first()
    table = getattr(first.content, "renderable", None)  # the keys' table, drawn once
    return " ".join(str(table.title if isinstance(table, Table) else first.render()).split("\n")[0].split())


def _shown(app, region: Region) -> str:
    rows = ["".join(cell[0] for cell in row) for row in _monochrome(app, region)]
    return " ".join(" ".join(rows).split())


STATES = {"bos": ((MAYOR,), (MAYOR, DECLINE, END), AUTHORITY_COMBAT), "chicago": ((), GREEN_LEADS),
          "n30": ((), (END, END)), "wallman": ((),)}
MODES = {"history", "view_as", "theme", "next", "table_dice", "undo", "redo", "branch", "end_phase", "player_links"}


@pytest.mark.parametrize("game", STATES)
def test_every_dialog_title_is_whole_at_80x24(tmp_path, game):
    """Each action key that opens a dialog, in a few moments of each game: the title's words are all on screen."""
    screen_kind = type(drive(GAMES[game](tmp_path / "first"), lambda pilot, app: _screen(app)))
    actions = [a for a in screen_kind.ACTIONS if a.run not in MODES]
    opened, cut = [], []
    for n, commands in enumerate(STATES[game]):
        folder = tmp_path / str(n)
        folder.mkdir()
        path = make_session(folder, *_scenario(game, commands))

        async def script(pilot, app):
            for action in actions:
                before = len(app.session.game.events)
                await press(pilot, action.key)
                while isinstance(app.screen, Dialog):
                    title = _title(app.screen)
                    opened.append(title)
                    widget = app.screen.query("Label, Static").first()
                    if title not in _shown(app, widget.region):
                        cut.append(title)
                    await press(pilot, "escape")
                if len(app.session.game.events) != before:
                    await press(pilot, "u")

        drive(path, script, size=(80, 24))
    assert opened and cut == []


async def _screen(app):
    return app.screen


def _scenario(game: str, commands: tuple) -> tuple:
    return {"bos": ("bos/battle-of-seattle", commands, 3), "chicago": ("chicago/chicago-1968", commands, 3),
            "n30": ("n30/lock-down-hold-fast", commands, 5), "wallman": ("wallman/town-centre-riot", commands, 3)}[game]
