# The one task runner. `make run` and `make test` do all setup on a fresh machine.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARTIFACTS ?= artifacts
LEXICON ?= sv-betapet

# Debian packages: what PyICU compiles against, and the real sources the tests read.
BUILD_DEBS := libicu-dev pkg-config
TEST_DEBS := wswedish hunspell hunspell-sv hunspell-hu hunspell-tools
APT := $(if $(filter 0,$(shell id -u)),,sudo) apt-get

.PHONY: run test build bench judge-hunspell lint clean debs

$(BIN)/.installed: pyproject.toml
	@$(MAKE) --no-print-directory debs DEBS="$(BUILD_DEBS)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	@touch $@

# Install the Debian packages in $(DEBS) that are missing (apt-get; sudo when not root).
debs:
	@missing=""; for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(APT) update -qq && DEBIAN_FRONTEND=noninteractive $(APT) install -y -qq $$missing >/dev/null; \
	fi

build: $(BIN)/.installed
	$(BIN)/lexicon build $(LEXICON) --artifacts $(ARTIFACTS)

# The main job: build the default lexicon from SAOL 14 and show what was built.
run: build
	$(BIN)/lexicon info $(LEXICON) --artifacts $(ARTIFACTS)

test: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="$(TEST_DEBS)"
	$(BIN)/python -m pytest

bench: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="$(TEST_DEBS)"
	$(BIN)/python -m bench

# The Hunspell reader judged by Hunspell on every form of sv_SE and hu_HU (Debian and PyPI builds);
# rewrites the figures in docs/hunspell.md. Takes about half an hour: the PyPI hu_HU is huge.
judge-hunspell: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="$(TEST_DEBS)"
	$(BIN)/python -m bench.judge_hunspell --write-docs

clean:
	rm -rf $(VENV) $(ARTIFACTS) .pytest_cache .hypothesis build *.egg-info
