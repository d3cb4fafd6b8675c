"""N30 (Seattle, November 30th 1999): the rules of Michael Erwin's game."""
