"""Play the computer: one click starts a game against bots. The player takes seat 0, the game's bots of
the chosen level every other seat, and the cards are dealt at once, through the same steps a host takes
by hand (lobby.create_table, bot_seating.add_bot, lobby.start_table), all or nothing.

The table is private: a practice game is nobody else's business, and it would crowd the lobby's games in
play. Its player may still share its invite link, as at any private table.
"""

from django.db import transaction

from games.models import DEFAULT_BOT_DELAY

from . import bot_seating, lobby


def play_the_computer(user, game, seat_count, level="fair", bot_delay=DEFAULT_BOT_DELAY):
    """A running table of ``game`` with ``user`` at seat 0 and bots of ``level`` at the others; the
    lobby's refusals (BadRequest with its sentence) for a game, a seat count, a level or a delay it does
    not offer."""
    with transaction.atomic():
        table = lobby.create_table(user, game, seat_count, private=True, bot_delay=bot_delay)
        for _ in range(1, seat_count):
            bot_seating.add_bot(table, user, level)
        lobby.start_table(table, user)
    return table
