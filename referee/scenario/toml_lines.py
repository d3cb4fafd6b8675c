"""Reading TOML with errors that name the file and line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from referee.errors import RefereeError

_HEADER = re.compile(r"^\s*(\[\[?)\s*(.+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r'^\s*("[^"]*"|\'[^\']*\'|[A-Za-z0-9_.\-"\' ]+?)\s*=\s*(.*)$')
_INLINE_KEY = re.compile(r'([A-Za-z0-9_\-]+|"[^"]*")\s*=')


def read_toml(path: Path) -> tuple[dict, str]:
    """Parse a TOML file; a syntax error becomes a one-line RefereeError with the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RefereeError(f"cannot read {path}: {error.strerror}") from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column \d+\)", str(error))
        line = match.group(1) if match else "?"
        message = re.sub(r"\s*\(at line.*\)", "", str(error))
        raise RefereeError(f"{path}:{line}: {message}") from None


def _keys(dotted: str) -> list[str]:
    parts = re.findall(r'"[^"]*"|\'[^\']*\'|[^.]+', dotted)
    return [part.strip().strip("\"'") for part in parts]


def line_of(text: str, loc: tuple) -> int:
    """The line of a TOML text that best matches a location such as ('units', 3, 'type')."""
    target = [str(part) for part in loc]
    best, best_score = 1, -1
    table: list[str] = []
    counts: dict[str, int] = {}
    array: list[str] | None = None
    index = -1
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        paths: list[list[str]] = []
        header = _HEADER.match(line) if not array else None
        if header and not stripped.startswith("[{"):
            name = _keys(header.group(2))
            if header.group(1) == "[[":
                key = ".".join(name)
                counts[key] = counts.get(key, -1) + 1
                table = name + [str(counts[key])]
            else:
                table = name
            paths.append(table)
        elif array is not None:
            if stripped.startswith("]"):
                array = None
            elif stripped and not stripped.startswith("#"):
                index += 1
                element = array + [str(index)]
                paths.append(element)
                paths += [element + [k.strip('"')] for k in _INLINE_KEY.findall(stripped)]
        else:
            match = _KEY.match(line)
            if match and not stripped.startswith("#"):
                path = table + _keys(match.group(1))
                value = match.group(2).strip()
                paths.append(path)
                if value.startswith("{"):
                    paths += [path + [k.strip('"')] for k in _INLINE_KEY.findall(value)]
                if value.startswith("[") and not value.split("#")[0].rstrip().endswith("]"):
                    array, index = path, -1
        for path in paths:
            score = 0
            for mine, wanted in zip(path, target):
                if mine != wanted:
                    break
                score += 1
            if score == len(path) and score > best_score:
                best, best_score = number, score
    return best


class DataError(RefereeError):
    """A scenario file that parses but says something wrong, at a known place in it."""

    def __init__(self, path: Path, text: str, loc: tuple, message: str):
        where = ".".join(str(part) for part in loc)
        super().__init__(f"{path}:{line_of(text, loc)}: {where}: {message}" if where else f"{path}: {message}")
