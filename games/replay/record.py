"""A finished game's record: one JSON document that holds the whole game, to download, keep and check offline.

What it holds is what anyone who may see the table may read once the game is over, and nothing more: the
events are the API's finished-game events (``seat_view.visible_events``, the one place that redacts and
names), the options are the table's ``shown_options``, the deals are ``fair_deals.report``'s verdicts with
each deal's commitment as those events carry it. So a record is never a second redaction to keep in step.

Only a finished game has a record: while it runs even staff, who may replay it, get none, because a record
is meant to be handed around, and a running game's hidden cards must not be. The record is the same bytes
at every download (no time of download in it), so two copies can be compared.

``FORMAT`` and ``VERSION`` name its shape; a change of shape bumps ``VERSION`` (docs/record.md), so that a
reader such as docs/verify_deal.py refuses what it does not know rather than misreading it.
"""

from datetime import timezone

from django.utils.text import slugify

from events import chain
from games.errors import Forbidden
from games.models import Table
from games.play import fair_deals, game_state, seat_view
from games.play.names import seat_names
from games.replay import steps as replay

FORMAT = "cardroom-record"
VERSION = 1


def require_recorded(table, user):
    """Forbidden (with the sentence to show) unless ``user`` may download the table's record: the replay's
    refusals first, in its words; then staff, whom the replay lets see a game in play, are refused too."""
    replay.require_replayable(table, user)
    if table.status != Table.Status.FINISHED:
        raise Forbidden("This game is still being played: its record can be downloaded once it is over.")


def record(table):
    """The finished game's record (docs/record.md), as JSON-ready values. DamagedLog when its log does not fold."""
    game = game_state.load(table)
    events = [_json_ready(event) for event in seat_view.visible_events(table, None)]
    return {
        "format": FORMAT,
        "version": VERSION,
        "table": {"id": str(table.id), "name": table.name},
        "game": {"name": table.game, "title": game.engine.title},
        "options": table.shown_options,
        "players": [{"seat": seat, "name": name} for seat, name in enumerate(seat_names(table))],
        "started_at": events[0]["time"] if events else None,
        "finished_at": events[-1]["time"] if events else None,
        "result": {"winners": list(game.engine.winners(game.state)) if game.started else []},
        "events": events,
        "deals": _deals(table, events),
        "log_head": events[-1]["hash"] if events else chain.GENESIS,
    }


def filename(table, finished_at):
    """The file the record is saved as: cardroom-<game>-<table name, or its short id>-<date>.json, in
    letters a file system takes (``finished_at``: the record's, an ISO time, or None)."""
    name = slugify(table.name) or table.short_id
    date = (finished_at or "")[:10] or "unfinished"
    return f"cardroom-{table.game.replace('_', '-')}-{name}-{date}.json"


def _deals(table, events):
    """Every deal's verdict as the server checked it, with its commitment (salt revealed) as ``events`` carry it."""
    by_version = {event["version"]: event["event"] for event in events}
    return [
        {
            "version": check.version,
            "label": check.label,
            "commitment": by_version.get(check.version, {}).get("commitment"),
            "result": check.result,
            "reason": check.reason,
        }
        for check in fair_deals.report(table)
    ]


def _json_ready(event):
    """An event of ``visible_events`` with its time written as the API writes it (ISO 8601, UTC as "Z")."""
    return {**event, "time": _iso(event["time"])}


def _iso(moment):
    return moment.astimezone(timezone.utc).isoformat().removesuffix("+00:00") + "Z"
