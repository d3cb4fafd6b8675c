"""Jim Wallman's Civil Disorder: the umpire's crowd rules, one module per part of the text.

Every function is pure: it takes the tables (`referee.rulesets.wallman.tables.Tables`), the facts of
the moment and a source of dice, and returns what happened.
"""
