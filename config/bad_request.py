"""Django's answer to a request it refuses before any view sees it (a Host header the site does not
answer to, a malformed request): 400 with a sentence, as JSON for the API, whose clients read every
refusal as ``{"detail": ...}``, and as the styled page for a browser."""

from django.http import JsonResponse
from django.views import defaults

SENTENCE = "The card room cannot take that request: it is malformed or names another site."


def bad_request(request, exception):
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": SENTENCE}, status=400)
    return defaults.bad_request(request, exception, template_name="400.html")
