"""The store's user-facing error: a message the command line prints as it is."""
from __future__ import annotations


class StoreError(Exception):
    """A folder that is not a usable store (message for the user)."""
