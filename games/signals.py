"""Signals the platform sends for whoever keeps records of it (the staff log, say)."""

from django.dispatch import Signal

# A staff command was appended (table, user, command, version), sent inside the transaction that
# appends its events: a receiver's rows are written together with them, or not at all.
staff_command = Signal()

# Staff were shown hidden information of a game in play (table, user, what: the words saying what, details),
# sent before it is answered: the staff log's entry is written, or nothing is shown.
hidden_information_shown = Signal()

# A table's game ended (table), sent inside the transaction that marks the table finished: a receiver that
# wants to act once it is committed (rate the game, say) asks transaction.on_commit itself.
game_finished = Signal()
