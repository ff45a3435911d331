"""Reports made from a checked session: the paper scoresheet, the audit, the terminal replay."""
