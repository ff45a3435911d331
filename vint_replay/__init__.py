"""vint-replay: read, replay, validate, score and audit recorded hands of vint (винт)."""
from __future__ import annotations

__version__ = "0.1.0"
