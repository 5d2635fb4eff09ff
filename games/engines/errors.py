import re

SEAT_IN_TEXT = re.compile(r"\{seat:(\d+)\}")


class IllegalCommand(ValueError):
    """A command the rules refuse. The message is a sentence a player can read.

    A sentence may name a seat as "{seat:N}" (base.seat_in_text): ``str()`` reads it as "seat N",
    and ``sentence`` keeps the placeholder for the platform to put the player's name in.
    """

    @property
    def sentence(self):
        return self.args[0] if self.args else ""

    def __str__(self):
        return SEAT_IN_TEXT.sub(lambda found: f"seat {found.group(1)}", self.sentence)
