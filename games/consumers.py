"""Websockets: each connection renders its own seat's view and sends commands down the one path.

htmx's ws extension sends the fields of the form that fired as JSON and
swaps in every element of the HTML we send back by its id.
"""
from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from django.conf import settings

from games import broadcast, commands, frame_limits, lobby, rendering
from games.errors import BadRequest, NotFound, TableError
from games.json_input import parse_client_json

# Close codes (4000-4999 are ours): the client shows why and does not reconnect in a loop.
NOT_LOGGED_IN = 4401
NO_SUCH_TABLE = 4404
POLICY_VIOLATION = 1008  # kept on sending faster than allowed
MESSAGE_TOO_BIG = 1009

SLOW_DOWN = "You are sending faster than the table takes commands; wait a moment and try again."


class PlayerConsumer(WebsocketConsumer):
    """A logged-in user's socket: frames within the limits, closed when its session ends (log out)."""

    def connect(self):
        self.user = self.scope["user"]
        if not self.user.is_authenticated:
            self.close(code=NOT_LOGGED_IN)
            return
        self.frame_rate = frame_limits.FrameRate.from_settings()
        self._join(broadcast.user_group(self.user.pk))
        self.joined()

    def joined(self):
        """The user is logged in: join what the socket follows, accept (or close) it."""
        raise NotImplementedError

    def disconnect(self, code):
        for group in getattr(self, "groups_joined", ()):
            async_to_sync(self.channel_layer.group_discard)(group, self.channel_name)

    def receive(self, text_data=None, bytes_data=None):
        if frame_limits.too_large(text_data, bytes_data):
            self.close(code=MESSAGE_TOO_BIG)
            return
        verdict = self.frame_rate.check()
        if verdict == frame_limits.CLOSE:
            self.close(code=POLICY_VIOLATION)
        elif verdict == frame_limits.REFUSE:
            self.send(text_data=rendering.render_refusal(SLOW_DOWN))
        else:
            self.frame(text_data)

    def frame(self, text_data):
        """A frame within the limits; the lobby expects none."""

    def session_ended(self, message):
        """The user logged out in some browser: close the sockets of that session."""
        if message["session"] == broadcast.session_digest(_session_key(self.scope)):
            self.close(code=NOT_LOGGED_IN)

    def _join(self, group):
        async_to_sync(self.channel_layer.group_add)(group, self.channel_name)
        self.groups_joined = [*getattr(self, "groups_joined", ()), group]


class TableConsumer(PlayerConsumer):
    def joined(self):
        try:
            self.table = lobby.find_table(self.user, self.scope["url_route"]["kwargs"]["table_id"],
                                          self._invite())
        except NotFound:
            self.close(code=NO_SUCH_TABLE)
            return
        self._join(self.table.group_name)
        self.accept()
        self._send_table()

    def frame(self, text_data):
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


class LobbyConsumer(PlayerConsumer):
    def joined(self):
        self._join(broadcast.LOBBY_GROUP)
        self.accept()

    def lobby_changed(self, message):
        self.send(text_data=rendering.render_lobby_tables(self.user))


def _session_key(scope):
    return getattr(scope.get("session"), "session_key", None)


def _parse(text_data):
    """The command and expected version from an htmx ws-send message (the command may come as JSON text)."""
    message = parse_client_json(text_data or "")
    command = message.get("command") if isinstance(message, dict) else None
    if isinstance(command, str):
        command = parse_client_json(command)
    version = message.get("expected_version") if isinstance(message, dict) else None
    if command is None or version is None:
        raise BadRequest("That message was not a command the table understands.")
    return command, _whole_number(version)


def _whole_number(value):
    """A version as htmx sends it (a string of digits) or as a JSON integer."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 18:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise BadRequest(f"{value!r} is not a table version; send the version the table showed you.")
