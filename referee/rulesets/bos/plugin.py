"""Battle of Seattle for referee: the declaration its entry point names (data only: nothing of the game is imported here)."""

from referee.paths import data_dir
from referee.rulesets.plugin import RulesetPlugin

PLUGIN = RulesetPlugin(
    id="bos",
    title="Battle of Seattle: the WTO protests, 30 November to 3 December 1999",
    scenarios=data_dir("scenarios") / "bos",
    rules="referee.rulesets.bos.rules.ruleset:BattleOfSeattle",
    umpire_text="referee.rulesets.bos.umpire:state_text",
    knowledge="referee.rulesets.bos.knowledge:BosKnowledge",
    texts="referee.rulesets.bos.texts:TEXTS",
    card="referee.rulesets.bos.card:card",
    orders="referee.rulesets.bos.orders:forms",
    odds="referee.rulesets.bos.rules.odds:combat_odds",
    sheet_map="areas",
    screen="referee.rulesets.bos.tui.screen:SeattleScreen",
    hidden=("arrives", "due", "nightfall"),
    scores_as="ei",
    lead=("protester", "authority"),
    score_name="Protester lead",
    verdict="referee.rulesets.bos.review:verdict",
    review_words="referee.rulesets.bos.review:WORDS",
    tallies=(("Random events", lambda e: e.kind == "event-rolled" and e.data["event"] is not None),
             ("Combats", lambda e: e.kind == "combat"),
             ("Combats where a unit left the game", lambda e: e.kind == "combat"
              and any(u["fate"] == "removed" for u in e.data["units"])),
             ("Barricades built", lambda e: e.kind == "barricade-tried" and e.data["built"]),
             ("Emergency reinforcements ordered", lambda e: e.kind == "emergency-ordered"),
             ("Escalations", lambda e: e.kind == "escalated"),
             ("Reports to players", lambda e: e.kind == "report-filed")),
    reasons={"turn end": "the Turn End Phase (3.4): Downtown Core areas held ({names}), Yahoos, SPD on the map",
             "combat": "combat in {names} (6.0, EI Adjustment Chart)",
             "random event": "a random event (4.1)",
             "emergency reinforcements": "emergency reinforcements' EI cost (4.22)"},
    calculators=("bos",),
    calculate="referee.rulesets.bos.rules.calculator:calculate",
    autoplay="referee.rulesets.bos.players.autoplay:AUTOPLAY",
    actors={"move": "unit", "place": "unit", "lose": "unit", "barricade": "unit", "combat": "phase",
            "emergency": "side:authority", "escalate": "side:authority"},
    phase_sides={"protester-combat": "protester", "authority-combat": "authority"},  # 3.33 (rules.phases.FIGHTER)
)
