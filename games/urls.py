from django.urls import path

from games.web import pages, play_now, record, views, your_games

urlpatterns = [
    path("", pages.home, name="home"),
    path("lobby/", views.lobby_page, name="lobby"),
    path("rules/<str:game>/", pages.rules_page, name="rules"),
    path("tables/new/", views.create_table, name="create_table"),
    path("play/computer/", views.play_computer, name="play_computer"),
    path("play/now/", play_now.join, name="play_now"),
    path("play/now/waiting/", play_now.waiting, name="play_now_waiting"),
    path("play/now/status/", play_now.status, name="play_now_status"),
    path("play/now/leave/", play_now.leave, name="play_now_leave"),
    path("tables/yours/", your_games.your_games_page, name="your_games"),
    path("tables/<str:table_id>/", views.table_page, name="table"),
    path("tables/<str:table_id>/watchers/", views.table_watchers, name="table_watchers"),
    path("tables/<str:table_id>/replay/", views.replay_page, name="replay"),
    path("tables/<str:table_id>/record.json", record.download_record, name="replay_record"),
    path("tables/<str:table_id>/join/", views.join_table, name="join_table"),
    path("tables/<str:table_id>/leave/", views.leave_table, name="leave_table"),
    path("tables/<str:table_id>/start/", views.start_table, name="start_table"),
    path("tables/<str:table_id>/cancel/", views.cancel_table, name="cancel_table"),
    path("tables/<str:table_id>/rematch/", views.rematch, name="rematch"),
    path("tables/<str:table_id>/decline/", views.decline_rematch, name="decline_rematch"),
    path("tables/<str:table_id>/bots/", views.add_bot, name="add_bot"),
    path("tables/<str:table_id>/bots/<int:seat>/remove/", views.remove_bot, name="remove_bot"),
    # A slug is what an invite token is made of: anything else (a NUL, say) never reaches the database.
    path("invite/<slug:token>/", views.invite, name="invite"),
]
