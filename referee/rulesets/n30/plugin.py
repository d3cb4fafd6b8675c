"""N30 for referee: the declaration its entry point names (data only: nothing of the game is imported here)."""

from referee.paths import data_dir
from referee.rulesets.plugin import RulesetPlugin

PLUGIN = RulesetPlugin(
    id="n30",
    title="N30: the Seattle WTO blockades, 30 November 1999",
    scenarios=data_dir("scenarios") / "n30",
    rules="referee.rulesets.n30.rules.ruleset:N30",
    knowledge="referee.rulesets.n30.knowledge.record:Record",
    umpire_text="referee.rulesets.n30.umpire:state_text",
    screen="referee.rulesets.n30.tui.screen:MainScreen",
    texts="referee.rulesets.n30.texts:TEXTS",
    card="referee.rulesets.n30.card:card",
    orders="referee.rulesets.n30.orders:forms",
    odds="referee.rulesets.n30.rules.odds:confront_odds",
    hidden=("locked", "faction", "face_down", "armored", "rl", "arrives", "edge"),
    score_name="success",
    tallies=(("Confrontations", lambda e: e.kind == "confrontation"),
             ("Confrontations with gas", lambda e: e.kind == "confrontation" and e.data["gas"]),
             ("Units radicalized", lambda e: e.kind == "unit-radicalized"),
             ("Units destroyed", lambda e: e.kind == "unit-destroyed"),
             ("Retreats", lambda e: e.kind == "unit-retreated"),
             ("Reports to players", lambda e: e.kind == "report-filed")),
    notes="referee.rulesets.n30.review:odds_before",
    rising=("protesters", "police"),
    verdict="referee.rulesets.n30.review:verdict",
    review_words="referee.rulesets.n30.review:WORDS",
    truth="referee.rulesets.n30.umpire:hidden_facts",
    reasons={"5.1": "protesters reached {names} (5.1)",
             "5.2": "the protesters' ring cut {names} off from the venues (5.2)",
             "5.3": "protesters held the {names} (5.3)",
             "4.5": "police attacks and gas (4.5)"},
    files={"tables": "referee.rules.mood_chart:check"},  # Wallman's tables: the RL State Chart of option crowd_mood
    calculators=("n30",),
    calculate="referee.rulesets.n30.rules.calculator:calculate",
    autoplay="referee.rulesets.n30.players.autoplay:AUTOPLAY",
    actors={"move": "unit", "roll": "unit", "barricade": "unit", "flo": "unit", "top": "unit", "stay": "unit",
            "group-move": "units", "choose": "phase", "factions": "side:protesters", "confront": "side:police"},
    phase_sides={"protester-movement": "protesters", "police-movement": "police"},  # 3.1 (rules.phases.MOVER)
    anytime=("top",),  # 6.2: the owner may put a unit on top at any time
    phases=("protester-movement", "police-movement", "confrontation", "success"),  # 2 (rules.phases.PHASES)
    blind={"protester-movement": "protesters", "police-movement": "police"},  # the two movement phases (2, 3.1)
)
