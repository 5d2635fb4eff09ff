from django.urls import path

from . import views

urlpatterns = [
    path("tables/<str:table_id>/rulings/<int:version>/dispute/", views.file_dispute, name="dispute_file"),
    path("reviews/", views.queue, name="review_queue"),
    path("reviews/log/", views.staff_log, name="staff_log"),
    path("reviews/<int:dispute_id>/", views.dispute_page, name="review_dispute"),
    path("reviews/<int:dispute_id>/decide/", views.decide, name="review_decide"),
]
