"""Battle of Seattle for referee: the declaration its entry point names (data only: nothing of the game is imported here)."""

from referee.paths import data_dir
from referee.rulesets.plugin import RulesetPlugin

PLUGIN = RulesetPlugin(
    id="bos",
    title="Battle of Seattle: the WTO protests, 30 November to 3 December 1999",
    scenarios=data_dir("scenarios") / "bos",
    rules="referee.rulesets.bos.rules.ruleset:BattleOfSeattle",
    texts="referee.rulesets.bos.texts:TEXTS",
    screen="referee.rulesets.bos.tui.screen:SeattleScreen",
    hidden=("arrives", "due", "nightfall"),
    scores_as="ei",
    calculators=("bos",),
    calculate="referee.rulesets.bos.rules.calculator:calculate",
)
