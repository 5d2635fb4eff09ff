from django.urls import path

from games.live import consumers

websocket_urlpatterns = [
    path("ws/tables/<str:table_id>/", consumers.TableConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
]
