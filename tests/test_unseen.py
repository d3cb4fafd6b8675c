"""Unknown is not none (DESIGN.md, principle 9): in every game, a place or a pile off the map that a player cannot
see now reads "not seen", never empty, none or 0, in his view, `referee view` (text and JSON), his HTML and
Markdown sheets in both languages (the live page renders the same sheet) and the dashboard's view as him. What the
rules make public (Battle of Seattle's Reserve Pool and Turn Record track, RULINGS.md) is shown to both players
unless `fog` hides it.

Which places hold something, and which of them a player cannot see, comes from the umpire's truth worked out here
plainly (a side's sight under fog as tests/fog_support.py has it, a Wallman officer's own place and the next ones),
never from the view under test.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from referee import rulesets
from referee.briefing.i18n import Strings
from referee.briefing.render import render
from referee.core.events import Event
from referee.core.state import GameState
from referee.core.units import ACTIVE
from referee.game import Game
from referee.knowledge import fog
from referee.knowledge.build import new_record
from referee.knowledge.export import view_json
from referee.knowledge.view import PlayerView
from referee.rulesets.bos.rules import forces
from referee.rulesets.bos.tui.widgets import AreasTable
from referee.rulesets.bos.tui.widgets import RecordPanel as BosRecord
from referee.rulesets.chicago.tui.widgets import BoxesTable, BoxPanel
from referee.rulesets.chicago.tui.widgets import RecordPanel as ChicagoRecord
from referee.rulesets.wallman.tui.widgets import PlacesTable
from referee.scenario.catalog import Player, load
from referee.simulate import play
from tests.fog_support import in_sight
from tests.sheet_text import view_page
from tests.test_bos_briefing import visible
from tests.tui_support import drive, make_session, press, screen_lines, settle

GAMES = {  # one scenario a game, with what hides places on: (scenario, options, seed)
    "bos": ("bos/battle-of-seattle", {"fog": "on"}, 2),
    "chicago": ("chicago/chicago-1968", {"fog": "on"}, 1),
    "n30": ("n30/lock-down-hold-fast", {"hidden": "strong"}, 1),
    "wallman": ("wallman/town-centre-riot", {}, 3),
    "wallman-two-bridges": ("wallman/two-bridges", {}, 3),  # a second town, of another shape: two banks, two bridges
}
PILES = {"bos": (forces.RESERVE, forces.SCHEDULED)}  # the piles off the map the rules show, by game
SHEETS = [(fmt, lang) for fmt in ("html", "md") for lang in ("en", "es")]
WALLMAN_MOVES = ({"do": "end-phase"},) * 4


@cache
def events(game: str, **changed: str) -> tuple:
    """The game's context, rules and a log: a computer game cut at its first moment from halfway worth checking
    (Battle of Seattle's with State Troopers on the Turn Record track), or Wallman's opening and a few phases (it
    has no computer players)."""
    scenario, options, seed = GAMES[game]
    options = {**options, **changed}
    if game.startswith("wallman"):
        played = Game.new(load(scenario), options, seed)
        for command in WALLMAN_MOVES:
            played.apply(command)
        return played.ctx, played.rules, tuple(played.events)
    played = play(scenario, options, seed, keep_events=True).game
    ctx, rules, log = played.ctx, played.rules, played.events
    state = rules.initial(ctx).thawed()
    for n, event in enumerate(log, 1):
        rules.evolve(ctx, state, event)
        if n >= len(log) // 2 and ripe(game, ctx, state):
            break
    return ctx, rules, tuple(log[:n] + [troopers(state.turn)] * (game == "bos"))


def troopers(turn: int) -> Event:
    """State Troopers 1 ordered on `turn`, due two turns later (4.22), as the log would hold them at Stage Two: the
    computer players order no emergency reinforcements."""
    return Event("emergency-ordered", {"units": {"State Troopers 1": turn + 2}}, (), turn, "events")


def ripe(game: str, ctx, state: GameState) -> bool:
    """A moment worth checking: some player cannot see a place holding units (where nothing hides places, N30's
    hidden movement included, any moment); in Battle of Seattle the Authority has units in the Reserve Pool too."""
    hidden = not (ctx.scenario.ruleset == "wallman" or ctx.options.get("fog") == "on") or any(
        occupied(state, p) - sight(ctx, state, p) for p in ctx.scenario.players)
    return hidden and (game != "bos" or any(u.status == forces.RESERVE for u in state.units.values()))


def truth(ctx, rules, log) -> GameState:
    """The umpire's state after the log."""
    state = rules.initial(ctx).thawed()
    for event in log:
        rules.evolve(ctx, state, event)
    return state


def views(ctx, rules, log) -> dict[str, PlayerView]:
    """Every player's view after the log."""
    record = new_record(ctx, rules, "ab" * 32)
    for event in log:
        record.feed(event)
    return {player.id: record.view(player.id) for player in ctx.scenario.players}


def theirs(player: Player, unit) -> bool:
    """A unit the player does not know in full: the other side's, or in Wallman anyone's but his command's."""
    return unit.id not in player.units if player.units is not None else unit.side != player.side


def sight(ctx, state: GameState, player: Player) -> set[str]:
    """The places the player sees now, worked out plainly: under fog his side's places and the next ones; in
    Wallman his figure's place and the next ones; else the whole board (N30's hidden movement shows every stack)."""
    board = ctx.scenario.board
    if ctx.scenario.ruleset == "wallman":
        figure = next(state.units[uid] for uid in player.units or () if state.units[uid].type == "officer")
        return {figure.node, *board.neighbours(figure.node)} if figure.status == ACTIVE and figure.node else set()
    return in_sight(ctx, state, player.side) if ctx.options.get("fog") == "on" else set(board.nodes)


def occupied(state: GameState, player: Player) -> set[str]:
    """The places where units stand that the player does not know in full."""
    return {u.node for u in state.units.values() if u.status == ACTIVE and u.node and theirs(player, u)}


def read(sheet: str, fmt: str) -> str:
    """A sheet's words as a reader sees them (tags, Markdown escapes and emphasis gone)."""
    return visible(sheet, fmt).replace("*", "") if fmt == "md" else visible(sheet, fmt)


def said_unseen(sheet: str, fmt: str, t: Strings) -> str:
    """The sheet's line of the places not seen now, as a reader sees it ('' if none)."""
    said = t.optional("other.unseen")
    found = re.search(re.escape(said) + r"(.*?)\.\s*$", read(sheet, fmt), re.M) if said else None
    return found[1] if found else ""


def place_problems(ctx, state: GameState, player: Player, view: PlayerView) -> list[str]:
    """Where a player's outputs read a place he cannot see as empty, or fail to say it is not seen; or read a place
    he sees wrongly (empty with units there)."""
    board, ruleset = ctx.scenario.board, ctx.scenario.ruleset
    seen, full = sight(ctx, state, player), occupied(state, player)
    dark = set(board.nodes) - seen
    text, data = view_page(view), view_json(view)
    unseen, current = set(data.get("unseen", ())), {s["node"] for s in data["stacks"] if s["current"]}
    found = [f"json: unseen {sorted(unseen)}, not {sorted(dark)}"] if unseen != dark else []
    found += [f"json: {node} shown now, out of sight" for node in sorted(dark & current)]
    found += [f"json: {node} reads empty, in sight" for node in sorted((full & seen) - current)]
    words = Strings("en", ruleset)
    found += [f"text: {node}" for node in sorted(full & dark) if f"\n  {words.place(node)}: not seen" not in text]
    for fmt, lang in SHEETS:
        t, sheet = Strings(lang, ruleset), render(view, board, fmt, lang)
        listed = said_unseen(sheet, fmt, t)
        found += [f"{fmt} {lang}: {node} not listed" for node in sorted(full & dark) if t.place(node) not in listed]
        marks = sheet.count('fill="url(#unseen)"') if fmt == "html" else sum(  # the map's table rows, not its legend
            line.count("░") for line in sheet.splitlines() if line.startswith("|"))
        found += [f"{fmt} {lang}: {marks} places marked on the map, not {len(dark)}"] if marks != len(dark) else []
    return found


def pile_problems(ctx, state: GameState, player: Player, view: PlayerView) -> list[str]:
    """Where a player's outputs read a pile of the other side's off the map (that the rules show) as empty, or as
    seen under fog: each must be "not seen" under fog, else listed with what is there."""
    ruleset, hidden, found = ctx.scenario.ruleset, ctx.options.get("fog") == "on", []
    text, data = view_page(view), view_json(view)
    for status in PILES.get(ruleset, ()):
        there = {u.id for u in state.units.values() if u.side != player.side and u.status == status}
        if not there:
            continue
        piles = [p for p in data.get("piles", ()) if p["place"] == status]
        shown = {u["id"] for p in piles for u in p["units"] or ()}
        if not piles or any(p["seen"] == hidden for p in piles) or (not hidden and shown != there):
            found.append(f"json: {status} {sorted(shown)}, the truth {sorted(there)}")
        lines = [line for line in text.splitlines() if line.startswith(f"  {piles[0]['name']}")] if piles else []
        if not lines or any(line.endswith(": none") or hidden != line.endswith(": not seen") for line in lines):
            found.append(f"text: {status}: {lines}")
        for fmt, lang in SHEETS:
            t = Strings(lang, ruleset)
            card = rulesets.get(ruleset).reference_card(view, t)  # the sheet before its card: the card's tables
            sheet = read(render(view, ctx.scenario.board, fmt, lang), fmt)  # name the pool as the rules do
            said = re.findall(rf"{re.escape(t.word('status', status))}[^:\n]*:\s*(\S+ ?\S*)",
                              sheet.split(card.title)[0] if card else sheet)
            if not said or any(s.startswith(t("pile.none")) or hidden != s.startswith(t("pile.unseen")) for s in said):
                found.append(f"{fmt} {lang}: {status}: {said}")
    return found


def problems(game: str, **options: str) -> list[str]:
    """Every player's problems with what he cannot see, at the game's moment."""
    ctx, rules, log = events(game, **options)
    state, seen = truth(ctx, rules, log), views(ctx, rules, log)
    return [f"{player.id} {problem}" for player in ctx.scenario.players
            for problem in place_problems(ctx, state, player, seen[player.id])
            + pile_problems(ctx, state, player, seen[player.id])]


@pytest.mark.parametrize("game", list(GAMES))
def test_no_view_reads_a_place_or_pile_it_cannot_see_as_empty(game):
    """Every player of every game, at a moment where places (and Battle of Seattle's Reserve Pool and Turn Record
    track) hold units he cannot see: each is "not seen" in every output, each place he sees reads as it is."""
    ctx, rules, log = events(game)
    state = truth(ctx, rules, log)
    if game != "n30":  # N30's hidden movement hides no place (RULINGS.md, 6.2): the check is that none reads empty
        assert any(occupied(state, p) - sight(ctx, state, p) for p in ctx.scenario.players), "something is unseen"
    assert problems(game) == []


def test_the_open_battle_of_seattle_shows_the_reserve_pool_and_the_turn_record_track_to_both():
    """4.2, 4.22: without fog the Protester's view lists the Authority's Reserve Pool and the State Troopers on the
    Turn Record track, by the turn they reach the Pool; "none" only where the Pool is empty."""
    ctx, rules, log = events("bos", fog="off")
    state = truth(ctx, rules, log)
    view = views(ctx, rules, log)["protester"]
    pool = {u.id for u in state.units.values() if u.status == forces.RESERVE}
    assert pool and {u.id for p in view.piles if p.place == forces.RESERVE for u in p.units or ()} == pool
    turn = state.units["State Troopers 1"].attrs["arrives"]
    assert [(p.turn, [u.id for u in p.units or ()]) for p in view.piles if p.place == forces.SCHEDULED] == [
        (turn, ["State Troopers 1"])]
    time = ctx.scenario.clock.label(turn)
    assert f"  Turn Record track, {time}: State Troopers 1 (State Troopers)" in view_page(view)
    assert f"Contador de turnos, {Strings('es', 'bos').data(time)} (turno {turn}):** Tropas Estatales 1" in render(
        view, ctx.scenario.board, "md", "es")
    assert problems("bos", fog="off") == [] and not view.unseen


def test_the_check_bites(monkeypatch):
    """A view that says nothing of what its player cannot see (no places not seen, no piles) is caught."""
    from referee.rulesets.bos.knowledge import BosKnowledge

    monkeypatch.setattr(fog, "unseen", lambda ctx, sight: ())
    monkeypatch.setattr(BosKnowledge, "_piles", lambda self, side: ())
    found = problems("bos")
    assert any(" text: " in p for p in found) and any(" html es: " in p for p in found)
    assert any("reserve" in p for p in found) and any("scheduled" in p for p in found)


BOS_MOVES = ({"do": "events", "dice": [6, 1]}, {"do": "reinforce"}, *({"do": "end-phase"},) * 4,
             {"do": "move", "unit": "SPD 2", "to": "kingdome"})  # the Protester's units are far from the Kingdome


def _bos_as_protester(path) -> tuple[str, str, str]:
    async def script(pilot, app):
        await press(pilot, "v")
        assert app.screen.viewing == "protester"
        return (str(app.screen.query_one(AreasTable).get_row("kingdome")[1]),
                str(app.screen.query_one(BosRecord).render()), "\n".join(screen_lines(app)))

    return drive(path, script)


def test_view_as_the_protester_under_fog_shows_what_he_cannot_see_as_not_seen(tmp_path):
    """The dashboard's view as the Protester (option fog): the Kingdome, where SPD 2 stands out of his sight, and
    the Authority's Reserve Pool and Turn Record track read not seen, not empty or none."""
    kingdome, record, screen = _bos_as_protester(make_session(tmp_path, "bos/battle-of-seattle", BOS_MOVES, 3, fog="on"))
    assert "not seen" in kingdome and "SPD" not in kingdome
    assert "On the way not seen" in record and "Reserve Pool not seen" in record
    assert "░ not seen" in screen


def test_view_as_the_protester_shows_the_public_reserve_pool(tmp_path):
    """Without fog the Reserve Pool is public (RULINGS.md): viewed as the Protester it holds the Authority's SPD."""
    _, record, _ = _bos_as_protester(make_session(tmp_path, "bos/battle-of-seattle", BOS_MOVES, 3))
    pool = next(line for line in record.splitlines() if line.startswith("Reserve Pool"))
    assert "SPD" in pool and "none" not in pool and "not seen" not in pool


def test_view_as_the_demonstrators_under_fog_draws_no_empty_minimum_box(tmp_path):
    """Chicago-Chicago under fog, viewed as the demonstrators in Lincoln Park: the Amphitheatre's minimum box, full
    of police they cannot see, is M?, not M0; no box they cannot see is called short."""
    path = make_session(tmp_path, "chicago/chicago-1968", (), seed=3, fog="on")

    async def script(pilot, app):
        await press(pilot, "v")
        assert app.screen.viewing == "demonstrators"
        table = app.screen.query_one(BoxesTable)
        table.pick("amphitheatre")
        await settle(pilot)
        return ([str(cell) for cell in table.get_row("amphitheatre")], str(app.screen.query_one(ChicagoRecord).render()),
                str(app.screen.query_one(BoxPanel).render()))

    row, record, box = drive(path, script)
    assert row[4] == "M?/3" and "not seen" in row[3]
    minimum = next(line for line in record.splitlines() if line.startswith("Minimum"))
    assert "short" not in minimum.replace("none short", "") and "not seen" in minimum
    assert "CPD MINIMUM ?/3" in box and "not seen" in box and "P1" not in box


def test_view_as_an_officer_marks_the_places_he_cannot_see(tmp_path):
    """Wallman: viewed as Supt. Hale at the police station, the Tower Estate (its youths out of his sight) is not
    seen; the Fire Station next door is seen."""
    path = make_session(tmp_path, "wallman/town-centre-riot", (), seed=3)

    async def script(pilot, app):
        await press(pilot, "v")
        table = app.screen.query_one(PlacesTable)
        return {node: str(table.get_row(node)[0]) for node in ("Tower Estate", "Fire Station")}

    rows = drive(path, script)
    assert "not seen" in rows["Tower Estate"] and "not seen" not in rows["Fire Station"]


def test_an_officer_s_sheet_names_his_own_units_in_the_places_he_cannot_see():
    """Wallman (The Player Role, RULINGS.md "What a player hears of his own units"): Supt. Hale sees only around
    his own figure, but knows his command by radio: each place out of his sight where units of his stand is listed
    with them, in both languages, so that the sheet never reads as if he did not know where his own units are."""
    game = Game.new(load("wallman/town-centre-riot"), {}, 3)
    record = new_record(game.ctx, game.rules, "ab" * 32)
    for event in game.events:
        record.feed(event)
    view = record.view("hale")
    away = {node: [unit.name for unit in view.own if unit.node == node] for node in view.unseen}
    away = {node: names for node, names in away.items() if names}
    assert away, "some of his units stand out of his sight"
    for lang in ("en", "es"):
        t = Strings(lang, "wallman")
        listed = " ".join(said_unseen(render(view, game.ctx.scenario.board, "html", lang), "html", t).split())
        for node, names in away.items():
            assert f"{t.place(node)} ({t('other.yours_there')} {', '.join(map(t.data, names))})" in listed, listed
