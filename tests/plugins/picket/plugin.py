"""The declaration the entry point `picket = picket.plugin:PLUGIN` names: data only, nothing of the game imported."""

from pathlib import Path

from referee.rulesets.plugin import RulesetPlugin

PLUGIN = RulesetPlugin(
    id="picket",
    title="Picket Line: strikers hold a works gate against the police",
    scenarios=Path(__file__).parent / "scenarios",
    rules="picket.rules:Picket",
    knowledge="picket.knowledge:PicketKnowledge",
    umpire_text="picket.umpire:state_text",
    screen="picket.tui.screen:PicketScreen",
    hidden=("resolve",),
    texts="picket.texts:TEXTS",
    truth="picket.umpire:hidden_facts",
    score_name="blockade",
    tallies=(("Pushes", lambda e: e.kind == "pushed"),
             ("Pickets broken", lambda e: e.kind == "picket-broken"),
             ("Reports to players", lambda e: e.kind == "report-filed")),
    calculators=("picket-push",),
    calculate="picket.calculator:calculate",
    autoplay="picket.autoplay:AUTOPLAY",
    actors={"move": "unit", "push": "side:police"},
)
