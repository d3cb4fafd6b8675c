"""Picket Line: a small ruleset for referee, the example of docs/rulesets.md (its rules: RULES.md)."""
