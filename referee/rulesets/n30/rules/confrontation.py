"""N30 section 4: one police confrontation in one intersection, as pure functions.

The session engine calls `resolve` and then carries out the results on the map
(retreats 4.1, removals 4.2, radicalization 4.3, successes 4.5/5.4); this module
only decides them, and itemizes each number it reaches, a line of the rules each.
It imports nothing beyond the standard library, the errors, the dice and the
events' itemization, so that `referee resolve n30` starts fast.

Readings of the ambiguous points are in RULINGS-confrontation.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain

from referee.core.dice import Dice, Roll
from referee.core.events import item
from referee.errors import RefereeError, Refusal

# 1.7: soft squads rate 1-1, hard squads 2-1, mounted squads 1-2; chemical units rate
# G-1 or G-3: their first factor is a gas capability, not a confrontation factor.
POLICE_FACTORS: dict[str, int] = {"hard": 2, "soft": 1, "mounted": 1, "chemical": 0}
POLICE_TYPES: tuple[str, ...] = tuple(POLICE_FACTORS)
#: (4) the squads that can attack: "wherever police hard squads, soft squads, or mounted squads ..."
ATTACKING_TYPES: frozenset[str] = frozenset({"hard", "soft", "mounted"})
#: (4) "wherever chemical units accompany the attacking squads"
GAS_TYPES: frozenset[str] = frozenset({"chemical"})

# 1.6: L-1, F-1, T-1, D-1, U-1, R-1.
PROTESTER_TYPES: tuple[str, ...] = ("lockdown", "flying", "theater", "demonstration", "unorganized", "radicalized")
#: (4) unorganized clusters face doubled factors and are radicalized by a gassed 6.
UNORGANIZED = "unorganized"
#: (1.6, 4.3) unorganized clusters angered by police brutality; not affected by the doubling.
RADICALIZED = "radicalized"
LOCKDOWN = "lockdown"
#: (4.5) the units that raise the political cost of gas.
POLITICAL_TYPES: frozenset[str] = frozenset({"theater", "demonstration"})
#: (4.5) gassing gives 1 success, and "3 or more" theater/demonstration units give no more than 3 do.
GAS_COST, MOST_COUNTED = 1, 3

UNAFFECTED, RETREAT, DESTROYED, STAYS = "unaffected", "retreat", "destroyed", "stays"
RESULTS: tuple[str, ...] = (UNAFFECTED, RETREAT, DESTROYED, STAYS)


# The records below are values, never changed once made (they are not frozen dataclasses
# only because those are several times slower to make, and a game makes thousands).


@dataclass(slots=True)
class PoliceIn:
    """A police unit in the intersection; `armored` (a G-3 chemical unit) changes nothing here."""

    id: str
    type: str
    armored: bool = False


@dataclass(slots=True)
class ProtesterIn:
    """A protester unit in the intersection, in the order its die is rolled.

    `locked` matters only for lockdown clusters: they are locked unless they moved this
    turn (3, 4.4); it is ignored for every other type.
    """

    id: str
    type: str
    locked: bool = True


@dataclass(slots=True)
class UnitResult:
    """What happened to one protester unit."""

    id: str
    type: str
    facing: int  # the strength it faced after every doubling
    roll: int
    result: str  # unaffected, retreat, destroyed or stays
    refusal_roll: int | None  # the 4.4 die, only where one was rolled
    radicalized: bool  # 4.3: replace the unorganized cluster with a radicalized one

    @property
    def must_retreat(self) -> bool:
        """4.1: the police player now moves it to an adjacent intersection."""
        return self.result == RETREAT

    @property
    def removed(self) -> bool:
        """4.2 / 4.4: removed from play."""
        return self.result == DESTROYED


@dataclass(slots=True)
class Confrontation:
    """The outcome of one confrontation in one intersection."""

    gas: bool
    police_total: int  # the confrontation factors of the police units
    effective_total: int  # doubled if gassed: what is divided among the protester units
    allocation: tuple[tuple[str, int], ...]  # each unit's share, before doubling for unorganized
    units: tuple[UnitResult, ...]
    successes: int  # 4.5 / 5.4: what the protesters gain
    rolls: tuple[Roll, ...]  # every die, in the order rolled
    items: tuple[dict, ...]  # how the strengths faced were reached (factor_items): the squads' factors add up to police_total
    political: tuple[dict, ...]  # how `successes` was reached (political_items): the lines add up to it

    @property
    def dice(self) -> tuple[int, ...]:
        return tuple(roll.value for roll in self.rolls)

    def unit(self, unit_id: str) -> UnitResult:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise RefereeError(f"no protester unit {unit_id!r} in this confrontation")


# --- the police side ---------------------------------------------------------------------


def police_factor(unit_type: str) -> int:
    """1.7: the confrontation factor of one police unit type (chemical units: 0)."""
    if isinstance(unit_type, str) and unit_type in POLICE_FACTORS:
        return POLICE_FACTORS[unit_type]
    raise RefereeError(f"unknown police type {unit_type!r} (one of: {', '.join(POLICE_TYPES)})")


def police_total(types: Iterable[str]) -> int:
    """4: the police total the confrontation factors of their units in the intersection."""
    return sum([police_factor(unit_type) for unit_type in types])


def check_attack(types: Iterable[str], gas: bool) -> None:
    """4: refuse an attack without a hard, soft or mounted squad, or gas without a chemical unit."""
    present = set(types)
    for unit_type in present:
        police_factor(unit_type)
    refusal = squads_lacking(present) or (gas_refused(present) if gas else None)
    if refusal:
        raise refusal


def squads_lacking(types: Iterable[str]) -> Refusal | None:
    """4: why the police may not attack here, if they may not: no hard, soft or mounted squad."""
    present = set(types)
    if not present & ATTACKING_TYPES:
        return Refusal("4", "the police may attack only where a hard, soft or mounted squad is in the intersection"
                            + (" (chemical units only accompany the attacking squads)" if present else ""))
    return None


def gas_refused(types: Iterable[str]) -> Refusal | None:
    """4: why the police may not gas here, if they may not: no chemical unit with the squads."""
    if not set(types) & GAS_TYPES:
        return Refusal("4", "the police may gas only where a chemical unit accompanies the attacking squads")
    return None


# --- dividing the total -----------------------------------------------------------------


def even_split(total: int, names: Sequence[str]) -> dict[str, int]:
    """4: divide `total` as evenly as possible; the remainder goes to the first units listed."""
    names = list(names)
    if not names:
        raise RefereeError("there are no protester units to divide the police total among")
    if not isinstance(total, int) or isinstance(total, bool) or total < 0:
        raise RefereeError(f"the police total must be a whole number of at least 0, got {total!r}")
    share, remainder = divmod(total, len(names))
    return {name: share + (1 if index < remainder else 0) for index, name in enumerate(names)}


def check_allocation(total: int, allocation: Mapping[str, object], names: Sequence[str], *, gassed: bool = False) -> None:
    """4: the police choose who gets the remainder, but must divide "as evenly as possible".

    The allocation must name exactly the protester units, give each a whole number of at
    least 0, add up to `total` and give each unit floor(total/n) or ceil(total/n).
    `gassed` only says in the messages that the total was doubled for gas.
    """
    brought = f"{total} (doubled for gas)" if gassed else f"{total}"
    names = list(names)
    if not names:
        raise RefereeError("there are no protester units to divide the police total among")
    missing = [name for name in names if name not in allocation]
    extra = [name for name in allocation if name not in names]
    if missing or extra:
        parts = []
        if missing:
            parts.append("it leaves out " + ", ".join(map(repr, missing)))
        if extra:
            parts.append("it names units not in the confrontation: " + ", ".join(map(repr, extra)))
        raise Refusal("4", "the allocation must share the police total among exactly the protester units: " + "; ".join(parts))
    shares: dict[str, int] = {}
    for name in names:
        given = allocation[name]  # from JSON: anything until checked
        if not isinstance(given, int) or isinstance(given, bool):
            raise RefereeError(f"allocation: the share of {name!r} must be a whole number, got {given!r}")
        if given < 0:
            raise Refusal("4", f"the allocation gives {name!r} a negative share ({given})")
        shares[name] = given
    allocated = sum(shares.values())
    if allocated != total:
        raise Refusal("4", f"the allocation shares out {allocated} but the police bring {brought}")
    low, remainder = divmod(total, len(names))
    high = low + (1 if remainder else 0)
    for name, share in shares.items():
        if not low <= share <= high:
            allowed = f"{low}" if low == high else f"{low} or {high}"
            raise Refusal(
                "4",
                f"the police must divide {brought} as evenly as possible among {len(names)} units "
                f"(each share {allowed}), not give {name!r} {share}",
            )


def facing(share: int, unit_type: str) -> int:
    """4: the strength a unit faces; unorganized clusters face double their share."""
    return share * 2 if unit_type == UNORGANIZED else share


def factor_items(police: Sequence[PoliceIn], protesters: Sequence[ProtesterIn], gas: bool) -> list[dict]:
    """1.7, 4: what makes the strength each protester unit faces, a line each: every squad's confrontation factor
    (chemical units add none), the doubling for gas, the division among the units, each unorganized cluster's doubling."""
    lines = [item(f"{unit.id}, {unit.type} squad", police_factor(unit.type), "1.7")
             for unit in police if police_factor(unit.type)]
    if gas:
        lines.append(item(f"gas, {', '.join(unit.id for unit in police if unit.type in GAS_TYPES)}", "×2", "4"))
    if len(protesters) > 1:
        lines.append(item(f"shared among {len(protesters)} protester units", f"÷{len(protesters)}", "4"))
    return lines + [item(f"{unit.id}, unorganized", "×2", "4") for unit in protesters if unit.type == UNORGANIZED]


def political_items(units: Iterable[ProtesterIn], gas: bool) -> list[dict]:
    """4.5 / 5.4, a line each: 1 success for gassing the intersection, 1 more for each theater or demonstration
    unit in it, and the cap: 3 or more of them count as 3 (4 successes at most)."""
    if not gas:
        return []
    counted = [unit for unit in units if unit.type in POLITICAL_TYPES]
    lines = [item("the police gas the intersection", GAS_COST, "4.5")]
    lines += [item(f"{unit.id}, {unit.type} cluster", 1, "4.5") for unit in counted]
    if len(counted) > MOST_COUNTED:
        lines.append(item(f"{len(counted)} theater/demonstration units count as {MOST_COUNTED}",
                          MOST_COUNTED - len(counted), "4.5"))
    return lines


def political_cost(types: Iterable[str], gas: bool) -> int:
    """4.5 / 5.4: 1 success for gassing, +1 per theater/demonstration unit, at most 4 in all (units known by type)."""
    return sum(line["value"] for line in political_items([ProtesterIn(kind, kind) for kind in types], gas))


def die_result(roll: int, strength: int, gas: bool) -> str:
    """4: the result of one confrontation die against the strength facing the unit."""
    if gas and roll == 1:
        return DESTROYED
    return RETREAT if roll <= strength else UNAFFECTED


def refusal_result(roll: int) -> str:
    """4.4: a refusing lockdown stays on 1-3 and is destroyed on 4-6."""
    return STAYS if roll <= 3 else DESTROYED


# --- the whole confrontation ------------------------------------------------------------


def _police_units(police: Iterable[PoliceIn | tuple]) -> list[PoliceIn]:
    units = []
    for given in police:
        unit = given if isinstance(given, PoliceIn) else _build(PoliceIn, given, "police")
        if not isinstance(unit.id, str) or not unit.id:
            raise RefereeError(f"police unit ids must be non-empty strings, got {unit.id!r}")
        police_factor(unit.type)
        units.append(unit)
    if not units:
        raise RefereeError("a confrontation needs at least one police unit")
    _check_unique("police", [unit.id for unit in units])
    return units


def _protester_units(protesters: Iterable[ProtesterIn | tuple]) -> list[ProtesterIn]:
    units = []
    for given in protesters:
        unit = given if isinstance(given, ProtesterIn) else _build(ProtesterIn, given, "protester")
        if not isinstance(unit.id, str) or not unit.id:
            raise RefereeError(f"protester unit ids must be non-empty strings, got {unit.id!r}")
        if not isinstance(unit.type, str) or unit.type not in PROTESTER_TYPES:
            raise RefereeError(
                f"unknown protester type {unit.type!r} for {unit.id!r} (one of: {', '.join(PROTESTER_TYPES)})"
            )
        units.append(unit)
    if not units:
        raise RefereeError("a confrontation needs at least one protester unit")
    _check_unique("protester", [unit.id for unit in units])
    return units


def _build(cls, item, side: str):
    try:
        return cls(*item)
    except TypeError:
        raise RefereeError(f"a {side} unit must be given as (id, type, ...), got {item!r}") from None


def _check_unique(side: str, ids: list[str]) -> None:
    if len(set(ids)) == len(ids):
        return
    seen: set[str] = set()
    for unit_id in ids:
        if unit_id in seen:
            raise RefereeError(f"{side} unit {unit_id!r} is listed twice")
        seen.add(unit_id)


def check_refusals(protesters: Sequence[ProtesterIn], refuse: Iterable[str]) -> frozenset[str]:
    """4.4: only locked lockdown clusters may refuse to retreat."""
    if not refuse:
        return frozenset()
    by_id = {unit.id: unit for unit in protesters}
    refusing = []
    for unit_id in refuse:
        unit = by_id.get(unit_id)
        if unit is None:
            raise RefereeError(f"refuse: {unit_id!r} is not a protester unit in this confrontation")
        if unit.type != LOCKDOWN:
            raise Refusal("4.4", f"only lockdown clusters may refuse to retreat, and {unit_id!r} is a {unit.type} unit")
        if not unit.locked:
            raise Refusal("4.4", f"unlocked lockdown units may not refuse to retreat, and {unit_id!r} is unlocked")
        if unit_id in refusing:
            raise Refusal("4.4", f"{unit_id!r} is named twice in `refuse`")
        refusing.append(unit_id)
    return frozenset(refusing)


@dataclass(slots=True)
class Division:
    """How the police total is divided before any die (4): its lines, the total, the total after gas, each unit's
    share, and the lockdowns refusing to retreat (4.4)."""

    items: list[dict]
    total: int
    effective: int
    shares: dict[str, int]
    refusing: frozenset[str]

    def facing(self, unit: ProtesterIn) -> int:
        """The strength the unit faces: its share, doubled for an unorganized cluster (4)."""
        return facing(self.shares[unit.id], unit.type)


def divide(police: Sequence[PoliceIn], protesters: Sequence[ProtesterIn], gas: bool,
           allocation: Mapping[str, int] | None, refuse: Iterable[str]) -> Division:
    """4, 4.4: the attack checked (squads, gas, refusals, the allocation) and the police total divided among the
    protester units, as evenly as possible unless the police give their allocation."""
    if not isinstance(gas, bool):
        raise RefereeError(f"gas must be true or false, got {gas!r}")
    check_attack([unit.type for unit in police], gas)
    refusing = check_refusals(protesters, refuse)
    items = factor_items(police, protesters, gas)
    total = sum(line["value"] for line in items if isinstance(line["value"], int))
    effective = total * 2 if gas else total
    names = [unit.id for unit in protesters]
    if allocation is None:
        shares = even_split(effective, names)
    else:
        check_allocation(effective, allocation, names, gassed=gas)
        shares = {name: allocation[name] for name in names}
    return Division(items, total, effective, shares, refusing)


def resolve(
    police: Iterable[PoliceIn | tuple],
    protesters: Iterable[ProtesterIn | tuple],
    gas: bool,
    allocation: Mapping[str, int] | None,
    refuse: Iterable[str],
    dice: Dice,
    bystanders: Iterable[ProtesterIn] = (),
) -> Confrontation:
    """Resolve one N30 confrontation (4, 4.1-4.5, 5.4).

    Every check is made before the first die is rolled.  Dice: one per protester unit in
    the order given, then one refusal die per refusing lockdown that was forced to retreat,
    in the same order (4.4).  `bystanders` are the other protester units in the intersection,
    attacked earlier in the phase (4.1): gas there costs the police for them too (4.5).
    """
    police_units, protester_units = _police_units(police), _protester_units(protesters)
    divided = divide(police_units, protester_units, gas, allocation, refuse)
    shares, refusing = divided.shares, divided.refusing

    rolls: list[Roll] = []
    first: list[tuple[ProtesterIn, int, Roll, str]] = []
    for unit in protester_units:
        strength = divided.facing(unit)
        roll = dice.roll(f"confrontation: {unit.id}")
        rolls.append(roll)
        first.append((unit, strength, roll, die_result(roll.value, strength, gas)))

    results = []
    for unit, strength, roll, result in first:
        refusal_roll = None
        if result == RETREAT and unit.id in refusing:
            refusal = dice.roll(f"lockdown refusal: {unit.id}")
            rolls.append(refusal)
            refusal_roll = refusal.value
            result = refusal_result(refusal_roll)
        # 4, 4.3: a gassed 6 radicalizes an unorganized cluster, retreating or not;
        # a destroyed unit (a 1) cannot be.
        radicalized = gas and unit.type == UNORGANIZED and roll.value == 6 and result != DESTROYED
        results.append(UnitResult(unit.id, unit.type, strength, roll.value, result, refusal_roll, radicalized))

    political = political_items(chain(protester_units, bystanders), gas)
    return Confrontation(
        gas=gas,
        police_total=divided.total,
        effective_total=divided.effective,
        allocation=tuple(shares.items()),
        units=tuple(results),
        successes=sum(line["value"] for line in political),
        rolls=tuple(rolls),
        items=tuple(divided.items),
        political=tuple(political),
    )
