"""The Content-Security-Policy: every kind of response carries the strict policy (pages, the API, the
admin, static files), and no template or drawn page holds what the policy refuses (inline scripts and
styles, style attributes, event handler attributes). The browser test that plays each game under it
is tests/browser/test_browser_csp.py."""

import re
from pathlib import Path

import pytest
from django.test import Client
from replay_helpers import stored_game
from staff_helpers import pass_second_factor

from games.engines import GAMES, registry
from games.models import Table

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# The project's templates and each installed game's own.
TEMPLATE_DIRS = [TEMPLATES, *(game.template_dir for game in registry.games())]

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

# What a strict policy refuses in markup: an executable inline script (a JSON data block is not run),
# a <style> block, a style attribute and an inline event handler.
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
STYLE_BLOCK = re.compile(r"<style\b", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[a-z][^>]*\sstyle=", re.I)
HANDLER_ATTRIBUTE = re.compile(r"<[a-z][^>]*\son[a-z]+=", re.I)
REFUSED = {
    "inline script": INLINE_SCRIPT,
    "<style>": STYLE_BLOCK,
    "style attribute": STYLE_ATTRIBUTE,
    "event handler attribute": HANDLER_ATTRIBUTE,
}


def policy_of(response):
    """The response's Content-Security-Policy as {directive: [sources]}."""
    header = response.headers.get("Content-Security-Policy")
    assert header, f"no Content-Security-Policy on {response.request['PATH_INFO']}"
    return {name: sources for name, *sources in (part.split() for part in header.split(";") if part.strip())}


def refused_in(html):
    return {what: pattern.findall(html) for what, pattern in REFUSED.items() if pattern.search(html)}


def test_pages_the_api_the_admin_and_static_files_carry_the_strict_policy(client, alice, superuser, running):
    table_id, _ = running
    client.force_login(alice)
    admin = Client()
    pass_second_factor(admin, superuser)
    responses = {
        "home": client.get("/"),
        "lobby": client.get("/lobby/"),
        "table": client.get(f"/tables/{table_id}/"),
        "api": client.get("/api/tables/"),
        "api docs": client.get("/api/docs/"),
        "missing page": client.get("/no-such-page/"),
        "log-in page": Client().get("/accounts/login/"),
        "admin": admin.get("/admin/"),
        "admin list": admin.get("/admin/games/table/"),
        "static file": client.get("/static/css/cardroom.css"),
        "a game's static file": client.get(f"/static/{registry.games()[0].stylesheets[0]}"),
    }
    for name, response in responses.items():
        assert response.status_code in (200, 404), (name, response.status_code)
        assert policy_of(response) == POLICY, name


def test_no_template_holds_an_inline_script_a_style_block_or_style_and_handler_attributes():
    found = {
        str(path): refused_in(path.read_text())
        for folder in TEMPLATE_DIRS
        for path in sorted(folder.rglob("*"))
        if path.suffix in (".html", ".jinja")
    }
    assert len(found) > len(TEMPLATE_DIRS)
    assert {name: what for name, what in found.items() if what} == {}


@pytest.mark.parametrize("game", GAMES)
def test_drawn_tables_and_replays_hold_nothing_the_policy_refuses(client, alice, game):
    """What the templates and the Python that writes HTML draw together: a game halfway through, as its
    seat and a watcher see it, and the finished game's replay every few steps."""
    finished, log = stored_game(game, 2)
    playing, _ = stored_game(game, 2, upto=len(log) // 2, status=Table.Status.RUNNING)
    seated = Client()
    seated.force_login(playing.seats.get(number=0).user)
    client.force_login(alice)
    pages = [seated.get(f"/tables/{playing.id}/"), client.get(f"/tables/{playing.id}/")]
    pages += [
        client.get(f"/tables/{finished.id}/replay/?step={step}")
        for step in range(0, len(log) + 1, max(1, len(log) // 5))
    ]
    for page in pages:
        assert page.status_code == 200
        assert refused_in(page.content.decode()) == {}


def test_the_browsable_api_and_the_api_docs_hold_nothing_the_policy_refuses(client, running):
    table_id, _ = running
    pages = [
        client.get("/api/tables/", HTTP_ACCEPT="text/html"),
        client.get(f"/api/tables/{table_id}/", HTTP_ACCEPT="text/html"),
        client.get("/api/docs/"),
    ]
    for page in pages:
        assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
        assert refused_in(page.content.decode()) == {}
    assert client.get("/api/docs/?script=")["Content-Type"].startswith(
        "application/javascript"
    )  # the docs' script, a file
