# Cardroom: `make run` serves on http://127.0.0.1:8000, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# make test runs on this machine's PostgreSQL and Redis.
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/cardroom
TEST_REDIS_URL ?= redis://127.0.0.1:6379/0
# Two pytest-xdist workers, a test file each at a time (tests/xdist_services.py: a Redis db each; each
# has its own test database), so both cores of a small machine are busy. The schema test runs after,
# without xdist, which would lose its per-operation failures.
PYTEST_ARGS ?= -n 2 --dist loadfile
SERIAL_TESTS := tests/api/test_api_schema.py

.PHONY: lint install install-dev run worker test bench bench-live bench-capacity clean

# What the service runs on (make run, make worker).
$(BIN)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

# Besides, the test and benchmark tools (make test, make bench, make bench-live).
$(BIN)/.installed-dev: requirements.txt requirements-dev.txt $(BIN)/.installed
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

# A random SECRET_KEY for this checkout, kept out of git, so that make run and make test need no
# configuration (config/settings.py reads it when SECRET_KEY is not set).
.secret_key:
	umask 077 && $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $@

install: $(BIN)/.installed .secret_key

install-dev: $(BIN)/.installed-dev .secret_key

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo "Cardroom is serving on http://$(HOST):$(PORT)/"
	$(BIN)/daphne -b $(HOST) -p $(PORT) config.asgi:application

# A separate Celery worker (with beat) for when REDIS_URL is set.
worker: install
	$(BIN)/celery -A config worker --beat --schedule $(VENV)/celerybeat-schedule --loglevel INFO

test: install-dev lint
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(BIN)/python -m pytest $(PYTEST_ARGS) --ignore=$(SERIAL_TESTS)
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(BIN)/python -m pytest -p no:xdist $(SERIAL_TESTS)

# The engines' speed, then the bots' strength against random bots (win rates against their goals), then
# replay's speed (JSON lines: a random step of a 2,000-event game, goal under 20 ms, and a whole walk), then
# the cost of drawing a live frame (one table, then a hundred taking turns), then how long Play now takes to
# seat a crowd of 200 joining at once over two processes (p50/p95 from join to table), each in a database of
# its own made on TEST_DATABASE_URL's server and dropped after.
bench: install-dev
	$(BIN)/python benchmarks/bench_engines.py
	$(BIN)/python benchmarks/bench_bots.py
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/python benchmarks/bench_replay.py
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/python benchmarks/bench_replay_browser.py
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/python benchmarks/bench_render.py
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/python benchmarks/bench_render.py --games 100 --tables 100
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/python benchmarks/bench_play_now.py

# The live path under load (docs/performance.md): Daphne on PostgreSQL and Redis, browser-like
# websocket clients, then the same against the stack's floor (benchmarks/livebench/floor: no game, no
# drawing); one JSON line per size, with floor_ratio and bytes per move. Every size drops and recreates
# the database (the URL is a superuser's: the benchmark makes its own role) and flushes the Redis db:
# use ones of your own.
# BENCH_ARGS replaces the default matrix, e.g.
#   make bench-live BENCH_ARGS="--tables 50 --seconds 20 --daphnes 2"
# With --bgio, boardgame.io's harness (benchmarks/bgio) runs after Cardroom at each saturating size, ABAB;
# its packages are installed there from its lock file first if missing (it needs Node.js and npm):
#   make bench-live BENCH_ARGS="--bgio --tables 50 --seconds 20 --warmup 8"
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/cardroom_bench
BENCH_REDIS_URL ?= redis://127.0.0.1:6379/6
BENCH_ARGS ?= --matrix --warmup 8 --seconds 20
BGIO_PACKAGES := benchmarks/bgio/node_modules/.package-lock.json
bench-live: install-dev $(if $(findstring --bgio,$(BENCH_ARGS)),$(BGIO_PACKAGES))
	$(BIN)/python benchmarks/bench_live.py --database-url $(BENCH_DATABASE_URL) --redis-url $(BENCH_REDIS_URL) $(BENCH_ARGS)

$(BGIO_PACKAGES): benchmarks/bgio/package-lock.json
	@command -v node > /dev/null && command -v npm > /dev/null || \
		{ echo "make bench-live --bgio: boardgame.io's harness needs Node.js 18 or later and npm (Debian: apt-get install nodejs npm)" >&2; exit 1; }
	cd benchmarks/bgio && npm ci --no-audit --no-fund

# Each part's ceiling on this machine, for docs/capacity.md (benchmarks/bench_capacity.py, JSON lines): the
# event append's commits per second from 1, 8 and 32 connections, in a database of its own made on
# TEST_DATABASE_URL's server and dropped after, then the channel layer's publishes and deliveries per second
# from 1 and 4 publishers on TEST_REDIS_URL's server (pub/sub stores nothing there). CAPACITY_ARGS adds
# options, e.g.
#   make bench-capacity CAPACITY_ARGS="--part append --connections 8 --seconds 20"
CAPACITY_ARGS ?=
bench-capacity: install-dev
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(BIN)/python benchmarks/bench_capacity.py $(CAPACITY_ARGS)

clean:
	rm -rf $(VENV) staticfiles

# Style and layers: ruff's lint and format check, and the import layers pyproject.toml names.
lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	PYTHONPATH=. $(BIN)/lint-imports
