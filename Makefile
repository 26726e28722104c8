# ScrapIndex. `make run` serves the site with demo data; `make test` runs every check.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: help install run serve db demo test lint typecheck pytest bench clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

$(INSTALLED): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11+ is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $@

install: $(INSTALLED) ## Create the virtual environment and install the package

db: install ## Migrate the database to the newest schema
	$(BIN)/scrapindex db upgrade

demo: db ## Seed the demo data set if the database is empty
	$(BIN)/scrapindex demo seed --if-empty

run: demo ## Install, migrate, seed if empty, and serve on http://127.0.0.1:8000
	$(BIN)/scrapindex serve

test: lint typecheck pytest ## Every check: ruff, mypy, pytest (SQLite and PostgreSQL)

lint: install ## ruff: lint and formatting
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install ## mypy --strict
	$(BIN)/mypy

pytest: install ## The test suite
	$(BIN)/pytest

bench: install ## API load benchmark on SQLite and PostgreSQL (prints figures)
	$(BIN)/python bench/api_load.py

clean: ## Remove the virtual environment, caches and the local database
	rm -rf $(VENV) data .mypy_cache .ruff_cache .pytest_cache
