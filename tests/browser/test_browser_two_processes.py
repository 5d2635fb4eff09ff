"""Two web processes behind nginx (deploy/): a game whose two seats are served by different processes, each
player seeing the other's moves live, the moves crossing from one process to the other through Redis."""

import os
import re
import shutil
import socket
import tempfile
import time
from functools import partial
from pathlib import Path

import pytest
from channels.testing.live import make_application, set_database_connection
from django.conf import settings
from test_browser import CHROMIUM, BrowserTestCase, LiveDaphne, _mark_page, _not_reloaded, _off_the_event_loop

from accounts.models import User
from benchmarks.livebench import proxy

if not proxy.installed() or not settings.REDIS_URL:
    missing = "Debian's nginx (apt-get install nginx)" if not proxy.installed() else "REDIS_URL"
    if os.environ.get("CI"):
        raise RuntimeError(f"CI must run the two-process browser test: it needs {missing} (.ci/run installs nginx).")
    pytestmark = pytest.mark.skip(reason=f"needs {missing}: the two processes share the channel layer through Redis")
elif not os.path.exists(CHROMIUM):
    pytestmark = pytest.mark.skip(reason="Debian's chromium is not installed (apt-get install chromium)")
else:
    pytestmark = pytest.mark.browser

SOCKET_LINE = re.compile(
    r'"GET /ws/tables/(?P<table>[^/]+)/ HTTP/1.1" 101 .* port=(?P<port>\d+) upstream=(?P<upstream>\S+)'
)


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class TestTwoProcessesBehindNginx(BrowserTestCase):
    """The live server's process and a second one like it, behind nginx rendered from deploy/'s template:
    each player's browser talks to nginx on the direct port of one process (the template's direct ports)."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls._second_server = cls._nginx = None
        cls._nginx_folder = Path(tempfile.mkdtemp(prefix="cardroom-nginx-test-"))
        try:
            cls._second_server = LiveDaphne(
                cls.host, partial(make_application, static_wrapper=cls.static_wrapper), setup=set_database_connection
            )
            cls._second_server.start()
            cls._daphne_ports = [cls._port, cls._second_server.port.value]
            cls._nginx = proxy.Nginx(
                cls._nginx_folder, _free_port(), cls._daphne_ports, [_free_port(), _free_port()], worker_processes=1
            )
            cls._nginx.start()
            cls._nginx.wait_ready()
        except Exception:
            cls._stop_second_server_and_nginx()
            super().tearDownClass()
            raise

    @classmethod
    def _stop_second_server_and_nginx(cls):
        # Both started after Playwright: stopped before it is (BrowserTestCase.tearDownClass says why).
        if cls._nginx:
            cls._nginx.stop()
        if cls._second_server:
            cls._second_server.terminate()
            cls._second_server.join()
        shutil.rmtree(cls._nginx_folder, ignore_errors=True)

    @classmethod
    def tearDownClass(cls):
        cls._stop_second_server_and_nginx()
        super().tearDownClass()

    def through_nginx_to(self, process):
        """The site's address on nginx's direct port for web process ``process`` (0 or 1)."""
        return f"http://{self.host}:{self._nginx.direct_ports[process]}"

    def player_on(self, process, username):
        """A logged-in page whose every request and socket nginx sends to web process ``process``."""
        return self.player(username, site=self.through_nginx_to(process))

    def sockets_logged(self, table_id, expected):
        """(nginx's port, the web process's address) of each of the table's sockets nginx logged as closed,
        once ``expected`` are (its log is written a second after at most)."""
        log = self._nginx_folder / "logs" / "access.log"
        deadline = time.monotonic() + 15
        while True:
            text = log.read_text() if log.exists() else ""
            found = [
                (int(match["port"]), match["upstream"])
                for match in SOCKET_LINE.finditer(text)
                if match["table"] == str(table_id)
            ]
            if len(found) >= expected or time.monotonic() > deadline:
                return found
            time.sleep(0.2)

    def test_each_seat_on_its_own_process_sees_the_others_moves_live(self):
        from playwright.sync_api import expect

        from games.tables import lobby

        alice, bob = self.player_on(0, "alice"), self.player_on(1, "bob")

        def deal():
            host, guest = User.objects.get(username="alice"), User.objects.get(username="bob")
            table = lobby.create_table(host, "spank", 2)
            lobby.join_table(table, guest)
            lobby.start_table(table, host)
            return table

        table = _off_the_event_loop(deal)
        for process, page in enumerate((alice, bob)):
            page.goto(f"{self.through_nginx_to(process)}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            expect(page.locator(".spank-board")).to_be_visible()
            _mark_page(page)
        mover, other = (alice, bob) if alice.locator(".my-area .badge-turn").count() else (bob, alice)

        # The mover discards at Upkeep on one process; the other, on the other process, sees it at once.
        discard = other.locator(".pile-label", has_text="Discard")
        expect(discard).to_contain_text("0")
        mover.locator(".hand [data-card]").first.click()
        mover.click("text=Discard selected")
        expect(discard).to_contain_text("1")
        expect(other.locator("#turn-banner")).to_contain_text("Your turn")

        # The other ends the turn; the mover, back on the first process, sees it is theirs again.
        other.locator("[data-command*=end_turn]").click()
        expect(mover.locator(".my-area .badge-turn")).to_have_count(1)
        expect(other.locator(".my-area .badge-turn")).to_have_count(0)
        self.assertTrue(_not_reloaded(mover) and _not_reloaded(other))

        # nginx logs a socket when it closes: each page's went to its own process.
        for page in (alice, bob):
            page.close()
        daphnes = [f"127.0.0.1:{port}" for port in self._daphne_ports]
        self.assertCountEqual(
            self.sockets_logged(table.id, expected=2),
            [(self._nginx.direct_ports[0], daphnes[0]), (self._nginx.direct_ports[1], daphnes[1])],
        )
