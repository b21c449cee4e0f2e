"""Full names of every deck's suits and ranks: what consoles, records and the simulator
print (``Deck.name_of``, ``Deck.suit_names``...). The LCD never needs them, so a board
loads this module only if something asks for a name (core.cards, issue 10: memory).
"""

_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
          "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")

# deck name -> (English suit names of the tradition, the tradition's own suit names, full
# native rank names by rank number)
NAMES = {
    "skat": (("acorns", "leaves", "hearts", "bells"),
             ("Eichel", "Grün", "Rot", "Schellen"),
             ("7", "8", "9", "10", "Unter", "Ober", "König", "Daus")),
    "french36": (("clubs", "diamonds", "hearts", "spades"),
                 ("трефи", "бубни", "чирва", "піки"),
                 ("6", "7", "8", "9", "10", "валет", "дама", "король", "туз")),
    "tarot": (("cups", "swords", "batons", "coins"),
              ("Coupe", "Épée", "Bâton", "Denier"),
              ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
               "Valet", "Cavalier", "Reine", "Roi") + _ROMAN + ("Le Mat",)),
}
