"""N30 (Seattle, November 30th 1999), Michael Erwin's game: its rules (pure), what its players know,
its computer players, the umpire's page and its dashboard screen; `plugin.py` declares them."""
