from django.urls import path

from . import views

urlpatterns = [
    path("tokens/", views.TokenList.as_view(), name="api-tokens"),
    path("tokens/<str:token_id>/", views.TokenDetail.as_view(), name="api-token"),
]
