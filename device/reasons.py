"""The table's own refusal codes (the rules' codes are in ``core.events`` and the game
modules); their words per language are in :mod:`device.words`."""

CLEAR_PADS = "clear-pads"  # refusal: the last trick still lies on the pads
LIFT_CARD = "lift-card"  # refusal: a card taken back (undo) still lies on its pad
TAG_REWRITTEN = "tag-rewritten"  # the tag's text names another card than its UID is bound to
TWO_TAGS = "two-tags"  # a second tag claims a card another tag already is
NOT_BOUND = "not-bound"  # the deck was audited and this tag is not one of its cards
