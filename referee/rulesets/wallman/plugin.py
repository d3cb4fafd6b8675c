"""Jim Wallman's crowd rules for referee: the declaration its entry point names (data only)."""

from referee.paths import data_dir
from referee.rulesets.plugin import RulesetPlugin

PLUGIN = RulesetPlugin(
    id="wallman",
    title="Jim Wallman's Civil Disorder: a riot under the umpire's crowd rules",
    scenarios=data_dir("scenarios") / "wallman",
    rules="referee.rulesets.wallman.rules.ruleset:Wallman",
    knowledge="referee.rulesets.wallman.knowledge:WallmanRecord",
    umpire_text="referee.rulesets.wallman.umpire:state_text",
    screen="referee.rulesets.wallman.tui.screen:RiotScreen",
    hidden=("rl", "arrives", "edge", "looters", "running", "carrying", "burdened", "objective", "negotiator",
            "wounded", "prisoners", "water", "hydrant"),
    texts="referee.rulesets.wallman.texts:TEXTS",
    card="referee.rulesets.wallman.card:card",
    orders="referee.rulesets.wallman.orders:forms",
    odds="referee.rulesets.wallman.rules.odds:order_odds",
    score_name="property damage",
    tallies=(("RL rolls", lambda e: e.kind == "rl-rolled"),
             ("Negotiations", lambda e: e.kind == "negotiated"),
             ("Fights", lambda e: e.kind == "fought"),
             ("Arrests", lambda e: e.kind == "fought" and e.data["result"] == "arrested"),
             ("Volleys fired", lambda e: e.kind == "shot"),
             ("Gas fired", lambda e: e.kind == "gassed"),
             ("Fires started", lambda e: e.kind == "fire-started"),
             ("Buildings smashed or broken into", lambda e: e.kind in ("damaged", "broke-in")),
             ("Reports to players", lambda e: e.kind == "report-filed")),
    truth="referee.rulesets.wallman.umpire:hidden_facts",
    rising=("crowd", "security"),
    verdict="referee.rulesets.wallman.review:verdict",
    review_words="referee.rulesets.wallman.review:WORDS",
    reasons={"damaged": "{names} smashed", "broke-in": "{names} broken into", "looted": "{names} looted",
             "fires-burned": "fires burning"},
    files={"tables": "referee.rulesets.wallman.tables:check"},  # every table of the umpire's rules
    random_edges=False,  # the text names no way in for latecomers: a scenario names each group's edge
    calculators=("wallman-rl", "wallman-fight", "wallman-melee", "wallman-negotiate", "wallman-overreaction",
                 "wallman-firearms", "wallman-sniper", "wallman-triage", "wallman-fire", "wallman-damage", "wallman-loot"),
    calculate="referee.rulesets.wallman.rules.calculator:resolve_json",
    actors={"move": "unit", "order": "officer", "return-fire": "unit", "negotiate": "officer", "fight": "unit",
            "shoot": "unit", "gas": "unit", "overreaction": "unit", "hydrant": "engine", "firefight": "engine",
            "triage": "medic", "evacuate": "ambulance", "crowd-move": "crowd", "drift": "crowd", "rl": "crowd",
            "split": "crowd", "merge": "crowd", "damage": "crowd", "loot": "crowd", "fire": "crowd"},
)
