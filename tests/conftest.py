import pytest


@pytest.fixture
def make_user(db):
    from accounts.models import User

    def make(username, display_name=None, password="a-long-test-password"):
        return User.objects.create_user(
            username=username, password=password, display_name=display_name or username.title()
        )

    return make


@pytest.fixture(autouse=True)
def _empty_cache(settings):
    """Each test starts with an empty cache of its own (the log-in throttles' counts), rather
    than flushing the run's Redis database, which the channel layer and Celery share."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "tests"}}
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")
