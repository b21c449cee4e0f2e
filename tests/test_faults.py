"""Issue 27: a board that heals itself. Each fault of a real table is injected into a deal
of each game on the emulated board (booted by firmware/main.py: boot guard, journal on
flash, Supervisor feeding the watchdog); the table must end the deal with the same results
and sheet as an undisturbed run of the same seeded deal, and the LCD must show what
happened. Plus the parts: the twin's watchdog, the I2C bus clear (NXP UM10204 3.1.16), the
HD44780 re-synchronisation (datasheet figure 24), the boot-loop guard and safe mode."""

import os

import pytest

from boards import pico
from device import supervisor
from device.drivers.errors import DeviceNotFound
from device.drivers.i2c_bus import bus_clear
from host_sim.board import SimBoard
from host_sim.faults import FAULTS, FaultRun, lcd_in_step
from host_sim.machine import SimMachine, VirtualClock, WatchdogReset
from test_pad_faults import table  # noqa: F401  (fixture: a Skat grand hand in play)

GAMES = [("skat", 3, 5), ("magistr", 3, 5), ("zhopa", 3, 5), ("tarot", 4, 5)]
AT = 4  # the fault strikes while the 4th card of the deal is laid
_REFERENCE = {}


def reference(tmp_path_factory, game, players, seed):
    """The undisturbed deal: results and sheet (played once per game)."""
    key = (game, players, seed)
    if key not in _REFERENCE:
        run = FaultRun(game, players, seed, str(tmp_path_factory.mktemp("ref")))
        _REFERENCE[key] = run.play()
        assert run.board.resets == [] and run.seen == {}
    return _REFERENCE[key]


def frames(board):
    return ["|".join(f) for f in board.transcript]


def shown(board, text):
    return any(text in f for f in frames(board))


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("game,players,seed", GAMES, ids=[g[0] for g in GAMES])
def test_deal_survives_the_fault(tmp_path, tmp_path_factory, game, players, seed, fault):
    want = reference(tmp_path_factory, game, players, seed)
    run = FaultRun(game, players, seed, str(tmp_path / "flash"), fault, at=AT, at_tick=7)
    results, sheet = run.play()
    assert results == want[0] and all(a == b for a, b in results)
    assert sheet == want[1] and sheet
    b = run.board
    assert run.in_step["settled"]  # whatever happened, the LCD shows the firmware's screen
    causes = [c for _, c in b.resets]
    if fault == "reader":
        outage = run.seen["outage"]
        assert outage[0].startswith("pad ") and outage[0].rstrip().endswith(": no reader")
        n = outage[0].split()[1].rstrip(":")
        assert shown(b, "pad %s: back" % n) and causes == []
    elif fault == "sda":
        bus = b.machine.I2C(pico.I2C_ID)
        assert bus.freed == 1 and bus.stuck_bits == 0 and bus.bus_clears >= 1
        assert shown(b, "LCD bus cleared") and b.supervisor.recoveries == 1
        assert causes == []
    elif fault == "nibble":
        assert not run.in_step["glitch"]  # the slipped nibble garbled the next screen...
        assert b.hw.lcd.resyncs >= 1 and causes == []  # ...until the scheduled re-sync
    elif fault == "brownout":
        assert not run.in_step["brownout"] and causes == []  # blank after the brown-out...
        assert run.in_step["after"]  # ...until the readers' re-initialisation re-syncs it
    elif fault == "brownout-restart":
        assert causes == [b.machine.PWRON_RESET]
    elif fault in ("hang", "reset"):
        assert causes == [b.machine.WDT_RESET] and shown(b, "restarted: wdt")
    elif fault == "memory":  # the Supervisor restarts the board: a fresh heap, the journal
        assert causes == [b.machine.SOFT_RESET] and shown(b, "restarted: RAM")
    if fault == "hang":
        assert b.resets[0][0] >= pico.WDT_MS  # nothing but the watchdog got it out


@pytest.mark.parametrize("at_tick", range(0, 64, 9))
def test_reset_at_any_tick_of_a_card(tmp_path, tmp_path_factory, at_tick):
    """A reset before the card is laid, while it is read, after it was journaled, once it
    is lifted: the board resumes and the deal ends the same."""
    want = reference(tmp_path_factory, "skat", 3, 5)
    run = FaultRun("skat", 3, 5, str(tmp_path / "flash"), "reset", at=6, at_tick=at_tick)
    assert run.play() == want
    assert [c for _, c in run.board.resets] == [run.board.machine.WDT_RESET]


# --- the parts -------------------------------------------------------------------------------

def test_watchdog_model():
    """machine.WDT on the virtual clock: fed in time nothing happens; not fed for longer
    than the timeout, the clock raises WatchdogReset; the rp2040 limit is 8388 ms."""
    clock = VirtualClock()
    m = SimMachine(clock)
    with pytest.raises(ValueError):
        m.WDT(timeout=8389)
    wdt = m.WDT(timeout=5000)
    for _ in range(10):
        clock.advance(4000)
        wdt.feed()
    with pytest.raises(WatchdogReset):
        clock.advance(5001)
    clock.advance(10000)  # the reset stopped it


@pytest.mark.parametrize("bits,freed", [(1, True), (5, True), (9, True), (40, False)])
def test_bus_clear_frees_a_stuck_sda(bits, freed):
    """A slave waiting for up to 9 clocks releases SDA (UM10204 3.1.16); one that needs
    more (dead) is reported. Transactions fail with ETIMEDOUT until then."""
    m = SimMachine(VirtualClock())
    bus = m.I2C(0, sda=m.Pin(4), scl=m.Pin(5))
    bus.attach(0x27, object())
    bus.stick_sda(bits)
    with pytest.raises(OSError) as e:
        bus.scan()
    assert e.value.args[0] == 110
    assert bus_clear(m.Pin, 4, 5) is freed
    assert bus.freed == bus.bus_clears == (1 if freed else 0)  # freed, then a STOP
    if freed:
        assert bus.scan() == [0x27]


@pytest.mark.parametrize("nibble", range(16))
def test_resync_after_any_spurious_nibble(nibble):
    """Whatever nibble slipped in (the chip then waits for the wrong half), the
    initialisation by instruction brings it back in step and the screen is redrawn."""
    b = SimBoard(3)
    lcd = b.hw.lcd
    lcd.define_char(0, [0x1F] * 8)
    lcd.show(["\x00 trick 3", "next: P2"])
    b.lcd_model.spurious_nibble(nibble)
    lcd.show(["P1 takes", "lead: P1"])
    assert not lcd_in_step(b)
    lcd.resync()
    assert lcd_in_step(b) and b.lcd_lines() == ["P1 takes        ", "lead: P1        "]
    assert bytes(b.lcd_model.cgram[:8]) == b"\x1f" * 8


def test_lcd_write_error_never_reaches_the_firmware():
    """A bus error while showing a screen is kept by the driver; recover() clears the bus,
    re-creates the I2C object and redraws what the firmware asked for meanwhile."""
    b = SimBoard(3)
    lcd = b.hw.lcd
    bus = b.machine.I2C(pico.I2C_ID)
    bus.stick_sda(3)
    lcd.show(["first", "screen"])
    assert isinstance(lcd.error, OSError)
    lcd.show(["second", "screen"])  # no exception, nothing sent
    lcd.recover()
    assert lcd.error is None and b.lcd_lines() == ["second          ", "screen          "]


@pytest.mark.parametrize("miso", [0x00, 0xFF], ids=["miso-low", "miso-floating-high"])
def test_dead_reader_is_no_reader_never_a_card_or_a_collision(table, miso):
    """A reader that loses power reads 0x00 or 0xFF on MISO: either way the pad is
    reported as "no reader" (never "2 cards on pad", never a card), and the card laid
    meanwhile is read once the reader is back."""
    from core.cards import SKAT
    b, deck = table
    app = b.app
    b.pads[0].miso_off = miso
    b.pads[0].power_off()
    b.place(0, deck.tag(SKAT.parse("SA")))
    ev = b.run(400)
    assert [e.reason for e in ev] == ["no-reader"] and app.referee.deal.history == []
    assert b.lcd_lines()[0] == "pad 1: no reader"
    b.pads[0].power_on()
    b.run(600)
    assert list(app.referee.deal.history) == [(0, SKAT.parse("SA"))]


def test_dead_reader_is_told_in_the_tables_language(table, speak):
    """Play's "pad 1: no reader" / "retrying..." and "pad 1: back" were English on every
    table (the words were formatted before the catalogue was asked); they are the deck
    audit's words too (device.screens.PadFaults), in the table's language."""
    b, _ = table
    speak("de")
    screen = b.lcd_lines()
    b.pads[0].power_off()
    b.run(100)
    assert b.lcd_lines() == ["Feld 1 Leser aus", "neuer Versuch..."]
    b.pads[0].power_on()
    b.run(600)
    assert b.lcd_lines() == ["Feld 1: zurueck ", screen[1]]


def test_reader_offline_at_power_on_then_back():
    """A reader that does not answer at power-on does not stop the board: it starts
    offline (every read raises DeviceNotFound) until revive() finds it."""
    b = SimBoard(1)
    b.pads[0].power_off()
    from device.drivers.mfrc522 import MFRC522
    r = MFRC522(b.machine.SPI(pico.SPI_ID), b.machine.Pin(pico.READER_CS[0]), required=False)
    assert r.version is None
    with pytest.raises(DeviceNotFound):
        r.read_card()
    with pytest.raises(DeviceNotFound):
        MFRC522(b.machine.SPI(pico.SPI_ID), b.machine.Pin(pico.READER_CS[0]))
    b.pads[0].power_on()
    r.revive()
    assert r.version == 0x92 and r.read_card() is None


def test_boot_clears_a_stuck_bus(tmp_path):
    """A reset in the middle of an LCD write leaves the backpack holding SDA: the next boot
    clears the bus before it builds the LCD, and starts normally."""
    b = SimBoard(3, flash=str(tmp_path))
    b.boot()
    b.run(100)
    bus = b.machine.I2C(pico.I2C_ID)
    bus.stick_sda(7)
    b.reset(b.machine.WDT_RESET)
    assert bus.freed == 1 and len(b.resets) == 1 and b.lcd_lines()[0].split()[0] == "trickref"


def test_two_readers_out_then_back(table):
    """Two pads out at once: each is told and each comes back; the screen under the
    messages comes back with the last one."""
    b, _ = table
    app = b.app
    screen = b.lcd_lines()
    b.pads[1].power_off()
    b.pads[2].power_off()
    ev = b.run(100)
    assert [e.reason for e in ev] == ["no-reader", "no-reader"]
    assert shown(b, "pad 2: no reader") and shown(b, "pad 3: no reader")
    b.pads[1].power_on()
    b.run(600)
    assert b.lcd_lines() == ["pad 2: back     ", screen[1]]
    b.pads[2].power_on()
    b.run(600)
    assert b.lcd_lines() == ["pad 3: back     ", screen[1]]
    assert app.pads.offline == [None, None, None]


def test_lcd_resync_on_a_schedule(tmp_path):
    b = SimBoard(3, flash=str(tmp_path))
    b.boot()
    b.run(100)
    before = b.hw.lcd.resyncs
    b.run(supervisor.RESYNC_MS * 3)
    assert b.hw.lcd.resyncs - before in (2, 3) and lcd_in_step(b)


# --- boot-loop guard and safe mode ------------------------------------------------------------

def _journal_crashes_the_build(monkeypatch):
    """A build that raises while a journal is on the flash (as a firmware bug would in
    ``firmware/main.build_controller``). The controller's own boot sets aside any journal
    it cannot replay (issue 16), so the fault is put where no such guard is: opening the
    journal file."""
    from core.journal import Journal
    orig = Journal.__init__

    def init(self, path, *args, **kwargs):
        if os.path.exists(path) and os.path.getsize(path) > 0:
            raise RuntimeError("replay crashed")
        orig(self, path, *args, **kwargs)
    monkeypatch.setattr(Journal, "__init__", init)


def _magistr_under_way(flash):
    """A board booted on ``flash`` with a three-player Magistr game started (P2 leads),
    run past STABLE_MS: this boot ran, its count is cleared."""
    b = SimBoard(3, flash=flash)
    b.boot()
    b.run(50)
    for label in ("New game", "Magistr", "3", "Own trumps", "Clubs", "Diamonds", "Hearts",
                  "Start", "P2"):
        b.choose(label)
    b.run(supervisor.STABLE_MS)
    return b


def test_boot_loop_ends_in_safe_mode(tmp_path, monkeypatch):
    """A controller build that raises: the reason shows on the LCD and the board restarts;
    after BOOT_TRIES such boots in a row it starts in safe mode: the journal set aside
    (byte for byte, for export), the menu, the reason on the LCD. Once it ran stably the
    counter is cleared and the next boot is a normal one."""
    from device.bootguard import BOOT_TRIES, BootGuard
    flash = str(tmp_path / "flash")
    b = _magistr_under_way(flash)
    with open(os.path.join(flash, "journal.bin"), "rb") as f:
        journal = f.read()
    _journal_crashes_the_build(monkeypatch)
    b.reset(b.machine.PWRON_RESET)
    assert len(b.resets) == BOOT_TRIES + 1  # three failed boots, then safe mode
    seen = frames(b)
    for n in range(1, BOOT_TRIES + 1):
        assert any(f.startswith("boot failed %d/%d:" % (n, BOOT_TRIES)) and
                   "RuntimeError re" in f for f in seen)
    assert b.lcd_lines() == ["safe mode       ", "RuntimeError rep"]
    with open(os.path.join(flash, "journal-aside.bin"), "rb") as f:
        assert f.read() == journal
    # the rest of the notice says where the game in progress went (it did not)
    assert b.controller.match is None and b.controller._list == [
        "safe mode", "RuntimeError replay crashed", "journal moved", "side file:",
        "journal-aside", ".bin", "OK: go on"]
    b.press(2)  # OK: the main menu
    assert b.controller.mode == 1 and any(l.startswith(">") for l in b.lcd_lines())
    b.run(supervisor.STABLE_MS + 100)
    assert BootGuard(flash).read() == (0, "")
    b.reset(b.machine.PWRON_RESET)
    assert len(b.resets) == BOOT_TRIES + 2 and b.lcd_lines()[0] != "safe mode       "


@pytest.mark.parametrize("cause", ["PWRON_RESET", "HARD_RESET"])
def test_power_cuts_in_a_row_are_no_boot_loop(tmp_path, cause):
    """A loose plug: the power cut four times within a minute, each boot running 3 s
    (less than STABLE_MS) without a fault. Every boot was counted as failed, and the
    fourth went to safe mode with the game set aside (a table's evening gone from the
    board until a PC fetched it). A power-on or hard reset (the reset pin, a brown-out)
    does not count the boots before it that recorded no failure: the game resumes each
    time. A boot that did fail still counts across a power cycle."""
    from device.bootguard import BootGuard
    flash = str(tmp_path / "flash")
    b = _magistr_under_way(flash)
    want = b.lcd_lines()
    for _ in range(5):
        b.reset(getattr(b.machine, cause))
        b.run(3000)
        assert b.lcd_lines() == want and b.controller.match is not None
        assert BootGuard(flash).read() == (1, "")
    assert not os.path.exists(os.path.join(flash, "journal-aside.bin"))
    guard = BootGuard(flash)  # a boot that failed, then the power cut: counted on
    guard.begin(True)
    guard.failed("RuntimeError x")
    assert BootGuard(flash).begin(True) is False and BootGuard(flash).read()[0] == 2


@pytest.mark.parametrize("name,data", [
    ("look.txt", b"skat=fran\xe7ais\n"),  # Latin-1, not UTF-8: a worn cell, a PC's copy
    ("look.txt", b"skat=french\n" * 100000),  # no menu writes that: never a heap's worth
    ("lang.txt", b"\xff\xfe"),
    ("lang.txt", b"de" * 500000),
])
def test_a_settings_file_that_is_not_text_never_stops_the_boot(tmp_path, name, data):
    """One byte of look.txt that is not UTF-8 raised UnicodeError (a ValueError, not the
    OSError the reader caught) at every boot, safe mode included: the board never
    started again and a PC was needed. A settings file that is not one the menus write
    is no file: the game resumes in the default look and language."""
    flash = str(tmp_path / "flash")
    b = _magistr_under_way(flash)
    want = b.lcd_lines()
    with open(os.path.join(flash, name), "wb") as f:
        f.write(data)
    n = len(b.resets)
    b.reset(b.machine.PWRON_RESET)
    b.run(100)
    assert len(b.resets) == n + 1, b.resets  # one boot, no failed ones after it
    assert not os.path.exists(os.path.join(flash, "journal-aside.bin"))
    assert b.lcd_lines() == want and b.controller.match is not None


def test_a_negative_boot_count_reads_as_none(tmp_path):
    """A damaged boot.txt holding "-50" delayed safe mode by 50 failed boots."""
    from device.bootguard import BootGuard
    os.makedirs(str(tmp_path / "f"))
    with open(str(tmp_path / "f" / "boot.txt"), "w") as f:
        f.write("-50\nx")
    assert BootGuard(str(tmp_path / "f")).read() == (0, "x")


def test_a_heap_the_game_never_fits_ends_in_safe_mode_not_in_a_restart_loop(tmp_path,
                                                                             monkeypatch):
    """Every card runs the heap out (a board whose heap the game does not fit): each time
    the board restarts from its journal; none of those boots runs stably (the card still
    lies on its pad and is read again at once), so after BOOT_TRIES restarts the board
    starts in safe mode naming the reason, the journal set aside, instead of restarting
    forever."""
    from device.app import App
    from device.bootguard import BOOT_TRIES
    from host_sim.board import TaggedDeck
    from core.cards import FRENCH36
    flash = str(tmp_path / "flash")
    b = _magistr_under_way(flash)

    def out_of_memory(app, read):
        raise MemoryError("memory allocation failed, allocating 64 bytes")
    monkeypatch.setattr(App, "_card", out_of_memory)
    b.place(1, TaggedDeck(FRENCH36).tag(FRENCH36.parse("6D")))
    b.run(2000)
    # three restarts that did not run stably, then the one that starts in safe mode
    assert [c for _, c in b.resets] == [b.machine.SOFT_RESET] * (BOOT_TRIES + 1)
    assert any("out of memory" in f and "restarting" in f for f in frames(b))
    assert shown(b, "restarted: RAM")
    assert b.lcd_lines() == ["safe mode       ", "out of memory   "]
    assert os.path.exists(os.path.join(flash, "journal-aside.bin"))
    b.run(1000)
    assert len(b.resets) == BOOT_TRIES + 1  # safe mode reads no pad of a game: it stays put


def test_no_lcd_at_all_ends_at_the_repl_not_in_a_reset_loop(tmp_path):
    """The LCD backpack does not answer: three boots fail (nothing to show them on), safe
    mode cannot be built either, and the board stays put (main.py returns to the REPL)
    with the reason on flash, instead of resetting forever."""
    from device.bootguard import BOOT_TRIES, BootGuard
    flash = str(tmp_path / "flash")
    b = SimBoard(3, flash=flash)
    del b.machine.I2C(pico.I2C_ID)._chips[pico.LCD_ADDR]  # the backpack is gone
    assert b.reset(b.machine.PWRON_RESET) is None
    assert len(b.resets) == BOOT_TRIES + 1 and b.supervisor is None
    assert BootGuard(flash).read() == (BOOT_TRIES + 1, "DeviceNotFound no LCD backpack at 0x27")


def test_flash_that_refuses_the_counter_never_stops_the_boot(tmp_path):
    """A boot counter that cannot be written (flash full, worn) is lost, not the board."""
    from device.bootguard import BootGuard
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    guard = BootGuard(str(blocker))
    assert guard.begin() is False and isinstance(guard.write_error, OSError)


def _failed_boots(flash, n, reason):
    """``flash`` holding the boot counter after ``n`` boots in a row that failed."""
    from device.bootguard import BootGuard
    os.makedirs(flash)
    with open(os.path.join(flash, "boot.txt"), "w") as f:
        f.write("%d\n%s" % (n, reason))
    return BootGuard(flash, tries=20)


def test_a_power_cut_while_the_counter_is_written_keeps_the_count(tmp_path, monkeypatch):
    """Twelve failed boots counted; the thirteenth is counted and the power goes after the
    first byte of "13\\nRuntimeError x" reached boot.txt: the file said "1", the boot
    loop's count and reason were gone (a board that fails forever never got to safe
    mode). Now the counter is written beside and renamed over boot.txt: the next boot
    reads 12 and the reason, and counts itself the 13th."""
    from host_sim.flash import PowerCut
    from test_registry_cuts import writes_fail
    flash = str(tmp_path / "flash")
    guard = _failed_boots(flash, 12, "RuntimeError x")
    writes_fail(monkeypatch, PowerCut("power cut after one byte"), land=1)
    with pytest.raises(PowerCut):
        guard.begin()
    monkeypatch.undo()
    again = type(guard)(flash, tries=20)  # the next boot
    assert again.read() == (12, "RuntimeError x")
    assert again.begin() is False and again.read() == (13, "RuntimeError x")
    assert sorted(os.listdir(flash)) == ["boot.txt"]


def test_a_counter_the_flash_refuses_keeps_the_old_one(tmp_path, monkeypatch):
    """Two failed boots counted; the flash refuses the third count's write (full): the
    boot goes on (the error kept in ``write_error``), boot.txt still holds the two boots
    and their reason (written in place, it was left empty: the count back to 0) and no
    ``boot.txt.new`` is left."""
    import errno
    from test_registry_cuts import writes_fail
    flash = str(tmp_path / "flash")
    guard = _failed_boots(flash, 2, "MemoryError y")
    writes_fail(monkeypatch, OSError(errno.ENOSPC, "No space left on device"), land=0)
    assert guard.begin() is False and guard.count == 3
    monkeypatch.undo()
    assert guard.write_error.args[0] == errno.ENOSPC
    assert type(guard)(flash).read() == (2, "MemoryError y")
    assert sorted(os.listdir(flash)) == ["boot.txt"]


def test_a_watchdog_the_port_refuses_does_not_stop_the_board(tmp_path):
    """A WDT_MS above the port's limit (rp2040: 8388 ms) is refused by machine.WDT: the
    board runs without a watchdog and says so, rather than not starting."""
    b = SimBoard(3, flash=str(tmp_path))
    b.machine.wdt_max_ms = pico.WDT_MS - 1
    sup = b.boot()
    assert sup is not None and sup.wdt is None
    assert b.lcd_lines()[0] == "no watchdog:    "


def test_a_second_safe_mode_keeps_the_first_ones_journal(tmp_path):
    """Safe mode moves the journal to journal-aside.bin. A second safe mode (another game,
    another night) replaced that file, and with it the first game; now it takes the next
    free name, journal-aside.2.bin, and the first stays as it was."""
    from device.bootguard import set_aside
    folder = str(tmp_path)
    for night in (b"first game", b"second game", b"third game"):
        with open(os.path.join(folder, "journal.bin"), "wb") as f:
            f.write(night)
        set_aside(folder)
    got = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            got[name] = f.read()
    assert got == {"journal-aside.bin": b"first game", "journal-aside.2.bin": b"second game",
                   "journal-aside.3.bin": b"third game"}
    assert set_aside(folder) is None  # no journal: nothing moved
