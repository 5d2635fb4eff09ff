class IllegalCommand(ValueError):
    """A command the rules refuse. The message is a sentence a player can read."""
