# ScrapIndex. `make run` serves the site with demo data; `make test` runs every check.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

FRONTEND := frontend
NODE_INSTALLED := $(FRONTEND)/node_modules/.installed
FRONTEND_SOURCES := $(shell find $(FRONTEND)/src $(FRONTEND)/public -type f 2>/dev/null) $(FRONTEND)/index.html $(FRONTEND)/vite.config.ts $(wildcard content/*.json)
FRONTEND_BUILT := $(FRONTEND)/dist/index.html

.PHONY: help install run serve db demo test lint typecheck pytest unit bench clean \
	frontend frontend-check api-types api-types-check e2e

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

$(INSTALLED): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11+ is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $@

install: $(INSTALLED) ## Create the virtual environment and install the package

# `npm install` with the committed lock rather than `npm ci`: the registry we reach lacks some
# other platforms' optional binaries (Biome, Tailwind's oxide), which `npm ci` counts as a
# lock mismatch; the lock still pins every version that is installed.
$(NODE_INSTALLED): $(FRONTEND)/package.json $(FRONTEND)/package-lock.json
	cd $(FRONTEND) && npm install --no-audit --no-fund
	@touch $@

$(FRONTEND_BUILT): $(NODE_INSTALLED) $(FRONTEND_SOURCES)
	cd $(FRONTEND) && npx vite build

frontend: $(FRONTEND_BUILT) ## Build the React app into frontend/dist

db: install ## Migrate the database to the newest schema
	$(BIN)/scrapindex db upgrade

demo: db ## Seed the demo data set if the database is empty
	$(BIN)/scrapindex demo seed --if-empty

run: demo frontend ## Install, build, migrate, seed if empty, bring prices up to today, and serve on http://127.0.0.1:8000
	-$(BIN)/scrapindex prices update  # a failed inbox file is reported, the site still starts
	$(BIN)/scrapindex serve

test: lint typecheck pytest frontend-check e2e ## Every check: Python, front end, browser tests

lint: install ## ruff: lint and formatting
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install ## mypy --strict
	$(BIN)/mypy

# One worker per core (pytest-xdist), each test file whole in one worker so module fixtures are
# made once; each worker starts its own PostgreSQL and seeds its own databases.
pytest: install $(FRONTEND_BUILT) ## The test suite on every core (the route-table test reads the built app)
	$(BIN)/pytest -n auto --dist loadfile --durations=15

unit: install ## The fast tests alone: pure rules, no database, server or browser (seconds)
	$(BIN)/pytest tests/unit

api-types: install $(NODE_INSTALLED) ## Regenerate the front end's API types from the OpenAPI schema
	$(BIN)/scrapindex openapi --output build/openapi.json
	cd $(FRONTEND) && npx openapi-typescript ../build/openapi.json -o src/api/schema.d.ts

api-types-check: install $(NODE_INSTALLED) ## Fail when the API types are older than the API
	$(BIN)/scrapindex openapi --output build/openapi.json
	cd $(FRONTEND) && npx openapi-typescript ../build/openapi.json -o ../build/schema.d.ts
	@diff -q $(FRONTEND)/src/api/schema.d.ts build/schema.d.ts >/dev/null || \
		{ echo "frontend/src/api/schema.d.ts is out of date: run 'make api-types'"; exit 1; }

frontend-check: api-types-check $(NODE_INSTALLED) ## TypeScript, Biome and Vitest
	cd $(FRONTEND) && npx tsc --noEmit
	cd $(FRONTEND) && npx biome check src e2e
	cd $(FRONTEND) && npx vitest run

e2e: install $(FRONTEND_BUILT) ## Browser tests: Debian's Chromium against the real app
	cd $(FRONTEND) && npx vitest run --config vitest.e2e.config.ts

bench: install ## API load benchmark on SQLite and PostgreSQL (prints figures)
	$(BIN)/python bench/api_load.py

clean: ## Remove the virtual environment, node modules, builds, caches and the local database
	rm -rf $(VENV) data build .mypy_cache .ruff_cache .pytest_cache $(FRONTEND)/node_modules $(FRONTEND)/dist
