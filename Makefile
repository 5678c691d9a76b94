# Quorum — two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint install services-up services-down services-status bench clean-var demo-keys screenshots

# The Python client (clients/python, with its langchain extra) is installed editable beside the
# project: `manage.py mcp` runs on it.
$(STAMP): pyproject.toml clients/python/pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip
	@echo "Installing Python packages into $(VENV) ..."
	@$(BIN)/python -m pip install --quiet -e '.[dev]' -e './clients/python[langchain]'
	@touch $(STAMP)

install: $(STAMP)

## make run: embedded services, migrations, demo data, web + worker + beat; Ctrl-C stops everything.
run: $(STAMP)
	@scripts/system_packages.sh
	@$(BIN)/python -m config.runner

## make test: the whole suite against the real embedded PostgreSQL (pgvector) and Valkey.
test: $(STAMP)
	@scripts/system_packages.sh
	@$(BIN)/python manage.py services up
	@$(BIN)/python -m pytest $(PYTEST_ARGS)

## make lint: the architecture check (scripts/check_architecture.py, docs/decisions/0008): import
## cycles, memory<->governance imports past services/selectors/policy/errors, modules over 800
## lines, function-local project imports without a "# local import: <reason>" comment.
lint: $(STAMP)
	@$(BIN)/python scripts/check_architecture.py

## make screenshots: re-run the browser tests, saving their screenshots into docs/screenshots/.
screenshots: $(STAMP)
	@$(BIN)/python manage.py services up
	@QUORUM_SCREENSHOTS_DIR=docs/screenshots $(BIN)/python -m pytest tests/e2e -q

## make bench: every benchmark (benchmarks/__main__.py), Mem0 side by side included: the `bench`
## extra (mem0ai) is installed here, never by `make install`/`make test`.
BENCH_STAMP := $(VENV)/.bench-installed

$(BENCH_STAMP): $(STAMP) pyproject.toml
	@echo "Installing the bench extra (mem0ai) into $(VENV) ..."
	@$(BIN)/python -m pip install --quiet -e '.[bench]'
	@touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	@$(BIN)/python manage.py services up
	@MEM0_TELEMETRY=False $(BIN)/python -m benchmarks $(BENCH_ARGS)

services-up: $(STAMP)
	@$(BIN)/python manage.py services up

services-down: $(STAMP)
	@$(BIN)/python manage.py services down

services-status: $(STAMP)
	@$(BIN)/python manage.py services status
