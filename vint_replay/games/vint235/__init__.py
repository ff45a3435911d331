"""Vint for two, three and five players (docs/rules/players-2-3-5.md): roles, the methods'
auctions and plays over the four places, and their score columns."""
