"""Text that cannot be printed back, and control characters in names and free text, are refused at the door."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from tests.door_support import N30, WALLMAN, game, new_session, one_line
from tests.examples import WORKED_CONFRONTATION

CONTROL = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029)]
#: every key that names something, with a command that has it
NAMED = [
    (N30, {"do": "move", "unit": "6/A", "to": "7th & Pike"}, "unit"),
    (N30, {"do": "move", "unit": "6/A", "to": "7th & Pike"}, "to"),
    (N30, {"do": "choose", "node": "7th & Pike"}, "node"),
    (N30, {"do": "confront", "node": "6th & Pike"}, "node"),
    (N30, {"do": "report", "player": "police", "text": "x"}, "player"),
    (WALLMAN, {"do": "drift", "crowd": "Precinct crowd"}, "crowd"),
    (WALLMAN, {"do": "fire", "building": "Bank"}, "building"),
    (WALLMAN, {"do": "split", "crowd": "Precinct crowd", "figures": 5, "new": "x"}, "new"),
    (WALLMAN, {"do": "snipe", "from": "Market Cross", "target": "Panda 1"}, "from"),
    (WALLMAN, {"do": "hydrant", "engine": "Engine 1"}, "engine"),
    (WALLMAN, {"do": "triage", "medic": "Ambulance 1", "casualty": "C1"}, "casualty"),
    (WALLMAN, {"do": "negotiate", "officer": "Supt. Hale", "crowd": "Precinct crowd"}, "officer"),
]
HOSTILE = st.text(st.characters(codec="utf-8"), max_size=80)
PART = st.text(st.characters(codec="utf-8"), max_size=30)  # two parts and a control character fit in a name
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def session(cli, tmp_path):
    return new_session(cli, tmp_path)


@pytest.mark.parametrize("scenario, command, key", NAMED)
@SETTINGS
@given(before=PART, control=st.sampled_from(CONTROL), after=PART)
def test_a_control_character_in_a_name_is_refused(scenario, command, key, before, control, after):
    with pytest.raises(RefereeError) as refused:
        game(scenario).check(command | {key: before + control + after})
    assert str(refused.value) == f'{command["do"]}: "{key}" must not hold control characters (tab, newline and the like)'


@pytest.mark.parametrize("scenario, command, key", NAMED)
@SETTINGS
@given(name=HOSTILE)
def test_any_name_is_refused_on_one_short_line_or_reaches_the_rules(scenario, command, key, name):
    try:
        game(scenario).preview(command | {key: name})
    except RefereeError as error:
        message = str(error)
        assert "\n" not in message and len(message) < 400
        assert not any(c in message for c in CONTROL)


@pytest.mark.parametrize("control", ["\n", "\r", "\t", "\x00", "\x1b", "\x7f", "\x85", "\u2028"])
def test_report_text_is_one_line_without_control_characters(control):
    with pytest.raises(RefereeError, match='^report: "text" must not hold control characters'):
        game(N30).check({"do": "report", "player": "police", "text": f"Crowds{control}on Pine"})


@SETTINGS
@given(text=st.text(st.characters(codec="utf-8", exclude_characters="".join(CONTROL)), min_size=1, max_size=300))
def test_report_text_without_control_characters_is_filed_as_given(text):
    if not text.strip():
        return
    events = game(N30).preview({"do": "report", "player": "police", "text": text})
    assert events[0].data["text"] == text


def test_the_why_of_an_rl_roll_is_free_text_on_one_line():
    game(WALLMAN).check({"do": "rl", "crowd": "Precinct crowd", "why": "the vans arrive: 'Go home!'"})
    with pytest.raises(RefereeError, match='^rl: "why" must not hold control characters'):
        game(WALLMAN).check({"do": "rl", "crowd": "Precinct crowd", "why": "line one\nline two"})


@pytest.mark.parametrize("line, message", [
    ('{"do": "report", "player": "police", "text": "\\ud800"}', "\\ud800 is a lone surrogate, not a character"),
    ('{"do": "report", "player": "police", "text": "ok \\udfff"}', "\\udfff is a lone surrogate"),
    ('{"do": "move", "unit": "6/A", "to": ["\\udc80"]}', "\\udc80 is a lone surrogate"),
    ('{"do": "report", "player": "police", "text": "\ud800"}', "\\ud800 is a lone surrogate"),
])
def test_a_lone_surrogate_is_refused(cli, session, line, message):
    before = cli("log", session, "--json").out
    assert one_line(cli("apply", session, stdin=line)).startswith(f"referee: line 1: not text: {message}")
    assert cli("log", session, "--json").out == before


def test_a_surrogate_pair_is_a_character(cli, session):
    run = cli("apply", session, stdin='{"do": "report", "player": "police", "text": "flag \\ud83c\\udff4"}\n')
    assert run.code == 0, run.err
    assert "\U0001f3f4" in cli("log", session).out


def test_a_byte_that_is_not_utf8_on_stdin_is_refused(referee_process, session):
    line = b'{"do": "report", "player": "police", "text": "caf\xe9"}\n'
    before = referee_process("log", session, "--json").out
    assert one_line(referee_process("apply", session, stdin=line)) == "referee: line 1: not text: byte 0xe9 is not UTF-8"
    assert referee_process("log", session, "--json").out == before
    assert one_line(referee_process("resolve", "wallman-rl", stdin=b'{"rl": 5, "why": "\xff"}')).startswith(
        "referee: stdin: not text: byte 0xff")


def test_control_characters_in_calculator_ids(cli):
    data = json.loads(WORKED_CONFRONTATION)
    data["police"][0]["id"] = "6/B\t"
    line = one_line(cli("resolve", "n30", stdin=json.dumps(data)))
    assert "police[0].id: '6/B\\t' must not hold control characters" in line
    melee = {"lone": {"name": "PC\x1bLee"}, "others": [{}, {}]}
    line = one_line(cli("resolve", "wallman-melee", stdin=json.dumps(melee)))
    assert "lone.name: must not hold control characters" in line


@pytest.mark.parametrize("args", [("view", "{db}", "--player", "po\tlice"),
                                  ("brief", "{db}", "--player", "po\x1blice", "--out", "x")])
def test_control_characters_in_player_ids_on_the_command_line(cli, session, args):
    line = one_line(cli(*[a.format(db=session) for a in args]))
    assert "must not hold control characters" in line and "\t" not in line and "\x1b" not in line
