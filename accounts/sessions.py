"""Sessions ended from the sessions page (allauth.usersessions) close what was opened with them, as logging
out does (accounts.signals.session_ended)."""

from allauth.usersessions.adapter import DefaultUserSessionsAdapter

from .signals import session_ended


class UserSessionsAdapter(DefaultUserSessionsAdapter):
    def end_sessions(self, sessions):
        for session in sessions:
            session_ended.send(UserSessionsAdapter, user_id=session.user_id, session_key=session.session_key)
        super().end_sessions(sessions)
