# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# `PORT=8000 make run` (or `make run PORT=8000`) does what `scorekeeper serve --port 8000` does; HOST alike.
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: setup run test lint typecheck browser bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: setup
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)

lint: setup
	$(BIN)/ruff check scorekeeper tests benchmarks

typecheck: setup
	$(BIN)/mypy --strict --follow-imports=silent scorekeeper/rules

# Browser tests use Debian's Chromium (never a downloaded browser); the QR tests read our codes back with
# zbar's zbarimg, and the print test reads the printed PDF with poppler's pdftotext. As root we install what
# is missing with apt; otherwise those tests skip (CI sets SCOREKEEPER_REQUIRE_BROWSER=1 so they cannot).
CHROMIUM := /usr/bin/chromium

browser:
	@missing=""; \
	[ -x $(CHROMIUM) ] || missing=" chromium fonts-dejavu-core"; \
	command -v zbarimg >/dev/null || missing="$$missing zbar-tools"; \
	command -v pdftotext >/dev/null || missing="$$missing poppler-utils"; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's$$missing for the browser and QR tests"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing) \
			>/dev/null || echo "could not install$$missing: the tests that need it will skip"; \
	fi

test: lint typecheck browser
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: setup
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
