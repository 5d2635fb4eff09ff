"""Tell everyone watching a table (or the lobby) that something changed.

Only a version number crosses the channel layer: each connection then
renders its own seat's view, so no hidden card is ever sent to a group.
"""
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"


def _send(group, message):
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, message)


def table_changed(table, version):
    transaction.on_commit(lambda: _send(table.group_name, {"type": "table.changed", "version": version}))


def lobby_changed():
    transaction.on_commit(lambda: _send(LOBBY_GROUP, {"type": "lobby.changed"}))
