"""The briefing map: the public board with one player's knowledge placed on it, for `_map.svg.j2` or a text grid."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from string import ascii_uppercase

from referee.core.board import Board, Target
from referee.knowledge.view import PlayerView, Sighting

CELL_X, CELL_Y = 100, 110
BOLD_EM, EM = 0.64, 0.57
"""A character's width in ems, bold and regular, taken wide enough for the widest font the sheet may print in
(DejaVu Sans): what the map reserves for its labels."""
LABEL_EM = 12 * BOLD_EM  # width of a character of a place's name on the map (12 px, bold)
TOP_CLIP, TOP_SIZE = 14, 13
"""The name of the unit seen on top, under its box: cut to this many characters, in this size."""
LEFT, TOP, RIGHT, BOTTOM = 100, 84, 90, 64
"""The space between grid lines, and the margins around the grid (in SVG units)."""
ROW_SIZE, BLOCK_SIZE, TUNNEL_SIZE = 17, 15, 13
"""The sizes of the street names down the left side, of a block's name and of a tunnel's."""
Box = tuple[float, float, float, float]
"""A rectangle on the map: left, top, right, bottom."""
AREA_X, AREA_Y, AREA_LEFT, AREA_TOP, AREA_BOTTOM = 135, 105, 80, 70, 70
"""An area map: the space between board positions, and the margins."""


@dataclass(frozen=True, slots=True)
class Spot:
    """An intersection, where it is drawn and where it sits in the grid."""

    id: str
    x: float
    y: float
    column: int
    row: int
    in_play: bool
    label: str  # its own name, where no avenue or street label names it
    seen: bool = True  # False: the player cannot see it now (not known to be empty): hatched


@dataclass(frozen=True, slots=True)
class Street:
    """A link drawn from one spot to another; `kind` is street, tunnel or diagonal; a tunnel's name at `label`."""

    x1: float
    y1: float
    x2: float
    y2: float
    kind: str
    label: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class Stack:
    """The player's own units at an intersection."""

    spot: Spot
    count: int


@dataclass(frozen=True, slots=True)
class Seen:
    """The player's latest sighting of the other side at an intersection (`earlier`: older ones there too)."""

    spot: Spot
    count: str  # a number, or "?" where the player could not tell
    top: str  # the id (the counter's name) of the unit seen on top, or of the first identified; "" if none
    current: bool
    time: str
    opacity: str  # full when current, fainter the older the sighting
    earlier: bool


@dataclass(frozen=True, slots=True)
class Mark:
    """A barricade or Flo the player knows of, beside its intersection (`x`, `y`: its centre)."""

    spot: Spot
    letter: str
    x: float
    y: float
    current: bool
    time: str
    opacity: str


@dataclass(frozen=True, slots=True)
class TargetKey:
    """A target, its letter on the map and the intersections it is reached from."""

    letter: str
    name: str
    access: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Tag:
    """A target letter beside one of its access intersections."""

    letter: str
    spot: Spot
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Block:
    """A target that fills a block between its access intersections (a venue such as the Convention Center); its
    name in `lines` of `size`, centred on `label_x`, the first line's baseline at `label_y`."""

    x: float
    y: float
    width: float
    height: float
    name: str
    lines: tuple[str, ...] = ()
    label_x: float = 0
    label_y: float = 0
    size: float = BLOCK_SIZE


@dataclass(frozen=True, slots=True)
class Area:
    """A place of an area map: a hexagon with its value (`value`) where it has one, else a circle."""

    spot: Spot
    name: tuple[str, ...]  # its printed name, a line a word or two
    value: int | None
    links: tuple[str, ...]  # the printed names of the areas a line joins it to
    tags: tuple[str, ...] = ()  # its features as the sheet's words name them (a box's code, a minimum box)


@dataclass(frozen=True)
class Drawing:
    """Everything the map shows, placed."""

    width: float
    height: float
    columns: tuple[tuple[float, str], ...]  # (x, avenue label) along the top
    rows: tuple[tuple[float, str], ...]  # (y, street label) down the left side
    streets: tuple[Street, ...]
    spots: tuple[Spot, ...]
    blocks: tuple[Block, ...]
    tags: tuple[Tag, ...]
    stacks: tuple[Stack, ...]
    seen: tuple[Seen, ...]
    targets: tuple[TargetKey, ...]
    marks: tuple[Mark, ...]
    areas: tuple[Area, ...] = ()  # an area map's places (its spots are their centres)


def _labels(board: Board, coordinate: str, part: int) -> dict[float, str]:
    """For each grid line, the name its intersections share ('2nd' of '2nd & Olive'), or ''."""
    names: dict[float, set[str]] = {}
    for node in board.nodes.values():
        pieces = node.id.split(" & ")
        names.setdefault(getattr(node, coordinate), set()).add(pieces[part] if len(pieces) == 2 else "")
    return {value: next(iter(found)) if len(found) == 1 else "" for value, found in sorted(names.items())}


def _opacity(age: int, current: bool) -> str:
    if current:
        return "1"
    return ("0.8", "0.8", "0.62", "0.62", "0.5")[min(age, 4)]


def _seen(spot: Spot, found: list[Sighting], turn: int, dated: Callable[[Sighting], str]) -> Seen:
    """The mark of the latest of the sightings at one intersection; `dated` gives the time it shows."""
    s = max(found, key=lambda sighting: (sighting.current, sighting.seen_turn))
    top = s.top.id if s.top else (s.units[0].id if s.units else "")
    count = "?" if s.count is None else str(s.count)
    return Seen(spot, count, top, s.current, dated(s), _opacity(turn - s.seen_turn, s.current), len(found) > 1)


def _target_keys(board: Board, names: Callable[[Target], str]) -> tuple[TargetKey, ...]:
    letters = ascii_uppercase + ascii_uppercase.lower()
    return tuple(TargetKey(letters[i % len(letters)], names(t), t.access)
                 for i, t in enumerate(board.targets.values()))


def _marks(targets: tuple[TargetKey, ...], spots: dict[str, Spot]) -> tuple[tuple[Block, ...], tuple[Tag, ...]]:
    """Blocks for targets spanning a block between their access intersections; a letter beside every access
    (above it, where the place carries its own name)."""
    blocks: list[Block] = []
    tags: list[Tag] = []
    beside: dict[str, int] = {}
    for key in targets:
        xs, ys = [spots[n].x for n in key.access], [spots[n].y for n in key.access]
        if xs and max(xs) > min(xs) and max(ys) > min(ys):
            blocks.append(Block(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), key.name))
        for node in key.access:
            count = beside.get(node, 0)
            beside[node] = count + 1
            spot = spots[node]
            if spot.label:  # its name runs to the right of it: the letters go above the place instead
                tags.append(Tag(key.letter, spot, spot.x + 22 * count, spot.y - 30))
            else:
                tags.append(Tag(key.letter, spot, spot.x + 16 + 20 * count, spot.y - 18))
    return tuple(blocks), tuple(tags)


#: where a barricade or Flo may stand from its intersection, in order: below and left (the first, the second beside
#: it), above and left, above and right, and below and left again further down (the quarters other things leave free)
MARK_PLACES = ((-24, 26), (-54, 26), (-24, -26), (24, -26), (-24, 56))


def _markers(view: PlayerView, spots: dict[str, Spot], letter: Callable[[str], str],
             taken: list[Box] | None = None) -> tuple[Mark, ...]:
    """Barricades and Flo beside their intersections: below and left, side by side; on the grid map (`taken`: what
    is drawn already) in the first of MARK_PLACES clear of it and of each other, so that none sits on a box of a
    place next to it."""
    marks: list[Mark] = []
    beside: dict[str, int] = {}
    for known in view.markers:
        spot, count = spots[known.node], beside.get(known.node, 0)
        beside[known.node] = count + 1
        x, y = spot.x - 24 - 30 * count, spot.y + 26
        if taken is not None:
            clear = [(spot.x + dx, spot.y + dy) for dx, dy in MARK_PLACES
                     if not any(_meets((spot.x + dx - 13, spot.y + dy - 13, spot.x + dx + 13, spot.y + dy + 10), box)
                                for box in taken)]
            x, y = clear[0] if clear else (x, y)
            taken.append((x - 13, y - 13, x + 13, y + 10))
        marks.append(Mark(spot, letter(known.marker), x, y, known.current,
                          known.seen_time, _opacity(view.turn - known.seen_turn, known.current)))
    return tuple(marks)


def _known(view: PlayerView, spots: dict[str, Spot],
           dated: Callable[[Sighting], str]) -> tuple[tuple[Stack, ...], tuple[Seen, ...]]:
    """The player's units on the map, counted by place, and his latest sighting at each place."""
    counts: dict[str, int] = {}
    for unit in view.own:
        if unit.node is not None and unit.status == "active":
            counts[unit.node] = counts.get(unit.node, 0) + 1
    at_node: dict[str, list[Sighting]] = {}
    for sighting in view.sightings:
        at_node.setdefault(sighting.node, []).append(sighting)
    return (tuple(Stack(spots[node], count) for node, count in counts.items()),
            tuple(_seen(spots[node], found, view.turn, dated) for node, found in at_node.items()))


def _meets(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def _text(x: float, baseline: float, text: str, size: float, em: float = BOLD_EM) -> Box:
    """The room a line of text takes, starting at `x`."""
    return x, baseline - size, x + len(text) * size * em, baseline + size * 0.25


def _taken(spots: Iterable[Spot], stacks: tuple[Stack, ...], seen: tuple[Seen, ...], tags: tuple[Tag, ...],
           marks: tuple[Mark, ...]) -> list[Box]:
    """Where the grid map's drawing already has something: intersections and their names, the units' boxes (as
    `_map.svg.j2` draws them), the names and times under the other side's, target letters, barricades and Flo."""
    taken: list[Box] = []
    for spot in spots:
        taken.append((spot.x - 6, spot.y - 6, spot.x + 6, spot.y + 6))
        if spot.label:
            taken.append(_text(spot.x + 9, spot.y - 9, spot.label, 12))
    taken += [(s.spot.x - 46, s.spot.y - 38, s.spot.x - 10, s.spot.y - 12) for s in stacks]
    for s in seen:
        x, y, behind = s.spot.x, s.spot.y, 6 if s.earlier else 0
        taken.append((x + 10, y + 10, x + 42 + behind, y + 36 + behind))
        if not s.current:
            taken.append(_text(x + 46 + behind, y + 29, s.time, TOP_SIZE, EM))
        if s.top:
            taken.append(_text(x + 10, y + (57 if s.earlier else 52), s.top[:TOP_CLIP], TOP_SIZE, EM))
    taken += [(tag.x - 10, tag.y - 10, tag.x + 10, tag.y + 10) for tag in tags]
    taken += [(mark.x - 13, mark.y - 13, mark.x + 13, mark.y + 10) for mark in marks]
    return taken


def _outward(low: float, high: float, step: float = 4) -> list[float]:
    """Positions from `low` to `high`, the middle first, then ever further from it."""
    middle, count = (low + high) / 2, int((high - low) / 2 // step)
    return [middle + sign * n * step for n in range(count + 1) for sign in ((1,) if n == 0 else (-1, 1))]


def _label_box(block: Block) -> Box:
    """The room a block's name takes, its lines 1.15 of its size apart."""
    half, top = max(map(len, block.lines)) * block.size * BOLD_EM / 2, block.label_y - block.size * 0.9
    return block.label_x - half, top, block.label_x + half, top + len(block.lines) * block.size * 1.15


def _named(block: Block, streets: tuple[Street, ...], taken: list[Box]) -> Block:
    """The block with its name placed inside it: clear of a tunnel under it (in the widest part beside it), of the
    units' boxes and labels `taken`, in one line or more, smaller if it must."""
    cuts = sorted(s.x1 for s in streets if s.kind == "tunnel" and s.x1 == s.x2 and block.x < s.x1 < block.x + block.width)
    edges = [block.x, *cuts, block.x + block.width]
    spans = sorted(zip(edges, edges[1:], strict=False), key=lambda span: span[0] - span[1])
    for left, right in spans:
        centre = (left + right) / 2
        for size in (BLOCK_SIZE, 13, 11):
            room = int((right - left - 12) / (size * BOLD_EM))
            lines = _lines(block.name, room)
            if max(map(len, lines)) > room:
                continue
            for top in _outward(block.y + 6, block.y + block.height - 6 - len(lines) * size * 1.15):
                placed = replace(block, lines=lines, label_x=centre, label_y=top + size * 0.9, size=size)
                if not any(_meets(_label_box(placed), box) for box in taken):
                    return placed
    left, right = spans[0]
    return replace(block, lines=(block.name,), label_x=(left + right) / 2, label_y=block.y + block.height * 0.62)


def _tunnel_named(street: Street, taken: list[Box]) -> Street:
    """A tunnel with its name beside its line, clear of what is `taken`: nearest its middle, right of it if it can."""
    width, height = 8 * TUNNEL_SIZE * EM, TUNNEL_SIZE * 1.25  # "tunnel", "túnel"
    for share in (0.5, 0.35, 0.65, 0.2, 0.8):
        x, y = street.x1 + (street.x2 - street.x1) * share, street.y1 + (street.y2 - street.y1) * share
        for left in (x + 7, x - 7 - width):
            if not any(_meets((left, y - height / 2, left + width, y + height / 2), box) for box in taken):
                return replace(street, label=(left, y + TUNNEL_SIZE * 0.35))
    return replace(street, label=((street.x1 + street.x2) / 2 + 7, (street.y1 + street.y2) / 2 + 24))


def _lines(name: str, width: int = 11) -> tuple[str, ...]:
    """A name in lines of about `width` characters, broken between words."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return tuple(lines)


def areas(view: PlayerView, board: Board, place: Callable[[str], str], turn_label: Callable[[int], str],
          marker_letter: Callable[[str], str], feature: Callable[[str], str | None] = lambda name: None) -> Drawing:
    """An area map (areas joined by lines): each area at its board position (the board's columns and rows where no
    area stands left out), a hexagon with its value where the
    board gives one (a feature and a `value`), else a circle; `place(id)` gives an area's printed name,
    `turn_label(turn)` how an old sighting is dated on the map, `feature(name)` how a feature is tagged on its area
    (None: not at all)."""
    column = {x: n for n, x in enumerate(sorted({node.x for node in board.nodes.values()}))}
    row = {y: n for n, y in enumerate(sorted({node.y for node in board.nodes.values()}))}
    spots = {node.id: Spot(node.id, AREA_LEFT + column[node.x] * AREA_X, AREA_TOP + row[node.y] * AREA_Y,
                           0, 0, node.in_play, "", node.id not in view.unseen) for node in board.nodes.values()}
    shapes = tuple(Area(spots[node.id], _lines(place(node.id)), node.value if node.features and node.value else None,
                        tuple(sorted(place(near) for near in board.adjacency[node.id])),
                        tuple(tag for tag in map(feature, node.features) if tag))
                   for node in board.nodes.values())
    streets = tuple(Street(spots[link.a].x, spots[link.a].y, spots[link.b].x, spots[link.b].y, link.kind)
                    for link in board.links)
    stacks, seen = _known(view, spots, lambda sighting: turn_label(sighting.seen_turn))
    width = AREA_LEFT * 2 + (len(column) - 1) * AREA_X
    height = AREA_TOP + AREA_BOTTOM + (len(row) - 1) * AREA_Y
    return Drawing(width, height, (), (), streets, tuple(spots.values()), (), (), stacks, seen, (),
                   _markers(view, spots, marker_letter), shapes)


def drawing(view: PlayerView, board: Board, target_name: Callable[[Target], str],
            marker_letter: Callable[[str], str]) -> Drawing:
    """Place the board and what `view` knows on it; `target_name(target)` gives a target's printed name,
    `marker_letter(marker)` the letter a barricade or Flo shows."""
    columns, rows = _labels(board, "x", 0), _labels(board, "y", 1)
    col_at = {value: i for i, value in enumerate(columns)}
    row_at = {value: i for i, value in enumerate(rows)}
    x0, y0 = min(columns), min(rows)
    named = [node.id for node in board.nodes.values() if not (columns[node.x] and rows[node.y])]
    cell_x = max([CELL_X] + [LABEL_EM * len(name) + 64 for name in named])  # room for names and a units' box
    left = max([LEFT] + [14 + len(label) * ROW_SIZE * BOLD_EM + 6 for label in rows.values()])  # the street names

    def px(x: float) -> float:
        return left + (x - x0) * cell_x

    def py(y: float) -> float:
        return TOP + (y - y0) * CELL_Y

    spots = {
        node.id: Spot(node.id, px(node.x), py(node.y), col_at[node.x], row_at[node.y], node.in_play,
                      "" if columns[node.x] and rows[node.y] else node.id, node.id not in view.unseen)
        for node in board.nodes.values()
    }
    streets = tuple(Street(spots[link.a].x, spots[link.a].y, spots[link.b].x, spots[link.b].y, link.kind)
                    for link in board.links)
    targets = _target_keys(board, target_name)
    blocks, tags = _marks(targets, spots)
    stacks, seen = _known(view, spots, lambda sighting: sighting.seen_time)
    taken = _taken(spots.values(), stacks, seen, tags, ())
    marks = _markers(view, spots, marker_letter, taken)  # which adds what it places to `taken`
    blocks = tuple(_named(block, streets, taken) for block in blocks)
    taken += [_label_box(block) for block in blocks]
    streets = tuple(_tunnel_named(street, taken) if street.kind == "tunnel" else street for street in streets)
    # wide enough for every place's name and, at the last avenue, a name under the other side's box
    width = max([left + (max(columns) - x0) * cell_x + RIGHT]
                + [spot.x + max(9 + LABEL_EM * len(spot.label), 10 + TOP_CLIP * TOP_SIZE * EM) + 6
                   for spot in spots.values()])
    height = TOP + (max(rows) - y0) * CELL_Y + BOTTOM
    return Drawing(
        width, height, tuple((px(x), label) for x, label in columns.items()),
        tuple((py(y), label) for y, label in rows.items()), streets, tuple(spots.values()), blocks,
        tags, stacks, seen, targets, marks,
    )


def grid(plan: Drawing) -> list[tuple[str, list[str]]]:
    """The map as Markdown rows: (street, a cell per avenue) with ░ not seen now, ■ own units, □ sightings,
    ▲ barricades and Flo, ◆ targets, ✕ out of play."""
    cells: dict[tuple[int, int], list[str]] = {}
    for spot in plan.spots:
        if spot.label:  # a place off the named grid lines carries its own name
            cells.setdefault((spot.row, spot.column), []).append(spot.label)
        if not spot.in_play:
            cells.setdefault((spot.row, spot.column), []).append("✕")
    for spot, texts in _placed(plan, "░"):
        cells.setdefault((spot.row, spot.column), []).extend(texts)
    for tag in plan.tags:
        cells.setdefault((tag.spot.row, tag.spot.column), []).append(f"◆{tag.letter}")
    return [(label, [" ".join(cells.get((row, column), [])) for column in range(len(plan.columns))])
            for row, (_, label) in enumerate(plan.rows)]


def _placed(plan: Drawing, unseen: str) -> list[tuple[Spot, list[str]]]:
    """What the player knows at each place, as text: `unseen` where he cannot see it now, ■ own units,
    □ sightings, ▲ barricades and Flo."""
    texts: dict[Spot, list[str]] = {spot: [unseen] for spot in plan.spots if not spot.seen}
    for stack in plan.stacks:
        texts.setdefault(stack.spot, []).append(f"■{stack.count}")
    for seen in plan.seen:
        texts.setdefault(seen.spot, []).append(f"□{seen.count}" + ("" if seen.current else f" {seen.time}"))
    for mark in plan.marks:
        texts.setdefault(mark.spot, []).append(f"▲{mark.letter}" + ("" if mark.current else f" {mark.time}"))
    return list(texts.items())


def area_rows(plan: Drawing, unseen: str) -> list[tuple[str, str, str, str]]:
    """An area map as Markdown rows, north to south and west to east: (area, its value or "", what the player
    knows there, `unseen` first where he cannot see it now, the areas a line joins it to)."""
    known = {spot.id: " ".join(texts) for spot, texts in _placed(plan, unseen)}
    return [(" ".join(area.name) + (f" ({', '.join(area.tags)})" if area.tags else ""),
             "" if area.value is None else str(area.value), known.get(area.spot.id, ""), ", ".join(area.links))
            for area in sorted(plan.areas, key=lambda area: (area.spot.y, area.spot.x))]
