"""Websocket clients of a table, as the page's socket is: for consumer tests."""

import json
import re

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.live.routing import websocket_urlpatterns
from games.tables import lobby

application = URLRouter(websocket_urlpatterns)


def started_spank_table(host, guest):
    table = lobby.create_table(host, "spank", 2, {})
    lobby.join_table(table, guest)
    lobby.start_table(table, host)
    return table


async def connect(user, table, read_table=True):
    """A connected socket of ``user`` at ``table``; with ``read_table``, its first frame (the table) read:
    ``.version`` is the table's and ``.legal`` the commands it lit up."""
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table.id}/")
    communicator.scope["user"] = user
    communicator.scope["session"] = {}
    connected, _ = await communicator.connect()
    assert connected
    if read_table:
        html = await communicator.receive_from(timeout=10)
        communicator.version = int(re.search(r'id="table-live"[^>]*data-version="(\d+)"', html).group(1))
        communicator.legal = json.loads(
            re.search(r'<script id="legal-commands" type="application/json">(.*?)</script>', html, re.S).group(1)
        )
    return communicator
