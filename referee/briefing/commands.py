"""What one player knows, on the command line and on paper: `referee view PATH --player ID [--json]`, `referee brief
PATH (--player ID | --all) [--format html|md] [--lang en|es] --out DIR`, and the dashboard's printing."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from referee.errors import RefereeError
from referee.links import page_url
from referee.paths import player_file
from referee.store.location import Location
from referee.text import printable

T = TypeVar("T")


def view(path: Location, player: str, as_json: bool) -> int:
    """Print a player's view of a session, and nothing else; an unknown player is a RefereeError naming the known
    ones."""
    from referee.briefing.i18n import Strings
    from referee.knowledge.build import player_view
    from referee.knowledge.export import view_json, view_text

    seen = player_view(path, player)
    print(json.dumps(view_json(seen)) if as_json else view_text(seen, Strings("en", seen.scenario.partition("/")[0])))
    return 0


def write_briefings(path: Location, players: list[str] | None, fmt: str, lang: str, out: Path,
                    store=None, umpire: str | None = None) -> list[tuple[str, str, Path]]:
    """Render the players' sheets (all players if None), write DIR/<player-id>.<fmt>, record each in
    the session; (side, player, file) per sheet. Nothing is written if any sheet fails, or if the session
    names its umpires and a sheet is not within the role of the `umpire` printing them (referee.umpires)."""
    from referee.briefing.render import render
    from referee.knowledge.build import anchored

    found = anchored(path)
    knowledge = found.knowledge
    scenario = knowledge.ctx.scenario
    chosen = [p.id for p in scenario.players] if players is None else [scenario.player(p).id for p in players]
    roles, tokens, base = _reading(path, store, lambda reader: (reader.umpires(), reader.player_links(), reader.served_at()))
    _may_print(roles, umpire, [scenario.player(p).side for p in chosen])
    sheets = []
    for player_id in chosen:
        view = knowledge.view(player_file(player_id))
        link = page_url(base, tokens[player_id]) if base and player_id in tokens else None  # his live page, if served
        text = render(view, scenario.board, "html" if fmt == "pdf" else fmt, lang, link=link, head=found.head,
                      ended=found.ended)
        if fmt == "pdf":
            from referee.briefing.pdf import to_pdf

            sheets.append((view, to_pdf(text)))
        else:
            sheets.append((view, text.encode("utf-8")))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RefereeError(f"cannot create {out}: {error.strerror}") from None
    return _reading(path, store, lambda reader: _write(sheets, fmt, lang, out, reader))


def _reading(path: Location, store, read: Callable[[Any], T]) -> T:
    """`read(reader)` on the session: through `store` if open, else a reader of its own, closed after."""
    from referee.store.reading import open_reader

    reader = store or open_reader(path)
    try:
        return read(reader)
    finally:
        if store is None:
            reader.close()


def _may_print(roles: dict[str, str], umpire: str | None, sides: list[str]) -> None:
    """Refuse sheets that are not within the role of the umpire printing them, where the session names roles."""
    from referee.umpires import sheets_problem

    problem = sheets_problem(roles, umpire, sides)
    if problem:
        raise RefereeError(problem + ("; give --player" if len(sides) > 1 and roles.get(umpire or "") else ""))


def _write(sheets: list, fmt: str, lang: str, out: Path, store) -> list[tuple[str, str, Path]]:
    """All or nothing: each sheet is written under a temporary name, all are recorded in one
    transaction, and only then moved into place; on any failure no sheet and no record remains."""
    parts: list[tuple[Path, Path]] = []
    try:
        for view, content in sheets:
            target = out / f"{view.player}.{fmt}"
            part = out / f".{view.player}.{fmt}.part"
            try:
                part.write_bytes(content)
            except OSError as error:
                raise RefereeError(f"cannot write {target}: {error.strerror}") from None
            parts.append((part, target))
        store.record_briefings([(view.player, view.turn, hashlib.sha256(content).hexdigest(), fmt, lang)
                                for view, content in sheets])
        for part, target in parts:
            try:
                part.replace(target)
            except OSError as error:
                raise RefereeError(f"cannot write {target}: {error.strerror}") from None
    finally:
        for part, _ in parts:
            part.unlink(missing_ok=True)
    return [(view.side, view.player, out / f"{view.player}.{fmt}") for view, _ in sheets]


def brief(path: Location, player: str | None, fmt: str, lang: str, out: Path, umpire: str | None = None) -> int:
    """The command line: write the sheets (every player's if `player` is None) and print `side TAB player TAB
    path` for each (fields `printable`)."""
    for written in write_briefings(path, None if player is None else [player], fmt, lang, out, umpire=umpire):
        print("\t".join(map(printable, written)), flush=True)
    return 0
