"""Building the table from the docs alone (issue 21): the netlist, the schematic, the pin
tables, the power budget, the layouts, the sticker tables and the enclosure model agree
with the board modules and with each other, and the generated files are current."""

import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import deck_sheet  # noqa: E402
import docgen  # noqa: E402
import enclosure  # noqa: E402
import netlist  # noqa: E402
import power_budget  # noqa: E402
import table_layout  # noqa: E402
from wiring_diagram import pin_rows  # noqa: E402

import boards.esp32  # noqa: E402
import boards.pico  # noqa: E402
from core.tags import TAG_DECKS, encode_card  # noqa: E402

BOARDS = {"pico": boards.pico, "esp32": boards.esp32}

# Raspberry Pi Pico datasheet, section 2.1 "Raspberry Pi Pico pinout", physical pins 1..40.
PICO_PINOUT = ("GP0 GP1 GND GP2 GP3 GP4 GP5 GND GP6 GP7 GP8 GP9 GND GP10 GP11 GP12 GP13 GND "
               "GP14 GP15 GP16 GP17 GND GP18 GP19 GP20 GP21 GND GP22 RUN GP26 GP27 GND GP28 "
               "ADC_VREF 3V3(OUT) 3V3_EN GND VSYS VBUS").split()

# Every part's pins (what the module or component has), for the completeness check.
PART_PINS = {"RD": netlist.READER_PINS, "U2": ("GND", "VCC", "SDA", "SCL"),
             "U3": ("LV", "HV", "GND", "LV1", "LV2", "HV1", "HV2"),
             "U4": ("VIN", "VOUT", "GND"), "SW": ("1", "2"), "R1": ("1", "2"),
             "Q1": ("B", "C", "E"), "BZ1": ("+", "-"), "J1": ("RXD", "TXD", "GND")}


def _read(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


def _expected_connections(b):
    """(board constant value, the part pin it must reach), written out from the wiring."""
    pairs = [(b.SCK, "RD1.SCK"), (b.MOSI, "RD1.MOSI"), (b.MISO, "RD1.MISO"),
             (b.SDA, "U3.LV1"), (b.SCL, "U3.LV2"), (b.BUZZER, "R1.1"),
             (b.LINK_TX, "J1.RXD"), (b.LINK_RX, "J1.TXD")]
    pairs += [(cs, "RD%d.SDA" % (i + 1)) for i, cs in enumerate(b.READER_CS)]
    pairs += [(pin, "SW%d.1" % (i + 1)) for i, pin in enumerate(b.BUTTONS)]
    return pairs


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_netlist_connects_every_board_pin_to_its_part(board):
    b = BOARDS[board]
    nets = netlist.netlist(board)
    where = {}
    for net, nodes in nets.items():
        for node in nodes:
            assert node not in where, "%s in %s and %s" % (node, where.get(node), net)
            where[node] = net
    pairs = _expected_connections(b)
    for value, part_pin in pairs:
        u1 = "U1." + netlist.gpio_name(board, value)
        assert where[u1] == where[part_pin], (u1, part_pin)
    used = {n for n in where if re.match(r"U1\.GP(IO)?\d+$", n)}
    assert used == {"U1." + netlist.gpio_name(board, v) for v, _ in pairs}
    assert len({v for v, _ in pairs}) == len(pairs)  # no pin used twice by the module


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_every_part_pin_is_wired_once_or_left_open_on_purpose(board):
    nets = netlist.netlist(board)
    nodes = [n for ns in nets.values() for n in ns] + list(netlist.unconnected(board))
    for ref, pins in PART_PINS.items():
        refs = ["%s%d" % (ref, i) for i in range(1, 7)] if ref == "RD" else \
            ["SW1", "SW2", "SW3"] if ref == "SW" else [ref]
        for r in refs:
            assert sorted(n.split(".", 1)[1] for n in nodes if n.split(".", 1)[0] == r) == \
                sorted(pins), r


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_one_circuit_readers_regulator_buzzer_and_level_shifter(board):
    nets = netlist.netlist(board)
    assert not [n for n in nets["+3V3"] if n.startswith("RD")]  # never the board's 3V3
    assert "U4.VOUT" in nets["+3V3_READERS"] and "U4.VIN" in nets["+5V"]
    assert nets["BUZZER_SINK"] == ("BZ1.-", "Q1.C") and "BZ1.+" in nets["+5V"]
    assert "Q1.E" in nets["GND"] and "U2.VCC" in nets["+5V"] and "U3.LV" in nets["+3V3"]


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_committed_netlist_and_schematic_are_current(board):
    text = _read("docs", "schematic", board + ".net")
    assert text == netlist.render(board)
    assert netlist.parse(text) == netlist.netlist(board)
    svg = _read("docs", "schematic", board + ".svg")
    labels = set(re.findall(r"<tspan[^>]*>([^<]*)</tspan>", svg))
    nets = netlist.netlist(board)
    # GND is drawn as ground symbols, the buzzer driver's two inner nets as wires
    assert set(nets) - {"GND", "BUZZER_BASE", "BUZZER_SINK"} <= labels
    assert set(netlist.controller_pins(board)) <= labels  # every U1 pin drawn by name


def test_netlist_parse_rejects_a_malformed_line():
    with pytest.raises(ValueError, match="netlist line 2"):
        netlist.parse("# x\nSPI_SCK U1.GP18\n")


def test_pico_physical_pins_are_the_datasheet_pinout():
    for name, phys in netlist.PICO_PHYSICAL.items():
        assert PICO_PINOUT[phys - 1] == name, name
    assert netlist.PICO_GROUNDS == tuple(i + 1 for i, n in enumerate(PICO_PINOUT) if n == "GND")


def _md_table(md, heading):
    text = md.split(heading, 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in l.strip().strip("|").split("|")] for l in text.splitlines()
            if l.startswith("|")]
    return [r for r in rows[1:] if not set(r[0]) <= set("-")]


def test_wiring_md_pin_tables_with_physical_pins():
    md = _read("docs", "wiring.md")
    pico = _md_table(md, "## Raspberry Pi Pico")
    assert [(r[0], r[1], r[3]) for r in pico] == pin_rows("pico")
    assert [int(r[2]) for r in pico] == [netlist.PICO_PHYSICAL[r[1]] for r in pico]
    assert [tuple(r) for r in _md_table(md, "## ESP32 DevKitC")] == pin_rows("esp32")
    assert "Grounds: pins 3, 8, 13, 18, 23, 28, 33, 38." in md


def test_hardware_and_wiring_agree_one_parts_list_one_budget_one_buzzer_circuit():
    hw, wiring = _read("docs", "hardware.md"), _read("docs", "wiring.md")
    bom = docgen.block(hw, "bom")
    refs = {n.split(".")[0].rstrip("0123456789") for ns in netlist.netlist("pico").values()
            for n in ns}
    for ref in refs:
        assert re.search(r"^\| [^|]*\b%s" % re.escape(ref), bom, re.M), ref
    assert "| part |" not in wiring  # the parts are listed once, in hardware.md
    figures = {f[4] for f in power_budget.FIGURES} | {r[1] for r in
                                                    power_budget.REGULATORS.values()}
    for text in (hw, wiring):  # any current named there is a figure of power.md
        for ma in re.findall(r"(\d+(?:\.\d+)?) ?mA\b", text):
            assert float(ma) in figures, ma
    assert "(-) to the collector" in wiring and "(+) via NPN" not in wiring + hw
    assert "(+) to 5 V" in wiring


def test_power_budget_from_the_datasheet_figures():
    assert _read("docs", "power.md") == power_budget.markdown()
    # MFRC522 data sheet table 1: IDD(TVDD) 100 mA max, IDDA 10 mA max, IDDD 6.5 mA typ.
    assert power_budget.reader_ma(True) == 100 + 10 + 6.5
    assert power_budget.reader_ma(False) == 16.5
    six = power_budget.budget("pico", 6)
    assert six["readers_3v3"] == 699.0 and six["regulator"] == "readers_buck"
    assert round(six["dissipation_w"], 3) == round(1.7 * 0.699, 3)
    # 3 readers already exceed the Pico's 300 mA 3V3(OUT) limit: hence U4
    assert power_budget.budget("pico", 3)["readers_3v3"] > power_budget.REGULATORS["pico"][1]
    assert power_budget.budget("esp32", 1)["five_volt"] == 116.5 + 4 + 120 + 30 + 68
    with pytest.raises(ValueError):
        power_budget.budget("pico", 7)
    for row in power_budget.FIGURES:
        assert row[6] and row[5] in ("max", "typ", "allowance")


def test_table_layouts_keep_pads_out_of_each_others_range():
    assert docgen.block(_read("docs", "building.md"), "layout").strip() == \
        table_layout.markdown()
    for n in range(3, 7):
        x = table_layout.layout(n)
        assert x["ok"] and x["gap"] > table_layout.READ_RANGE and len(x["cables"]) == n
    # 6 pads 330 mm from the centre: neighbours 330 mm apart, less the pad diagonal
    assert table_layout.layout(6)["gap"] == round(330 - (60 ** 2 + 90 ** 2) ** 0.5)
    with pytest.raises(ValueError):
        table_layout.layout(2)


def test_sticker_tables_and_tag_text_are_the_tag_writers():
    assert docgen.block(_read("docs", "stickers.md"), "codes").strip() == \
        deck_sheet.markdown_tables().strip()
    # core/tags.py's documented example: "F:QS" is 03 0B D1 01 07 54 02 65 6E 46 3A 51 53 FE
    assert encode_card("french36", "QS")[:14] == bytes.fromhex("030BD101075402656E463A5153FE")
    assert "03 0B | D1 01 07 54 | 02 65 6E | 46 3A 51 53 | FE" in _read("docs", "stickers.md")
    decks = dict(TAG_DECKS)
    assert deck_sheet.tag_text(decks["S"], decks["S"].parse("CJ")) == ("S:CJ", "en")
    assert deck_sheet.tag_text(decks["T"], decks["T"].parse("EX")) == ("T:EX", "en")
    assert [len(deck_sheet.rows(d)) for _, d in TAG_DECKS] == [32, 36, 78]


def test_deck_sheet_is_drawn(tmp_path):
    letter, deck = TAG_DECKS[0]
    path = deck_sheet.draw(letter, deck, str(tmp_path / "s.png"))
    assert os.path.getsize(path) > 20000
    for _, d in TAG_DECKS:
        assert os.path.exists(os.path.join(ROOT, "docs", "stickers", d.name + ".png"))


@pytest.mark.parametrize("lcd", sorted(enclosure.LCDS))
def test_enclosure_source_is_current_and_fits_the_parts(lcd):
    src = _read("docs", "enclosure", "control_box_%s.scad" % lcd)
    assert src == enclosure.scad(lcd, "pico")
    p = enclosure.params(lcd, "pico")
    assert "buttons = %d;" % len(boards.pico.BUTTONS) in src and p["buttons"] == 3
    assert "cables = %d;" % len(boards.pico.READER_CS) in src and p["cables"] == 6
    assert p["width"] >= p["lcd_module_w"] + 2 * p["wall"]
    assert p["lcd_window_w"] < p["lcd_module_w"] and p["lcd_window_h"] < p["lcd_module_h"]
    assert p["width"] - 2 * p["wall"] >= p["buttons"] * p["button_pitch"] + p["buzzer_hole"]
    assert os.path.getsize(os.path.join(ROOT, "docs", "enclosure",
                                        "control_box_%s.png" % lcd)) > 10000
    with pytest.raises(ValueError):
        enclosure.params("8x1")


def test_enclosure_views_drawn_without_openscad(tmp_path):
    path = enclosure.draw_views(enclosure.params("20x4"), str(tmp_path / "v.png"), "t")
    assert os.path.getsize(path) > 5000


def test_make_docs_runs_every_generator_and_the_docs_show_the_pictures():
    mk = _read("Makefile")
    for tool in ("netlist", "schematic", "wiring_diagram", "power_budget", "table_layout",
                 "deck_sheet", "enclosure"):
        assert "tools/%s.py" % tool in mk.split("\ndocs:", 1)[1], tool
    shown = _read("docs", "wiring.md") + _read("docs", "building.md") + \
        _read("docs", "stickers.md") + _read("docs", "hardware.md")
    for pic in ("schematic/pico.svg", "schematic/esp32.svg", "enclosure/control_box_16x2.png",
                "enclosure/control_box_20x4.png", "building/layout_6.png",
                "stickers/tarot.png", "power.md"):
        assert pic in shown, pic
