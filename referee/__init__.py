"""referee: a computer-assisted umpire for civil-disorder wargames."""

__version__ = "0.1.0"
