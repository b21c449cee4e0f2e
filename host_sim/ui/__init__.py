"""The pygame table: drawn cards, the LCD, seats and pads."""
