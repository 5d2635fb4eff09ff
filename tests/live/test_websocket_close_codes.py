"""The close codes a table's socket ends with, as a client of a real Daphne receives them.

Daphne sends only 1000 and 3000-4999; a consumer closing with any other code crashed, and the client
got 1011 instead of the reason (games/live/consumers.py).
"""

import re
from pathlib import Path

from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.test import override_settings
from test_browser import LiveDaphne
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from accounts.models import User
from games.live import heartbeats
from games.live.consumers import MESSAGE_TOO_BIG, NO_SUCH_TABLE, NOT_LOGGED_IN, POLICY_VIOLATION
from games.tables import lobby

SERVER_CLOSE_CODES = [NOT_LOGGED_IN, NO_SUCH_TABLE, MESSAGE_TOO_BIG, POLICY_VIOLATION, heartbeats.SILENT]


def test_every_close_code_the_server_sends_is_one_daphne_sends_and_the_page_explains():
    page_script = (Path(settings.BASE_DIR) / "static/js/table_live/connection.js").read_text()
    explained = {int(code) for code in re.findall(r"^\s*(\d{4}):", page_script, re.M)}
    reconnects_after = int(re.search(r"const SILENT = (\d+);", page_script).group(1))
    for code in SERVER_CLOSE_CODES:
        assert code == 1000 or 3000 <= code <= 4999, code
    assert explained == {NOT_LOGGED_IN, NO_SUCH_TABLE, MESSAGE_TOO_BIG, POLICY_VIOLATION}
    assert reconnects_after == heartbeats.SILENT


@override_settings(
    WEBSOCKET_MAX_FRAME_BYTES=1024,
    WEBSOCKET_FRAME_BURST=2,
    WEBSOCKET_FRAMES_PER_SECOND=0.001,
    WEBSOCKET_REFUSALS_BEFORE_CLOSE=3,
)
class CloseCodesOverDaphne(ChannelsLiveServerTestCase):
    """A watcher's socket (no account needed) at a public table, on a live Daphne in its own process."""

    ProtocolServerProcess = LiveDaphne

    def setUp(self):
        host = User.objects.create_user(username="ana", password="a-long-test-password", display_name="Ana")
        self.table = lobby.create_table(host, "spank", 2, {})

    def _socket(self):
        socket = self.enterContext(
            connect(
                f"{self.live_server_ws_url}/ws/tables/{self.table.id}/", origin=self.live_server_url, open_timeout=10
            )
        )
        assert 'id="table-live"' in socket.recv(timeout=10)
        return socket

    def _close_code(self, socket):
        """Read frames until the server closes the socket; its close code, and the frames read before."""
        frames = []
        try:
            while True:
                frames.append(socket.recv(timeout=10))
        except ConnectionClosed as closed:
            assert closed.rcvd is not None, "the connection dropped without a close frame"
            return closed.rcvd.code, frames

    def test_an_oversized_frame_closes_with_4413(self):
        socket = self._socket()
        socket.send("x" * 2000)
        code, _ = self._close_code(socket)
        self.assertEqual(code, MESSAGE_TOO_BIG)
        self.assertEqual(code, 4413)

    def test_a_flood_closes_with_4429_after_its_refusals(self):
        socket = self._socket()
        for _ in range(5):  # the burst's two, then three refused in a row
            socket.send('{"chat": "hello"}')
        code, frames = self._close_code(socket)
        self.assertEqual(code, POLICY_VIOLATION)
        self.assertEqual(code, 4429)
        self.assertEqual(sum("faster than the table takes commands" in frame for frame in frames), 2)
