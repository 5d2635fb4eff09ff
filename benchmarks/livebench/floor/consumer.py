"""A floor table's websocket: Cardroom's live path with no game and no drawing (benchmarks/livebench/floor).

Built on what Cardroom's table consumer is built on (games.live.consumers): channels' consumer with the
in-turn dispatch, the arrival and live threads with their database connections, the same safe reading of
the client's JSON, the event store's append, and the broadcast sent on the loop without waiting for the
publish. A move: the mover's command is appended on a live thread, the mover is sent its frame at once,
the table's group is told the new version, and every other socket of the table sends its seat a frame.
"""

from autobahn.exception import Disconnected
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from benchmarks.livebench.floor import frame, tables
from events.store import ConcurrencyConflict
from games.errors import BadRequest, StaleVersion
from games.live.json_input import parse_client_json
from games.live.table_cache import in_thread, on_arrival
from games.overrides.channels import InTurnDispatch, arriving_user
from games.play import broadcast

# As Cardroom's table sockets close (games.live.consumers).
NOT_LOGGED_IN = 4401
NO_SUCH_TABLE = 4404


class FloorConsumer(InTurnDispatch, AsyncWebsocketConsumer):
    table_id = None
    seat = None
    shown = -1  # the version this socket's seat was last sent

    async def connect(self):
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.user, seats = await on_arrival(self.arrive)()
        if not self.user.is_authenticated:
            await self.close(code=NOT_LOGGED_IN)
            return
        if seats is None or self.user.pk not in seats:
            await self.close(code=NO_SUCH_TABLE)
            return
        self.seat = seats.index(self.user.pk)
        await self.accept()
        await self.channel_layer.group_add(tables.group(self.table_id), self.channel_name)
        # Read after joining the group, as Cardroom's sockets are: a move broadcast before would be missed.
        await self.show(await in_thread(tables.version)(self.table_id))

    def arrive(self):
        """Who is connecting and the table's seats, in one trip to the arrival threads."""
        user = arriving_user(self.scope)
        return user, tables.seats(self.table_id) if user.is_authenticated else None

    async def disconnect(self, code):
        if self.seat is not None:
            await self.channel_layer.group_discard(tables.group(self.table_id), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            command, version = _parse(parse_client_json(text_data or ""))
            moved = await in_thread(tables.move)(self.table_id, self.user, self.seat, command, version)
        except BadRequest as error:
            await self.send(text_data=frame.refusal(error.message))
        except tables.Refusal as refusal:
            await self.send(text_data=frame.refusal(str(refusal)))
        except ConcurrencyConflict as conflict:
            await self.send(text_data=frame.refusal(StaleVersion(conflict.expected, conflict.actual).message))
            await self.show(conflict.actual)
        else:
            await self.show(moved)
            broadcast.send_held_soon([(tables.group(self.table_id), {"type": "floor.moved", "version": moved})])

    async def send(self, text_data=None, bytes_data=None, close=False):
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except Disconnected:
            pass  # the seat left (its game ended) while its frame was on the way, as Cardroom's sockets allow

    async def floor_moved(self, message):
        await self.show(message["version"])

    async def show(self, version):
        """Send the seat its frame at ``version``, unless it has been sent that version or a later one."""
        if version <= self.shown:
            return
        self.shown = version
        may_play = bool(tables.legal(version, self.seat))
        await self.send(
            text_data=frame.table(version, self.seat, may_play, tables.is_over(version), settings.FLOOR_FRAME_BYTES)
        )


def _parse(message):
    """(command, expected version) of a message shaped as Cardroom's: {"command": {...}, "expected_version": n}."""
    command = message.get("command") if isinstance(message, dict) else None
    version = message.get("expected_version") if isinstance(message, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version < 10**18 or command is None:
        raise BadRequest('Send {"command": {"type": "play"}, "expected_version": the version your frame showed}.')
    return command, version
