from django.urls import path

from . import views
from .pools import LIVE, TURN_BASED

urlpatterns = [
    path("leaderboards/", views.leaderboards_page, name="leaderboards"),
    path("leaderboards/<str:game>/", views.leaderboard_page, {"pace": LIVE}, name="leaderboard"),
    path(
        f"leaderboards/<str:game>/{TURN_BASED}/",
        views.leaderboard_page,
        {"pace": TURN_BASED},
        name="leaderboard_turn_based",
    ),
]
