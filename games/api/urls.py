from django.urls import path

from . import views

urlpatterns = [
    path("tables/", views.TableList.as_view(), name="api-tables"),
    path("tables/yours/", views.YourTables.as_view(), name="api-your-tables"),
    path("play/computer/", views.PlayComputer.as_view(), name="api-play-computer"),
    path("play/now/", views.PlayNow.as_view(), name="api-play-now"),
    path("tables/<str:table_id>/", views.TableDetail.as_view(), name="api-table"),
    path("tables/<str:table_id>/join/", views.JoinTable.as_view(), name="api-table-join"),
    path("tables/<str:table_id>/leave/", views.LeaveTable.as_view(), name="api-table-leave"),
    path("tables/<str:table_id>/bots/", views.TableBots.as_view(), name="api-table-bots"),
    path("tables/<str:table_id>/bots/<str:seat>/", views.TableBot.as_view(), name="api-table-bot"),
    path("tables/<str:table_id>/start/", views.StartTable.as_view(), name="api-table-start"),
    path("tables/<str:table_id>/cancel/", views.CancelTable.as_view(), name="api-table-cancel"),
    path("tables/<str:table_id>/rematch/", views.OfferRematch.as_view(), name="api-table-rematch"),
    path("tables/<str:table_id>/decline/", views.DeclineRematch.as_view(), name="api-table-decline"),
    path("tables/<str:table_id>/view/", views.TableView.as_view(), name="api-table-view"),
    path("tables/<str:table_id>/commands/", views.TableCommands.as_view(), name="api-table-commands"),
    path("tables/<str:table_id>/events/", views.TableEvents.as_view(), name="api-table-events"),
    path("tables/<str:table_id>/replay/", views.TableReplay.as_view(), name="api-table-replay"),
    path("tables/<str:table_id>/record/", views.TableRecord.as_view(), name="api-table-record"),
    path("tables/<str:table_id>/replay/moves/", views.TableReplayMoves.as_view(), name="api-table-replay-moves"),
]
