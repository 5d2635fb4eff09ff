"""Each override in games/overrides relies on a library's internals as the version pinned in
requirements.txt has them: the source of each piece it relies on is checked against the digest taken
when the override was measured. An upgrade that changes one fails here: read the library's new code,
measure the override again (docs/performance.md, "Library internals overridden"), then take the new
digest or drop the override."""

import hashlib
import importlib
import inspect

import pytest

# What each override stands in for or calls, by module: a change to any of them may change what the
# override must do, or take away the reason for it.
RELIED_ON = {
    # games.overrides.channels: InTurnDispatch stands in for the consumer's __call__, dispatch and loop ...
    "channels.consumer.AsyncConsumer.__call__": "e52238720872dbc3",
    "channels.consumer.AsyncConsumer.dispatch": "39f34e7d4fb0f655",
    "channels.utils.await_many_dispatch": "30ef889498560da3",
    # ... and LiveAuthMiddleware for AuthMiddleware's lookup; arriving_user fills its lazy user.
    "channels.auth.AuthMiddleware.resolve_scope": "e4d45bbcc94f96a2",
    "channels.auth.AuthMiddleware.populate_scope": "5d41fdc0d5793fd9",
    "channels.auth.get_user": "3124b316d7d6472c",
    "channels.auth.UserLazyObject": "4bc2dec7b33d5643",
    # games.overrides.channels_redis: a loop layer of its own, registered through the private _wrap_close.
    "channels_redis.utils._wrap_close": "3d610af1683772a9",
    "channels_redis.pubsub.RedisPubSubChannelLayer._get_layer": "1862b87a25ac72b2",
    "channels_redis.pubsub.RedisPubSubLoopLayer.new_channel": "bf1469b4d6819726",
    "channels_redis.pubsub.RedisPubSubLoopLayer.send": "549a0535395c584a",
    "channels_redis.pubsub.RedisPubSubLoopLayer.receive": "2d3fa7938ba6e0a6",
    # games.overrides.jinja2: the two methods DictFirstEnvironment overrides.
    "jinja2.environment.Environment.getattr": "9d52d65b450cc167",
    "jinja2.environment.Environment.make_globals": "b6eb9ef15eaebcaf",
    # games.overrides.asgiref: on_thread stands in for SyncToAsync's call.
    "asgiref.sync.SyncToAsync.__call__": "6376e33c6d3d94c5",
    # games.overrides.django: DjangoOnThreads stands in for Django's ASGI handler, and builds a request's
    # WSGI environ with asgiref's.
    "django.core.handlers.asgi.ASGIHandler.handle": "98faeb5bef800331",
    "asgiref.wsgi.WsgiToAsgiInstance.build_environ": "7f2d62eda6941ac9",
}


def source_digest(dotted):
    """The first 16 hex digits of the SHA-256 of the source of the object at ``dotted``."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return hashlib.sha256(inspect.getsource(found).encode()).hexdigest()[:16]
    raise ImportError(dotted)


@pytest.mark.parametrize("dotted", sorted(RELIED_ON))
def test_what_an_override_relies_on_is_as_the_pinned_version_has_it(dotted):
    assert source_digest(dotted) == RELIED_ON[dotted], (
        f"{dotted} changed: check the override that relies on it (games/overrides) against the new code"
    )
