"""Scenario files: reading, validating with line-precise errors, and the catalogue."""
