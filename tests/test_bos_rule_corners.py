"""Battle of Seattle's rule corners, each test named for its section: removals only as the EI table directs
(4.21), the extension on a tie judged once (8.0) or agreed when play stops (2.4), Hey Beavis's Yahoos placed
(26), Folk Music Festival in a Morning (24), Crowds taken at night (7.1), the complete turn at Stage Two (7.3)."""

from __future__ import annotations

import pytest

from referee.errors import Refusal
from referee.game import Game
from referee.rulesets.bos.players import legal
from referee.rulesets.bos.players.random_player import RandomPlayer
from referee.rulesets.bos.players.simple import SimpleProtester
from referee.rulesets.bos.rules import arrivals
from tests.test_bos_game import DECLINE, MORNING, QUIET, new_game, play, refused, to_phase, whole_turn

BEAVIS = {"do": "events", "dice": [2, 6, 4]}  # 26: Hey Beavis..., 4 Yahoos arrive
FOLK = {"do": "events", "dice": [2, 4]}  # 24: Folk Music Festival
RANDOM = {"do": "events", "dice": [1, 1, 6]}  # 11: Random Reinforcement, 3 units (6 halved)
END = {"do": "end-phase"}


def on_map(game: Game, kind: str) -> list[str]:
    return [u.id for u in game.state.units.values() if u.type == kind and u.status == "active"]


def _through(game: Game, turns: int) -> Game:
    """`whole_turn` `turns` times, naming the SPD units a high Authority EI removes (4.21)."""
    for _ in range(turns):
        play(game, QUIET)
        spd = on_map(game, "spd")[:-min(0, legal.spd_due(game.state, "table"))]
        play(game, {"do": "reinforce", "take": {"group": 0, "crowd": 0, "spd": len(spd)}, "remove": spd})
        whole_turn(game)
    return game


def _placed(game: Game) -> Game:
    """The reinforcements due placed, as `to_phase` places them."""
    due = [u.id for u in game.state.units.values() if u.attrs.get("due")]
    return play(game, *({"do": "place", "unit": uid, "to": to} for uid, to in zip(due, MORNING, strict=False)))


def _morning_ahead() -> Game:
    """Seed 3 (Liberals 1 and 4 among the opening Crowds) played to the Morning of 1 December, two Anarchists
    kept on the map so that the Protester EI (32) is above the Authority's (27): the Crowds set aside at
    nightfall wait for this phase's reinforcements (7.1)."""
    game = play(new_game(3), QUIET, {"do": "reinforce", "take": {"crowd": 0}, "dice": [1, 1, 1, 1]},
                {"do": "place", "unit": "Anarchists 1", "to": "capitol-hill"},
                {"do": "place", "unit": "Anarchists 2", "to": "capitol-hill"})
    for _ in range(3):
        whole_turn(game)
    assert game.state.turn == 4 and game.state.scores == {"protester": 32, "authority": 27}
    return game


# --- 4.21: removals --------------------------------------------------------------------------------------------

def test_4_21_no_unit_is_removed_where_the_table_calls_for_no_removal():
    """4.21: "add or remove units as directed": at EIs 0 and 30 the table removes nothing, so naming units in
    `remove` is refused and none leaves the map."""
    game = play(new_game(1), QUIET)
    assert set(on_map(game, "labor")) >= {"Labor 8"} and on_map(game, "environmentalist") == ["Environmentalists 4"]
    with pytest.raises(Refusal, match="^4.21: units are removed only as the table directs: none is due of "
                                      "Environmentalists 4, Labor 8, SPD 1$"):
        game.apply({"do": "reinforce", "remove": ["SPD 1", "Labor 8", "Environmentalists 4"]})
    assert all(game.state.units[uid].status == "active" for uid in ("SPD 1", "Labor 8", "Environmentalists 4"))


def test_4_21_units_are_removed_as_many_as_and_of_the_type_the_table_directs():
    """4.21: at Authority EI 81-100 the table removes one SPD unit: a Crowd named beside it is refused; SPD 1 alone
    leaves the map."""
    game = play(new_game(1), QUIET)
    game.state.scores = {"protester": 0, "authority": 85}  # the table's -1 SPD column
    assert refused(game, {"do": "reinforce", "remove": ["SPD 1", "Labor 8"], "take": {"group": 0, "crowd": 0}}) == "4.21"
    (event,) = game.apply({"do": "reinforce", "remove": ["SPD 1"], "take": {"group": 0, "crowd": 0}})
    assert event.data["removed"] == ["SPD 1"] and game.state.units["SPD 1"].status == "off-map"
    assert game.state.units["Labor 8"].status == "active"


# --- 8.0 and 2.4: the extension ----------------------------------------------------------------------------------

def _to_last_turn_end(options: dict[str, str] | None = None) -> Game:
    game = new_game(options=options)
    for _ in range(7):
        whole_turn(game)
    return to_phase(game, "turn-end")


def test_8_0_a_tie_at_the_end_of_turn_8_extends_the_game_to_turn_11_whatever_follows():
    """8.0 (Spanish, option extend=tie): "Si existe un empate, el juego se extiende hasta el turno de la tarde del
    3 de Diciembre": the tie is judged once, at the end of the Afternoon, 2 December turn; the game then runs to the
    end of turn 11 though the indices part at the end of turn 9. The Crowds leave the map for the Night (7.1)."""
    game = _to_last_turn_end({"extend": "tie"})
    crowds = [u.id for u in game.state.units.values() if u.status == "active" and u.side == "protester"]
    game.state.scores = {"protester": 50, "authority": 50}  # tied as the Turn End Phase closes
    events = game.apply(END)
    assert [e.kind for e in events] == ["game-extended", "nightfall", "turn-begun"]
    assert events[0].data == {"turns": 11, "by": "tie"} and set(crowds) == set(events[1].data["units"])
    assert "8.0: the indices are tied" in game.narrate(events[0]) and game.state.turn == 9
    _through(game, 1)
    assert game.state.scores["protester"] != game.state.scores["authority"]
    assert not game.state.over and game.state.turn == 10
    _through(game, 2)
    assert game.state.over and game.state.turn == 11


def test_8_0_without_a_tie_the_game_ends_at_turn_8():
    game = _to_last_turn_end({"extend": "tie"})
    game.state.scores = {"protester": 51, "authority": 50}
    assert game.apply(END)[-1].kind == "game-ended" and game.state.over and game.state.turn == 8


def test_2_4_the_players_may_extend_a_game_that_has_just_ended():
    """2.4, 8.0: "At the end of the Afternoon, December 2 Game-Turn, play stops and victory is judged. If both
    players agree, they may extend the game to the end of the Afternoon, December 3 Game-turn": one command
    (`extend`), refused before play stops (8.0) and once the game has ended on turn 11 (2.4)."""
    game = new_game()
    assert refused(game, {"do": "extend"}) == "8.0"
    game = _to_last_turn_end()
    crowds = [u.id for u in game.state.units.values() if u.status == "active" and u.side == "protester"]
    game.apply(END)
    assert game.state.over and game.state.turn == 8
    with pytest.raises(Refusal, match=r"^8.0: the game is over .*or the players' agreement to extend it"):
        game.apply(END)
    events = game.apply({"do": "extend"})
    assert [e.kind for e in events] == ["game-extended", "nightfall", "turn-begun"]
    assert "2.4: the players agree" in game.narrate(events[0])
    assert set(crowds) <= set(events[1].data["units"]) and all(game.state.units[u].status == "off-map" for u in crowds)
    assert not game.state.over and game.state.winner is None and "level" not in game.state.local
    assert game.state.turn == 9 and game.state.local["last_turn"] == 11
    _through(game, 3)
    assert game.state.over and game.state.turn == 11 and game.events[-1].kind == "game-ended"
    assert refused(game, {"do": "extend"}) == "2.4"


def test_2_4_an_extension_agreed_before_play_cannot_be_agreed_again():
    game = _through(new_game(options={"extend": "on"}), 11)
    assert game.state.over and game.state.turn == 11
    assert refused(game, {"do": "extend"}) == "2.4"


# --- Random Events Table 26: Hey Beavis... -------------------------------------------------------------------------

def test_26_hey_beavis_yahoos_arrive_and_the_phase_waits_for_them():
    """Random Events Table 26: "1d6 Yahoo units arrive as reinforcements": the phase does not end with any left
    to place while Yahoos are available; Random Reinforcement's units (11-16) may still be left unchosen."""
    game = play(new_game(), BEAVIS, DECLINE)
    with pytest.raises(Refusal, match=r"^Random Events Table 26 \(Hey Beavis...\): the Yahoos arrive \(4 to place\)"):
        game.apply(END)
    for n in range(1, 5):
        play(game, {"do": "place", "unit": f"Yahoos {n}", "to": "belltown"})
    play(game, END)
    assert len(on_map(game, "yahoo")) == 4 and game.state.phase == "protester-movement"
    play(new_game(), RANDOM, DECLINE, END)


@pytest.mark.parametrize("player", [SimpleProtester("protester", 1), RandomPlayer("protester", 1)])
def test_26_the_computer_protester_places_every_yahoo_that_arrives(player):
    """Random Events Table 26: the computer Protester places them all, though each costs him 1 EI a turn."""
    game = play(new_game(), BEAVIS, DECLINE)
    for command in player.placing(game):
        game.apply(command)
    assert len(on_map(game, "yahoo")) == 4 and arrivals.yahoos_arriving(game.ctx, game.state) == []
    play(game, END)


# --- Random Events Table 24: Folk Music Festival -----------------------------------------------------------------------

def test_24_folk_music_festival_in_a_morning_holds_back_the_liberals_set_aside_at_nightfall():
    """Random Events Table 24: "Remove all Liberal units: they reappear in the Morning turn of the following day".
    Rolled in the Morning of 1 December, the Liberals set aside at nightfall stay aside with those on the map until
    the Morning of 2 December, the log naming them; Random Reinforcement does not bring them back meanwhile."""
    game = _morning_ahead()
    liberals = ["Liberals 1", "Liberals 4"]
    (rolled,) = play(game, FOLK).events[-1:]
    assert rolled.data["withdrawn"] == liberals and "Liberals 1, Liberals 4" in game.narrate(rolled)
    (reinforced,) = game.apply(DECLINE)
    assert not set(liberals) & set(reinforced.data["units"])
    _placed(game)
    to_phase(game, "turn-end")
    game.apply(END)
    play(game, RANDOM)
    assert game.state.turn == 5 and "crowd" in game.state.local["allowance"]["kinds"]
    assert not set(liberals) & set(arrivals.choosable(game.state))
    assert refused(game, {"do": "place", "unit": "Liberals 1", "to": "capitol-hill"}) == "4.2"
    play(game, DECLINE)
    while game.state.turn < 7:
        whole_turn(game)
    (back,) = play(game, QUIET).apply(DECLINE)
    assert set(liberals) <= set(back.data["units"])


# --- 7.1: Crowds taken at night ------------------------------------------------------------------------------------

def test_7_1_a_crowd_taken_at_night_by_random_reinforcement_is_held_until_the_morning():
    """7.1: "plus any other Crowd units that may have entered the game as reinforcements during the Night turn":
    a Crowd chosen at night is held, not placed and not refused, and comes back as a reinforcement in the Morning."""
    game = new_game(3)
    for _ in range(2):
        whole_turn(game)
    play(game, RANDOM)
    assert game.state.turn == 3 and "crowd" in game.state.local["allowance"]["kinds"]
    crowd = next(uid for uid in arrivals.choosable(game.state) if uid.startswith("Labor"))
    (held,) = game.apply({"do": "place", "unit": crowd})
    assert held.kind == "unit-held" and "held until the Morning" in game.narrate(held)
    assert game.state.units[crowd].status == "off-map" and game.state.local["allowance"]["count"] == 2
    assert refused(game, {"do": "place", "unit": "Anarchists 1"}) == "4.2"  # a Group is placed somewhere
    play(game, DECLINE)
    whole_turn(game)
    (back,) = play(game, QUIET).apply(DECLINE)
    assert crowd in back.data["units"]


def test_7_1_a_unit_placed_by_random_reinforcement_in_a_morning_stays_on_the_map():
    """7.1, 4.21: in a Morning, Random Reinforcement chooses from the piles, not among the Crowds set aside at
    nightfall (they come back with this phase's reinforcements); a unit it places is not taken off the map again."""
    game = play(_morning_ahead(), RANDOM)
    assert "crowd" in game.state.local["allowance"]["kinds"]
    assert refused(game, {"do": "place", "unit": "Labor 1", "to": "capitol-hill"}) == "4.2"  # set aside at nightfall
    chosen = next(uid for uid in arrivals.choosable(game.state) if uid.startswith("Labor"))
    play(game, {"do": "place", "unit": chosen, "to": "capitol-hill"}, DECLINE)
    assert game.state.units[chosen].node == "capitol-hill" and game.state.units["Labor 1"].attrs["due"]


# --- 7.3: Stage Three --------------------------------------------------------------------------------------------

def _morale_failed() -> Game:
    """Turn 2's events phase, SPD 1 having failed a Morale Check in turn 1 (Stage Two open, 7.3)."""
    game = to_phase(new_game(), "protester-combat")
    crowd = next(u.id for u in game.state.at("convention-centre", "protester"))
    play(game, {"do": "combat", "attackers": [crowd], "defenders": ["SPD 1"], "dice": [5, 1, 6]})
    assert game.state.local["morale_failed"]
    return whole_turn(game)


def test_7_3_stage_two_before_the_random_event_makes_the_whole_turn_one_at_stage_two():
    """7.3: "must spend at least one complete Game-turn at Stage Two before going to Stage Three": declared before
    turn 2's random event, turn 2 is complete at Stage Two and Stage Three may come at the start of turn 3."""
    game = play(_morale_failed(), {"do": "escalate", "stage": 2})
    assert refused(game, {"do": "escalate", "stage": 3}) == "7.3"
    whole_turn(game)
    assert game.state.turn == 3 and legal.may_escalate(game.state)
    play(game, {"do": "escalate", "stage": 3})
    assert game.state.local["stage_three"]


def test_7_3_stage_two_after_the_random_event_waits_for_the_next_complete_turn():
    game = play(_morale_failed(), QUIET, DECLINE, {"do": "escalate", "stage": 2})
    whole_turn(game)
    assert refused(game, {"do": "escalate", "stage": 3}) == "7.3" and not legal.may_escalate(game.state)
    whole_turn(game)
    play(game, {"do": "escalate", "stage": 3})
