"""The sessions page (allauth.usersessions): where the player is logged in, and ending one chosen session or
every other. An ended session closes what was opened with it, as logging out does
(accounts.signals.session_ended)."""

from allauth.usersessions.adapter import DefaultUserSessionsAdapter
from allauth.usersessions.forms import ManageUserSessionsForm
from allauth.usersessions.internal.flows.sessions import end_sessions
from allauth.usersessions.models import UserSession
from allauth.usersessions.views import ListUserSessionsView
from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect

from .signals import session_ended


class UserSessionsAdapter(DefaultUserSessionsAdapter):
    def end_sessions(self, sessions):
        for session in sessions:
            session_ended.send(UserSessionsAdapter, user_id=session.user_id, session_key=session.session_key)
        super().end_sessions(sessions)


class EndSessionsForm(ManageUserSessionsForm):
    """allauth's (every other session), or with ``session`` the one chosen (a row's own button)."""

    session = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=2**63 - 1,
        error_messages=dict.fromkeys(("invalid", "min_value", "max_value"), "Choose a session from the list."),
    )

    def clean_session(self):
        chosen = self.cleaned_data["session"]
        if chosen is None:
            return None
        found = UserSession.objects.filter(user_id=self.request.user.pk, pk=chosen).first()
        if found is None or found.purge():
            raise ValidationError("That session has already ended.")
        return found

    def save(self, request):
        chosen = self.cleaned_data["session"]
        if chosen is None:
            super().save(request)
        else:
            end_sessions(request, [chosen])


class SessionsView(ListUserSessionsView):
    form_class = EndSessionsForm

    def form_valid(self, form):
        if form.cleaned_data["session"] is None:
            return super().form_valid(form)  # allauth's message: signed out of every other session
        form.save(self.request)
        messages.success(self.request, "That session is logged out; its open tables have closed.")
        return HttpResponseRedirect(self.get_success_url())

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 400
        return response
