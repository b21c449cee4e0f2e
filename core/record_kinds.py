"""Journal record kinds: one named constant per kind, the one place their names live.

Kinds are short strings in the API (what ``device.controller`` writes, what
``core.journal_replay`` groups) and stored as the KIND byte: the name's index in KINDS + 1
(docs/records.md "The board's journal"). Their data (the journal checks only ``act``):

- GAME ``"game"``: the game header, e.g. ``[name, players, [[option, value]...]]``; a new
  game and score sheet start.
- DEAL ``"deal-start"`` (optional): a deal's header, e.g. ``{"deal": 1, "dealer": 0,
  "seed": None}``. Without it a deal starts with its first action.
- ACTION ``"act"``: ``[verb, args]``, one entry of ``Referee.actions``.
- UNDO ``"undo"``: the deal's last action was taken back (``Referee.undo``); data ignored.
- DEAL_OVER ``"deal"``: the deal is over and booked; data: its score-sheet row (kept by
  compaction, so put the row there).
- GAME_OVER ``"game-over"``: the game's sheet is closed; data: a summary (totals).
- SHEET ``"sheet"``: a checkpoint of the game's score sheet, written only by a compaction
  (``core.journal_replay.checkpoint``) in place of the booked deals' records: data, the
  game flow's rows (``booked_rows``), one flat list per booked deal, from which the sheet
  is rebuilt exactly (``rebook``). It follows its game's GAME record, before any deal.
"""

GAME = "game"
DEAL = "deal-start"
ACTION = "act"
UNDO = "undo"
DEAL_OVER = "deal"
GAME_OVER = "game-over"
SHEET = "sheet"
KINDS = (GAME, DEAL, ACTION, UNDO, DEAL_OVER, GAME_OVER, SHEET)  # KIND byte = index + 1
