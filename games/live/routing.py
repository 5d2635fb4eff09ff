"""The websockets a web process serves (settings.WEBSOCKET_APPLICATION): the live tables, the lobby and
each player's "Your games", each socket with its session's user."""

from channels.routing import URLRouter
from django.urls import path

from games.live import consumers
from games.overrides.channels import LiveAuthMiddlewareStack

websocket_urlpatterns = [
    path("ws/tables/<str:table_id>/", consumers.TableConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    path("ws/yours/", consumers.YourGamesConsumer.as_asgi()),
]

application = LiveAuthMiddlewareStack(URLRouter(websocket_urlpatterns))
