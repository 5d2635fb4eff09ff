"""The ASGI entry point Daphne serves: HTTP through Django, websockets through Channels.

What serves each is named in the settings (``HTTP_APPLICATION``, ``WEBSOCKET_APPLICATION``), as
``ROOT_URLCONF`` names the URLs: config imports no app."""

import gc
import os

from django.core.asgi import get_asgi_application

from config import collector

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402
from django.utils.module_loading import import_string  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": import_string(settings.HTTP_APPLICATION)(django_asgi_app),
        "websocket": AllowedHostsOriginValidator(import_string(settings.WEBSOCKET_APPLICATION)),
    }
)

if settings.CELERY_EMBEDDED_WORKER:
    from config.celery import app as celery_app  # noqa: E402
    from config.embedded_worker import start_embedded_worker  # noqa: E402

    start_embedded_worker(celery_app)

# What start-up made lives as long as the process: the collector's full passes need not walk it again
# and again (shorter whole-heap pauses on the event loop).
gc.freeze()
# Rarer walks through everything the process holds (config/collector.py).
collector.apply(settings.GC_THRESHOLDS)
