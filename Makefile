# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One stamp per install set: `make run` installs what serving needs, `make test` (and `make setup`) that plus
# the [dev] extras. The [dev] install also stamps the serving set, so `make run` after `make test` installs
# nothing, and `make test` after `make run` adds the dev extras. pip writes to $(PIP_LOG), shown only if it fails.
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
PIP_LOG := $(VENV)/pip.log
PACKAGING := pyproject.toml setup.py
comma := ,
# `PORT=8000 make run` (or `make run PORT=8000`) does what `scorekeeper serve --port 8000` does; HOST alike.
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: setup run test test-pg lint typecheck browser bench bench-tools clean catalogs messages pyodide constraints

# pip, quietly: its whole output goes to $(PIP_LOG), and is printed only when it fails.
PIP = $(BIN)/python -m pip install --disable-pip-version-check
quiet_pip = @echo "make: installing $(1) into $(VENV)"; \
	$(PIP) $(2) >$(PIP_LOG) 2>&1 || { cat $(PIP_LOG); echo "make: pip failed installing $(1) (log above, kept in $(PIP_LOG))" >&2; exit 1; }

# The test set: `.ci/run` calls `make setup`.
setup: $(DEV_STAMP) pyodide
	@$(MAKE) --no-print-directory catalogs

# The translations: the repository keeps the .po files, the app reads .mo files compiled from them (the wheel's
# build compiles its own, setup.py). Quick, so done on every `make setup`, `make run` and `make test`.
catalogs: $(RUN_STAMP)
	@$(BIN)/pybabel -q compile -d scorekeeper/translations

# After changing a page's or the engine's words: the messages extracted anew into messages.pot, and every
# language's catalog brought up to it (new messages empty, for a translator; tests/pages/test_languages.py
# fails until each is translated). What is extracted: scorekeeper/translations/babel.cfg.
messages: $(DEV_STAMP)
	@$(BIN)/pybabel -q extract --ignore-dirs='.*' -F scorekeeper/translations/babel.cfg -k Said -k NC_:1c,2 -k _l \
		-k lazy_gettext -k lazy_ngettext:1,2 -c glossary: -c Translators: --no-location --sort-output \
		-o scorekeeper/translations/messages.pot .
	@$(BIN)/pybabel -q update -i scorekeeper/translations/messages.pot -d scorekeeper/translations \
		--no-fuzzy-matching --ignore-obsolete

$(VENV)/pyvenv.cfg:
	@echo "make: creating $(VENV)"
	@$(PYTHON) -m venv $(VENV)
	$(call quiet_pip,the newest pip,--upgrade pip)

$(RUN_STAMP): $(PACKAGING) | $(VENV)/pyvenv.cfg
	$(call quiet_pip,what serving needs,-e '.[serve]')
	@touch $@

$(DEV_STAMP): $(PACKAGING) | $(VENV)/pyvenv.cfg
	$(call quiet_pip,what testing needs,-e '.[dev$(comma)serve]')
	@touch $@ $(RUN_STAMP)

# Pyodide (CPython for WebAssembly), in which the phone runs scorekeeper/rules itself when it has no signal.
# The app serves it from its own static files, never a CDN: the npm package of one pinned version, fetched with
# npm's own client (`npm pack`, so from whichever registry the machine's npm is set up for) and checked against
# its SHA-256 before anything is unpacked. Only the five files a Web Worker loads (about 13 MB; not the source
# maps, type declarations or consoles) go to the git-ignored static/vendor/pyodide/, each with a copy gzipped
# beside it (`<file>.gz`, gzip -9 -n: the same bytes on every machine), which the app and deploy/'s nginx send to
# a phone that takes gzip (the WebAssembly goes in 3.5 MB instead of 9.6 MB). Its licence (the npm package
# carries none: MPL-2.0 for Pyodide, the PSF licence for the CPython in it) is kept in git there.
# Once unpacked this is a no-op: SHA256SUMS, written from the checked tarball, still holds, and every .gz decodes
# to its file; a folder vendored without the .gz (or with one cut short) gets them made, nothing fetched again.
PYODIDE_VERSION := 314.0.7
PYODIDE_SHA256 := 66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0
PYODIDE_DIR := static/vendor/pyodide
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json
SHA256SUM ?= sha256sum
NPM ?= npm
# Run inside $(PYODIDE_DIR): whether every file's .gz decodes to it; and each .gz written anew (through a
# temporary file, so one cut short is never taken for done).
pyodide_gz_ok = for f in $(PYODIDE_FILES); do gzip -dc "$$f.gz" 2>/dev/null | cmp -s - "$$f" || exit 1; done
pyodide_gz = for f in $(PYODIDE_FILES); do gzip -9 -n -c "$$f" >"$$f.gz.part" && mv "$$f.gz.part" "$$f.gz" \
	|| exit 1; done

pyodide:
	@if (cd $(PYODIDE_DIR) 2>/dev/null && grep -qx '$(PYODIDE_VERSION) $(PYODIDE_SHA256)' VERSION 2>/dev/null \
		&& $(SHA256SUM) --check --status SHA256SUMS 2>/dev/null); then \
		(cd $(PYODIDE_DIR) && $(pyodide_gz_ok)) && exit 0; \
		echo "make: gzipping Pyodide's files in $(PYODIDE_DIR)"; \
		(cd $(PYODIDE_DIR) && $(pyodide_gz)) || { echo "make: could not gzip $(PYODIDE_DIR)'s files" >&2; exit 1; }; \
		exit 0; \
	fi; \
	echo "make: fetching Pyodide $(PYODIDE_VERSION) into $(PYODIDE_DIR)"; \
	command -v $(NPM) >/dev/null || { echo "make: Pyodide is fetched with npm, which is not installed" \
		"(Debian: apt-get install npm)" >&2; exit 1; }; \
	tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(NPM) pack pyodide@$(PYODIDE_VERSION) --pack-destination "$$tmp" --ignore-scripts --quiet >/dev/null \
		|| { echo "make: npm could not fetch pyodide@$(PYODIDE_VERSION)" >&2; exit 1; }; \
	tarball="$$tmp/pyodide-$(PYODIDE_VERSION).tgz"; \
	echo "$(PYODIDE_SHA256)  $$tarball" | $(SHA256SUM) --check --status \
		|| { echo "make: npm's pyodide@$(PYODIDE_VERSION) does not have the SHA-256 pinned in the Makefile" >&2; \
			exit 1; }; \
	tar -xzf "$$tarball" -C "$$tmp" $(addprefix package/,$(PYODIDE_FILES)) && mkdir -p $(PYODIDE_DIR) \
		&& cp $(addprefix "$$tmp"/package/,$(PYODIDE_FILES)) $(PYODIDE_DIR)/ \
		&& (cd $(PYODIDE_DIR) && $(SHA256SUM) $(PYODIDE_FILES) >SHA256SUMS && $(pyodide_gz) \
			&& echo '$(PYODIDE_VERSION) $(PYODIDE_SHA256)' >VERSION)

# `scorekeeper serve` migrates the database (SQLite in instance/ unless SCOREKEEPER_DATABASE_URL says
# otherwise) before it serves.
run: $(RUN_STAMP) catalogs pyodide
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)

# ruff, then the import contracts in pyproject.toml's [tool.importlinter]: STYLE.md's dependency direction, and
# the engine and the phone's bridge free of the app, checked against the package's real imports.
lint: setup
	$(BIN)/ruff check scorekeeper tests benchmarks
	$(BIN)/lint-imports
	@# The browser's scripts parse (node comes with npm, which `make pyodide` uses): a script that does not parse
	@# stops every page that loads it, and only the browser tests would say so, slowly.
	@if command -v node >/dev/null; then for file in static/js/*.js; do node --check "$$file" || exit 1; done; fi

# The whole package, then the pure packages (the engine, the bridge the phone runs with it, the tournaments and
# the club statistics) strictly.
typecheck: setup
	$(BIN)/mypy scorekeeper
	$(BIN)/mypy --strict --follow-imports=silent scorekeeper/rules scorekeeper/offline scorekeeper/tournament \
		scorekeeper/tally

# Browser tests use Debian's Chromium (never a downloaded browser); the QR tests read our codes back with
# zbar's zbarimg, and the print test reads the printed PDF with poppler's pdftotext. The deploy/ tests
# (tests/system/test_deploy.py) run nginx in front of the app, `systemd-analyze verify` on the unit and
# `docker-compose config` on the compose file. As root we install what is missing with apt; otherwise those
# tests skip (CI sets SCOREKEEPER_REQUIRE_BROWSER=1 and SCOREKEEPER_REQUIRE_DEPLOY_TOOLS=1 so they cannot).
CHROMIUM := /usr/bin/chromium
SBIN_PATH := $(PATH):/usr/sbin:/sbin

browser:
	@missing=""; PATH="$(SBIN_PATH)"; \
	[ -x $(CHROMIUM) ] || missing=" chromium fonts-dejavu-core"; \
	command -v zbarimg >/dev/null || missing="$$missing zbar-tools"; \
	command -v pdftotext >/dev/null || missing="$$missing poppler-utils"; \
	command -v nginx >/dev/null || missing="$$missing nginx"; \
	command -v systemd-analyze >/dev/null || missing="$$missing systemd"; \
	command -v docker-compose >/dev/null || (command -v docker >/dev/null && docker compose version >/dev/null 2>&1) \
		|| missing="$$missing docker-compose"; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's$$missing for the browser, QR and deploy tests"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing) \
			>/dev/null || echo "could not install$$missing: the tests that need it will skip"; \
	fi

# Every core runs tests (pytest-xdist), a test file on one worker so its module's fixtures (a live server, a
# match of every game) are made once; PYTEST_ARGS="-n 0" runs them one after another. The OpenAPI property test
# runs on its own, in one process: Schemathesis makes one test item per operation, all under one name, and
# pytest-xdist would run only the first of them (measured: 1 operation of 37).
PYTEST_ARGS ?= -n auto --dist loadfile
SCHEMA_TESTS := tests/api/test_openapi_properties.py
test: lint typecheck browser pyodide
	$(BIN)/python -m pytest $(PYTEST_ARGS) --ignore=$(SCHEMA_TESTS)
	$(BIN)/python -m pytest -p no:xdist $(SCHEMA_TESTS)

# A test on a database runs on SQLite, and on PostgreSQL too where the database can change what it sees (marked
# `postgresql`: tests/conftest.py). `make test-pg` runs every such test on both, as before that choice: it needs
# SCOREKEEPER_TEST_DATABASE_URL, a PostgreSQL database beside which the tests make databases of their own.
test-pg:
	@test -n "$$SCOREKEEPER_TEST_DATABASE_URL" || { echo "make: test-pg needs SCOREKEEPER_TEST_DATABASE_URL" \
		"(e.g. postgresql://postgres@127.0.0.1:5432/test)" >&2; exit 1; }
	SCOREKEEPER_TEST_ALL_BACKENDS=1 $(MAKE) --no-print-directory test

# The benchmarks' load tools (benchmarks/*.py drive wrk against a live server): as root we install Debian's wrk
# when it is missing, as `make test` installs Chromium; otherwise the benchmarks that need it say so.
bench-tools:
	@if ! command -v wrk >/dev/null && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's wrk for the benchmarks"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk) >/dev/null \
			|| echo "could not install wrk: the benchmarks that need it will say so"; \
	fi

bench: setup bench-tools
	$(BIN)/python benchmarks/engine.py

# The versions CI installs (.ci/run exports PIP_CONSTRAINT=.ci/constraints.txt): every distribution of a `make test`
# environment, pinned, so an upstream release (a new deprecation turns `filterwarnings = error` red) reaches CI only
# when this file is refreshed; `pip install .` still takes any compatible newer version. Refresh: `make constraints`
# (after `make setup`), then `make test`, and commit the file.
constraints: setup
	@$(BIN)/python -m pip freeze --disable-pip-version-check --exclude-editable --all \
		| grep -v -E '^(pip|setuptools|wheel)==' >.ci/constraints.txt
	@echo "make: .ci/constraints.txt written ($$(wc -l <.ci/constraints.txt) pins)"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
