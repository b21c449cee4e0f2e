"""A long press of OK in a menu the deal needs: the last bid or choice is taken back.

The choice menus of a deal (``device/flows`` ``prompt``: Skat's auction result, skat and
contract, Tarot's bids, call and écart, Zhopa's go / no, Magistr's first leader) cannot be
skipped, so a long press (``device.buttons.BACK``) at their top level used to re-show the
same menu. A bid or choice entered by mistake is then taken back as a card is in play: the
undo record is written first (``Controller.undo``: the journal's ``undo`` record, so an
undone bid does not come back after a power cut) and the menu of the step before is shown
again (``Controller._enter_table``). With nothing entered yet in this deal the menu stays.
"""


def back(ctl):
    """The long press at the top of ``ctl``'s required choice menu (a
    ``device.controller.Controller`` in MODE_CHOICE): the deal's last action taken back
    (``Controller.undo``; a failed journal write refuses it, the menu stays), or the menu
    shown again when the deal has none. Returns the events (``core.events``)."""
    app = ctl.app
    if app is None or not app.referee.actions:
        ctl._show_menu()
        return []
    return ctl.undo()
