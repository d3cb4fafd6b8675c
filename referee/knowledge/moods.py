"""What players see of a crowd's mood: option `mood_shown` (RULINGS.md, "What players see of a crowd's mood").

`number`: the RL as the numbered marker the RL State Chart's note suggests, with its level's words;
`words`: the level's name and words, one for each RL; `behaviour`: only what the crowd visibly does,
one look for several levels (the tables' `rl.looks`). Never the chart's factors or dice.
"""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.units import Unit
from referee.knowledge.view import Mood
from referee.rules.moods import chart, level, looks

NUMBER, WORDS, BEHAVIOUR = "number", "words", "behaviour"
#: what each way of showing tells the players, as their sheets say it (in English; Spanish in the briefing's words).
EXPLAINED = {
    NUMBER: "The number by each crowd is its Response Level (RL), the umpire's marker: 1 is good for you, 8 is bad. "
            "How it rises and falls is the umpire's.",
    WORDS: "Each mood stands for one of a crowd's eight levels, from breaking up (the best for you) to out of "
           "control (the worst). The umpire keeps the numbers and how they change.",
    BEHAVIOUR: "A mood is only what the crowd is seen to do: crowds in different tempers can look alike. "
               "The umpire keeps the rest.",
}


def mood_shown(ctx: Context) -> str:
    """How the session shows moods (`words` for a session stored before the option existed)."""
    return ctx.options.get("mood_shown", WORDS)


def mood(ctx: Context, unit: Unit) -> Mood | None:
    """A crowd's mood as the players see it; None for a unit with no RL."""
    if "rl" not in unit.attrs:
        return None
    rl, how = unit.attrs["rl"], mood_shown(ctx)
    if how == BEHAVIOUR:
        look = looks(chart(ctx.scenario), rl)
        return Mood(look.name, look.text)
    known = level(chart(ctx.scenario), rl)
    return Mood(f"RL {rl}" if how == NUMBER else known.name, known.words)
