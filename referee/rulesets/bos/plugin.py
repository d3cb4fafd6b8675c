"""Battle of Seattle for referee: the declaration its entry point names (data only: nothing of the game is imported here)."""

from referee.rulesets.plugin import RulesetPlugin

PLUGIN = RulesetPlugin(
    id="bos",
    title="Battle of Seattle: the WTO protests, 30 November to 3 December 1999",
    calculators=("bos",),
    calculate="referee.rulesets.bos.rules.calculator:calculate",
)
