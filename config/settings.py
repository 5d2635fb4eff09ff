"""Settings, read from the environment.

With nothing set, the service runs on its embedded default: SQLite, the
in-memory channel layer and a Celery worker inside the web process on an
in-memory broker. ``DATABASE_URL`` and ``REDIS_URL`` switch to PostgreSQL and
Redis (channel layer, Celery broker and cache).
"""

from pathlib import Path
from urllib.parse import urlparse

import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env")

DEBUG = env.bool("DEBUG", default=False)

# SECRET_KEY, else the key in SECRET_KEY_FILE: `make install` writes a random one to .secret_key
# (git-ignored), so `make run` and `make test` need no configuration. The development key is
# public, so it is refused unless DEBUG is on.
DEVELOPMENT_SECRET_KEY = "dev-only-insecure-key-change-me-in-production-0123456789"
SECRET_KEY_FILE = Path(env("SECRET_KEY_FILE", default=str(BASE_DIR / ".secret_key")))
SECRET_KEY = (
    env("SECRET_KEY", default="")
    or (SECRET_KEY_FILE.read_text().strip() if SECRET_KEY_FILE.is_file() else "")
    or DEVELOPMENT_SECRET_KEY
)
if SECRET_KEY == DEVELOPMENT_SECRET_KEY and not DEBUG:
    raise ImproperlyConfigured(
        "Cardroom will not start on the public development SECRET_KEY with DEBUG off. Set SECRET_KEY "
        "to a long random value (python3 -c 'import secrets; print(secrets.token_urlsafe(50))'), "
        "or run `make install`, which writes one for this checkout to .secret_key; "
        "or set DEBUG=true on a development machine."
    )

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# Served over HTTPS, switch these on (README, Configuration). Behind a proxy that ends TLS,
# SECURE_PROXY_SSL_HEADER names the header it sets, e.g. HTTP_X_FORWARDED_PROTO,https.
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=False)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=False)
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
SECURE_PROXY_SSL_HEADER = tuple(env.list("SECURE_PROXY_SSL_HEADER", default=[])) or None
if SECURE_PROXY_SSL_HEADER is not None and len(SECURE_PROXY_SSL_HEADER) != 2:
    raise ImproperlyConfigured("SECURE_PROXY_SSL_HEADER is a header and its value, e.g. HTTP_X_FORWARDED_PROTO,https")
# How many reverse proxies in front append to X-Forwarded-For; the log-in throttles read the
# client's address that many entries from its right (0: the connection's own address).
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)

# Content-Security-Policy on every response (django-csp's middleware; README, "Content-Security-Policy"):
# scripts, styles, fonts and fetches from the site only, no inline script or style and no eval, so
# markup that gets injected past the escaping runs nothing. 'self' covers the tables' websockets on
# the same host (ws: and wss:, CSP3). data: images are the API docs' icons (Swagger UI's stylesheet).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "allauth.usersessions",
    "accounts",
    "events",
    "games",
    "reviews",
    "ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "allauth.usersessions.middleware.UserSessionsMiddleware",
    "accounts.devices.DeviceCookieMiddleware",
    "accounts.staff.SecondFactorMiddleware",
    "accounts.presence.SeenMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "games.play.damaged.DamagedLogPage",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
# What config/asgi.py serves HTTP with (given Django's own ASGI application, for static files) and websockets with.
HTTP_APPLICATION = "games.overrides.django.DjangoOnThreads"
WEBSOCKET_APPLICATION = "games.live.routing.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Django's default loaders, then each installed game's templates folder (games.game_files).
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                        "games.game_files.GameTemplates",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "reviews.access.review_link",
                "games.web.your_games.awaiting_badge",
            ],
        },
    },
    {
        # The live table's frames and the boards (the *.jinja files here and in each game's templates
        # folder): Jinja2 compiles a template to Python, and a frame is drawn for every seat after every
        # move; Django's engine draws the pages, as the admin's and the libraries' templates need it.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "frames",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "games.frames.jinja.environment"},
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Named outright so that a live-server process forked by the browser tests finds the same database.
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}"}
    # A bounded pool per process: connections are reused instead of opened per handler, and however
    # busy the process, it never holds more than DATABASE_POOL_SIZE (a wait beyond DATABASE_POOL_TIMEOUT
    # seconds is an error, not a new connection), so load cannot exhaust PostgreSQL's connection slots.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": env.int("DATABASE_POOL_SIZE", default=10),
        "timeout": env.float("DATABASE_POOL_TIMEOUT", default=10.0),
    }
    # Prepared statements allowed (Django turns them off), for the one statement that asks for it: the
    # event store's append (events.store._execute_prepared). Django's own cursors bind on the client and
    # never prepare; no other statement is prepared however often it runs.
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = 2**31 - 1
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several threads (Daphne's, the embedded worker) write; wait rather than fail on a lock. A transaction
    # takes the write lock as it begins (IMMEDIATE): one that began as a reader could not wait for it
    # later and failed at once with "database is locked" (tests/config/test_embedded_database.py).
    DATABASES["default"].setdefault("OPTIONS", {}).update(timeout=20, transaction_mode="IMMEDIATE")

# The installed games: each a package that declares its Game (games/engines/registry.py), in the order the
# site lists them. CARDROOM_EXTRA_GAMES adds packages from elsewhere (the tests add their fixture game).
CARDROOM_GAMES = [
    "games.engines.spank",
    "games.engines.spite_and_malice",
    "games.engines.spite",
    *env.list("CARDROOM_EXTRA_GAMES", default=[]),
]

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "home"
CSRF_FAILURE_VIEW = "games.web.pages.csrf_failure"

# Every password check goes through the log-in throttles (accounts.passwords).
AUTHENTICATION_BACKENDS = ["accounts.backends.ThrottledModelBackend"]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "accounts.passwords.MaximumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# {% memo %} blocks keep what they drew (games/frames/memo.py, games/frames/jinja.py); False draws them afresh each time.
TEMPLATE_MEMO = env.bool("TEMPLATE_MEMO", default=True)

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Django's default finders, then each installed game's static folder (games.game_files).
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "games.game_files.GameStaticFinder",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Serve straight from the app and static folders too, so a missed collectstatic never breaks a page.
WHITENOISE_USE_FINDERS = True

REDIS_URL = env("REDIS_URL", default="")

# The cache holds the log-in throttles' counts (accounts/throttling.py): in Redis they are shared
# by every web process; the embedded default is one process, so its own memory will do.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "cardroom",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 100_000},  # not the default 300, so a flood cannot evict the counts
        }
    }

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub: a broadcast is one PUBLISH, heard once by each process and handed to its
            # own sockets (the list-based layer pushed it to every socket's queue in Redis, about five
            # times the work). Delivery is at most once, which suits a "the table is at version n" note:
            # a socket that misses one is brought up to date by the next, or when it reconnects.
            # (games/overrides/channels_redis.py: a socket's own channel stays in its process, only groups use Redis.)
            "BACKEND": "games.overrides.channels_redis.RedisGroupsLayer",
            # redis-py's default socket timeout (5 s) once lost a race with the layer's 5 s blocking
            # reads and dropped idle websockets (close 1011); reads wait longer than any blocking read,
            # so only a dead connection times out.
            # Each host is a connection with one lock around every SUBSCRIBE, UNSUBSCRIBE and PUBLISH
            # (a round trip each). With one, under load the sockets coming and going queued so long
            # behind the broadcasts that Daphne cancelled their clean-up (a subscription left behind
            # each time). The same server listed CHANNEL_LAYER_CONNECTIONS times spreads channels and
            # groups over that many connections; pub/sub is server-wide, so every PUBLISH still
            # reaches every subscriber.
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": 30, "socket_keepalive": True}]
                * env.int("CHANNEL_LAYER_CONNECTIONS", default=4),
                # Pub/sub channels are server-wide, whatever db the URL names: the db in the prefix
                # keeps services (or test runs) on different dbs of one Redis from hearing each other.
                "prefix": f"cardroom{urlparse(REDIS_URL).path.strip('/') or '0'}:",
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# What may use a database connection at once, per process (games/overrides/django.py, games.live.table_cache):
# HTTP_THREADS serving pages and the API (other requests wait, up to HTTP_QUEUE_SECONDS, then get a
# 503), ARRIVAL_THREADS admitting new websockets (who connects, to what table) and LIVE_THREADS doing
# the rest of the websockets' work (commands, snapshots). Together no more than the pool has
# connections, so that none of them ever waits for one, and pages cannot starve live tables.
_POOL_SIZE = DATABASES["default"].get("OPTIONS", {}).get("pool", {}).get("max_size", 10)
HTTP_THREADS = env.int("HTTP_THREADS", default=2)
HTTP_QUEUE_SECONDS = env.float("HTTP_QUEUE_SECONDS", default=8.0)
ARRIVAL_THREADS = env.int("ARRIVAL_THREADS", default=2)
LIVE_THREADS = env.int("LIVE_THREADS", default=max(1, _POOL_SIZE - ARRIVAL_THREADS - HTTP_THREADS))
# A web process's garbage collector (config/collector.py): Python's young generation; the middle one walked
# after every 3 young collections instead of Python's 10 (shorter pauses); the whole heap after 3,000
# middle ones instead of Python's 10 (seldom: each whole walk stops the event loop).
GC_THRESHOLDS = env.str("GC_THRESHOLDS", default="700,3,3000")

# What one websocket connection may send (games/live/frame_limits.py): larger frames close it (4413);
# frames beyond the rate are refused, and a connection that keeps on is closed (4429).
WEBSOCKET_MAX_FRAME_BYTES = env.int("WEBSOCKET_MAX_FRAME_BYTES", default=64 * 1024)
WEBSOCKET_FRAMES_PER_SECOND = env.float("WEBSOCKET_FRAMES_PER_SECOND", default=10.0)
WEBSOCKET_FRAME_BURST = env.int("WEBSOCKET_FRAME_BURST", default=20)
WEBSOCKET_REFUSALS_BEFORE_CLOSE = env.int("WEBSOCKET_REFUSALS_BEFORE_CLOSE", default=20)

# Heartbeats on table sockets (games/live/heartbeats.py): an idle page is pinged every beat, and a page
# that stops answering is closed after the silence; the page gives up on a silent server as quickly.
WEBSOCKET_HEARTBEAT_SECONDS = env.float("WEBSOCKET_HEARTBEAT_SECONDS", default=2.5)
WEBSOCKET_SILENCE_SECONDS = env.float("WEBSOCKET_SILENCE_SECONDS", default=10.0)

# Table chat (games/tables/chat.py): each user may post this many messages per window of seconds.
CHAT_MESSAGES_PER_WINDOW = env.int("CHAT_MESSAGES_PER_WINDOW", default=5)
CHAT_WINDOW_SECONDS = env.int("CHAT_WINDOW_SECONDS", default=10)

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
if CELERY_BROKER_URL.startswith("memory://"):
    # The in-memory broker polls its queue (every second by default): a bot set to act at once would
    # wait up to that long before each move.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.05}
# Without a shared broker the web process runs its own Celery worker and beat, in threads (see
# config/embedded_worker.py); with one, `make worker` runs them.
CELERY_EMBEDDED_WORKER = env.bool("CELERY_EMBEDDED_WORKER", default=not REDIS_URL)
# How often Celery beat fires the deadlines that are due (games.play.firing.fire_due): the longest a timer
# waits past its time when the run queued for that time was lost.
DEADLINE_TICK_SECONDS = env.float("DEADLINE_TICK_SECONDS", default=1.0)
# A table nobody starts (or joins) for this many hours (a turn-based one: days) is closed
# (games.tables.closing), checked every STALE_TABLE_SWEEP_SECONDS by Celery beat; as often, the deadline
# rows of tables that have ended are deleted (games.play.timers.forget_ended), and their turn e-mails' rows.
UNSTARTED_TABLE_HOURS = env.float("UNSTARTED_TABLE_HOURS", default=24.0)
UNSTARTED_TURN_BASED_TABLE_DAYS = env.float("UNSTARTED_TURN_BASED_TABLE_DAYS", default=7.0)
STALE_TABLE_SWEEP_SECONDS = env.float("STALE_TABLE_SWEEP_SECONDS", default=600.0)
# Turn e-mails (games.play.nudges): the job mails a player this long after their turn began, so that turns
# beginning meanwhile leave in the same message; beat's sweep, every NUDGE_SWEEP_SECONDS, sends what waited
# longer than the batch and that sweep (a job the broker lost).
NUDGE_BATCH_SECONDS = env.float("NUDGE_BATCH_SECONDS", default=120.0)
NUDGE_SWEEP_SECONDS = env.float("NUDGE_SWEEP_SECONDS", default=300.0)
CELERY_BEAT_SCHEDULE = {
    "fire-due-deadlines": {
        "task": "games.fire_due_deadlines",
        "schedule": DEADLINE_TICK_SECONDS,
        # A tick nobody ran in time is dropped: the next one does the same work.
        "options": {"expires": DEADLINE_TICK_SECONDS},
    },
    "close-stale-tables": {
        "task": "games.close_stale_tables",
        "schedule": STALE_TABLE_SWEEP_SECONDS,
        "options": {"expires": STALE_TABLE_SWEEP_SECONDS},
    },
    # Play now's waits for bots are timers too (games.tables.play_now.sweep), on the same tick.
    "seat-play-now": {
        "task": "games.seat_play_now",
        "schedule": DEADLINE_TICK_SECONDS,
        "options": {"expires": DEADLINE_TICK_SECONDS},
    },
    "forget-ended-deadlines": {
        "task": "games.forget_ended_deadlines",
        "schedule": STALE_TABLE_SWEEP_SECONDS,
        "options": {"expires": STALE_TABLE_SWEEP_SECONDS},
    },
    "send-lost-turn-nudges": {
        "task": "games.send_lost_turn_nudges",
        "schedule": NUDGE_SWEEP_SECONDS,
        "options": {"expires": NUDGE_SWEEP_SECONDS},
    },
    # A finished table's rating job that was lost is made up (ratings.tasks), on the same sweep's schedule.
    "rate-unrated-tables": {
        "task": "ratings.rate_unrated_tables",
        "schedule": STALE_TABLE_SWEEP_SECONDS,
        "options": {"expires": STALE_TABLE_SWEEP_SECONDS},
    },
}

# Accounts (django-allauth; accounts/adapter.py, accounts/forms.py): a username and a password, and
# optionally e-mail addresses, verified by a link, through which a forgotten password is reset; TOTP with
# recovery codes (required of staff: accounts/staff.py); each session listed and endable.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.sign_up.SignUpDetails"
ACCOUNT_FORMS = {
    "login": "accounts.forms.LoginForm",
    "change_password": "accounts.forms.PasswordChangeForm",
    "reset_password": "accounts.forms.ResetPasswordForm",
}
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_MAX_EMAIL_ADDRESSES = 5
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = False
# A reset asked for an address nobody verified is answered like any other, and sends nothing.
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Cardroom] "
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
# A log-in lasts as Django's sessions do (two weeks), as it did before allauth: no "Remember me" box.
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_USER_DISPLAY = str  # User.__str__: the shown name
ACCOUNT_DEFAULT_HTTP_PROTOCOL = env("ACCOUNT_DEFAULT_HTTP_PROTOCOL", default="http")
# allauth's own limits, except on passwords typed wrong (a log-in's, or the old one when changing it):
# accounts.throttling counts those, and spares the owner's browser (accounts.devices). allauth counts
# wrong two-factor codes under "login_failed" too (accounts.adapter leaves it the codes alone): five per
# account in five minutes, whoever guesses (they already have the password).
ACCOUNT_RATE_LIMITS = {"login_failed": "5/5m/key", "change_password": None}
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "Cardroom"
USERSESSIONS_ADAPTER = "accounts.sessions.UserSessionsAdapter"
# Off: tracking would write each session's row on every request; the sessions page says when and where
# each one logged in, which tells one browser from another.
USERSESSIONS_TRACK_ACTIVITY = False

# Mail: EMAIL_URL (e.g. smtp+tls://user:password@mail.example.com:587), else the usual EMAIL_* settings;
# with neither, messages are printed on the console, so `make run` needs no mail server.
_email = env.email_url("EMAIL_URL", default="") if env("EMAIL_URL", default="") else {}
EMAIL_BACKEND = _email.get(
    "EMAIL_BACKEND",
    env(
        "EMAIL_BACKEND",
        default="django.core.mail.backends.smtp.EmailBackend"
        if env("EMAIL_HOST", default="")
        else "django.core.mail.backends.console.EmailBackend",
    ),
)
EMAIL_HOST = _email.get("EMAIL_HOST", env("EMAIL_HOST", default="localhost"))
EMAIL_PORT = _email.get("EMAIL_PORT", env.int("EMAIL_PORT", default=25))
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER", env("EMAIL_HOST_USER", default=""))
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD", env("EMAIL_HOST_PASSWORD", default=""))
EMAIL_USE_TLS = _email.get("EMAIL_USE_TLS", env.bool("EMAIL_USE_TLS", default=False))
EMAIL_USE_SSL = _email.get("EMAIL_USE_SSL", env.bool("EMAIL_USE_SSL", default=False))
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
# The site's address as players reach it, for the links of mails sent outside a request (turn e-mails).
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Cardroom <cardroom@localhost>")
SERVER_EMAIL = env("SERVER_EMAIL", default=DEFAULT_FROM_EMAIL)

# Players may dispute a ruling while the game runs and for this many days after it ends (reviews).
DISPUTE_WINDOW_DAYS = env.int("DISPUTE_WINDOW_DAYS", default=7)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # API tokens first: DRF answers an unauthenticated request with the first class's challenge (401).
        "accounts.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Cardroom API",
    "DESCRIPTION": "Tables, seats and game commands for the card games Cardroom plays (a new table's `game` field lists them).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "DisputeStatusEnum": "reviews.models.Dispute.Status",
        "TableStatusEnum": "games.models.Table.Status",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals_without_traceback": {"()": "config.request_log.RefusalsWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"filters": ["refusals_without_traceback"]}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}
