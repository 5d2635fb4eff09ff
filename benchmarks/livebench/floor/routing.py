"""The floor's websocket application (settings.WEBSOCKET_APPLICATION): its tables' sockets, with the session's
user looked up as Cardroom's are (games.overrides.channels)."""

from channels.routing import URLRouter
from django.urls import path

from benchmarks.livebench.floor.consumer import FloorConsumer
from games.overrides.channels import LiveAuthMiddlewareStack

websocket_urlpatterns = [path("ws/tables/<uuid:table_id>/", FloorConsumer.as_asgi())]

application = LiveAuthMiddlewareStack(URLRouter(websocket_urlpatterns))
