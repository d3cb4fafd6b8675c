"""Battle of Seattle's computer players for `referee simulate`: `simple` pursues its side's aims, `random` makes
any legal command; both sides, protester and authority, through every phase of the sequence of play (3.0)."""
