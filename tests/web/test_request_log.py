"""The request log: a refused request is one warning line, a server error keeps its traceback."""

import logging

from django.test import Client, override_settings
from django.urls import clear_url_caches, path


def test_a_player_refused_a_staff_page_is_one_warning_line(alice, client, caplog):
    client.force_login(alice)
    with caplog.at_level(logging.INFO, logger="django.request"):
        assert client.get("/reviews/").status_code == 403
    [record] = [record for record in caplog.records if record.name == "django.request"]
    assert (record.levelname, record.getMessage()) == ("WARNING", "Forbidden (Permission denied): /reviews/")
    assert "Traceback" not in caplog.text and len(caplog.text.strip().splitlines()) == 1


@override_settings(DEBUG=False)
def test_a_server_error_is_logged_with_its_traceback(monkeypatch, caplog):
    from config import urls

    def broken(request):
        raise RuntimeError("boom")

    monkeypatch.setattr(urls, "urlpatterns", [path("broken/", broken), *urls.urlpatterns])
    clear_url_caches()
    try:
        with caplog.at_level(logging.INFO, logger="django.request"):
            assert Client(raise_request_exception=False).get("/broken/").status_code == 500
    finally:
        clear_url_caches()
    [record] = [record for record in caplog.records if record.name == "django.request"]
    assert record.levelname == "ERROR"
    assert "Traceback" in caplog.text and "RuntimeError: boom" in caplog.text
