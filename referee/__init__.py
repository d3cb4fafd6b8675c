"""referee: a computer-assisted umpire for civil-disorder wargames."""

from referee import native  # noqa: F401  (before any compiled module: whether they or their sources run)

__version__ = "0.1.0"
