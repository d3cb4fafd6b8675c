"""The dashboard's game-over screen on a Battle of Seattle session, driven with Pilot: the players' agreement to
extend the game once play stops (2.4, 8.0)."""

from __future__ import annotations

from referee.rulesets.bos.tui.screen import SeattleScreen
from referee.rulesets.bos.tui.widgets import RecordPanel
from referee.simulate import play_game
from tests.test_tui import log_kinds
from tests.test_tui_riot import fill
from tests.tui_support import drive, make_session, press, screen_lines

SCENARIO = "bos/battle-of-seattle"


def _shown(app) -> tuple[str, str, bool, str]:
    """The footer's keys, the record panel, whether the extension's key is bound now, and the header."""
    return (" ".join(screen_lines(app)[-2:]), str(app.screen.query_one(RecordPanel).render()),
            "X" in app.screen.active_bindings, " ".join(screen_lines(app)[:2]))


def test_2_4_the_game_over_screen_offers_to_extend_the_game(tmp_path):
    """2.4, 8.0: "If both players agree, they may extend the game to the end of the Afternoon, December 3
    Game-turn": once play stops at the end of turn 8 the record says so and the footer offers X, which asks for the
    umpire's confirmation and sends `extend`; the Night, 2 December game-turn begins, the key is gone and the status
    line counts to the last game-turn as extended."""
    _, commands = play_game(SCENARIO, {}, 3)
    path = make_session(tmp_path, SCENARIO, tuple(commands), seed=3)

    async def script(pilot, app):
        over, over_state = _shown(app), app.session.game.state
        await press(pilot, "X")
        await fill(pilot, app)
        return over, over_state, _shown(app), app.session.game.state

    (footer, record, bound, header), over_state, (_, record_after, bound_after, header_after), state = drive(path, script,
                                                                                                   size=(160, 45))
    assert bound and "X Extend" in footer and "Game over" in record and "Extend" in record
    assert f"Game over: {over_state.local['level']}" in header  # the level of victory (8.0), not the winner alone
    assert log_kinds(path)[-3:] == ["game-extended", "nightfall", "turn-begun"]
    assert not state.over and state.turn == 9 and not bound_after and "Game over" not in record_after
    assert "turn 9/11" in header_after  # the game as extended: to the Afternoon, 3 December game-turn (2.4)


def test_2_4_the_extension_is_not_offered_while_the_game_goes_on(tmp_path):
    path = make_session(tmp_path, SCENARIO, (), seed=3)

    async def script(pilot, app):
        await press(pilot, "X")
        return _shown(app), app.screen

    (footer, record, bound, _), screen = drive(path, script, size=(160, 45))
    assert not bound and "Extend" not in footer and "Extend" not in record and isinstance(screen, SeattleScreen)
    assert log_kinds(path)[-1] == "turn-begun"
