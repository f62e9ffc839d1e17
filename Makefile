# The joint-test report generator. `make report` builds the default joint test; `make test` runs every test.
# Run from a fresh clone: the first target that needs Python creates .venv and installs requirements.lock.
# PYTHON3 picks the interpreter (3.11, 3.12 or 3.13: `make test PYTHON3=python3.13`); .venv is made anew when it changes.

PYTHON3 ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
SUPPORTED_PYTHONS := 3.11 3.12 3.13
# PYTHON3 itself if it runs, else for python3.N pyenv's installation of it (pyenv's shim fails for a version not selected).
PYTHON := $(shell p='$(PYTHON3)'; if "$$p" -c '' 2>/dev/null; then echo "$$p"; else case "$$p" in (python3.[0-9]*) \
  for q in "$${PYENV_ROOT:-$$HOME/.pyenv}"/versions/*/bin/"$$p"; do "$$q" -c '' 2>/dev/null && { echo "$$q"; break; }; done;; \
  esac; fi)
# Which interpreter .venv is for (version and installation): another PYTHON3 than last time makes the venv anew.
PYTHON_ID  := $(shell '$(PYTHON)' -c 'import sys; print(sys.version.split()[0], sys.base_prefix)' 2>/dev/null)
PYTHON_KEY := .cache/make/python
$(shell mkdir -p .cache/make && { echo '$(PYTHON_ID)' | cmp -s - '$(PYTHON_KEY)' || echo '$(PYTHON_ID)' > '$(PYTHON_KEY)'; })
# macOS: WeasyPrint opens Pango by name, and dyld looks in /usr/local/lib (Homebrew on Intel) but not in /opt/homebrew/lib
# (Homebrew on Apple silicon). Set on each Python command, as macOS drops DYLD_* variables on the way through /bin/sh.
ifeq ($(shell uname -s),Darwin)
PY := DYLD_FALLBACK_LIBRARY_PATH="$(shell brew --prefix 2>/dev/null)/lib:/usr/local/lib:/usr/lib" $(PY)
endif
DATA    ?= data
OUT     ?= output

SOURCES := $(shell find report templates -type f ! -name '*.pyc' ! -path '*/__pycache__/*' 2>/dev/null)
# DATA and OUT are taken verbatim ($(value), never expanded by make) and reach the shell only in single quotes
# (`sq`), so no character in them is ever run: `make report DATA="x';touch PWNED;'y"` builds from that odd folder.
RAW_DATA := $(value DATA)
RAW_OUT  := $(value OUT)
# Make would expand them to export them to every recipe (running a $(shell) in them): the recipes do not need them.
unexport DATA OUT
sq = '$(subst ','\'',$(1))'
BUILD := $(PY) -m report build --out=$(call sq,$(RAW_OUT)) -- $(call sq,$(RAW_DATA))
# Make can track files only when their names hold no space or character special to it; other paths always rebuild.
SAFE_CHARS := a b c d e f g h i j k l m n o p q r s t u v w x y z A B C D E F G H I J K L M N O P Q R S T U V W X Y Z \
  0 1 2 3 4 5 6 7 8 9 . _ - / +
_strip = $(if $(2),$(call _strip,$(subst $(firstword $(2)),,$(1)),$(wordlist 2,$(words $(2)),$(2))),$(1))
_plain = $(and $(filter 1,$(words $(1))),$(if $(call _strip,$(1),$(SAFE_CHARS)),,yes))
TRACKED := $(and $(call _plain,$(RAW_DATA)),$(call _plain,$(RAW_OUT)))
ifdef TRACKED
# Every file of the folder: test.toml, the CSVs and the raw tool outputs its [[import]] tables read.
INPUTS  := $(shell find $(RAW_DATA) -type f 2>/dev/null)
# Which folder OUT was last built from: switching DATA for the same OUT must rebuild, even with older inputs.
DATA_KEY := .cache/make/$(subst /,_,$(abspath $(RAW_OUT))).data
$(shell mkdir -p .cache/make)
ifneq ($(file <$(DATA_KEY)),$(abspath $(RAW_DATA)))
$(file >$(DATA_KEY),$(abspath $(RAW_DATA)))
endif
endif
# System packages: WeasyPrint needs Pango; the tests read PDFs with poppler-utils and qpdf, drive a real browser
# (chromium) and run fio for real.
APT_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 poppler-utils qpdf chromium fio

.PHONY: all report test test-fast lint format bench lock golden catalogs clean system-packages

all: test lint

$(STAMP): requirements.lock pyproject.toml $(PYTHON_KEY)
	@test -n "$(PYTHON_ID)" || { echo "PYTHON3=$(PYTHON3) does not run: set PYTHON3 to Python $(SUPPORTED_PYTHONS)"; exit 1; }
	@case " $(SUPPORTED_PYTHONS) " in *" $(basename $(word 1,$(PYTHON_ID))) "*) ;; \
	  *) echo "PYTHON3=$(PYTHON3) ($(PYTHON)) is Python $(word 1,$(PYTHON_ID)); the lock is for Python $(SUPPORTED_PYTHONS)"; exit 1;; esac
	@cmp -s $(PYTHON_KEY) $(VENV)/.python 2>/dev/null || { echo "making $(VENV) for Python $(PYTHON_ID)"; \
	  rm -rf $(VENV) && '$(PYTHON)' -m venv $(VENV) && cp $(PYTHON_KEY) $(VENV)/.python; }
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements.lock
	@# Make `python -m report` importable from any working directory.
	@$(PY) -c "import site, sys; open(site.getsitepackages()[0] + '/joint_test_report.pth', 'w').write(sys.argv[1] + '\n')" "$(CURDIR)"
	@$(PY) -c "import weasyprint" 2>/dev/null || { \
	  echo "WeasyPrint cannot load its system libraries (Pango)."; \
	  echo "Install them, e.g. on Debian or Ubuntu: apt-get install $(APT_PACKAGES); on macOS: brew install pango"; exit 1; }
	@touch $@

# The project's modules as bytecode and its templates compiled, where builds read them (tools/compile.py says why):
# redone whenever a source or template changed. A build never writes them itself.
COMPILED := .cache/make/compiled
$(COMPILED): $(STAMP) $(SOURCES) tools/compile.py
	@$(PY) tools/compile.py
	@touch $@

ifdef TRACKED
# Grouped target: one build writes all three outputs; nothing to do when no input, template or source changed.
$(RAW_OUT)/report.pdf $(RAW_OUT)/report.html $(RAW_OUT)/metrics.json &: $(STAMP) $(COMPILED) $(SOURCES) $(INPUTS) $(DATA_KEY)
	$(BUILD)

report: $(RAW_OUT)/report.pdf $(RAW_OUT)/report.html $(RAW_OUT)/metrics.json
else
report: $(STAMP) $(COMPILED)
	$(BUILD)
endif

system-packages:
	@if ! command -v dpkg >/dev/null; then \
	  for c in pdftotext qpdf; do command -v $$c >/dev/null || \
	    { echo "The tests need $$c (poppler and qpdf; on macOS: brew install poppler qpdf)"; exit 1; }; done; exit 0; \
	fi; \
	missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "The tests need these system packages:$$missing (apt-get install$$missing)"; exit 1; fi; \
	fi

# Every test, on every core (pytest-xdist, one worker more than the cores: tests/conftest.py says why; a number in
# PYTEST_XDIST_AUTO_NUM_WORKERS sets it): a module's tests, or a class's, in one worker, so that a fixture a module
# shares (a build, a measurement) is made once; the longest of them first (tests/conftest.py's LONGEST_FIRST, in place
# of xdist's order by the number of tests). PYTEST_ARGS adds options: PYTEST_ARGS='-m "not system and not network"'
# leaves out the tests that run fio for real and the one that asks the package index.
test: $(STAMP) $(COMPILED) system-packages
	$(PYTEST) -q -n auto --dist loadscope --no-loadscope-reorder $(PYTEST_ARGS)

# The tests that build no whole report (pytest -m "not slow"): the loop while changing code; `make test` runs them all.
test-fast: $(STAMP) $(COMPILED) system-packages
	$(PYTEST) -q -m "not slow" --durations=5 $(PYTEST_ARGS)

# Each run of the tests in a temporary folder of its own (--basetemp), removed when it ends: two runs at once would
# share /tmp/pytest-of-$USER, and the later one's removal of old folders trips over the other's (a warning at exit, an
# error under -W error). As root where unshare works, a run has its own mount namespace: the tmpfs and loop mounts of
# the measure tests end with its last process, however it ends (killed too), and no other process sees them.
ISOLATE := $(shell [ "$$(id -u)" = 0 ] && unshare --mount --propagation private true 2>/dev/null && \
  echo unshare --mount --propagation private --)
# sh runs no EXIT trap when a signal ends it (field test 9, m11: a Ctrl-C left 147 MB in /tmp): the signals too.
PYTEST = tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/make-test.XXXXXX") && trap 'rm -rf --one-file-system "$$tmp"' EXIT && \
  trap 'rm -rf --one-file-system "$$tmp"; exit 130' INT && trap 'rm -rf --one-file-system "$$tmp"; exit 143' TERM HUP && \
  $(ISOLATE) $(PY) -m pytest --basetemp="$$tmp/pytest"

# ruff, then mypy on the files pyproject's [tool.mypy] lists (every module of report/ once each passes).
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: $(STAMP) $(COMPILED)
	$(PY) tools/bench.py

# Regenerate the golden outputs in tests/golden/ (see README: only when a change to the report is intended).
golden: $(STAMP)
	$(PY) -m tests.golden.regenerate

# Extract the report's messages and merge them into report/locale/*/LC_MESSAGES/report.po, then compile the .mo
# catalogs the report reads; fails while a message lacks a translation.
catalogs: $(STAMP)
	$(PY) tools/catalogs.py

# Resolve pyproject's pins (with dev) with the pinned uv and pyproject's [tool.uv.pip] settings into requirements.lock
# (what pip installs, hash-checked) and pylock.toml (the same resolution naming each wheel with its hash; the tests read
# the platforms from it). Written into a fresh folder, so that the old lock never feeds the new one; files that came out
# the same are left untouched, so `make lock && git diff --exit-code` checks the lock; tests/test_lock.py runs the same
# command and expects the committed files.
lock: $(STAMP)
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	for f in requirements.lock pylock.toml; do \
	  $(VENV)/bin/uv pip compile pyproject.toml --extra dev --quiet --custom-compile-command 'make lock' -o "$$tmp/$$f" \
	    || exit 1; \
	  if cmp -s "$$tmp/$$f" $$f; then echo "$$f unchanged"; else mv "$$tmp/$$f" $$f && echo "wrote $$f"; fi; \
	done

clean:
	rm -rf -- $(call sq,$(RAW_OUT))
