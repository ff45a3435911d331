"""Vint for four players: the volchaninov and classic rule systems (docs/rules/)."""
