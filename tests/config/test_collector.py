"""GC_THRESHOLDS: how often a web process's garbage collector walks everything it holds (config/collector.py)."""

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from config.collector import apply, parse_thresholds

REPO = Path(__file__).resolve().parents[2]


def _web_process(thresholds):
    """Load the ASGI application as Daphne does, with GC_THRESHOLDS set, and say what the collector runs with."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "GC_THRESHOLDS": thresholds,
        "CELERY_EMBEDDED_WORKER": "false",
    }
    return subprocess.run(
        [sys.executable, "-c", "import gc, json, config.asgi; print(json.dumps(gc.get_threshold()))"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_web_process_walks_its_middle_generation_often_and_its_whole_heap_rarely_unless_told_otherwise():
    assert parse_thresholds(settings.GC_THRESHOLDS) == (700, 3, 3000)
    started = _web_process("500,20,300")
    assert started.returncode == 0, started.stderr
    assert json.loads(started.stdout.splitlines()[-1]) == [500, 20, 300]


@pytest.mark.parametrize("text", ["700,10", "700,10,10,10", "700,ten,10", "700,0,10", "-1,10,10", ""])
def test_thresholds_that_are_not_three_whole_numbers_stop_the_process_with_a_sentence(text):
    with pytest.raises(ImproperlyConfigured, match="three whole numbers above 0"):
        parse_thresholds(text)


def test_a_web_process_given_bad_thresholds_does_not_start():
    started = _web_process("700,10")
    assert started.returncode != 0 and "GC_THRESHOLDS='700,10': give three whole numbers" in started.stderr


def test_the_thresholds_are_the_collectors_own():
    before = gc.get_threshold()
    try:
        apply(" 800, 12 ,900")
        assert gc.get_threshold() == (800, 12, 900)
    finally:
        gc.set_threshold(*before)
