"""Pages and the REST API are served by Django on a few threads, a few requests at a time
(games/overrides/django.py): the rest wait, one that waits too long is told the room is busy, so HTTP can
never take every database connection; and a whole request is one hop off the event loop."""

import asyncio
import json
import threading
import time

import pytest

from games.overrides.django import BUSY, MAX_BODY_BYTES, DjangoOnThreads


class SlowWSGI:
    """A WSGI app that answers after a while, counting how many requests it serves at once."""

    def __init__(self, seconds):
        self.seconds, self.running, self.most, self.lock = seconds, 0, 0, threading.Lock()
        self.closed = 0

    def __call__(self, environ, start_response):
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            time.sleep(self.seconds)
            start_response("200 OK", [("Content-Type", "text/plain"), ("X-Path", environ["PATH_INFO"])])
            return Closing(self, [environ["REQUEST_METHOD"].encode(), b" ", environ["wsgi.input"].read()])
        finally:
            with self.lock:
                self.running -= 1


class Closing(list):
    def __init__(self, app, chunks):
        super().__init__(chunks)
        self.app = app

    def close(self):
        self.app.closed += 1


async def static_app(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": [(b"x-static", b"yes")]})
    await send({"type": "http.response.body", "body": b"static"})


def _app(wsgi, threads, wait_seconds):
    return DjangoOnThreads(static_app, threads=threads, wait_seconds=wait_seconds, wsgi_app=wsgi)


async def _request(app, path, method="GET", body=b""):
    sent, chunks = [], [body[i : i + 1000] for i in range(0, len(body), 1000)] or [b""]

    async def receive():
        chunk = chunks.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "path": path,
        "method": method,
        "query_string": b"",
        "http_version": "1.1",
        "headers": [(b"host", b"testserver")],
        "server": ("testserver", 80),
    }
    await app(scope, receive, send)
    return sent[0]["status"], dict(sent[0]["headers"]), b"".join(m.get("body", b"") for m in sent[1:])


@pytest.mark.asyncio
async def test_no_more_than_the_threads_serve_at_once_and_the_rest_wait_their_turn():
    wsgi = SlowWSGI(0.05)
    app = _app(wsgi, threads=2, wait_seconds=5)
    answers = await asyncio.gather(*(_request(app, f"/lobby/{n}/") for n in range(9)))
    assert [status for status, _, _ in answers] == [200] * 9
    assert [headers[b"x-path"] for _, headers, _ in answers] == [f"/lobby/{n}/".encode() for n in range(9)]
    assert wsgi.most == 2
    assert wsgi.closed == 9  # every response closed on its thread: Django's request_finished, the connection back


@pytest.mark.asyncio
async def test_the_request_body_reaches_django_and_one_too_large_is_refused_with_a_sentence():
    app = _app(SlowWSGI(0), threads=1, wait_seconds=5)
    status, _, body = await _request(app, "/api/tables/", "POST", b'{"game": "spank"}' * 100)
    assert status == 200 and body == b"POST " + b'{"game": "spank"}' * 100
    status, _, body = await _request(app, "/api/tables/", "POST", b"x" * (MAX_BODY_BYTES + 1))
    assert status == 413 and "too large" in json.loads(body)["detail"]


@pytest.mark.asyncio
async def test_a_request_that_waits_too_long_is_told_the_room_is_busy():
    app = _app(SlowWSGI(0.5), threads=1, wait_seconds=0.1)
    (first, _, _), (api, api_headers, api_body), (page, page_headers, page_body) = await asyncio.gather(
        _request(app, "/lobby/"), _request(app, "/api/tables/"), _request(app, "/lobby/")
    )
    assert first == 200
    assert api == page == 503
    assert json.loads(api_body) == {"detail": BUSY}
    assert api_headers[b"retry-after"] == page_headers[b"retry-after"] == b"5"
    assert b"very busy" in page_body and page_headers[b"content-type"].startswith(b"text/html")


@pytest.mark.asyncio
async def test_static_files_are_not_held_back():
    app = _app(SlowWSGI(0.2), threads=1, wait_seconds=0.05)
    answers = await asyncio.gather(_request(app, "/lobby/"), *(_request(app, "/static/css/site.css") for _ in range(3)))
    assert [status for status, _, _ in answers] == [200] * 4
    assert [headers.get(b"x-static") for _, headers, _ in answers] == [None, b"yes", b"yes", b"yes"]
