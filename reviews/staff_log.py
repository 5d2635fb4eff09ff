"""The staff log: every staff action, appended (StaffAction rows are never changed or removed)."""

from .models import StaffAction


def record(staff, what, why, table=None, dispute=None, details=None):
    return StaffAction.objects.create(
        staff=staff, what=what, why=why, table=table, dispute=dispute, details=details or {}
    )


def record_staff_command(sender, table, user, command, version, **kwargs):
    """games.signals.staff_command: a staff command sent through the API (an overturn, say)."""
    why = command.get("reason") if isinstance(command.get("reason"), str) else ""
    record(
        user,
        StaffAction.What.COMMAND,
        why or "(no reason given)",
        table=table,
        details={"command": command, "version": version},
    )


def record_hidden_view(sender, table, user, what, details, **kwargs):
    """games.signals.hidden_information_shown: staff saw what players of a game in play do not (the open
    replay, a dispute's hands); ``what`` says what."""
    record(user, StaffAction.What.VIEW, what, table=table, details=details)
