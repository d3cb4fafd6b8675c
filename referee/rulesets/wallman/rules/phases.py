"""The sequence of action (Wallman): a guide the umpire steps through each turn, and the two sides."""

SECURITY, CROWD = "security", "crowd"

# 1 is lost from the text: read as the players' orders and radio messages (RULINGS.md).
PHASES = ("orders", "crowds", "movement", "resolution", "actions", "assessment")
SECTION = "Sequence of Action"


def next_phase(phase: str) -> str | None:
    """The phase after `phase` in a turn, or None after the last."""
    index = PHASES.index(phase) + 1
    return PHASES[index] if index < len(PHASES) else None
