"""Inputs shared by several test files."""

import json
import re
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


def readme_examples(heading: str) -> list[tuple[str, str, dict]]:
    """Every `echo '...' | referee resolve NAME` in the README's section `heading`, with the JSON shown after it."""
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(sh|json)\n(.*?)```", section, re.S)
    examples = []
    for (kind, command), (after, shown) in zip(blocks, blocks[1:], strict=False):
        if kind != "sh" or after != "json":
            continue
        calls = re.findall(r"echo '(.*?)'\s*\\?\s*\|\s*referee resolve ([\w-]+)", command, re.S)
        decoder, answers, at = json.JSONDecoder(), [], 0
        while shown[at:].strip():
            answer, at = decoder.raw_decode(shown, len(shown) - len(shown[at:].lstrip()))
            answers.append(answer)
        examples += [(name, stdin, answer) for (stdin, name), answer in zip(calls, answers, strict=True)]
    return examples
