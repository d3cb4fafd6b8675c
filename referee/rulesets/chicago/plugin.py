"""Chicago-Chicago! for referee: the declaration its entry point names (data only: nothing of the game is imported here)."""

from referee.paths import data_dir
from referee.rulesets.plugin import RulesetPlugin

PLUGIN = RulesetPlugin(
    id="chicago",
    title="Chicago-Chicago!: the Democratic National Convention, 25 to 28 August 1968",
    scenarios=data_dir("scenarios") / "chicago",
    rules="referee.rulesets.chicago.rules.ruleset:ChicagoChicago",
    knowledge="referee.rulesets.chicago.knowledge:ChicagoKnowledge",
    truth="referee.rulesets.chicago.knowledge:truth",
    umpire_text="referee.rulesets.chicago.umpire:state_text",
    texts="referee.rulesets.chicago.texts:TEXTS",
    card="referee.rulesets.chicago.card:card",
    orders="referee.rulesets.chicago.orders:forms",
    odds="referee.rulesets.chicago.rules.odds:conflict_odds",
    sheet_map="areas",
    sheet_rows="kind",
    screen="referee.rulesets.chicago.tui.screen:ChicagoScreen",
    hidden=("level", "count", "strength", "minimum"),
    scores_as="ei",
    weighty=("park-penalty",),  # blue leaving a park holding green unattacked on a C turn: 5 points each
    lead=("demonstrators", "police"),
    score_name="Demonstrators' lead",
    verdict="referee.rulesets.chicago.review:verdict",
    review_words="referee.rulesets.chicago.review:WORDS",
    tallies=(("Conflicts", lambda e: e.kind == "conflict"),
             ("Forced assaults", lambda e: e.kind == "conflict" and e.data["forced"] is not None),
             ("Times the National Guard was brought in", lambda e: e.kind == "guard-in"),
             ("C turns with a park left alone", lambda e: e.kind == "park-penalty"),
             ("Reports to players", lambda e: e.kind == "report-filed")),
    reasons={"conflict": "conflicts won in {names}, the box's P or D number to the winner (HOW TO RESOLVE CONFLICT 5)",
             "guard-in": "the National Guard brought in (NATIONAL GUARD)",
             "guard-out": "the National Guard taken out (NATIONAL GUARD)",
             "park-penalty": "demonstrators in the parks left alone on a C turn (HOW TO PLAY, step 4)"},
    files={"conflict_tables": "referee.rulesets.chicago.rules.tables:check"},  # HOW TO RESOLVE CONFLICT 6-8
    calculators=("chicago",),
    calculate="referee.rulesets.chicago.rules.calculator:calculate",
    autoplay="referee.rulesets.chicago.players.autoplay:AUTOPLAY",
    actors={"move": "units", "place": "units", "conflict": "phase", "guard": "side:police", "guard-out": "side:police"},
    phase_sides={"green-conflict": "demonstrators", "blue-conflict": "police"},  # HOW TO PLAY (rules.steps.FIGHTER)
    anytime=("guard", "guard-out"),  # NATIONAL GUARD: "at any point"; a step offering only these waits for no one
)
