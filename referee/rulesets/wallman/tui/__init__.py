"""Wallman on the dashboard: the crowds, the places, and a form for every umpire action."""
