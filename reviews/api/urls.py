from django.urls import path

from . import views

urlpatterns = [
    path("tables/<str:table_id>/rulings/", views.TableRulings.as_view(), name="api-table-rulings"),
    path("tables/<str:table_id>/disputes/", views.TableDisputes.as_view(), name="api-table-disputes"),
    path("disputes/", views.DisputeQueue.as_view(), name="api-disputes"),
    path("disputes/<str:dispute_id>/", views.DisputeDetail.as_view(), name="api-dispute"),
    path("disputes/<str:dispute_id>/decision/", views.DisputeDecision.as_view(), name="api-dispute-decision"),
    path("staff-log/", views.StaffLog.as_view(), name="api-staff-log"),
]
