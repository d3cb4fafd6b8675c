"""Reading TOML with errors that name the file and line."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from referee.errors import RefereeError

Checked = TypeVar("Checked")

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
        if message == "Cannot overwrite a value":  # what TOML says of a key given twice
            key = _KEY.match(text.splitlines()[int(line) - 1]) if line.isdigit() else None
            named = f"{key.group(1).strip()} " if key else "a key "
            message = f"{named}is given twice in this table: give it once (a place's units all in one list)"
        raise RefereeError(f"{path}:{line}: {message}") from None


def checked(path: Path, check: Callable[[dict], Checked]) -> tuple[Checked, dict, str]:
    """A TOML file read and checked by `check` (which raises a FaultAt at the first fault): what the check gives,
    the file's data and its text. A fault becomes a DataError naming the file and the line."""
    data, text = read_toml(path)
    try:
        return check(data), data, text
    except FaultAt as fault:
        raise DataError(path, text, fault.loc, fault.message) from None


def _keys(dotted: str) -> list[str]:
    parts = re.findall(r'"[^"]*"|\'[^\']*\'|[^.]+', dotted)
    return [part.strip().strip("\"'") for part in parts]


def _elements(segment: str, depth: int, expecting: bool) -> tuple[list[int], int, bool]:
    """Scan part of a line inside an array: where its elements start, and the bracket depth after.

    `depth` counts the brackets and braces open (1 = directly inside the array); strings and
    comments are skipped, so brackets, commas and `#` inside them do not count.
    """
    starts: list[int] = []
    i = 0
    while i < len(segment):
        char = segment[i]
        if char == "#":
            break
        if char.isspace():
            i += 1
            continue
        if depth == 1 and expecting and char not in ",]}":
            starts.append(i)
            expecting = False
        if char in "\"'":
            close = segment.find(char, i + 1)
            while char == '"' and close > 0 and _escaped(segment, close):
                close = segment.find(char, close + 1)
            i = len(segment) if close < 0 else close + 1
            continue
        if char in "[{":
            depth += 1
            expecting = depth == 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 1:
            expecting = True
        i += 1
    return starts, depth, expecting


def _escaped(text: str, index: int) -> bool:
    """Whether the character at `index` follows an odd number of backslashes."""
    slashes = len(text[:index]) - len(text[:index].rstrip("\\"))
    return slashes % 2 == 1


def line_of(text: str, loc: tuple) -> int:
    """The line of a TOML text that best matches a location such as ('units', 3, 'type')."""
    target = [str(part) for part in loc]
    best, best_score = 1, -1
    table: list[str] = []
    counts: dict[str, int] = {}
    array: list[str] | None = None  # the path of an array being read, while its brackets are open
    depth, index, expecting = 0, -1, False
    closing: str | None = None  # the delimiter of an open multi-line string
    for number, line in enumerate(text.splitlines(), start=1):
        if closing is not None:
            if closing in line:
                closing = None
            continue
        stripped = line.strip()
        paths: list[list[str]] = []
        segment = line
        header = _HEADER.match(line) if array is None else None
        match = _KEY.match(line) if array is None and not header else None
        if header and not stripped.startswith("[{"):
            name = _keys(header.group(2))
            if header.group(1) == "[[":
                key = ".".join(name)
                counts[key] = counts.get(key, -1) + 1
                table = name + [str(counts[key])]
            else:
                table = name
            paths.append(table)
        elif match and not stripped.startswith("#"):
            path = table + _keys(match.group(1))
            value = match.group(2).strip()
            paths.append(path)
            if value.startswith("{"):
                paths += [path + [k.strip('"')] for k in _INLINE_KEY.findall(value)]
            elif value.startswith("["):
                array, depth, index, expecting = path, 0, -1, False
                segment = match.group(2)
            elif value[:3] in ('"""', "\'\'\'") and value[:3] not in value[3:]:
                closing = value[:3]
        if array is not None:
            starts, depth, expecting = _elements(segment, depth, expecting)
            for i, start in enumerate(starts):
                index += 1
                element = array + [str(index)]
                paths.append(element)
                part = segment[start:starts[i + 1] if i + 1 < len(starts) else None]
                if part.startswith("{"):
                    paths += [element + [k.strip('"')] for k in _INLINE_KEY.findall(part)]
            if depth <= 0:
                array = None
        for path in paths:
            score = 0
            for mine, wanted in zip(path, target, strict=False):
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


class FaultAt(RefereeError):
    """A fault at a place in a file's data, found before its line is known: the loader makes it a DataError."""

    def __init__(self, loc: tuple, message: str):
        self.loc, self.message = loc, message
        super().__init__(f"{'.'.join(str(part) for part in loc)}: {message}" if loc else message)
