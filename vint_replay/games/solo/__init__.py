"""Solo whist (docs/rules/solo-whist.md): its contracts, auction, record fields, replay and payments."""
