"""Websockets: each connection is shown its seat's view of the table and sends commands down the one path.

The consumers are asynchronous, so one slow table never holds up another; what touches the database
(commands, snapshots) runs on a bounded pool of threads (``LIVE_THREADS``, no more than the database
pool has connections). htmx's ws extension sends a command as one JSON object (the command form's
hx-vals) and swaps in every element of the HTML we send back by its id. Besides commands, a table
socket carries heartbeats (games.live.heartbeats: the page's "pong", never counted against the frame
limit) and the table chat (games.tables.chat: ``{"chat": text}``, kept in its own stream and broadcast to
the table). ``YourGamesConsumer`` is the socket every room page of a logged-in player opens: the header's
"Your games" badge (and that page's list) kept current, and a message when a turn-based table awaits the
player's move.
"""

import asyncio
import json
import logging
from urllib.parse import parse_qs

from autobahn.exception import Disconnected
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse

from accounts import presence
from games.errors import BadRequest, DamagedLog, Forbidden, NotFound, TableError
from games.frames import parts, rendering
from games.live import frame_limits, heartbeats, watchers
from games.live import table_cache as live
from games.live.json_input import parse_client_json
from games.live.table_cache import in_thread
from games.overrides.channels import InTurnDispatch, arriving_user
from games.play import broadcast, commands
from games.tables import chat, lobby, your_games

# Close codes, in 4000-4999 (the applications' range; Daphne refuses to send any other but 1000), each
# 4000 + the HTTP status that says the same; the page shows why and does not reconnect in a loop (the
# README's table; games.live.heartbeats.SILENT, 4408, is the one it reconnects after).
NOT_LOGGED_IN = 4401
NO_SUCH_TABLE = 4404
MESSAGE_TOO_BIG = 4413  # a frame over WEBSOCKET_MAX_FRAME_BYTES
POLICY_VIOLATION = 4429  # kept on sending faster than allowed

SLOW_DOWN = "You are sending faster than the table takes commands; wait a moment and try again."
logger = logging.getLogger(__name__)

WATCHING_ONLY = "You are watching without an account, so you cannot play here; log in and take a seat to play."


class PlayerConsumer(InTurnDispatch, AsyncWebsocketConsumer):
    """A user's socket: frames within the limits, closed when its session ends (log out).

    A visitor without an account may watch (``anyone_may_watch``): its socket follows the same
    groups but no user's, and it can send no command.
    """

    groups_joined = ()
    anyone_may_watch = False

    async def connect(self):
        await live.on_arrival(self.arrive)()
        refusal = self.refusal()
        if refusal is not None:
            await self.close(code=refusal)
            return
        self.frame_rate = frame_limits.FrameRate.from_settings()
        self.pong_rate = heartbeats.pong_rate()
        # Accepted before joining the groups (each a trip to Redis and back through a busy event loop),
        # so the handshake is answered at once; what the socket shows is read after joining, so nothing
        # broadcast in between is missed.
        await self.accept()
        if self.user.is_authenticated:
            await self._join(broadcast.user_group(self.user.pk))
        await self.joined()

    async def send(self, text_data=None, bytes_data=None, close=False):
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except Disconnected:
            pass  # the browser left while this frame was on its way; its disconnect follows

    def arrive(self):
        """Who is connecting (and, in a subclass, to what), looked up on an arrival thread in one call:
        a handshake makes one trip off the event loop, ahead of the moves queued for the live threads."""
        self.user = arriving_user(self.scope)
        if self.user.is_authenticated:
            presence.seen(self.user)  # at most one write a minute (accounts.presence)

    def refusal(self):
        """The close code the socket is refused with, or None to accept it."""
        if not self.user.is_authenticated and not self.anyone_may_watch:
            return NOT_LOGGED_IN
        return None

    async def joined(self):
        """The socket is accepted: join what it follows and show it."""
        raise NotImplementedError

    async def disconnect(self, code):
        heartbeats.forget(self)
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if text_data == heartbeats.PONG:
            await self._pong()
            return
        heartbeats.heard(self)
        if frame_limits.too_large(text_data, bytes_data):
            await self.close(code=MESSAGE_TOO_BIG)
            return
        verdict = self.frame_rate.check()
        if verdict == frame_limits.CLOSE:
            await self.close(code=POLICY_VIOLATION)
        elif verdict == frame_limits.REFUSE:
            await self.send(text_data=rendering.render_refusal(SLOW_DOWN))
        else:
            await self.frame(text_data)

    async def frame(self, text_data):
        """A frame within the limits; the lobby expects none."""

    async def _pong(self):
        """A heartbeat's answer: counted in a bucket of its own, never against the players' frames."""
        verdict = self.pong_rate.check()
        if verdict == frame_limits.CLOSE:
            await self.close(code=POLICY_VIOLATION)
        elif verdict == frame_limits.ALLOW:
            heartbeats.take_part(self)

    async def session_ended(self, message):
        """The user logged out in some browser: close the sockets of that session."""
        if message["session"] == broadcast.session_digest(_session_key(self.scope)):
            await self.close(code=NOT_LOGGED_IN)

    async def _join(self, group):
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = [*self.groups_joined, group]


class TableConsumer(PlayerConsumer):
    """A table's live view: a seat's, or a watcher's (seat None), anyone's for a public table and,
    with the invite in the session, a private one's."""

    table = None
    table_id = None
    shown = None  # the snapshot this connection was last shown
    sent = None  # what of it this connection was sent (games.frames.parts.Sent)
    anyone_may_watch = True

    def arrive(self):
        super().arrive()
        try:
            self.table = lobby.find_table(self.user, self.scope["url_route"]["kwargs"]["table_id"], self._invite())
        except NotFound:
            self.table = None

    def refusal(self):
        return super().refusal() or (NO_SUCH_TABLE if self.table is None else None)

    async def joined(self):
        table = self.table
        self.table_id = table.id
        self.sent = parts.Sent()
        live.attach(table.id)
        await self._join(table.group_name)
        # Read afresh: a move may have been broadcast before this socket joined the table's group.
        await self._show(seating=True, cause=f"connect-{self.channel_name}")
        if self.shown is not None:
            await watchers.arrived(self, self.shown)
        # The chat as it is now, if anyone said anything: a page that reconnects catches up with it.
        lines = await in_thread(chat.lines)(table, chat.SHOWN_ON_PAGE)
        if lines:
            await self.send(text_data=chat.render_log(lines))

    async def disconnect(self, code):
        await watchers.left(self)
        if self.table_id is not None:
            live.detach(self.table_id)
        await super().disconnect(code)

    async def frame(self, text_data):
        if text_data == parts.ASK_WHOLE:
            self.sent.forget()
            await self._show()
            return
        if not self.user.is_authenticated:
            await self.send(text_data=rendering.render_refusal(WATCHING_ONLY))
            return
        try:
            message = parse_client_json(text_data or "")
            if isinstance(message, dict) and "chat" in message and "command" not in message:
                await self._chat(message["chat"])
                return
            command, expected_version = _parse(message)
            if self.shown is None:  # the table could not be drawn (its log is damaged): read it again, or say why
                await self._show()
                if self.shown is None:
                    return
            messages = await in_thread(_submit)(self.shown, self.user, command, expected_version)
            await self._show_own_move(messages)
        except TableError as error:
            # Only this connection hears why; the table itself did not change.
            await self.send(text_data=rendering.render_refusal(error.message))
            if error.status == 409 and not isinstance(error, DamagedLog):
                await self._show(version=getattr(error, "actual", 0))

    async def _show_own_move(self, messages):
        """Show the mover the table its move made (it is stored: the command committed before
        returning), then tell the table through the channel layer, without waiting for the publish."""
        moved = [
            message
            for group, message in messages
            if group == self.table.group_name and message["type"] == "table.changed"
        ]
        try:
            if moved:
                seated = [message for message in moved if message.get("seating")]
                await self._show(
                    max(message["version"] for message in moved), bool(seated), seated[-1]["cause"] if seated else None
                )
        finally:
            broadcast.send_held_soon(messages)

    async def _chat(self, text):
        """Keep a chat message and show it to everyone at the table; a refusal goes to the sender alone."""
        try:
            if not self.user.is_authenticated:
                raise Forbidden("Log in to chat.")
            line = await in_thread(chat.post)(self.table, self.user, text)
        except TableError as error:
            await self.send(text_data=chat.render_refusal(error.message))
            return
        await self.channel_layer.group_send(self.table.group_name, {"type": "chat.line", **chat.line_dict(line)})

    async def chat_line(self, message):
        await self.send(text_data=chat.render_line(message))

    async def table_changed(self, message):
        seating = message.get("seating", False)
        if (
            self.shown is not None
            and message["version"] <= self.shown.version
            and (not seating or self.shown.cause == message.get("cause"))
        ):
            return  # already shown: a later version reached this connection first, or this one was its mover
        await self._show(message["version"], seating, message.get("cause"))

    async def _show(self, version=0, seating=False, cause=None):
        try:
            snap = await live.current(self.table_id, version, seating, cause)
        except DamagedLog as damaged:  # the table cannot be drawn: the socket says why, and stays for the chat
            await self.send(text_data=rendering.render_refusal(damaged.message))
            return
        if self.shown is not None and snap.version < self.shown.version:
            return
        self.shown = snap
        drawn = await live.render(snap, self.user, rendering.render_live_parts)
        csrf_token = self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")
        await self.send(text_data=self.sent.frame(snap.version, drawn, live.filled(csrf_token)))

    def _invite(self):
        session = self.scope.get("session")
        return rendering.session_invite(session, self.scope["url_route"]["kwargs"]["table_id"])


class LobbyConsumer(PlayerConsumer):
    anyone_may_watch = True  # the lobby lists public tables and the games in play to anyone

    async def joined(self):
        await self._join(broadcast.LOBBY_GROUP)
        # Read after joining, as a table's socket is: a table that opened between the page and its socket
        # (or while a page was reconnecting) would otherwise be missing until the lobby next changed.
        await self.lobby_changed({})

    async def lobby_changed(self, message):
        await self.send(text_data=await in_thread(rendering.render_lobby_tables)(self.user, self._game_filter()))

    def _game_filter(self):
        """The game the lobby page is filtered to (its ``?game=``), if any."""
        return parse_qs(self.scope.get("query_string", b"").decode("latin-1")).get("game", [None])[0]


class YourGamesConsumer(PlayerConsumer):
    """A logged-in player's "Your games" socket, opened by every page of the room (static/js/your_games.js):
    sent the header's badge, and with ``?list=1`` (the Your games page) the list, whenever a table the player
    sits at changes (broadcast.yours_group says which; this reads the player's tables again), and
    ``{"your_move": {...}}`` when a turn-based table newly awaits the player's move (the page notifies).
    It answers heartbeats as a table's socket does, so the player is around while any page is open."""

    shown = None  # the last frame sent
    awaited = None  # {table id: the turn's number} of the turn-based tables awaiting the player, as last read
    refreshing = None  # the task reading the tables again
    stale = False  # a change came in since that task last read them

    async def joined(self):
        await self._join(broadcast.yours_group(self.user.pk))
        await self._refresh()

    async def disconnect(self, code):
        if self.refreshing is not None:
            self.refreshing.cancel()
        await super().disconnect(code)

    async def yours_changed(self, message):
        """A table of the player's changed: read them again, once for any number of changes that come
        in while a reading is under way (a busy live table changes every second)."""
        self.stale = True
        if self.refreshing is None or self.refreshing.done():
            self.refreshing = asyncio.ensure_future(self._refresh_while_stale())

    async def _refresh_while_stale(self):
        try:
            while self.stale:
                self.stale = False
                await self._refresh()
        except Exception:
            logger.exception("Your games could not be read again for user %s", self.user.pk)

    async def _refresh(self):
        frame, awaited = await in_thread(your_games_frame)(self.user, self._with_list())
        if frame != self.shown:
            self.shown = frame
            await self.send(text_data=frame)
        for entry in _newly_awaited(self.awaited, awaited):
            await self.send(text_data=json.dumps({"your_move": entry}))
        self.awaited = {entry["table"]: entry["turn"] for entry in awaited}

    def _with_list(self):
        return parse_qs(self.scope.get("query_string", b"").decode("latin-1")).get("list", [""])[0] == "1"


def your_games_frame(user, with_list):
    """(the HTML of the badge and, ``with_list``, the list, swapped in by their ids; the turn-based tables
    awaiting the player's move, each {"table", "turn", "name", "url"})."""
    entries = your_games.your_tables(user)
    yours = [entry for entry in entries if entry.your_move]
    html = render_to_string("games/_your_games_badge.html", {"your_games_awaiting": len(yours)})
    if with_list:
        html += render_to_string("games/_your_games_list.html", {"entries": entries})
    awaited = [
        {"table": str(e.table.pk), "turn": e.turn, "name": e.table.name, "url": reverse("table", args=[e.table.pk])}
        for e in yours
        if e.table.turn_based
    ]
    return html, awaited


def _newly_awaited(before, now):
    """The entries of ``now`` whose turn is not in ``before`` (None: the first reading, which is no news)."""
    if before is None:
        return []
    return [entry for entry in now if before.get(entry["table"], -1) != entry["turn"]]


def _submit(snap, user, command, expected_version):
    """The command down the one path, on a live thread; its broadcasts are returned for the loop to send."""
    with broadcast.held() as messages:
        commands.submit(snap.table, user, command, expected_version, seats=snap.seats)
    return messages


def _session_key(scope):
    return getattr(scope.get("session"), "session_key", None)


def _parse(message):
    """The command and expected version of a message, one JSON object as htmx's ws-send sends the
    command form's hx-vals (static/js/table/send.js): {"command": {...}, "expected_version": n}, the
    body the REST API takes, with htmx's "HEADERS" beside (unread)."""
    command = message.get("command") if isinstance(message, dict) else None
    version = message.get("expected_version") if isinstance(message, dict) else None
    if command is None or version is None:
        raise BadRequest(
            'That message was not a command the table understands: send {"command": {"type": ...}, '
            '"expected_version": the version the table showed you}.'
        )
    return command, _whole_number(version)


def _whole_number(value):
    """A version: a JSON integer, not below zero (and of a size a table can reach)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**18:
        return value
    raise BadRequest(f"{value!r} is not a table version; send the version the table showed you, a whole number.")
