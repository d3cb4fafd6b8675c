"""Battle of Seattle on the dashboard: the map of areas, both Exposure Indices, and a form for every umpire action."""
