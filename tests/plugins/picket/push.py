"""4.3, the push: a die plus the police against a picket's resolve. Standard library only (the calculator uses it)."""

MARGIN = 2
"""4.3: a picket breaks when the die plus the police is more than its resolve plus this."""


def push(police: int, resolve: int, roll: int) -> dict:
    """One picket pushed by `police` units, the die showing `roll`: the total, what it needed, and whether it broke."""
    total = roll + police
    return {"roll": roll, "total": total, "needed": resolve + MARGIN + 1, "broken": total > resolve + MARGIN}
