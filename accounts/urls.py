from django.contrib.auth import views as auth_views
from django.urls import path, re_path

from . import views

urlpatterns = [
    path("sign-up/", views.sign_up, name="sign_up"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("profile/", views.profile, name="profile"),
    path("profile/preferences/", views.preferences, name="preferences"),
    # What a username is made of (Django's username validator): anything else never reaches the database.
    re_path(r"^players/(?P<username>[\w.@+-]{1,150})/$", views.player, name="player"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(template_name="accounts/password_change_done.html"),
        name="password_change_done",
    ),
]
