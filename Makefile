# Arcline: `make serve` builds and serves the playground, `make test` runs every
# test. Both set up a fresh machine first (wasm target, the wasm-bindgen CLI
# pinned to Cargo.lock, npm packages from the lockfile; Chromium for tests).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build

HOST ?= 127.0.0.1
PORT ?= 8080
WASM_TARGET := wasm32-unknown-unknown
# The CLI must match the wasm-bindgen crate in Cargo.lock exactly.
WB_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ {getline; gsub(/"/, "", $$3); print $$3}' Cargo.lock)
WB_ROOT := $(HOME)/.cache/arcline/wasm-bindgen-$(WB_VERSION)
WASM_BINDGEN := $(WB_ROOT)/bin/wasm-bindgen
WB_TEST_RUNNER := $(WB_ROOT)/bin/wasm-bindgen-test-runner
WASM_RAW := target/$(WASM_TARGET)/release/arcline_wasm.wasm
EMBED_RAW := target/$(WASM_TARGET)/embed/arcline_wasm.wasm
BINDINGS := -p arcline-wasm
PKG := www/pkg
BIN := node_modules/.bin

.PHONY: setup setup-rust setup-python setup-browser setup-ompl build serve test test-rust test-ompl ompl-parking test-opendrive test-clothoids test-wasm test-types test-api test-browser test-bundlers lint bench clean screenshots

## --- set-up -------------------------------------------------------------

setup: setup-rust node_modules/.installed

setup-rust: $(WASM_BINDGEN)
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)

# `--locked` fails for this CLI on some registry mirrors: try it, then fall back.
$(WASM_BINDGEN):
	@test -n "$(WB_VERSION)" || { echo "no wasm-bindgen in Cargo.lock"; exit 1; }
	@echo "Installing wasm-bindgen-cli $(WB_VERSION) into $(WB_ROOT) (5-8 minutes, once per version)"
	cargo install wasm-bindgen-cli --version $(WB_VERSION) --root $(WB_ROOT) --locked \
	  || cargo install wasm-bindgen-cli --version $(WB_VERSION) --root $(WB_ROOT)

node_modules/.installed: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# OMPL (PyPI `ompl`) in a virtual environment of its own, the peer of the
# Reeds-Shepp planner's tests and benchmarks; `leaked` lines it prints at exit
# are harmless.
OMPL_VERSION := 2.0.1
OMPL_VENV := $(HOME)/.cache/arcline/ompl-$(OMPL_VERSION)
OMPL_PY := $(OMPL_VENV)/bin/python
OMPL_QUIET := 2>&1 | { grep -v 'leaked' || true; }

setup-ompl: $(OMPL_VENV)/.installed

$(OMPL_VENV)/.installed: | setup-python
	@echo "Installing OMPL $(OMPL_VERSION) (PyPI) into $(OMPL_VENV)"
	rm -rf $(OMPL_VENV)
	python3 -m venv $(OMPL_VENV)
	$(OMPL_VENV)/bin/pip install --quiet --disable-pip-version-check ompl==$(OMPL_VERSION)
	@touch $@

# Debian's python3 makes virtual environments only with python3-venv (ensurepip).
setup-python:
	@python3 -c 'import ensurepip, venv' 2>/dev/null || { \
	  echo "Installing Debian's python3-venv"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] && echo "" || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q python3 python3-venv; }

setup-browser:
	@command -v chromium >/dev/null || { \
	  echo "Installing Debian's chromium"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] && echo "" || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; }

## --- build ----------------------------------------------------------------

# The glue names no wasm file of its own (the callers name it with a literal
# new URL() that bundlers follow: www/src/modules.ts, the package's entry), and
# has __wbg_reset_state() to start a fresh instance after a trap.
WB_FLAGS := --target web --omit-default-module-path --experimental-reset-state-function
WASM_OPT_FLAGS := -Oz --converge --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --strip-producers --strip-target-features
# One smaller module per system for <arcline-demo> (the features of bindings/Cargo.toml).
SYSTEMS := paths pathfind crowd roads
# The embed profile's opt-level ("s", Cargo.toml), but "z" for the systems in
# EMBED_SMALLEST, which are larger at "s" and whose drags have time to spare:
# pathfinding and roads with junctions (figures: BENCHMARKS.md, "Build settings").
# `make build` prints every module's size.
EMBED_OPT_LEVEL := s
EMBED_SMALLEST := pathfind roads

build: setup
	cargo build --release --target $(WASM_TARGET) $(BINDINGS)
	$(WASM_BINDGEN) $(WB_FLAGS) --out-dir $(PKG) --out-name arcline $(WASM_RAW)
	$(BIN)/wasm-opt $(WASM_OPT_FLAGS) $(PKG)/arcline_bg.wasm -o $(PKG)/arcline_bg.wasm
	for s in $(SYSTEMS); do \
	  opt=$(EMBED_OPT_LEVEL); case " $(EMBED_SMALLEST) " in *" $$s "*) opt=z;; esac; \
	  CARGO_PROFILE_EMBED_OPT_LEVEL=$$opt cargo build --profile embed --target $(WASM_TARGET) $(BINDINGS) --no-default-features --features $$s; \
	  $(WASM_BINDGEN) $(WB_FLAGS) --out-dir $(PKG) --out-name arcline_$$s $(EMBED_RAW); \
	  $(BIN)/wasm-opt $(WASM_OPT_FLAGS) $(PKG)/arcline_$${s}_bg.wasm -o $(PKG)/arcline_$${s}_bg.wasm; \
	done
	node scripts/declarations.mjs $(PKG)
	# The wasm-bindgen glue, minified in place; a source map beside each file keeps it readable in devtools.
	$(BIN)/esbuild $(PKG)/*.js --minify --sourcemap --outbase=$(PKG) --outdir=$(PKG) --allow-overwrite --log-level=warning
	rm -rf www/build
	$(BIN)/esbuild www/src/main.ts www/src/embed.ts www/src/crowd-worker.ts --bundle --splitting --minify --format=esm --target=es2022 \
	  --sourcemap --outdir=www/build --entry-names=[name] --chunk-names=chunk-[hash] --log-level=warning
	# The API reference: docs/api.md and every declaration of the published module (TypeDoc).
	$(BIN)/typedoc --entryPoints $(PKG)/arcline.d.ts --tsconfig www/tsconfig.json --skipErrorChecking \
	  --disableSources --name "Arcline" --readme docs/api.md --out www/build/api --logLevel Warn
	node scripts/package.mjs
	@for m in arcline $(addprefix arcline_,$(SYSTEMS)); do \
	  raw=$$(stat -c %s $(PKG)/$${m}_bg.wasm); gz=$$(gzip -9c $(PKG)/$${m}_bg.wasm | wc -c); \
	  awk -v m=$$m: -v r=$$raw -v g=$$gz 'BEGIN { printf "wasm %-17s %6.1f KB raw, %5.1f KB gzip\n", m, r / 1024, g / 1024 }'; done

serve: build
	node scripts/serve.mjs --host $(HOST) --port $(PORT)

# The README's screenshots (docs/screenshots/): each diagram's best figure,
# light, dark and on a phone. Kept in git as the README's images; run it when
# a diagram's look changes.
screenshots: build setup-browser
	node scripts/screenshots.mjs

## --- tests ----------------------------------------------------------------

test: setup setup-browser
	$(MAKE) test-rust
	$(MAKE) test-ompl
	$(MAKE) test-opendrive
	$(MAKE) test-clothoids
	$(MAKE) build
	$(MAKE) test-wasm
	$(MAKE) test-types
	$(MAKE) test-api
	$(MAKE) test-browser
	$(MAKE) test-bundlers

# The core with every feature (serde, typescript): unit, integration,
# property and doc tests, and the examples built and run.
test-rust:
	cargo test -p arcline --all-features --all-targets
	cargo test -p arcline --all-features --doc
	for e in examples/*.rs; do cargo run -q -p arcline --all-features --example $$(basename $$e .rs) > /dev/null; done

# The Reeds-Shepp planner against OMPL: OMPL's distances for a fixed query
# set (scripts/ompl_reeds_shepp.py) written under target/, then compared
# (tests/planner/reeds_shepp_ompl.rs, ignored by a plain cargo test).
OMPL_DISTANCES := target/ompl/reeds_shepp-$(OMPL_VERSION).f64

$(OMPL_DISTANCES): scripts/ompl_reeds_shepp.py $(OMPL_VENV)/.installed
	@mkdir -p $(dir $@)
	$(OMPL_PY) scripts/ompl_reeds_shepp.py queries $@.tmp $(OMPL_QUIET)
	mv $@.tmp $@

test-ompl: $(OMPL_DISTANCES)
	ARCLINE_OMPL_REEDS_SHEPP=$(OMPL_DISTANCES) \
	  cargo test -p arcline --all-features --test planner reeds_shepp_ompl -- --ignored --nocapture
	$(MAKE) ompl-parking OMPL_PARKING_BUDGET=1

# The parking planner against OMPL's RRT* in its Reeds-Shepp space
# (scripts/ompl_parking.py) on the parking scenes and 30 random fields:
# the scenes are written by an ignored test, solved by OMPL with
# OMPL_PARKING_BUDGET seconds each (1 in test-ompl, about 40 s in all;
# 10 in bench), then compared (tests/planner/parking_ompl.rs).
OMPL_PARKING_BUDGET ?= 10
OMPL_PARKING_SUMMARY ?=
ompl-parking: $(OMPL_VENV)/.installed
	@mkdir -p target/ompl
	ARCLINE_PARKING_SCENES=target/ompl/parking_scenes.json \
	  cargo test -p arcline --all-features --test planner write_the_scenes_for_ompl -- --ignored
	$(OMPL_PY) scripts/ompl_parking.py target/ompl/parking_scenes.json target/ompl/parking-$(OMPL_PARKING_BUDGET)s.json \
	  --budget $(OMPL_PARKING_BUDGET) $(OMPL_QUIET)
	ARCLINE_OMPL_PARKING=target/ompl/parking-$(OMPL_PARKING_BUDGET)s.json ARCLINE_OMPL_PARKING_SUMMARY=$(OMPL_PARKING_SUMMARY) \
	  cargo test -p arcline --all-features --test planner every_scene_ompl_solves_we_solve -- --ignored --nocapture

# Clothoids against mpmath (end poses at 40 digits) and the Clothoids library
# (PyPI pyclothoids: G1 Hermite fits), in a virtual environment made here
# once: scripts/clothoid_oracle.py writes their answers under target/, then
# tests/geom/clothoid_oracle.rs compares (ignored by a plain cargo test).
CLOTHOID_TOOLS := mpmath==1.4.1 pyclothoids==0.2.0
CLOTHOID_VENV := $(HOME)/.cache/arcline/clothoid-venv-mpmath1.4.1-pyclothoids0.2.0
CLOTHOID_ENDS := target/clothoid/endpoints-mpmath-1.4.1.f64
CLOTHOID_FITS := target/clothoid/fits-pyclothoids-0.2.0.f64

$(CLOTHOID_VENV)/.installed: | setup-python
	@echo "Installing $(CLOTHOID_TOOLS) (PyPI) into $(CLOTHOID_VENV)"
	rm -rf $(CLOTHOID_VENV)
	python3 -m venv $(CLOTHOID_VENV)
	$(CLOTHOID_VENV)/bin/pip install -q --disable-pip-version-check $(CLOTHOID_TOOLS)
	@touch $@

$(CLOTHOID_ENDS): scripts/clothoid_oracle.py $(CLOTHOID_VENV)/.installed
	@mkdir -p $(dir $@)
	$(CLOTHOID_VENV)/bin/python scripts/clothoid_oracle.py endpoints $@.tmp
	mv $@.tmp $@

$(CLOTHOID_FITS): scripts/clothoid_oracle.py $(CLOTHOID_VENV)/.installed
	@mkdir -p $(dir $@)
	$(CLOTHOID_VENV)/bin/python scripts/clothoid_oracle.py fits $@.tmp
	mv $@.tmp $@

test-clothoids: $(CLOTHOID_ENDS) $(CLOTHOID_FITS)
	ARCLINE_CLOTHOID_ENDPOINTS=$(CLOTHOID_ENDS) ARCLINE_CLOTHOID_FITS=$(CLOTHOID_FITS) \
	  cargo test -p arcline --all-features --test geom clothoid_oracle -- --ignored --nocapture

# In Node: the determinism digests compiled to wasm (bindings/tests/determinism.rs)
# and the bindings' own tests (their conversions against serde-wasm-bindgen).
test-wasm:
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=$(WB_TEST_RUNNER) \
	  cargo test --target $(WASM_TARGET) $(BINDINGS) --test determinism --lib

test-types:
	$(BIN)/tsc --noEmit -p www

# OpenDRIVE files of road networks with junctions (examples/opendrive.rs),
# read back by third-party tools in a virtual environment made here once:
# the ASAM Quality Checker bundle must report no issue, and pyxodr's
# reference lines and lane borders must lie within 0.05 of Arcline's.
ODR_TOOLS := asam-qc-opendrive==1.0.0 pyxodr==0.1.3
ODR_VENV := $(HOME)/.cache/arcline/opendrive-venv-qc1.0.0-pyxodr0.1.3

$(ODR_VENV)/.installed: | setup-python
	@echo "Installing $(ODR_TOOLS) (PyPI) into $(ODR_VENV)"
	rm -rf $(ODR_VENV)
	python3 -m venv $(ODR_VENV)
	$(ODR_VENV)/bin/pip install -q --disable-pip-version-check $(ODR_TOOLS)
	@touch $@

test-opendrive: $(ODR_VENV)/.installed
	cargo run -q -p arcline --all-features --example opendrive -- target/opendrive
	$(ODR_VENV)/bin/python scripts/check_opendrive.py target/opendrive

# The published JS API, loaded in Node exactly as tutorial authors load it.
test-api:
	node --test www/tests/api/ www/tests/hostile/

test-browser:
	node --test --test-concurrency=1 www/tests/browser/

# The packed package in sites built by Vite, webpack 5, esbuild and Rollup, checked in Chromium.
test-bundlers:
	node --test --test-concurrency=1 www/tests/bundlers/

lint: setup
	@rustup component list --installed | grep -q '^clippy' || rustup component add clippy
	@rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
	cargo fmt --all --check
	python3 scripts/module_cycles.py
	cargo clippy -p arcline --all-targets --all-features -- -D warnings
	cargo clippy -p arcline --lib -- -D warnings
	cargo clippy --target $(WASM_TARGET) $(BINDINGS) -- -D warnings
	for s in $(SYSTEMS); do cargo clippy --target $(WASM_TARGET) $(BINDINGS) --no-default-features --features $$s -- -D warnings; done
	RUSTDOCFLAGS="-D warnings" cargo doc -q -p arcline --all-features --no-deps
	$(BIN)/tsc --noEmit -p www

# Lighthouse runs Debian's Chromium (CHROME_PATH) against the playground and the tutorial page.
# The parking comparison with OMPL runs first: scripts/bench.mjs reads its
# summary (lengths and times) into BENCHMARKS.md.
bench: build setup-ompl setup-browser
	rm -f target/ompl/parking-summary.json
	$(MAKE) ompl-parking OMPL_PARKING_BUDGET=10 OMPL_PARKING_SUMMARY=target/ompl/parking-summary.json
	OMPL_PYTHON=$(OMPL_PY) CHROME_PATH=/usr/bin/chromium node scripts/bench.mjs

clean:
	rm -rf target $(PKG) www/build dist
