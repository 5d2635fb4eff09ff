"""The floor: the least a durable live move costs on Cardroom's stack, driven by the same lanes as Cardroom.

Daphne, the same Django settings (middleware, thread pools, the overrides of games/overrides), a Channels
consumer, the event store's own append on streams of the floor's own, and the channel layer's publish to the
table's group, as Cardroom's broadcast sends it. Each seat is sent one JSON frame per move, about as large as
Cardroom's, the move's mover at once and the other seat when the publish reaches it: no game is decided and
nothing is drawn. ``make bench-live`` runs it after Cardroom at each size; Cardroom's CPU per move over the
floor's is its ``floor_ratio`` (docs/performance.md).

Daphne serves it as it serves Cardroom, ``config.asgi:application``, with ``DJANGO_SETTINGS_MODULE`` set to
``benchmarks.livebench.floor.settings``.
"""
