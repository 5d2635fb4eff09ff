"""A real browser downloads a finished game from its replay page, and docs/verify_deal.py checks the saved file."""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from replay_helpers import stored_game
from test_browser import BrowserTestCase, pytestmark  # noqa: F401 (the browser mark)

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "verify_deal.py"


class TestDownloadTheGame(BrowserTestCase):
    def test_the_replay_page_downloads_a_record_the_docs_script_verifies(self):
        table, log = stored_game("spite_and_malice", 1)
        page = self.player("walter")
        page.goto(f"{self.live_server_url}/tables/{table.id}/replay/?step=0&as=open")
        with page.expect_download() as downloading:
            page.click("#replay-download")
        download = downloading.value
        assert download.suggested_filename.startswith("cardroom-spite-and-malice-anas-spite-malice-table-")
        with tempfile.TemporaryDirectory() as folder:
            saved = Path(folder) / download.suggested_filename
            download.save_as(saved)
            record = json.loads(saved.read_text(encoding="utf-8"))
            ran = subprocess.run([sys.executable, str(SCRIPT), str(saved)], capture_output=True, timeout=60, text=True)
        assert record["format"] == "cardroom-record" and len(record["events"]) == len(log)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        assert ran.stdout.strip().splitlines()[-1] == f"All {len(record['deals'])} committed deals verified."
