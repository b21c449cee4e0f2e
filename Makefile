# Two commands on a fresh Linux machine with Python 3.11+: `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: demo test bench venv clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/trickref demo

test: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest

# The benchmark suite (issue 11, docs/performance.md): the dev extra plus the bench extra
# (OpenSpiel, for the Skat comparison). Prints every figure; a few minutes at most.
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install -q -e '.[dev,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/bench.py

clean:
	rm -rf $(VENV) build *.egg-info
