"""The umpire's tables file: reconstructed entries say why, and an edit that breaks it is named by line."""

from __future__ import annotations

import re

import pytest

from referee.paths import data_dir
from referee.scenario.wallman_tables import DEFAULT, load_tables
from tests.wallman_support import TABLES

SOURCE = (data_dir("scenarios") / DEFAULT).read_text(encoding="utf-8")


def test_tables_every_reconstructed_entry_gives_its_reasoning():
    """The lost tables (RL, negotiation, over-reaction, fighting results, firearms) are marked and explained."""
    marked = {"rl": TABLES.rl, "negotiation": TABLES.negotiation, "overreaction": TABLES.overreaction,
              "firearms": TABLES.firearms, "petrol_bomb": TABLES.petrol_bomb, "fight results": TABLES.fight.table}
    for name, table in marked.items():
        assert table.reconstructed and len(table.note) > 80, name
    for group in (TABLES.rl.modifiers, TABLES.fight.modifiers):
        for name, modifier in group.items():
            assert not modifier.reconstructed or modifier.note, name


BREAKS = [
    ("change = -2\n", "change = -2\nchange = -2\n", "Cannot overwrite a value"),
    ('upto = -1\nchange = -2', 'upto = -5\nchange = -2', "`upto` must rise"),
    ("[[rl.levels]]\nrl = 3", "[[rl.levels]]\nrl = 9", "levels must run 1, 2, 3"),
    ("levels = [4, 5]", "levels = [4, 12]", "no RL 12"),
    ('armed = ["swat",', 'armed = ["swot",', "unknown unit type 'swot'"),
    ('exclusive = ["Figure", "Outnumbered"]', 'exclusive = ["Figure", "Odds"]', "no fight modifier has the group 'Odds'"),
    ('move = "2d6"', 'move = "fast"', "String should match pattern"),
    ("hose_crew = 4", "hose_crew = 0", "greater than 0"),
    ("damp = { value = -1,", "damp = { value = -1, colour = 'blue',", "Extra inputs are not permitted"),
]


@pytest.mark.parametrize("old, new, message", BREAKS)
def test_tables_a_broken_edit_is_named_with_file_and_line(tmp_path, old, new, message):
    assert old in SOURCE
    path = tmp_path / "tables.toml"
    path.write_text(SOURCE.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(Exception, match=re.escape(message)) as error:
        load_tables(path)
    text = str(error.value)
    assert "\n" not in text and re.match(rf"{re.escape(str(path))}:\d+: ", text), text
    line = int(text[len(str(path)) + 1:].split(":")[0])
    changed = [row for row in new.splitlines() if row not in old.splitlines()] or new.splitlines()
    key = changed[0].split("=")[0].strip()
    assert key in path.read_text(encoding="utf-8").splitlines()[line - 1]


def test_tables_an_umpires_edit_takes_effect(tmp_path):
    path = tmp_path / "tables.toml"
    path.write_text(SOURCE.replace("damp = { value = -1,", "damp = { value = -2,", 1), encoding="utf-8")
    assert load_tables(path).rl.modifiers["damp"].value == -2
