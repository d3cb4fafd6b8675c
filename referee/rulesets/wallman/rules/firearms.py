"""Firearms: security forces shooting into a crowd, and snipers shooting at them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import RefereeError
from referee.rules.charts import row_for
from referee.text import plural

if TYPE_CHECKING:
    from referee.rulesets.wallman.tables import Tables


@dataclass(frozen=True)
class Volley:
    """One turn's fire of a group: the number needed, every die, and each downed man's fate; `items`, the number
    needed, the hits, and each hit's wound die."""

    needed: int
    rolls: tuple[int, ...]
    hits: int
    wound_rolls: tuple[int, ...]
    casualties: tuple[str, ...]
    items: tuple[dict[str, Any], ...] = ()


def shots(tables: Tables, firers: int, automatic: bool) -> int:
    """How many dice a volley rolls to hit: one a firer, more with automatic weapons."""
    return firers * (tables.firearms.automatic_dice if automatic else 1)


def volley(tables: Tables, firer_type: str, firers: int, dice: Dice, automatic: bool = False, long_range: bool = False) -> Volley:
    """1d6 per firer (more with automatic weapons) against the number the firer needs; a d6 per hit for its effect."""
    f = tables.firearms
    if firer_type not in f.to_hit:
        raise RefereeError(f"{f.section}: no number to hit for {firer_type!r} (known: {', '.join(f.to_hit)})")
    if not isinstance(firers, int) or isinstance(firers, bool) or firers < 1:
        raise RefereeError(f"{f.section}: firers must be a whole number 1 or more, got {firers!r}")
    needed = f.to_hit[firer_type] + (f.long_range if long_range else 0)
    rolls = tuple(dice.roll("firearms: to hit", f.die).value for _ in range(shots(tables, firers, automatic)))
    hits = sum(roll >= needed for roll in rolls)
    wound_rolls = tuple(dice.roll("firearms: wound", f.die).value for _ in range(hits))
    casualties = tuple(row_for(f.wounds, roll).result for roll in wound_rolls)
    each = f", {f.automatic_dice} each (automatic)" if automatic else ""
    items = [item(f"to hit, {firer_type}" + (f", beyond {f.long_range_inches} inches" if long_range else "") + ":",
                  f"{needed} or more", f.section),
             item(f"hits, {plural(firers, 'firer')}{each}: dice at {needed} or more", hits, f.section),
             *(item(f"hit {n + 1}, wound die {roll}:", fate, f.section)
               for n, (roll, fate) in enumerate(zip(wound_rolls, casualties, strict=True)))]
    return Volley(needed, rolls, hits, wound_rolls, casualties, tuple(items))


@dataclass(frozen=True)
class SniperShot:
    """A sniper's shot: the hit die, and the spotting die where the position can be spotted; `items`, the hit die
    and the spotting die with its factor (adding up to the spotting score)."""

    shot: int
    roll: int
    hit: bool
    spot_roll: int | None
    spotted: bool
    items: tuple[dict[str, Any], ...] = ()


def snipe(tables: Tables, shot: int, dice: Dice) -> SniperShot:
    """The `shot`-th shot from one place: a 6 hits; from the second shot on, a 6 (+1 per later shot) spots it."""
    s = tables.sniper
    if not isinstance(shot, int) or isinstance(shot, bool) or shot < 1:
        raise RefereeError(f"{s.section}: shot counts the shots from this place, 1 or more, got {shot!r}")
    roll = dice.roll("sniper: to hit", s.die).value
    hit = roll >= s.hit_on
    aim = item(f"to hit on {s.hit_on}, die {roll}:", "hit" if hit else "miss", s.section)
    if shot == 1:
        return SniperShot(shot, roll, hit, None, False, (aim, item("first shot from this place:", "unobserved", s.section)))
    spot_roll = dice.roll("sniper: spotted?", s.die).value
    later = shot - 2
    score = spot_roll + later
    spotted = score >= s.spot_on
    items = [aim, item("spotting die", spot_roll, s.section)]
    if later:
        items.append(item(f"{plural(later, 'shot')} after the second from this place", later, s.section))
    items.append(item(f"spotting score, spotted on {s.spot_on}:", f"{score}, " + ("spotted" if spotted else "unseen"),
                      s.section))
    return SniperShot(shot, roll, hit, spot_roll, spotted, tuple(items))


def counter_snipe(tables: Tables, dice: Dice) -> tuple[int, bool]:
    """A SWAT sniper's shot at a spotted sniper: the die and whether it hits."""
    roll = dice.roll("SWAT sniper: to hit", tables.sniper.die).value
    return roll, roll >= tables.sniper.swat_hit_from
