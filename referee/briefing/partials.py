"""Partials rendered once for their values (`once`, a function of the templates): a sheet's map, its own units, its
reference card and each finished turn of its feed are printed again on every player's page at every command, and
are the same as long as what they show is."""

from __future__ import annotations

import threading
from collections import OrderedDict

from jinja2 import Environment, Template, pass_environment
from markupsafe import Markup

ROOM = 32_000_000
"""How many characters of rendered partials are kept (the pages of a large class at a command hold a few million)."""


class Rendered:
    """Partials rendered, by template and values, the least recently used dropped beyond `room` characters."""

    def __init__(self, room: int):
        self.room, self.held = room, 0
        self._kept: OrderedDict[tuple[Template, tuple], Markup] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, template: Template, values: tuple[tuple[str, object], ...]) -> Markup:
        """The template rendered with `values`, or what it gave them last."""
        key = (template, values)
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        html = Markup(template.render(dict(values)))
        with self._lock:
            if key not in self._kept:
                self._kept[key] = html
                self.held += len(html)
                while self.held > self.room:
                    self.held -= len(self._kept.popitem(last=False)[1])
        return html

    def clear(self) -> None:
        """Forget every partial rendered."""
        with self._lock:
            self._kept.clear()
            self.held = 0


rendered = Rendered(ROOM)


@pass_environment
def once(env: Environment, name: str, **values: object) -> Markup:
    """The partial `name` rendered with `values` alone (each hashable, but that a list stands for the tuple of its
    items), once for as long as they stay equal and its template unchanged. `{{ once("_map.svg.j2", map=map,
    t=t) }}`."""
    return rendered(env.get_template(name), tuple(sorted((field, _frozen(value)) for field, value in values.items())))


def _frozen(value: object) -> object:
    """A value as a key: a list or tuple as the tuple of its items, each likewise."""
    return tuple(map(_frozen, value)) if isinstance(value, list | tuple) else value
