"""Bridge: rubber and duplicate scoring over the four-handed engine (docs/rules/)."""
