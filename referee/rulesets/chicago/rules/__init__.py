"""Chicago-Chicago's rules, one module per part of the text: pure functions from the facts and dice to results."""
