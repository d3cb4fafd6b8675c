"""Inputs shared by several test files."""

from pathlib import Path

#: docs/cli.md's worked example of `referee resolve n30`, as text.
WORKED_CONFRONTATION = (Path(__file__).parent / "data" / "worked_confrontation.json").read_text()

#: Legal in Lock Down, Hold Fast from the start (seeded dice only shorten a move, never refuse it).
OPENING = [
    {"do": "move", "unit": "(A) Action", "to": "4th & Pike"},
    {"do": "move", "unit": "U1", "to": "3rd & Pike"},
    {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"},
    {"do": "end-phase"},
    {"do": "move", "unit": "6/A", "to": "8th & Pike"},
    {"do": "end-phase"},
    {"do": "confront", "node": "6th & Seneca", "gas": False},
    {"do": "end-phase"},
    {"do": "end-phase"},
]
