"""Register-level models of the board's chips, built from their datasheets."""
