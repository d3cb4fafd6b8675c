"""Rulesets: pure functions from state, command and dice to events. No UI, no database.

Here: what every ruleset's rules share (command tables and schemas, bounds, reports); each game's
own rules in its package. The registry of rulesets is `referee.rulesets`."""
