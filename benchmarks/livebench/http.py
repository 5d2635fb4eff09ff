"""A small asyncio HTTP/1.1 client: just what the lanes need (one request per connection).

The standard library has no asyncio HTTP client and the project needs no other one; Daphne
answers ``Connection: close`` requests with a Content-Length or a chunked body, both read here.
"""

import asyncio
import json
from dataclasses import dataclass


class HTTPError(Exception):
    """A request that did not get a usable answer: ``kind`` is the error's bucket in the report."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Response:
    status: int
    headers: dict
    body: bytes

    def json(self):
        return json.loads(self.body)


async def request(host, port, method, path, headers=None, json_body=None, timeout=10.0):
    """One request; a Response, or HTTPError("http_timeout" | "http_connect" | "http_protocol")."""
    body = b"" if json_body is None else json.dumps(json_body).encode()
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close", f"Content-Length: {len(body)}"]
    if json_body is not None:
        lines.append("Content-Type: application/json")
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
    try:
        return await asyncio.wait_for(_exchange(host, port, raw), timeout)
    except asyncio.TimeoutError:
        raise HTTPError("http_timeout", f"{method} {path}: no answer in {timeout:g} s") from None
    except OSError as error:
        raise HTTPError("http_connect", f"{method} {path}: {error}") from None


async def _exchange(host, port, raw):
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(raw)
        await writer.drain()
        answer = await reader.read()
    finally:
        writer.close()
    return _parse(answer)


def _parse(answer):
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parts = status_line.split(" ", 2)
    if len(parts) < 2 or not parts[1].isdigit():
        raise HTTPError("http_protocol", f"not an HTTP answer: {status_line[:80]!r}")
    headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = _unchunk(body)
    return Response(int(parts[1]), headers, body)


def _unchunk(data):
    out, rest = bytearray(), data
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out += rest[:size]
        rest = rest[size + 2 :]
    return bytes(out)
