"""Barricades and Flo on the grid map (referee.briefing.svg_map): beside their intersection, never on the box of
the place next to it nor on each other."""

from __future__ import annotations

from types import SimpleNamespace

from referee.briefing.svg_map import MARK_PLACES, Spot, _markers, _meets


def _known(node: str, marker: str) -> SimpleNamespace:
    return SimpleNamespace(node=node, marker=marker, current=True, seen_time="8:10", seen_turn=4)


def _box(mark) -> tuple[float, float, float, float]:
    return mark.x - 13, mark.y - 13, mark.x + 13, mark.y + 10


def test_a_barricade_and_flo_beside_a_box_of_the_next_place_stand_clear_of_it_and_of_each_other():
    """6th & Pike holds a barricade and Flo; 5th & Pike's box of the other side reaches into the quarter below and
    left of 6th & Pike, where the second of them stood on it."""
    sixth = Spot("6th & Pike", 528.8, 304.0, 4, 2, True, "", True)
    fifth_box = (438.8, 314.0, 470.8 + 20, 340.0)  # 5th & Pike's box, reaching to the right
    view = SimpleNamespace(turn=4, markers=[_known("6th & Pike", "barricade"), _known("6th & Pike", "flo")])
    taken = [fifth_box]
    marks = _markers(view, {"6th & Pike": sixth}, str.upper, taken)
    assert len(marks) == 2
    assert not any(_meets(_box(mark), fifth_box) for mark in marks)
    assert not _meets(_box(marks[0]), _box(marks[1]))
    assert all((mark.x - sixth.x, mark.y - sixth.y) in MARK_PLACES for mark in marks)
    without = _markers(view, {"6th & Pike": sixth}, str.upper)  # the areas' map: side by side, as before
    assert any(_meets(_box(mark), fifth_box) for mark in without)  # where the grid map's check moved one
