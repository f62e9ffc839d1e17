# The joint-test report generator. `make report` builds the default joint test; `make test` runs every test.
# Run from a fresh clone: the first target that needs Python creates .venv and installs requirements.lock.

PYTHON3 ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
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
INPUTS  := $(wildcard $(RAW_DATA)/test.toml $(RAW_DATA)/save_times.csv $(RAW_DATA)/bandwidth.csv $(RAW_DATA)/load_times.csv)
# Which folder OUT was last built from: switching DATA for the same OUT must rebuild, even with older inputs.
DATA_KEY := .cache/make/$(subst /,_,$(abspath $(RAW_OUT))).data
$(shell mkdir -p .cache/make)
ifneq ($(file <$(DATA_KEY)),$(abspath $(RAW_DATA)))
$(file >$(DATA_KEY),$(abspath $(RAW_DATA)))
endif
endif
# System packages: WeasyPrint needs Pango; the tests read PDFs with poppler-utils and qpdf.
APT_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 poppler-utils qpdf

.PHONY: all report test lint format bench lock golden clean system-packages

all: test lint

$(STAMP): requirements.lock pyproject.toml
	@test -x $(PY) || $(PYTHON3) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements.lock
	@# Make `python -m report` importable from any working directory.
	@$(PY) -c "import site, sys; open(site.getsitepackages()[0] + '/joint_test_report.pth', 'w').write(sys.argv[1] + '\n')" "$(CURDIR)"
	@$(PY) -c "import weasyprint" 2>/dev/null || { \
	  echo "WeasyPrint cannot load its system libraries (Pango)."; \
	  echo "Install them, e.g. on Debian or Ubuntu: apt-get install $(APT_PACKAGES)"; exit 1; }
	@touch $@

ifdef TRACKED
# Grouped target: one build writes all three outputs; nothing to do when no input, template or source changed.
$(RAW_OUT)/report.pdf $(RAW_OUT)/report.html $(RAW_OUT)/metrics.json &: $(STAMP) $(SOURCES) $(INPUTS) $(DATA_KEY)
	$(BUILD)

report: $(RAW_OUT)/report.pdf $(RAW_OUT)/report.html $(RAW_OUT)/metrics.json
else
report: $(STAMP)
	$(BUILD)
endif

system-packages:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "The tests need these system packages:$$missing (apt-get install$$missing)"; exit 1; fi; \
	fi

test: $(STAMP) system-packages
	$(PY) -m pytest -q

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: $(STAMP)
	$(PY) tools/bench.py

# Regenerate the golden outputs in tests/golden/ (see README: only when a change to the report is intended).
golden: $(STAMP)
	$(PY) -m tests.golden.regenerate

lock:
	$(PYTHON3) tools/lock.py

clean:
	rm -rf -- $(call sq,$(RAW_OUT))
