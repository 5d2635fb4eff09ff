"""Lanes: each keeps one two-player Spank! table in play with two clients that behave like browsers.

A lane signs in (a session cookie made beforehand), creates, joins and starts a table over REST,
then each seat loads the table page and opens the table websocket, as the page does. Each seat
sends one legal command, chosen with its own seeded generator, as soon as a table frame shows it
may act (a non-empty #legal-commands); "human" seats first think for 1-3 s. Latency runs from
sending a command until that seat receives the table at a newer version. When the game ends the
lane starts a new table; when a table fails (a timeout, a dropped socket, an HTTP error) the error
is counted and the lane starts a new one after a pause that doubles with each failure in a row
(1 s up to 8 s). Every wait has a time limit. The floor (benchmarks/livebench/floor) answers the same
requests at the same paths; only its frames are read otherwise (``parse``).
"""

import asyncio
import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from benchmarks.bench_engines import choose
from benchmarks.livebench import frames, http
from benchmarks.livebench.service import HOST
from games.frames import parts

_PAGE_CSRF = re.compile(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'")
SAMPLES_PER_RUN = 40
SAMPLE_CHANCE = 0.02


@dataclass(frozen=True)
class Pace:
    shape: str  # "saturating" or "human"
    think_s: tuple = (1.0, 3.0)  # a human seat's time to answer
    command_timeout_s: float = 15.0  # a command with no answer by then counts as a timeout
    idle_timeout_s: float = 60.0  # a seat that hears nothing for this long while waiting
    connect_timeout_s: float = 10.0
    http_timeout_s: float = 10.0


class SeatError(Exception):
    """A table cannot go on: ``kind`` is the error's bucket in the report."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


@dataclass
class TableRecord:
    """What the seats saw of one table, for checking it against the event log after the run."""

    table_id: str
    users: dict  # seat -> user id
    start_version: int
    moves: list = field(default_factory=list)  # (version sent at, version seen after, user id)
    in_flight: bool = False  # a command was still unanswered when the table was left


class Stats:
    """Everything the lanes count, shared by all of them (one event loop: no locks needed)."""

    def __init__(self, window_start, window_end):
        self.window_start, self.window_end = window_start, window_end
        self.latencies_ms = []
        self.moves_in_window = self.moves_total = 0
        self.games_completed = self.tables_created = 0
        self.frames = self.duplicate_frames = 0
        self.bytes_in_window = self.messages_in_window = 0  # every websocket message the seats received
        self.game_lengths = []  # moves answered in each game that ended
        self.connected_seats = 0
        self.errors = Counter()
        self.first_errors = {}
        self.tables = {}
        self.samples = []
        self.sample_rng = random.Random(0)

    def in_window(self, at):
        return self.window_start <= at < self.window_end

    def error(self, kind, message):
        self.errors[kind] += 1
        examples = self.first_errors.setdefault(kind, [])
        if len(examples) < 3:
            examples.append(str(message)[:300])

    def move_answered(self, sent_at, answered_at):
        self.moves_total += 1
        if self.in_window(answered_at):
            self.moves_in_window += 1
            self.latencies_ms.append(1000 * (answered_at - sent_at))

    def received(self, text, at):
        if self.in_window(at):
            self.messages_in_window += 1
            self.bytes_in_window += len(text.encode())  # as sent: Daphne compresses no frame

    def game_over(self, at, moves):
        self.games_completed += self.in_window(at)
        self.game_lengths.append(moves)

    def maybe_sample(self, table_id, frame, text):
        if len(self.samples) < SAMPLES_PER_RUN and self.sample_rng.random() < SAMPLE_CHANCE:
            self.samples.append(
                {"table_id": table_id, "seat": frame.seat, "version": frame.version, "hand": frame.hand, "text": text}
            )


@dataclass(frozen=True)
class Player:
    id: int
    cookie: str
    csrf: str
    port: int

    def headers(self, extra=None):
        return {
            "Cookie": self.cookie,
            "X-CSRFToken": self.csrf,
            "Origin": f"http://{HOST}:{self.port}",
            **(extra or {}),
        }


async def run_lane(number, host, guest, pace, stats, stop, seed, start_delay=0.0, parse=frames.parse):
    """Keep one table in play until ``stop`` is set: a new table after each game or failure. ``parse``
    reads a websocket message into a ``frames.Frame`` (Cardroom's HTML, or the floor's JSON)."""
    await asyncio.sleep(start_delay)
    tables_played = failures = 0
    backoff = random.Random(f"{seed}:{number}:backoff")
    while not stop.is_set():
        if failures:  # as a person would: try again after a while, longer each time (1, 2, 4, 8 s)
            await asyncio.sleep(min(8.0, 2.0 ** (failures - 1)) * backoff.uniform(0.75, 1.25))
        try:
            record = await set_up_table(host, guest, pace)
        except http.HTTPError as error:
            stats.error(error.kind, error)
            failures += 1
            continue
        stats.tables_created += 1
        stats.tables[record.table_id] = record
        rngs = [random.Random(f"{seed}:{number}:{tables_played}:{seat}") for seat in (0, 1)]
        tables_played += 1
        seats = [
            Seat(player, seat, record, pace, stats, rngs[seat], parse) for seat, player in enumerate((host, guest))
        ]
        failures = 0 if await play_table(seats, stop, stats, pace) else failures + 1


async def set_up_table(host, guest, pace):
    """Create (host), join (guest) and start (host) a two-seat Spank! table over REST."""
    created = await _api(host, "POST", "/api/tables/", {"game": "spank", "seat_count": 2}, pace)
    table_id = created["id"]
    await _api(guest, "POST", f"/api/tables/{table_id}/join/", {}, pace)
    started = await _api(host, "POST", f"/api/tables/{table_id}/start/", {}, pace)
    return TableRecord(table_id, {0: host.id, 1: guest.id}, started["version"])


async def _api(player, method, path, body, pace):
    answer = await http.request(
        HOST,
        player.port,
        method,
        path,
        player.headers({"Accept": "application/json"}),
        json_body=body,
        timeout=pace.http_timeout_s,
    )
    if answer.status >= 300:
        kind = "http_5xx" if answer.status >= 500 else "http_4xx"
        raise http.HTTPError(kind, f"{method} {path}: {answer.status} {answer.body[:200]!r}")
    return answer.json()


async def play_table(seats, stop, stats, pace):
    """Play until the game ends, ``stop`` is set or a seat fails; True unless a seat failed.

    When one seat is done (it saw the game end, or the run stopped), a seat whose command is still
    unanswered gets the time a command may take, so that its move is counted and checked.
    """
    tasks = [asyncio.create_task(seat.play(stop)) for seat in seats]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        if not any(task.exception() for task in done):
            answering = [task for task, seat in zip(tasks, seats) if not task.done() and seat.pending]
            if answering:
                await asyncio.wait(answering, timeout=pace.command_timeout_s)
            done = {task for task in tasks if task.done()}
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    failures = [task.exception() for task in done if not task.cancelled() and task.exception()]
    if any(task.result() == "over" for task in done if not task.cancelled() and not task.exception()):
        stats.game_over(time.monotonic(), len(seats[0].record.moves))
    for failure in failures:
        if isinstance(failure, (SeatError, http.HTTPError)):  # the table page may time out too
            stats.error(failure.kind, failure)
        else:
            stats.error("driver_bug", repr(failure))
    return not failures


class Seat:
    """One browser at one seat: the table page, then the websocket."""

    def __init__(self, player, seat, record, pace, stats, rng, parse=frames.parse):
        self.player, self.seat, self.record = player, seat, record
        self.pace, self.stats, self.rng, self.parse = pace, stats, rng, parse
        self.path = f"/tables/{record.table_id}/"
        self.page_csrf = player.csrf
        self.pending = None  # (version sent at, time sent) of the command awaiting its answer
        self.last_version = -1
        self.refusals_in_a_row = 0
        self.legal = []
        self.parts = parts.Reader()

    async def play(self, stop):
        """Returns "over" (the game ended) or "stopped"; SeatError when the table cannot go on."""
        await self.load_page()
        try:
            socket = await connect(
                f"ws://{HOST}:{self.player.port}/ws{self.path}",
                origin=f"http://{HOST}:{self.player.port}",
                additional_headers={"Cookie": self.player.cookie},
                open_timeout=self.pace.connect_timeout_s,
                ping_interval=None,
                close_timeout=2,
                max_size=None,
            )
        except (InvalidStatus, InvalidHandshake, TimeoutError, OSError) as error:
            raise SeatError("handshake", f"{self.path}: {type(error).__name__}: {error}") from None
        self.stats.connected_seats += 1
        try:
            return await self.converse(socket, stop)
        finally:
            self.stats.connected_seats -= 1
            self.record.in_flight |= self.pending is not None
            await socket.close()

    async def load_page(self):
        page = await http.request(
            HOST,
            self.player.port,
            "GET",
            self.path,
            {"Cookie": self.player.cookie, "Accept": "text/html"},
            timeout=self.pace.http_timeout_s,
        )
        if page.status != 200:
            kind = "http_5xx" if page.status >= 500 else "http_4xx"
            raise SeatError(kind, f"GET {self.path}: {page.status}")
        token = _PAGE_CSRF.search(page.body.decode(errors="replace"))
        if token:  # htmx sends the page's hx-headers with every ws-send
            self.page_csrf = token.group(1)

    async def converse(self, socket, stop):
        while True:
            text, frame, received_at = await self.receive(socket)
            if frame.kind == "refusal":
                await self.refused(socket, frame)
                continue
            self.table_seen(frame, text, received_at)
            if frame.over:
                return "over"
            if self.pending is None and frame.legal and not stop.is_set():
                await self.act(socket, frame, stop)
            if stop.is_set() and self.pending is None:
                return "stopped"

    async def receive(self, socket):
        limit = self.pace.command_timeout_s if self.pending else self.pace.idle_timeout_s
        try:
            text = await asyncio.wait_for(socket.recv(), limit)
            received_at = time.monotonic()
        except TimeoutError:
            waiting = "its command's answer" if self.pending else "any frame"
            raise SeatError("timeout", f"seat {self.seat} of {self.path} waited {limit:g} s for {waiting}") from None
        except ConnectionClosed as closed:
            raise SeatError("disconnect", f"{self.path}: {closed}") from None
        self.stats.received(text, received_at)
        try:
            text = self.parts.read(text)  # a frame of parts, joined into the whole table as the page joins it
            return text, self.parse(text), received_at
        except ValueError as error:  # frames.BadFrame, or parts that do not join
            raise SeatError("bad_frame", f"{self.path}: {error}") from None

    def table_seen(self, frame, text, received_at):
        self.stats.frames += 1
        if frame.seat != self.seat:
            raise SeatError("wrong_seat", f"seat {self.seat} of {self.path} got a frame for seat {frame.seat}")
        if frame.version < self.last_version:
            self.stats.error(
                "version_regression", f"{self.path} seat {self.seat}: {self.last_version} -> {frame.version}"
            )
        elif frame.version == self.last_version:
            self.stats.duplicate_frames += 1
        self.last_version = max(self.last_version, frame.version)
        self.stats.maybe_sample(self.record.table_id, frame, text)
        if self.pending and frame.version > self.pending[0]:
            sent_version, sent_at = self.pending
            self.pending = None
            self.refusals_in_a_row = 0
            self.stats.move_answered(sent_at, received_at)
            self.record.moves.append((sent_version, frame.version, self.player.id))

    async def refused(self, socket, frame):
        """A refusal of our command: a stale one waits for the table that follows it, another is retried."""
        if self.pending is None:
            self.stats.error("unasked_refusal", frame.message)
            return
        version, _ = self.pending
        self.pending = None
        self.stats.error("stale" if frame.stale else "refused", frame.message)
        self.refusals_in_a_row += 1
        if self.refusals_in_a_row > 3:
            raise SeatError("refused", f"{self.path}: refused {self.refusals_in_a_row} times in a row")
        if not frame.stale and self.legal:
            await self.send(socket, choose(self.rng, self.legal), version)

    async def act(self, socket, frame, stop):
        if self.pace.shape == "human":
            await asyncio.sleep(self.rng.uniform(*self.pace.think_s))
            if stop.is_set():
                return
        self.legal = frame.legal
        await self.send(socket, choose(self.rng, frame.legal), frame.version)

    async def send(self, socket, command, version):
        """What htmx's ws extension sends for #command-form: its hx-vals (the command and the version, one
        JSON object) and the request headers."""
        message = {
            "command": command,
            "expected_version": version,
            "HEADERS": {
                "HX-Request": "true",
                "HX-Trigger": "command-form",
                "HX-Trigger-Name": None,
                "HX-Target": "command-form",
                "HX-Current-URL": f"http://{HOST}:{self.player.port}{self.path}",
                "X-CSRFToken": self.page_csrf,
            },
        }
        self.pending = (version, time.monotonic())
        try:
            await asyncio.wait_for(socket.send(json.dumps(message)), self.pace.command_timeout_s)
        except (TimeoutError, ConnectionClosed) as error:
            raise SeatError("disconnect", f"{self.path}: sending: {type(error).__name__}") from None
