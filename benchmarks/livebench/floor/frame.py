"""The floor's websocket frames, written by its consumer and read by the benchmark's lanes.

A table frame is one JSON object: ``version``, ``seat``, ``over``, ``legal`` (the commands the seat may
send, as Cardroom's ``#legal-commands``) and ``view``, a string that stands for what Cardroom draws, so
that a frame is about as large as Cardroom's (nothing in it is drawn: it is made once per process). A
refusal is ``{"refusal": sentence}``. Frames are joined from pieces rather than ``json.dumps``-ed, as a
large frame would be scanned for escapes at every send.
"""

import functools
import json

from benchmarks.livebench.frames import BadFrame, Frame

_LEGAL = {True: json.dumps([{"type": "play"}]), False: "[]"}
_HEAD = '{"version": %d, "seat": %d, "over": %s, "legal": %s, "view": '


@functools.cache
def view(frame_bytes):
    """The ``view`` that makes a frame ``frame_bytes`` long (within a few bytes), as JSON."""
    head = _HEAD % (0, 0, "false", _LEGAL[True])
    return json.dumps("x" * max(0, frame_bytes - len(head) - 3))


def table(version, seat, may_play, over, frame_bytes):
    return _HEAD % (version, seat, "true" if over else "false", _LEGAL[may_play]) + view(frame_bytes) + "}"


def refusal(sentence):
    return json.dumps({"refusal": sentence})


def parse(text):
    """The lanes' Frame of one floor message; BadFrame for anything else."""
    try:
        message = json.loads(text)
        if "refusal" in message:
            return Frame(kind="refusal", message=str(message["refusal"]))
        return Frame(
            kind="table",
            version=int(message["version"]),
            seat=int(message["seat"]),
            legal=list(message["legal"]),
            over=bool(message["over"]),
        )
    except (ValueError, TypeError, KeyError) as error:
        raise BadFrame(f"not a floor frame ({type(error).__name__}: {error}) in {len(text)} characters") from None
