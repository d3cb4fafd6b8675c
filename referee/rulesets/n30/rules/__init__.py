"""N30's rules, one module per part of the text: pure functions from state, command and dice to events."""
