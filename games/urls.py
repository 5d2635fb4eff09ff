from django.urls import path

from . import views

urlpatterns = [
    path("", views.lobby_page, name="lobby"),
    path("tables/new/", views.create_table, name="create_table"),
    path("tables/<str:table_id>/", views.table_page, name="table"),
    path("tables/<str:table_id>/replay/", views.replay_page, name="replay"),
    path("tables/<str:table_id>/join/", views.join_table, name="join_table"),
    path("tables/<str:table_id>/leave/", views.leave_table, name="leave_table"),
    path("tables/<str:table_id>/start/", views.start_table, name="start_table"),
    # A slug is what an invite token is made of: anything else (a NUL, say) never reaches the database.
    path("invite/<slug:token>/", views.invite, name="invite"),
]
