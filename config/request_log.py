"""What the request log (Django's ``django.request`` logger) writes for a refused request.

Django passes the exception along when it answers 403 for a PermissionDenied (or 400 for a bad
request), so the log handler prints its traceback: a whole stack for a player who opened a staff page.
A refusal is the site working as meant, so it keeps its one warning line; a server error (5xx) keeps
its traceback, which is what it is logged for.
"""

import logging


class RefusalsWithoutTraceback(logging.Filter):
    def filter(self, record):
        if getattr(record, "status_code", 500) < 500:
            record.exc_info = record.exc_text = None
        return True
