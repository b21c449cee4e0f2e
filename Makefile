# Two commands on a fresh Linux machine with Python 3.11+: `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test venv clean

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

clean:
	rm -rf $(VENV) build *.egg-info
