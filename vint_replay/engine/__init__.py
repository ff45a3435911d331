"""The engine: cards, calls, the auction and play state machines, scoring, the ledger and the
rule profiles. Pure: no I/O."""
