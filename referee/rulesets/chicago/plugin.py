"""Chicago-Chicago! for referee: the declaration its entry point names (data only: nothing of the game is imported here)."""

from referee.rulesets.plugin import RulesetPlugin

PLUGIN = RulesetPlugin(
    id="chicago",
    title="Chicago-Chicago!: the Democratic National Convention, 25 to 28 August 1968",
    calculators=("chicago",),
    calculate="referee.rulesets.chicago.rules.calculator:calculate",
)
