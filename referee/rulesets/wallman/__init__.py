"""Jim Wallman's Civil Disorder, the umpire's crowd rules: its rules (pure), what its players know, its
sheets' words, the umpire's page and its dashboard screen; `plugin.py` declares them."""
