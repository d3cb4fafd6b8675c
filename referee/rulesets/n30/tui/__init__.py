"""N30 on the dashboard: the map, the intersection and unit panels, the confrontation and faction dialogs."""
