"""What one websocket connection may send: frames of a bounded size, at a bounded rate.

A token bucket per connection: each frame takes a token, tokens come back at ``rate`` a second up
to ``burst``. A frame with no token left is refused (the sender is told to slow down, and the
frame is not acted on, so a flood never makes the server re-render a table); a connection refused
``strikes`` frames in a row is closed.
"""

import time
from dataclasses import dataclass, field

from django.conf import settings

ALLOW, REFUSE, CLOSE = "allow", "refuse", "close"


@dataclass
class FrameRate:
    rate: float
    burst: int
    strikes: int
    clock: object = time.monotonic
    tokens: float = field(init=False)
    refused_in_a_row: int = field(init=False, default=0)
    last: float = field(init=False)

    def __post_init__(self):
        self.tokens = float(self.burst)
        self.last = self.clock()

    @classmethod
    def from_settings(cls):
        return cls(
            settings.WEBSOCKET_FRAMES_PER_SECOND,
            settings.WEBSOCKET_FRAME_BURST,
            settings.WEBSOCKET_REFUSALS_BEFORE_CLOSE,
        )

    def check(self):
        """ALLOW this frame, REFUSE it, or CLOSE the connection."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused_in_a_row = 0
            return ALLOW
        self.refused_in_a_row += 1
        return CLOSE if self.refused_in_a_row >= self.strikes else REFUSE


def too_large(text_data, bytes_data):
    """Whether a frame is over ``WEBSOCKET_MAX_FRAME_BYTES`` (text counted in UTF-8 bytes)."""
    limit = settings.WEBSOCKET_MAX_FRAME_BYTES
    if bytes_data is not None and len(bytes_data) > limit:
        return True
    # A character takes at most 4 bytes: only a long text needs encoding to be measured.
    return text_data is not None and len(text_data) * 4 > limit and len(text_data.encode()) > limit
