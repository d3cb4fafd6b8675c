"""The exact odds of a player's order against the umpire's state (each ruleset's `odds`): each game's lines checked
against its rules played die by die or read from its tables, a hidden fact changing them, none for a refused order
or one no die decides; `referee orders` and its `--json`, and the dashboard's inbox, showing them under each waiting
order alone."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import product

from referee.rules.charts import row_for
from referee.rulesets.bos.rules import crt
from referee.rulesets.bos.rules.units import TYPES
from referee.rulesets.n30.rules.phases import CONFRONTATION
from referee.rulesets.wallman.rules.setup import tables as wallman_tables
from referee.session import read
from tests.n30_support import arrange
from tests.n30_support import new_game as n30_game
from tests.test_bos_game import new_game as bos_game
from tests.test_bos_game import to_phase
from tests.test_orders import send
from tests.test_orders_wallman import view_of
from tests.test_tui_inbox import until
from tests.tui_support import drive, make_session, press
from tests.wallman_game import new_game as wallman_game
from tests.wallman_game import put

CHICAGO = "chicago/chicago-1968"
FORWARD = {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "gold-coast"}  # green meets the police
CONFLICT = {"do": "conflict", "box": "gold-coast"}


def chances_in(line: str) -> dict[str, Fraction]:
    """The chances a line gives after its last colon: "... : retreat 1/2, unaffected 1/2" (or "; " between)."""
    said = line.rsplit(": ", 1)[1].replace("; ", ", ")
    return {what: Fraction(chance) for what, chance in (part.rsplit(" ", 1) for part in said.split(", "))}


def shares(outcomes: list) -> dict:
    """How often each outcome came, as a share of all."""
    return {what: Fraction(n, len(outcomes)) for what, n in Counter(outcomes).items()}


# --- each game, from its rules ---------------------------------------------------------------------------------

def test_4_each_unit_the_police_attack_has_its_chances_as_the_dice_fall_under_gas():
    """4, 4.3: the police total (two hard squads, 2 each) doubled by gas and shared evenly, an unorganized cluster's
    share doubled; each unit's die played out face by face through the confrontation itself."""
    game = arrange(n30_game(), {"3rd & Pike": ["6/B", "7/B", "CART/B", "U1", "Sea Turtles (T)"]}, phase=CONFRONTATION)
    command = {"do": "confront", "node": "3rd & Pike", "gas": True}
    lines = game.odds(command)
    played: dict[str, list[str]] = {"U1": [], "Sea Turtles (T)": []}
    for dice in product(range(1, 7), repeat=2):
        units = next(e for e in game.preview({**command, "dice": list(dice)}) if e.kind == "confrontation").data["units"]
        for unit in units:
            played[unit["id"]].append(unit["result"])
            if unit["radicalized"]:
                played[unit["id"]].append("radicalized")
    total = (2 + 2) * 2
    assert [line.split(": ")[1] for line in lines] == [f"U1 (unorganized) facing {total // 2 * 2}",
                                                      f"Sea Turtles (T) (theater) facing {total // 2}"]
    for line, unit in zip(lines, played, strict=True):
        assert line.startswith("4: ") and chances_in(line) == {k: Fraction(n, 36) for k, n in Counter(played[unit]).items()}


def test_4_an_attack_the_rules_refuse_and_a_move_have_no_odds():
    """4: no protester unit at the intersection, or no squad with them: refused, so no odds; a move rolls nothing."""
    game = arrange(n30_game(), {"3rd & Pike": ["6/B", "U1"], "3rd & Union": ["CART/B", "U2"]}, phase=CONFRONTATION)
    assert game.odds({"do": "confront", "node": "3rd & Pike"})
    assert game.odds({"do": "confront", "node": "3rd & Union"}) == ()
    assert game.odds({"do": "confront", "node": "4th & Pike"}) == ()
    assert arrange(n30_game(), {"3rd & Pike": ["U1"]}).odds({"do": "move", "unit": "U1", "to": "3rd & Union"}) == ()


def test_6_3_the_attack_and_the_counterattack_read_the_crt_at_each_side_s_combat_factors():
    """6.1, 6.3: a Liberal crowd (CF 2) attacks an SPD squad (CF 4), who counterattack: each result's chance is the
    share of the die's faces giving it in the column of that total."""
    game = to_phase(bos_game(), "protester-combat")
    attack, counter, *fates = game.odds({"do": "combat", "attackers": ["Liberals 4"], "defenders": ["SPD 1"]})
    for line, cf in ((attack, TYPES["liberal"].combat), (counter, TYPES["spd"].combat)):
        assert line.startswith("6.3: ") and f"CF {cf} ({crt.COLUMNS[crt.column(cf)][0]})" in line
        assert chances_in(line) == shares([crt.result(cf, roll, 1) for roll in range(1, 7)])
    assert [line.split(": ")[1] for line in fates] == ["Liberals 4", "SPD 1"]
    assert all(sum(chances_in(line).values()) == 1 for line in fates)


def test_how_to_resolve_conflict_6_green_s_roll_on_harass_played_out_face_by_face(tmp_path):
    """HOW TO RESOLVE CONFLICT 5, 6: green attacks the Gold Coast's platoons on HARASS; each result's chance is the
    share of the die's faces that bring it when the conflict is rolled."""
    game = read(make_session(tmp_path, CHICAGO, (FORWARD, {"do": "end-phase"}), seed=1))
    lines = game.odds(CONFLICT)
    played = [next(e for e in game.preview({**CONFLICT, "dice": [roll]}) if e.kind == "conflict").data
              for roll in range(1, 7)]
    assert lines[0].startswith("HOW TO RESOLVE CONFLICT 6: HARASS at ")
    assert chances_in(lines[0]) == shares([conflict["result"] for conflict in played])
    assert lines[1].startswith("HOW TO RESOLVE CONFLICT 5: points: ")


def test_fighting_each_pair_of_d10s_played_out():
    """Fighting: a round of 1d10 each, the factors added; each winner and result's chance the share of the hundred
    pairs of faces bringing it when the fight is fought."""
    game = put(wallman_game(), {"Foot Patrol": "Market Square"})
    command = {"do": "fight", "unit": "Foot Patrol", "crowd": "Town Hall protest", "intent": "arrest"}
    (line,) = game.odds(command)
    played = []
    for dice in product(range(1, 11), repeat=2):
        fought = game.preview({**command, "dice": list(dice)})[0].data
        played.append(fought["result"] if fought["winner"] is None else f"{fought['winner']} wins ({fought['result']})")
    assert line.startswith("Fighting: Foot Patrol against Town Hall protest (arrest): ")
    assert chances_in(line) == shares(played)


def test_negotiation_a_poor_negotiator_s_hidden_quality_changes_the_umpire_s_odds():
    """Negotiation: a poor negotiator takes 4 off the die. Inspector Okafor is one, which his player is never told:
    the umpire's odds read the truth, the table's row for each face of the die, the crowd's RL 4 moving by its change."""
    game = put(wallman_game(), {"Supt. Hale": "Market Square", "Insp. Okafor": "Market Square"})
    negotiation = wallman_tables(game.ctx).negotiation
    assert game.state.units["Insp. Okafor"].attrs["negotiator"] == "poor"
    assert "poor" not in json.dumps(view_of(game, "okafor"), default=str), "his quality is hidden from him"
    rl = game.state.units["Town Hall protest"].attrs["rl"]
    for officer, less in (("Supt. Hale", 0), ("Insp. Okafor", negotiation.modifiers["poor"].value)):
        (line,) = game.odds({"do": "negotiate", "officer": officer, "crowd": "Town Hall protest"})
        expected = shares([f"RL {rl + row_for(negotiation.table, face + less).change}" for face in range(1, 7)])
        assert line.startswith(f"Negotiation: {officer} with Town Hall protest at RL {rl}: ")
        assert chances_in(line) == expected
    assert game.odds({"do": "negotiate", "officer": "Supt. Hale", "crowd": "Town Hall protest"}) != game.odds(
        {"do": "negotiate", "officer": "Insp. Okafor", "crowd": "Town Hall protest"})


def test_firearms_each_die_of_a_volley_hits_on_the_firer_s_number_and_wounds_by_the_table():
    """Firearms: a d6 per firer against the number the firer needs, a wound die for each hit."""
    game = put(wallman_game(), {"Riot Van 1": "Market Square"})
    firearms = wallman_tables(game.ctx).firearms
    (line,) = game.odds({"do": "shoot", "unit": "Riot Van 1", "crowd": "Town Hall protest", "firers": 3})
    needed = firearms.to_hit[game.state.units["Riot Van 1"].type]
    expected = shares([row_for(firearms.wounds, wound).result if roll >= needed else "no hit"
                       for roll, wound in product(range(1, 7), repeat=2)])
    assert line.startswith("Firearms: Riot Van 1 into Town Hall protest, 3 dice, each: ") and chances_in(line) == expected


def test_odds_are_none_for_a_refused_order_or_one_no_die_decides():
    """Fighting, Negotiation: figures not in contact, an officer out of earshot; a move and a shouted order roll
    nothing; a finished game takes no order."""
    game = wallman_game()
    assert game.odds({"do": "fight", "unit": "Foot Patrol", "crowd": "Town Hall protest"}) == ()
    assert game.odds({"do": "negotiate", "officer": "Supt. Hale", "crowd": "Town Hall protest"}) == ()
    assert game.odds({"do": "move", "unit": "Foot Patrol", "to": "High Street East"}) == ()
    assert game.odds({"do": "no such verb"}) == ()


# --- shown to the umpire ---------------------------------------------------------------------------------------

def test_referee_orders_gives_each_waiting_order_its_odds_and_json_adds_them(cli, tmp_path):
    """HOW TO RESOLVE CONFLICT 6: green's conflict order waits with its odds under it, indented, and as `odds` in
    the JSON; a move has none, and an order decided has none any more (its dice are in the log)."""
    path = make_session(tmp_path, CHICAGO, (FORWARD, {"do": "end-phase"}), seed=1)
    expected = read(path).odds(CONFLICT)
    moved = send(path, "demonstrators", {"do": "move", "units": {"G1": 1}, "from": "lincoln-park", "to": "old-town"})
    asked = send(path, "demonstrators", CONFLICT, "Conflict: Gold Coast")
    assert expected
    lines = cli("orders", path).lines
    at = next(n for n, line in enumerate(lines) if line.startswith(f"#{asked} "))
    assert lines[at + 1:] == [f"    {line}" for line in expected]
    assert not lines[at - 1].startswith("    ") and lines[at - 1].startswith(f"#{moved} ")
    listed = {order["id"]: order for order in json.loads(cli("orders", path, "--json").out)}
    assert (listed[moved]["odds"], listed[asked]["odds"]) == ([], list(expected))
    assert cli("return", path, asked, "Not now.").code == 0
    assert json.loads(cli("orders", path, "--json").out)[-1]["odds"] == []
    assert all(not line.startswith("    ") for line in cli("orders", path).lines)


def test_the_inbox_shows_the_odds_under_a_waiting_order_and_in_its_decision_form(tmp_path):
    """HOW TO RESOLVE CONFLICT 6: on the dashboard, the inbox (I) lists the order with its odds under it, and the
    form deciding it repeats them."""
    path = make_session(tmp_path, CHICAGO, (FORWARD, {"do": "end-phase"}), seed=1)
    expected = read(path).odds(CONFLICT)
    send(path, "demonstrators", CONFLICT, "Conflict: Gold Coast")

    async def script(pilot, app):
        await until(pilot, lambda: app.screen.mail)
        await press(pilot, "I")
        listed = str(app.screen.query_one("#inbox-list").get_option_at_index(0).prompt)
        await press(pilot, "enter")
        note = "\n".join(str(label.render()) for label in app.screen.query(".form-note"))
        return listed, note

    listed, note = drive(path, script)
    assert expected
    assert all(f"\n    {line}" in listed for line in expected)
    assert all(line in note for line in expected)


def test_a_game_reads_the_odds_against_its_state_as_it_stands():
    """The odds are read from the state now: once the police have attacked U1 (4.1), the same order is refused and
    has none."""
    game = arrange(n30_game(), {"3rd & Pike": ["6/B", "U1"]}, phase=CONFRONTATION)
    command = {"do": "confront", "node": "3rd & Pike"}
    assert game.odds(command)
    game.apply({**command, "dice": [6]})
    assert game.odds(command) == ()
