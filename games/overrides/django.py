"""HTTP through Django on a few threads of its own, a few requests at a time.

Django's ASGI handler serves each request on a new thread (asgiref's ThreadSensitiveContext) and hops
between it and the event loop for every middleware, both ways. On a busy loop every hop waits its turn
(a page then took seconds), and every such thread takes a pooled database connection, so a burst of
requests could take the connections live tables need. Here a request is read on the loop, served
whole by Django's WSGI handler on one of ``HTTP_THREADS`` threads (one hop there and one back, its
connection handed back when the response is closed), and its response sent on the loop. Requests
beyond those threads wait on the loop, where waiting costs nothing; one that waits longer than
``HTTP_QUEUE_SECONDS`` is answered 503 with a sentence (and Retry-After) instead of piling up.
Static files, which need no database, go to Django's ASGI handler as before.
"""

import asyncio
import contextvars
import json
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO

from asgiref.wsgi import WsgiToAsgiInstance
from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.template.loader import render_to_string

from config.thread_names import name_for_the_system
from games.play import broadcast

BUSY = "The card room is very busy right now; try again in a few seconds."
TOO_LARGE = "That request is too large for the card room to read."
RETRY_AFTER_SECONDS = 5
MAX_BODY_BYTES = 2 * 1024 * 1024


class DjangoOnThreads:
    def __init__(self, static_app, threads=None, wait_seconds=None, wsgi_app=None):
        self.static_app = static_app
        self.wsgi_app = wsgi_app or WSGIHandler()
        self.threads = threads or settings.HTTP_THREADS
        self.wait_seconds = wait_seconds if wait_seconds is not None else settings.HTTP_QUEUE_SECONDS
        self.static = "/" + settings.STATIC_URL.lstrip("/")
        self.slots = None  # made in the server's event loop, on the first request
        self.executor = None

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"].startswith(self.static):
            return await self.static_app(scope, receive, send)
        try:
            body = await _read_body(receive)
        except _Gone:
            return  # the client left before it finished sending
        if body is None:
            return await _answer(scope, send, 413, TOO_LARGE)
        if self.slots is None:
            self.slots = asyncio.Semaphore(self.threads)
            self.executor = ThreadPoolExecutor(
                max_workers=self.threads, thread_name_prefix="http", initializer=name_for_the_system
            )
        try:
            await asyncio.wait_for(self.slots.acquire(), self.wait_seconds)
        except asyncio.TimeoutError:
            return await _answer(scope, send, 503, BUSY, [(b"retry-after", str(RETRY_AFTER_SECONDS).encode())])
        try:
            serve = contextvars.copy_context().run
            status, headers, content, messages = await asyncio.get_running_loop().run_in_executor(
                self.executor, serve, self._serve, scope, body
            )
        finally:
            self.slots.release()
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})
        broadcast.send_held_soon(messages)

    def _serve(self, scope, body):
        """The whole request through Django's WSGI handler, on this thread: (status, headers, body, the
        broadcasts it made). Its broadcasts are held and sent on the event loop afterwards, as a
        websocket's are (games.play.broadcast.held): this thread never waits for a busy loop to send them."""
        with broadcast.held() as messages:
            return (*self._respond(scope, body), messages)

    def _respond(self, scope, body):
        builder = WsgiToAsgiInstance(self.wsgi_app)
        builder.scope = scope
        environ = builder.build_environ(scope, BytesIO(body))
        started = {}

        def start_response(status, headers, exc_info=None):
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [(name.lower().encode("latin1"), value.encode("latin1")) for name, value in headers]

        result = self.wsgi_app(environ, start_response)
        try:
            content = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # request_finished: the database connection goes back to the pool
        return started["status"], started["headers"], content


class _Gone(Exception):
    pass


async def _read_body(receive):
    """The request's body, or None when it is larger than MAX_BODY_BYTES; _Gone if the client left."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise _Gone
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


async def _answer(scope, send, status, sentence, headers=()):
    """``status`` with its reason: JSON for the API, the styled page for a browser."""
    if scope["path"].startswith("/api/"):
        body, kind = json.dumps({"detail": sentence}).encode(), b"application/json"
    else:
        body, kind = _page(status, sentence).encode(), b"text/html; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()), *headers],
        }
    )
    await send({"type": "http.response.body", "body": body})


_pages = {}


def _page(status, sentence):
    """The error page for ``status`` (templates/503.html, 413.html), drawn once."""
    if status not in _pages:
        _pages[status] = render_to_string(f"{status}.html", {"sentence": sentence})
    return _pages[status]
