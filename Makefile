# The front door. `make run` and `make test` take a fresh machine all the way; see README.md.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Two installs, each re-run when its files change: the run-time packages (requirements.txt) for
# `make run`, `make worker` and `make serve`; those plus the test and lint tools (requirements-dev.txt)
# for `make test` and `make lint`.
RUN_STAMP := $(VENV)/.installed-run-$(shell cat requirements.txt | cksum | cut -d' ' -f1)
DEV_STAMP := $(VENV)/.installed-dev-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
HOST   ?= 127.0.0.1
PORT   ?= 8000
DEV    := DEBUG=1

.PHONY: install install-dev migrate demo run worker serve lint test test-fast bench soak messages clean-db help

help:
	@echo "make run      set up, migrate, load the demo league and serve http://$(HOST):$(PORT)"
	@echo "make test     set up, run make lint, then the whole test suite"
	@echo "make lint     ruff (check and format), makemigrations --check, mypy on league, teams and matches"
	@echo "make worker   start a Celery worker with its scheduler (needs CELERY_BROKER_URL)"
	@echo "make serve    production-like: gunicorn, a worker and celery beat (needs SECRET_KEY, DATABASE_URL, CELERY_BROKER_URL)"
	@echo "make soak     the random history oracle at length (SOAK_EXAMPLES=300, a new seed; SOAK_SEED=n repeats one)"
	@echo "make messages refresh and compile the translation catalogues"

$(RUN_STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	@rm -f $(VENV)/.installed-run-* $(VENV)/.installed-[0-9]*
	@touch $@

# Development settings for every command the README shows (`.venv/bin/python manage.py …` too):
# DEBUG on and a random SECRET_KEY, written once; the file is git-ignored and the real environment
# wins over it (league/config/settings.py reads it).
.env:
	@$(PYTHON) -c 'import secrets; print("# Local development settings written by make (git-ignored); the environment wins.\nDEBUG=1\nSECRET_KEY=" + secrets.token_urlsafe(50))' > $@
	@echo "wrote .env (DEBUG=1 and a random SECRET_KEY)"

# requirements-dev.txt includes requirements.txt, so this install covers the run-time one too.
$(DEV_STAMP): requirements.txt requirements-dev.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@rm -f $(VENV)/.installed-*
	@touch $@ $(RUN_STAMP)

install: $(RUN_STAMP) .env

install-dev: $(DEV_STAMP) .env

migrate: install
	$(DEV) $(BIN)/python manage.py migrate --noinput

demo: migrate
	$(DEV) $(BIN)/python manage.py load_demo

run: demo
	$(DEV) $(BIN)/python manage.py runserver $(HOST):$(PORT)

# One process for development: the worker runs the scheduler (celery beat) inside it (-B). `make serve`
# runs them as two processes, as Celery advises for production; run only one scheduler per broker.
worker: install
	@test -n "$$CELERY_BROKER_URL" || { echo "make worker needs CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0); without it tasks run in-process and no worker is needed."; exit 2; }
	@mkdir -p var
	$(BIN)/celery -A league.config worker -B --schedule=var/celerybeat-schedule --loglevel=INFO \
	  --concurrency=$${WORKER_CONCURRENCY:-2}

# Production-like: the Procfile's web (gunicorn), worker and beat processes under honcho, DEBUG off,
# static files collected and served by whitenoise. The environment is the only configuration (honcho
# is told not to read .env, a development file). E.g. `make serve PORT=8123 SECRET_KEY=... \
# DATABASE_URL=postgres://... CELERY_BROKER_URL=redis://...`; HOST=0.0.0.0 to listen beyond this machine.
SERVE_ENV := DEBUG=0 WHITENOISE_USE_FINDERS=0
serve: install
	@for v in SECRET_KEY DATABASE_URL CELERY_BROKER_URL; do \
	  test -n "$$(printenv $$v)" || { echo "make serve needs $$v in the environment (see README, Production)."; exit 2; }; \
	done
	@mkdir -p var
	$(SERVE_ENV) $(BIN)/python manage.py migrate --noinput
	$(SERVE_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity=0
	$(SERVE_ENV) HOST=$(HOST) PATH="$(abspath $(BIN)):$$PATH" $(BIN)/honcho start --env /dev/null --port $(PORT)

# The quality gates, fast (a few seconds): CI runs them through `make test`; .pre-commit-config.yaml
# runs the same tools on each commit. makemigrations and mypy (django-stubs' plugin) read the settings,
# hence DEBUG=1 on a fresh clone.
lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(DEV) $(BIN)/python manage.py makemigrations --check --dry-run
	$(DEV) $(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python .ci/import_cycles.py

# One pytest worker per core (pytest-xdist); worksteal hands a long test's neighbours to the idle
# worker. PYTEST_ARGS="-n 0" runs in one process.
PYTEST_ARGS ?= -n auto --dist worksteal

# The browser tests need Chromium: install Debian's package when it is missing. They run in pytest
# processes of their own, after the rest: a live server and Chromium in a process that had run two
# thousand other tests once waited 30 s for a page (twice in CI, never when run apart). Both runs
# always run; the target fails if either does.
test: lint
	@bash .ci/ensure-chromium
	$(BIN)/python -m pytest -m "not browser" $(PYTEST_ARGS); status=$$?; \
	$(BIN)/python -m pytest -m browser $(PYTEST_ARGS) || status=1; exit $$status

# No lint and no browser: the quick loop while working.
test-fast: install-dev
	$(BIN)/python -m pytest -m "not browser" $(PYTEST_ARGS)

# The benchmarks (docs/benchmarks.md): PostgreSQL and Redis found or started as in CI. bench_postgame
# drops and creates BENCH_DATABASE_URL's database and empties BENCH_BROKER_URL's Redis database;
# bench_league then drops and creates it again, builds a small and a big league (200 teams, 3,000
# matches) and starts gunicorn as the Procfile does (on a free port of 127.0.0.1) to time every page
# against a bare view, anonymous and logged in, and to run two 50-client loads (anonymous users, then
# logged-in coaches) while a real result lands in the big league each second, then times a
# correction's replay on each league (BENCH_LEAGUE_ARGS="--check" fails on a missed target).
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/bloodbowl_bench
BENCH_BROKER_URL   ?= redis://127.0.0.1:6379/14
# One cache for gunicorn's workers and the bench's own process (where the results' listeners run), as
# a production site with several processes sets CACHE_URL (README, Production).
BENCH_CACHE_URL    ?= redis://127.0.0.1:6379/13
bench: install
	bash -c 'source .ci/services && ensure_postgres && ensure_redis'
	DATABASE_URL=$(BENCH_DATABASE_URL) CELERY_BROKER_URL=$(BENCH_BROKER_URL) DEBUG=0 \
	  SECRET_KEY=bench-only-not-a-secret $(BIN)/python manage.py bench_postgame $(BENCH_ARGS)
	DATABASE_URL=$(BENCH_DATABASE_URL) CACHE_URL=$(BENCH_CACHE_URL) DEBUG=0 \
	  SECRET_KEY=bench-only-not-a-secret $(BIN)/python manage.py bench_league $(BENCH_LEAGUE_ARGS)

# The random history oracle (tests/history/) at length: SOAK_EXAMPLES histories of up to SOAK_STEPS
# operations with a new seed each run (printed first; SOAK_SEED=n repeats a run), on SQLite in one
# process; CI runs the same test with its own small budget and fixed seed. Prints how many
# histories the oracle checked.
SOAK_EXAMPLES ?= 300
SOAK_STEPS    ?= 12
ifeq ($(origin SOAK_SEED), undefined)
SOAK_SEED := $(shell od -An -N4 -tu4 /dev/urandom | tr -d ' ')
endif
soak: install-dev
	@echo "history soak: $(SOAK_EXAMPLES) examples, seed $(SOAK_SEED) (make soak SOAK_SEED=$(SOAK_SEED) repeats it)"
	HISTORY_EXAMPLES=$(SOAK_EXAMPLES) HISTORY_STEPS=$(SOAK_STEPS) HISTORY_RANDOM=1 \
	  $(BIN)/python -m pytest tests/history -n 0 -p no:cacheprovider -q --hypothesis-seed=$(SOAK_SEED)

# makemessages finds the strings of the code and templates, not those marked N_() or named in the
# rules' data files: it would drop their translations. So the catalogue kept is merged back first
# (msgcat --use-first: an entry already translated wins); a new string makemessages guessed from a
# similar one is marked fuzzy, which tests/test_translations.py refuses until it is translated.
PO := locale/fr/LC_MESSAGES/django.po
messages: install
	cp $(PO) var/django.po.kept 2>/dev/null || { mkdir -p var && cp $(PO) var/django.po.kept; }
	$(DEV) $(BIN)/python manage.py makemessages -l fr --ignore=.venv --ignore=staticfiles --no-obsolete
	msgcat --use-first -o $(PO) var/django.po.kept $(PO)
	rm -f var/django.po.kept
	$(DEV) $(BIN)/python manage.py compilemessages --ignore=.venv

clean-db:
	rm -f var/db.sqlite3
