"""Chicago-Chicago!'s computer players for `referee simulate`: `simple` pursues its side's aims, `random` makes any
legal command; both sides, demonstrators and police, in steps 1 to 4 of every turn (HOW TO PLAY)."""
