from django.urls import include, path, re_path

from . import sessions, views

urlpatterns = [
    # allauth's pages (accounts, e-mail, passwords, two-factor, sessions). These paths shadow allauth's own:
    # the log-in and sign-up go through the log-in throttles first, the sessions page ends one session too.
    path("login/", views.LoginView.as_view(), name="account_login"),
    path("signup/", views.SignUpView.as_view(), name="account_signup"),
    path("sessions/", sessions.SessionsView.as_view(), name="usersessions_list"),
    path("", include("allauth.urls")),
    path("profile/", views.profile, name="profile"),
    path("profile/preferences/", views.preferences, name="preferences"),
    path("profile/turn-emails/off/<str:token>/", views.turn_emails_off, name="turn_emails_off"),
    path("profile/turn-emails/on/", views.turn_emails_on, name="turn_emails_on"),
    path("profile/api-tokens/", views.create_api_token, name="create_api_token"),
    path("profile/api-tokens/<int:token_id>/revoke/", views.revoke_api_token, name="revoke_api_token"),
    path("profile/my-data.json", views.download_my_data, name="download_my_data"),
    path("profile/delete/", views.delete_account, name="delete_account"),
    # What a username is made of (Django's username validator): anything else never reaches the database.
    re_path(r"^players/(?P<username>[\w.@+-]{1,150})/$", views.player, name="player"),
]
