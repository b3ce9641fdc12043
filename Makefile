# The two commands a newcomer needs: `make run` and `make test`.
# Each creates .venv and installs the project on first use (and again when pyproject.toml changes).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check lint format clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,playground]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

test: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m ruff format --check .
	$(BIN)/python -m mypy engine bot cogs tests
	$(BIN)/python -m mypy --strict --disallow-any-explicit --follow-imports=silent bot/games
	$(BIN)/python -m bot --check
	$(BIN)/python -m pytest

check: $(STAMP)
	$(BIN)/python -m bot --check

lint: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m ruff format --check .
	$(BIN)/python -m mypy engine bot cogs tests
	$(BIN)/python -m mypy --strict --disallow-any-explicit --follow-imports=silent bot/games

format: $(STAMP)
	$(BIN)/python -m ruff format .
	$(BIN)/python -m ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
