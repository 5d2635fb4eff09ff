"""Settings from the environment: the secret key, and HTTPS switches for production."""

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def settings_with(env, code="from django.conf import settings; settings.DEBUG"):
    """Import the settings in a fresh process with only these variables set."""
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY_FILE": str(ROOT / "no-such-key-file"),
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_development_key_is_refused_with_debug_off():
    from config.settings import DEVELOPMENT_SECRET_KEY

    for env in ({"DEBUG": "false", "SECRET_KEY": DEVELOPMENT_SECRET_KEY}, {"DEBUG": "false", "SECRET_KEY": ""}):
        result = settings_with(env)
        assert result.returncode != 0 and "ImproperlyConfigured" in result.stderr and "SECRET_KEY" in result.stderr
    assert settings_with({"DEBUG": "true", "SECRET_KEY": ""}).returncode == 0


def test_the_key_file_is_read_when_secret_key_is_unset(tmp_path):
    key_file = tmp_path / "key"
    key_file.write_text("a-key-from-the-file-" * 3 + "\n")
    result = settings_with(
        {"DEBUG": "false", "SECRET_KEY": "", "SECRET_KEY_FILE": str(key_file)},
        "from django.conf import settings; print(settings.SECRET_KEY)",
    )
    assert result.stdout.strip() == "a-key-from-the-file-" * 3


PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "cards.example.org",
    "SESSION_COOKIE_SECURE": "true",
    "CSRF_COOKIE_SECURE": "true",
    "SECURE_SSL_REDIRECT": "true",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
    "SECURE_HSTS_PRELOAD": "true",
    "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
}


def test_production_variables_switch_the_security_settings_on():
    names = [
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_HSTS_PRELOAD",
        "SECURE_PROXY_SSL_HEADER",
    ]
    result = settings_with(
        PRODUCTION,
        f"import json; from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}))",
    )
    assert json.loads(result.stdout) == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_HSTS_PRELOAD": True,
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
    }


def test_a_malformed_proxy_ssl_header_is_refused_at_start():
    result = settings_with({**PRODUCTION, "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO"})
    assert result.returncode != 0 and "SECURE_PROXY_SSL_HEADER" in result.stderr


def _check_deploy(variables):
    """``manage.py check --deploy`` in a fresh process with only these variables (and a key) set: the ids of
    the warnings it reports."""
    env = {
        "PATH": os.environ["PATH"],
        "SECRET_KEY_FILE": str(ROOT / "no-such-key-file"),
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "cards.example.org",
        **variables,
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return set(re.findall(r"\(security\.(W\d+)\)", result.stdout + result.stderr))


def _assignments(text):
    """The ``NAME=value`` variables a README passage sets."""
    return dict(re.findall(r"`([A-Z_]+)=([^`]+)`", text))


def test_check_deploy_reports_what_the_readme_says_with_the_readmes_https_settings():
    readme = (ROOT / "README.md").read_text()
    start = readme.index("Served over HTTPS")
    passage = readme[start : readme.index("\n\n", start)]
    settings, after = passage.split("`manage.py check --deploy` then", 1)
    promised, extra = set(re.findall(r"\bW\d{3}\b", after)), _assignments(after)
    assert _check_deploy(_assignments(settings)) == promised
    assert "SECURE_HSTS_SECONDS" in _assignments(settings)
    assert promised == {"W005", "W021"}
    assert "reports no issue" in after and _check_deploy({**_assignments(settings), **extra}) == set()
    assert _check_deploy(PRODUCTION) == set()


def test_the_cache_is_redis_with_redis_url_and_local_memory_without():
    code = "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"
    with_redis = settings_with({"DEBUG": "true", "REDIS_URL": "redis://127.0.0.1:6379/9"}, code)
    assert with_redis.stdout.strip() == "django.core.cache.backends.redis.RedisCache"
    without = settings_with({"DEBUG": "true", "REDIS_URL": ""}, code)
    assert without.stdout.strip() == "django.core.cache.backends.locmem.LocMemCache"


def test_what_the_served_application_made_at_start_is_kept_out_of_the_collectors_full_passes():
    result = settings_with(
        {
            "DEBUG": "true",
            "SECRET_KEY": "",
            "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
            "DATABASE_URL": os.environ.get("DATABASE_URL", ""),
        },
        "import gc; before = gc.get_freeze_count(); import config.asgi; print(before, gc.get_freeze_count())",
    )
    assert result.returncode == 0, result.stderr
    before, after = map(int, result.stdout.split())
    assert before == 0 and after > 10_000
