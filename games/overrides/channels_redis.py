"""The channel layer on Redis: groups cross processes through pub/sub; a socket's own channel stays home.

channels_redis's pub/sub layer SUBSCRIBEs every consumer's own channel in Redis when the socket opens
and UNSUBSCRIBEs it when it closes, each a round trip behind one lock per Redis connection that every
PUBLISH and group change also takes. Under load a closing socket waited there longer than Daphne's
application close timeout (10 s), was cancelled mid-clean-up, and left its subscription behind for
good (channels_redis logs "Unexpected exception while cleaning-up channel"); an opening one waited
there before its handshake was even answered.

Nothing in Cardroom sends to a consumer's own channel from another process: tables, lobbies, users
and sessions are all groups. So here a consumer's channel is a queue in its process and nothing more:
opening and closing a socket costs no Redis round trip for it, and a cancelled receive has nothing to
clean up. A ``send`` to a channel of this process goes straight to its queue; to any other name it is
published as before, but no process subscribes to such names any more, so it reaches nobody.
"""

import asyncio
import uuid

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer
from channels_redis.utils import _wrap_close


class _LoopLayer(RedisPubSubLoopLayer):
    async def new_channel(self, prefix="specific."):
        channel = f"{self.prefix}{prefix}{uuid.uuid4().hex}"
        self.channels[channel] = asyncio.Queue()
        return channel

    async def send(self, channel, message):
        queue = self.channels.get(channel)
        if queue is None:
            await super().send(channel, message)
        else:
            queue.put_nowait(self.channel_layer.serialize(message))

    async def receive(self, channel):
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue()
        try:
            message = await queue.get()
        except (asyncio.CancelledError, asyncio.TimeoutError, GeneratorExit):
            # The consumer is leaving (channels cancels its receive): forget the queue.
            self.channels.pop(channel, None)
            raise
        return self.channel_layer.deserialize(message)


class RedisGroupsLayer(RedisPubSubChannelLayer):
    """channels_redis's pub/sub layer (one per event loop), with each consumer's channel kept in-process."""

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        if loop not in self._layers:
            self._layers[loop] = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        return self._layers[loop]
