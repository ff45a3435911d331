"""Simulated evenings: legal deals played and scored by each game's rules, for the sample data,
the tests and the benchmarks."""
