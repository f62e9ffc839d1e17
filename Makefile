# The joint-test report generator. `make report` builds the default joint test; `make test` runs every test.
# Run from a fresh clone: the first target that needs Python creates .venv and installs requirements.lock.

PYTHON3 ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
DATA    ?= data
OUT     ?= output

SOURCES := $(shell find report templates -type f ! -name '*.pyc' ! -path '*/__pycache__/*' 2>/dev/null)
# Every file of the folder: test.toml, the CSVs and the raw tool outputs its [[import]] tables read.
INPUTS  := $(shell find $(DATA) -type f 2>/dev/null)
# Which folder OUT was last built from: switching DATA for the same OUT must rebuild, even with older inputs.
DATA_KEY := .cache/make/$(subst /,_,$(abspath $(OUT))).data
$(shell mkdir -p .cache/make && { echo '$(abspath $(DATA))' | cmp -s - '$(DATA_KEY)' || echo '$(abspath $(DATA))' > '$(DATA_KEY)'; })
# System packages: WeasyPrint needs Pango; the tests read PDFs with poppler-utils and qpdf, and run fio for real.
APT_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 poppler-utils qpdf fio

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

# Grouped target: one build writes all three outputs; nothing to do when no input, template or source changed.
$(OUT)/report.pdf $(OUT)/report.html $(OUT)/metrics.json &: $(STAMP) $(SOURCES) $(INPUTS) $(DATA_KEY)
	$(PY) -m report build $(DATA) --out $(OUT)

report: $(OUT)/report.pdf $(OUT)/report.html $(OUT)/metrics.json

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
	rm -rf $(OUT)
