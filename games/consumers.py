"""Websockets: each connection renders its own seat's view and sends commands down the one path.

htmx's ws extension sends the fields of the form that fired as JSON and
swaps in every element of the HTML we send back by its id.
"""
import json

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from django.conf import settings

from games import broadcast, commands, lobby, rendering
from games.errors import BadRequest, NotFound, TableError

# Close codes (4000-4999 are ours): the client shows why and does not reconnect in a loop.
NOT_LOGGED_IN = 4401
NO_SUCH_TABLE = 4404


class TableConsumer(WebsocketConsumer):
    def connect(self):
        self.user = self.scope["user"]
        if not self.user.is_authenticated:
            self.close(code=NOT_LOGGED_IN)
            return
        try:
            self.table = lobby.find_table(self.user, self.scope["url_route"]["kwargs"]["table_id"],
                                          self._invite())
        except NotFound:
            self.close(code=NO_SUCH_TABLE)
            return
        async_to_sync(self.channel_layer.group_add)(self.table.group_name, self.channel_name)
        self.accept()
        self._send_table()

    def disconnect(self, code):
        if hasattr(self, "table"):
            async_to_sync(self.channel_layer.group_discard)(self.table.group_name, self.channel_name)

    def receive(self, text_data=None, bytes_data=None):
        try:
            command, expected_version = _parse(text_data)
            self.table.refresh_from_db()
            commands.submit(self.table, self.user, command, expected_version)
        except TableError as error:
            # Only this connection hears why; the table itself did not change.
            self.send(text_data=rendering.render_refusal(error.message))
            if error.status == 409:
                self._send_table()

    def table_changed(self, message):
        self.table.refresh_from_db()
        self._send_table()

    def _send_table(self):
        csrf_token = self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME)
        self.send(text_data=rendering.render_live_table(self.table, self.user, csrf_token))

    def _invite(self):
        session = self.scope.get("session")
        return rendering.session_invite(session, self.scope["url_route"]["kwargs"]["table_id"])


class LobbyConsumer(WebsocketConsumer):
    def connect(self):
        self.user = self.scope["user"]
        if not self.user.is_authenticated:
            self.close(code=NOT_LOGGED_IN)
            return
        async_to_sync(self.channel_layer.group_add)(broadcast.LOBBY_GROUP, self.channel_name)
        self.accept()

    def disconnect(self, code):
        async_to_sync(self.channel_layer.group_discard)(broadcast.LOBBY_GROUP, self.channel_name)

    def lobby_changed(self, message):
        self.send(text_data=rendering.render_lobby_tables(self.user))


def _parse(text_data):
    """The command and expected version from an htmx ws-send message."""
    try:
        message = json.loads(text_data or "")
        command = json.loads(message["command"]) if isinstance(message["command"], str) else message["command"]
        expected_version = int(message["expected_version"])
    except (ValueError, KeyError, TypeError):
        raise BadRequest("That message was not a command the table understands.") from None
    return command, expected_version
