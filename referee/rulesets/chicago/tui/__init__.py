"""Chicago-Chicago on the dashboard: the box map, both Exposure Indices, the Time Record, a form for every umpire action."""
