"""Signals the platform sends for whoever keeps records of it (the staff log, say)."""
from django.dispatch import Signal

# A staff command was appended (table, user, command, version), sent inside the transaction that
# appends its events: a receiver's rows are written together with them, or not at all.
staff_command = Signal()
