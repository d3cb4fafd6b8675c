"""Text from a session shown harmlessly: a terminal, a page or a sheet shows its control characters, never obeys them.

`printable` writes each control or format character (Unicode categories Cc, Cf, Cs, Zl and Zp: NUL,
TAB, LF, CR, ESC, DEL, the C1 controls such as U+009B, bidi overrides such as U+202E, zero-width
characters, lone surrogates, line and paragraph separators) as Python writes its code: `\\x1b`,
`\\x0a`, `\\x9b`, `\\u202e`, `\\U000e0001`. Every other character, a space included, is kept.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence

_SHOWN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _shown(char: str) -> str:
    if unicodedata.category(char) not in _SHOWN:
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(value: object) -> str:
    """`value` as text with its control and format characters written as escapes (see above)."""
    text = str(value)
    return text if text.isprintable() else "".join(map(_shown, text))


def cut(text: str, chars: int) -> str:
    """`text` whole if it holds at most `chars` characters, else its first ones and "…", `chars` in all."""
    return text if len(text) <= chars else text[:chars - 1] + "…"


def plural(count: int, word: str, many: str = "") -> str:
    """`count` and the word for that many: "1 unit", "3 units", "2 dice" (with `many` for irregular words)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def spans(numbers: Iterable[int]) -> str:
    """Whole numbers as runs, in order: "1-3, 5, 8-9"."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(str(low) if low == high else f"{low}-{high}" for low, high in runs)


def which_are(numbers: Sequence[int], one: str, several: str) -> str:
    """Some numbers named as what they are: "the order waiting is 4", "the orders waiting are 1-2, 4"."""
    return f"{one} is {numbers[0]}" if len(numbers) == 1 else f"{several} are {spans(numbers)}"


def numbered(name: str) -> tuple:
    """A name's sort key with its numbers as numbers: "SPD 9" before "SPD 10", "Labor 2" before "Labor 10"."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name))


def strings_in(value: object, *, values: bool = True) -> Iterator[str]:
    """Every string a JSON value holds, at any depth, its objects' keys included (only those, without `values`)."""
    if isinstance(value, str):
        if values:
            yield value
    elif isinstance(value, dict):
        for key, held in value.items():
            yield key
            yield from strings_in(held, values=values)
    elif isinstance(value, list):
        for held in value:
            yield from strings_in(held, values=values)
