"""The laws layer on irregularities (docs/rules/laws.md), over any vint profile."""
