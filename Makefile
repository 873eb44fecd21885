# The front door. `make run` and `make test` take a fresh machine all the way; see README.md.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum < requirements.txt | cut -d' ' -f1)
HOST   ?= 127.0.0.1
PORT   ?= 8000
DEV    := DEBUG=1

.PHONY: install migrate demo run worker test test-fast bench messages clean-db help

help:
	@echo "make run      set up, migrate, load the demo league and serve http://$(HOST):$(PORT)"
	@echo "make test     set up and run the whole test suite"
	@echo "make worker   start a Celery worker (needs CELERY_BROKER_URL)"
	@echo "make messages refresh and compile the translation catalogues"

$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	@rm -f $(VENV)/.installed-*
	@touch $@

# Development settings for every command the README shows (`.venv/bin/python manage.py …` too):
# DEBUG on and a random SECRET_KEY, written once; the file is git-ignored and the real environment
# wins over it (league/settings.py reads it).
.env:
	@$(PYTHON) -c 'import secrets; print("# Local development settings written by make (git-ignored); the environment wins.\nDEBUG=1\nSECRET_KEY=" + secrets.token_urlsafe(50))' > $@
	@echo "wrote .env (DEBUG=1 and a random SECRET_KEY)"

install: $(STAMP) .env

migrate: install
	$(DEV) $(BIN)/python manage.py migrate --noinput

demo: migrate
	$(DEV) $(BIN)/python manage.py load_demo

run: demo
	$(DEV) $(BIN)/python manage.py runserver $(HOST):$(PORT)

worker: install
	@test -n "$$CELERY_BROKER_URL" || { echo "make worker needs CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0); without it tasks run in-process and no worker is needed."; exit 2; }
	$(BIN)/celery -A league worker -B --loglevel=INFO --concurrency=$${WORKER_CONCURRENCY:-2}

# The browser tests need Chromium: install Debian's package when it is missing.
test: install
	@bash .ci/ensure-chromium
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test-fast: install
	$(BIN)/python -m pytest -m "not browser" $(PYTEST_ARGS)

# The post-match benchmark (docs/benchmarks.md): PostgreSQL and Redis found or started as in CI; the
# command drops and creates BENCH_DATABASE_URL's database and empties BENCH_BROKER_URL's Redis database.
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/bloodbowl_bench
BENCH_BROKER_URL   ?= redis://127.0.0.1:6379/14
bench: install
	bash -c 'source .ci/services && ensure_postgres && ensure_redis'
	DATABASE_URL=$(BENCH_DATABASE_URL) CELERY_BROKER_URL=$(BENCH_BROKER_URL) DEBUG=0 \
	  SECRET_KEY=bench-only-not-a-secret $(BIN)/python manage.py bench_postgame $(BENCH_ARGS)

messages: install
	$(DEV) $(BIN)/python manage.py makemessages -l fr --ignore=.venv --ignore=staticfiles --no-obsolete
	$(DEV) $(BIN)/python manage.py compilemessages --ignore=.venv

clean-db:
	rm -f var/db.sqlite3
