"""The ruleset-agnostic model: map graph, units, state, events and dice."""
