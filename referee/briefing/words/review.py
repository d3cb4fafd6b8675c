"""Words of review, by language (filled by its part)."""

EN: dict[str, str] = {}
ES: dict[str, str] = {}
