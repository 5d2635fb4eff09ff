"""The floor's URLs (settings.ROOT_URLCONF): Cardroom's paths for what the lanes ask."""

from django.urls import path

from benchmarks.livebench.floor import views

urlpatterns = [
    path("floor/ready/", views.ready),
    path("api/tables/", views.open_table),
    path("api/tables/<uuid:table_id>/join/", views.join_table),
    path("api/tables/<uuid:table_id>/start/", views.start_table),
    path("tables/<uuid:table_id>/", views.table_page),
]
