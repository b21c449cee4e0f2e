# Two commands on a fresh Linux machine with Python 3.11+: `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
DOCS_STAMP := $(VENV)/.installed-docs

.PHONY: demo test bench mem32 docs screenshots venv clean catalogs

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/trickref demo

# Two workers (pytest-xdist): the suite is about 25 minutes on one core and 12 on two;
# every test keeps its files in its own tmp_path and its servers on free loopback ports.
# The slowest 25 are listed at the end, to see where the time goes.
test: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -n 2 --durations=25
	TRICKREF_SMALL_HEAP=1 SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -n 2 $(BOARD_SUITES)

# The journal, power-cut, link and menu suites a second time as a board runs them
# (tests/conftest.py, TRICKREF_SMALL_HEAP=1: the modules a board unloads between deals
# and after boot are unloaded here too, so the paths only a board takes are tested on
# every run). About 3 minutes. test_faults.py is not among them: its out-of-memory
# restart patches device.app's class, which a board's reload replaces.
BOARD_SUITES = tests/test_checkpoint_faults.py tests/test_checkpoint_forged.py \
	tests/test_checkpoint_host.py tests/test_checkpoint_house_cuts.py \
	tests/test_journal_faults.py tests/test_powercut.py tests/test_menu_choices.py \
	tests/test_choice_undo.py tests/test_controller.py tests/test_link.py \
	tests/test_host_adversarial.py tests/test_central_pad.py tests/test_last_trick.py

# The README's pictures of the simulator (a trick in progress in each game), regenerated.
screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/trickref sim --shots docs/screenshots

# The benchmark suite (issue 11, docs/performance.md): the dev extra plus the bench extra
# (OpenSpiel, for the Skat comparison). Prints every figure; a few minutes at most.
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install -q -e '.[dev,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/bench.py
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/bench_club.py --tables 50
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/mem_report.py --controller-only --summary
	@if [ -n "$(MP32)" ] && [ -x "$(MP32)" ]; then SDL_VIDEODRIVER=dummy $(BIN)/python tools/mem_report.py --micropython "$(MP32)" --controller-only --summary; else echo "bench: no 32-bit MicroPython (MP32=/path/to/micropython-i386): 32-bit heaps not measured"; fi

# The whole firmware's smallest heap per game under a 32-bit MicroPython unix port (4-byte
# pointers, as on an RP2040 or ESP32; issue 19). Not in the repository: point MP32 at one
# (see docs/performance.md for how it is built); without it this says so and stops.
MP32 ?= $(TRICKREF_MP32)
GAMES ?= skat,magistr,zhopa,tarot
mem32: $(STAMP)
	@[ -n "$(MP32)" ] && [ -x "$(MP32)" ] || { echo "make mem32: no 32-bit MicroPython (set MP32=/path/to/micropython-i386)"; exit 2; }
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/mem_report.py --micropython "$(MP32)" --controller-only --games $(GAMES)

# The generated documentation (issue 21): netlists, schematics, pin pictures, power budget,
# table layouts, sticker sheets and code tables, the control box model and its picture.
# openscad (Debian package) renders the box; without it (and without root to apt-get it)
# the box is drawn as flat views from the same parameters, with a message.
$(DOCS_STAMP): $(STAMP)
	$(BIN)/pip install -q -e '.[dev,docs]'
	touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	@command -v openscad >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& apt-get install -y -q openscad >/dev/null; } \
		|| echo "make docs: openscad is not installed (apt-get install openscad): drawing the control box as flat views"
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/netlist.py
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/schematic.py
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/wiring_diagram.py
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/power_budget.py
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/table_layout.py
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/deck_sheet.py
	SDL_VIDEODRIVER=dummy $(BIN)/python tools/enclosure.py

clean:
	rm -rf $(VENV) build *.egg-info

# The simulator's and the console's own sentences in German, French and Ukrainian
# (host_sim/i18n.py): Babel extracts the messages from host_sim/, merges them into the
# committed .po files and compiles the .mo files (not committed: host_sim/i18n.py compiles
# a missing or stale one in memory from its .po).
LOCALES := de fr uk
catalogs: $(STAMP)
	$(BIN)/pybabel -q extract --no-location --sort-output -k _ -k ngettext:1,2 \
		--project trickref -o host_sim/locale/trickref.pot host_sim
	for l in $(LOCALES); do \
		if [ -f host_sim/locale/$$l/LC_MESSAGES/trickref.po ]; then \
			$(BIN)/pybabel -q update --no-fuzzy-matching --ignore-obsolete -D trickref -l $$l -i host_sim/locale/trickref.pot -d host_sim/locale; \
		else \
			$(BIN)/pybabel -q init -D trickref -l $$l -i host_sim/locale/trickref.pot -d host_sim/locale; \
		fi; \
	done
	$(BIN)/pybabel compile --statistics -D trickref -d host_sim/locale
