from django.urls import path

from . import views

urlpatterns = [
    path("leaderboards/", views.leaderboards_page, name="leaderboards"),
    path("leaderboards/<str:game>/", views.leaderboard_page, name="leaderboard"),
]
