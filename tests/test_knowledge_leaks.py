"""No view ever holds a fact its player did not observe (DESIGN.md, principle 4).

Random games under every hidden-movement option, with umpire reports slipped in: at several
moments, every player's view (as `referee view --json` prints it) is checked against what that
player's side could have seen, worked out here plainly from the states after each event. Under the
option crowd_mood a crowd's mood is told only for a crowd the player has seen, as it was when seen, and
never finer than the option mood_shown allows: the RL as a marker (number), its level's words (words)
or only the look of its group of levels (behaviour). Barricades and Flo: the protesters know theirs as
they are, and so do the police without hidden movement; under it, the police know only those there when
they looked at the intersection (an event there, or one built before the eyes of their units).
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.events import Event
from referee.knowledge import moods
from referee.knowledge.export import view_json
from referee.rules.mood_chart import Look
from referee.rules.moods import chart, level
from referee.rules.reports import RELIABILITIES, due_turn
from referee.rulesets.n30.knowledge import record as record_module
from referee.rulesets.n30.knowledge.record import Record
from referee.scenario.catalog import load
from referee.simulate import play
from referee.text import strings_in

SCENARIOS = ("n30/close-the-ring", "n30/hold-the-line", "n30/reclaim-the-streets", "n30/lock-down-hold-fast",
             "n30/lock-down-hold-fast-two-commanders")
KINDS = [("random", "random"), ("objective", "objective"), ("random", "objective"), ("objective", "random")]
OTHER = {"protesters": "police", "police": "protesters"}
OPPOSING_KEYS = {"id", "name", "side", "type", "node", "seen", "time", "current", "source", "mood", "mood_words"}
MOOD_KEYS = ("mood", "mood_words")
SHOWN = ("words", "number", "behaviour")
FINER = {"number": (), "words": ("number",), "behaviour": ("number", "words")}  # what each option must not tell
FACTION_WORDS = ("black-bloc", "black bloc", "peace-police", "peace police", "neutral")
CHECKS = 6
LOOKS = ("unit-moved", "unit-retreated", "unit-destroyed", "unit-topped", "units-revealed", "confrontation")


def strength(state, stack) -> int:
    return sum(state.units[uid].factors["strength"] for uid in stack)


class Observable:
    """What each side could have seen so far: the units on top (weak), face up (strong) or on the map
    (none) after any event, every unit in an intersection with contact, and every stack's size and strength;
    with each crowd seen, its RL then (a crowd's RL changes only after an attack on it, in contact)."""

    def __init__(self, game, hidden: str):
        self.ctx, self.rules, self.hidden = game.ctx, game.rules, hidden
        self.state = game.rules.initial(game.ctx).thawed()
        self.units = {side: set() for side in OTHER}
        self.moods = {side: set() for side in OTHER}
        self.stacks = {side: set() for side in OTHER}
        self.markers = {side: set() for side in OTHER}  # (node, marker, turn) seen
        self.look()
        self.see_markers(set(self.state.markers), OTHER)

    def saw(self, side: str, uids) -> None:
        for uid in uids:
            self.units[side].add(uid)
            if "rl" in self.state.units[uid].attrs:
                self.moods[side].add((uid, self.state.units[uid].attrs["rl"]))

    def feed(self, event: Event) -> None:
        self.rules.evolve(self.ctx, self.state, event)
        node = event.data.get("to") if event.kind == "unit-moved" and event.data["contact"] else event.data.get("node")
        if event.kind in ("unit-moved", "confrontation", "units-revealed") and node:
            for side, other in OTHER.items():
                self.saw(side, self.state.stacks[other].get(node, ()))
        if event.kind in ("unit-moved", "unit-retreated", "unit-destroyed", "unit-topped", "units-revealed"):
            self.look()
        if event.kind in ("crowd-mood", "unit-radicalized"):
            self.saw(OTHER[self.state.units[event.data["unit"]].side], [event.data["unit"]])
        if event.kind in LOOKS:
            touched = {event.data.get(key) for key in ("node", "to", "from")}
            if event.kind == "unit-topped":
                touched.add(self.state.units[event.data["unit"]].node)
            self.see_markers(touched, OTHER)
        if event.kind == "marker-placed":
            self.see_markers({event.data["node"]}, [side for side in OTHER if self.state.stacks[side].get(event.data["node"])])

    def see_markers(self, nodes, sides) -> None:
        for side in sides:
            self.markers[side] |= {(node, marker, self.state.turn)
                                   for node in nodes for marker in self.state.markers.get(node, ())}

    def look(self) -> None:
        for side, other in OTHER.items():
            for node, stack in self.state.stacks[other].items():
                if self.hidden == "none":
                    self.saw(side, stack)
                elif self.hidden == "weak":
                    self.saw(side, stack[:1])
                else:
                    self.saw(side, [u for u in stack if not self.state.units[u].attrs.get("face_down")])
                if stack:
                    self.stacks[side].add((node, len(stack), strength(self.state, stack)))


def mentioned(words: set[str], texts: list[str]) -> set[str]:
    """Which of the words stand whole (not inside a longer word) in any of the texts."""
    if not words:
        return set()
    pattern = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return set(re.findall(rf"(?<!\w)(?:{pattern})(?!\w)", "\n".join(texts)))


def readings(rl_chart, shown: str) -> dict[str, set[int]]:
    """Every text a mood may be told in under mood_shown, with the RLs it may stand for (worked out plainly)."""
    texts: dict[str, set[int]] = {}
    for lv in rl_chart.levels:
        if shown == "behaviour":
            look = next(row for row in rl_chart.looks.rows if row.upto is None or lv.rl <= row.upto)
            told = (look.name, look.text)
        else:
            told = (f"RL {lv.rl}" if shown == "number" else lv.name, lv.words)
        for text in told:
            texts.setdefault(text, set()).add(lv.rl)
    return texts


def finer(rl_chart, shown: str) -> set[str]:
    """The texts that would tell more of a mood than mood_shown allows."""
    allowed = set(readings(rl_chart, shown))
    return {text for other in FINER[shown] for text in readings(rl_chart, other)} - allowed


def check_moods(data: dict, seen: Observable, side: str) -> None:
    """A crowd's mood only as mood_shown tells it, only on a crowd on the map the side has seen, as it was when seen."""
    rl_chart, state = chart(seen.ctx.scenario), seen.state
    shown = seen.ctx.options["mood_shown"]
    words = readings(rl_chart, shown)
    told = [unit for unit in data["units"] if "mood" in unit]
    outside = [{k: v for k, v in unit.items() if k not in MOOD_KEYS} for unit in data["units"]]
    rest = {k: v for k, v in data.items() if k != "units"}
    assert "rl" not in set(strings_in(data, values=False)), "an RL reached a player"
    assert not re.search(r"\bRL\b", json.dumps([rest, outside])), "an RL reached a player"
    assert not mentioned(finer(rl_chart, shown), list(strings_in(data))), f"a mood told finer than mood_shown = {shown}"
    assert not mentioned(set(words), list(strings_in([rest, outside]))), "a mood is told outside a crowd's own keys"
    for unit in data["units"]:
        truth = state.units[unit["id"]]
        if unit["side"] == side:
            on_map = truth.status == "active" and "rl" in truth.attrs
            assert ("mood" in unit) == on_map, f"{unit['id']}: own crowd's mood shown off the map or missing"
        elif unit["current"] and "rl" in truth.attrs:
            assert "mood" in unit, f"{unit['id']}: a crowd seen now without its mood"
    for unit in told:
        rls = words[unit["mood"]]
        assert words[unit["mood_words"]] == rls, f"{unit['id']}: a mood's name and words disagree"
        assert shown == "number" or not re.search(r"\d", unit["mood"] + unit["mood_words"]), "a digit in a mood"
        truth = state.units[unit["id"]]
        if unit["side"] != side:
            assert {(unit["id"], rl) for rl in rls} & seen.moods[side], f"{unit['id']}'s mood was never seen as {unit['mood']!r}"
        if unit["side"] == side or unit["current"]:
            assert truth.attrs["rl"] in rls, f"{unit['id']}'s mood is not its present mood"


def check_markers(data: dict, seen: Observable, side: str) -> None:
    """Barricades and Flo: the protesters' own and every one without hidden movement as they are; else only those seen."""
    state, nodes = seen.state, seen.ctx.scenario.board.nodes
    markers = data.get("markers_seen", [])
    truth = {(node, marker) for node, marks in state.markers.items() for marker in marks}
    shown = {(m["node"], m["marker"]) for m in markers}
    assert all(m["side"] == "protesters" for m in markers) and shown <= truth, "a marker that is not there"
    places = [(nodes[m["node"]].y, nodes[m["node"]].x) for m in markers]
    assert places == sorted(places), "markers out of map order"
    if side == "protesters" or seen.hidden == "none":
        assert shown == truth and all(m["current"] and m["seen"] == state.turn for m in markers)
    for m in markers if side != "protesters" and seen.hidden != "none" else ():
        seen_then = (m["node"], m["marker"], m["seen"]) in seen.markers[side]
        assert seen_then and not m["current"], f"{m['marker']} at {m['node']} known without having been seen then"


def check_view(record: Record, seen: Observable, player, seed: int, filed: list[Event]) -> None:
    scenario, state = record.ctx.scenario, seen.state
    side, other = player.side, OTHER[player.side]
    data = view_json(record.view(player.id))
    text = json.dumps(data, ensure_ascii=False)
    observed = seen.units[side]
    opposing = {uid: u for uid, u in scenario.units.items() if u.side == other}

    for unit in data["units"]:
        if unit["side"] == other:
            assert unit["id"] in observed, f"{player.id} knows of {unit['id']} without having seen it"
            assert set(unit) <= OPPOSING_KEYS, f"hidden attributes of {unit['id']}: {set(unit) - OPPOSING_KEYS}"
        else:
            assert scenario.units[unit["id"]].side == side
    nodes = scenario.board.nodes
    places = [(nodes[s["node"]].y, nodes[s["node"]].x) for s in data["stacks"]]
    assert places == sorted(places), "sightings out of map order"
    present = [s["node"] for s in data["stacks"] if s["current"]]
    assert len(present) == len(set(present)), "two present sightings of one intersection"
    for stack in data["stacks"]:
        assert stack["side"] == other and stack["units"] == sorted(stack["units"])
        assert set(stack["units"]) <= observed and stack["top"] in observed | {None}
        if stack["current"]:
            truth = state.stacks[other][stack["node"]]
            assert set(stack["units"]) <= set(truth), f"{stack['node']}: units said to be there are not"
            assert stack["count"] == len(truth)
            if seen.hidden == "strong":
                assert stack["top"] is None
                assert stack["strength"] is None or len(stack["units"]) == stack["count"]
            else:
                assert (stack["top"], stack["strength"]) == (truth[0], strength(state, truth))
        else:
            glimpses = {(n, c) for n, c, _ in seen.stacks[side]}
            assert (stack["node"], stack["count"]) in glimpses
            if stack["strength"] is not None:
                assert (stack["node"], stack["count"], stack["strength"]) in seen.stacks[side]

    unseen = {uid for uid in opposing if uid not in observed}
    names = {opposing[uid].name for uid in unseen} - {opposing[uid].name for uid in observed if uid in opposing}
    leaked = mentioned(unseen | names, list(strings_in(data)))
    assert not leaked, f"{player.id}'s view names units it never observed: {sorted(leaked)}"
    if side != "protesters":
        assert not any(word in text.lower() for word in FACTION_WORDS), "the protesters' factions leaked"
    assert str(seed) not in text and re.fullmatch("[0-9a-f]{64}", data["seed_commitment"])
    assert not {"dice", "roll", "rolls", "seed"} & set(strings_in(data, values=False))
    check_moods(data, seen, side)
    check_markers(data, seen, side)
    assert all(scenario.units[uid].side == side for a in data["arrivals"] for uid in a["units"])
    due = [e.data["text"] for e in filed if e.data["player"] == player.id and e.data["due_turn"] <= state.turn]
    assert sorted(r["text"] for r in data["reports"]) == sorted(due)


def with_reports(game, picks) -> list[Event]:
    """The game's events with umpire reports slipped in at the picked places (a report changes no state)."""
    events, players = list(game.events), game.ctx.scenario.players
    for number, (where, who, delay, reliability) in enumerate(sorted(picks, reverse=True)):
        at = int(where * len(events))
        player, turn = players[who % len(players)], events[at].turn
        events.insert(at, Event("report-filed", {
            "player": player.id, "text": f"report {number} for {player.id}", "delay": delay,
            "reliability": reliability, "due_turn": due_turn(game.ctx, turn, delay)}, (), turn, ""))
    return events


def check_game(scenario_id: str, options: dict, seed: int, kinds: tuple, picks=()) -> None:
    """Play a game and check every player's view at several moments."""
    scenario = load(scenario_id)
    game = play(scenario, options, seed, *kinds, keep_events=True).game
    events = with_reports(game, picks)
    record, seen, filed = Record(game.ctx, game.rules, "ab" * 32), Observable(game, options["hidden"]), []
    moments = {len(events) * k // CHECKS for k in range(1, CHECKS + 1)}
    for index, event in enumerate(events, start=1):
        record.feed(event)
        seen.feed(event)
        if event.kind == "report-filed":
            filed.append(event)
        if index in moments:
            for player in scenario.players:
                check_view(record, seen, player, seed, filed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scenario_id=st.sampled_from(SCENARIOS),
    hidden=st.sampled_from(["none", "weak", "strong", "weak", "strong"]),
    friction=st.sampled_from(["off", "on"]),
    mood=st.sampled_from(["off", "on", "free"]),
    shown=st.sampled_from(SHOWN),
    seed=st.integers(10**12, 2**62),
    kinds=st.sampled_from(KINDS),
    picks=st.lists(st.tuples(st.floats(0, 0.999), st.integers(0, 5), st.integers(0, 45), st.sampled_from(RELIABILITIES)),
                   max_size=4),
)
def test_no_view_holds_a_fact_its_player_did_not_observe(scenario_id, hidden, friction, mood, shown, seed, kinds, picks):
    options = {"hidden": hidden, "faction_friction": friction, "crowd_mood": mood, "mood_shown": shown}
    check_game(scenario_id, options, seed, kinds, picks)


def test_the_mood_check_bites(monkeypatch):
    """A mood told finer than mood_shown allows is caught: a level's words under behaviour, the RL under words."""
    options = {"hidden": "none", "faction_friction": "off", "crowd_mood": "on", "mood_shown": "behaviour"}
    game = ("n30/hold-the-line", options, 10**12 + 7, ("objective", "objective"))
    check_game(*game)
    monkeypatch.setattr(moods, "looks", lambda rl_chart, rl: Look(name=level(rl_chart, rl).name, text=level(rl_chart, rl).words))
    with pytest.raises(AssertionError, match="finer than mood_shown = behaviour"):
        check_game(*game)
    monkeypatch.undo()
    options["mood_shown"] = "words"
    check_game(*game)
    monkeypatch.setattr(moods, "mood_shown", lambda ctx: "number")
    with pytest.raises(AssertionError, match="finer than mood_shown = words"):
        check_game(*game)


def test_the_marker_check_bites(monkeypatch):
    """A barricade the police were told of as it was built, wherever they stood, is caught."""
    options = {"hidden": "weak", "faction_friction": "off", "crowd_mood": "off", "mood_shown": "words"}
    game = ("n30/close-the-ring", options, 10**12, ("random", "random"))
    check_game(*game)

    def told(record, data, before):
        for watch in record.watches.values():
            record._look(watch, data["node"], before)

    monkeypatch.setitem(record_module._SEEN, "marker-placed", told)
    with pytest.raises(AssertionError, match="known without having been seen then"):
        check_game(*game)
