"""What a record file that is not UTF-8 is instead, so that the error names it: UTF-16 (by
its byte-order mark, or by the NULs at every other byte that its ASCII characters give)."""
from __future__ import annotations

_BOMS = ((b"\xff\xfe", "UTF-16 (little-endian, with a byte-order mark)"),
         (b"\xfe\xff", "UTF-16 (big-endian, with a byte-order mark)"))
_SNIFFED = 256  # the bytes looked at for the NUL pattern


def utf16_kind(data: bytes) -> str | None:
    """``"UTF-16 (little-endian…)"`` and so on when ``data`` looks like UTF-16 text, else ``None``."""
    for bom, kind in _BOMS:
        if data.startswith(bom):
            return kind
    head = data[:_SNIFFED]
    even, odd = head[0::2].count(0), head[1::2].count(0)  # text has no NUL, UTF-16 one a character of ASCII
    if odd * 4 >= len(head) // 2 > 1 and even == 0:
        return "UTF-16 (little-endian)"
    if even * 4 >= len(head) // 2 > 1 and odd == 0:
        return "UTF-16 (big-endian)"
    return None


def utf16_message(kind: str) -> str:
    """The error for a file of that kind."""
    return f"the file is {kind} text, not UTF-8: save it as UTF-8"


def is_utf8(data: bytes) -> bool:
    """Whether ``data`` is UTF-8 text (the batch paths' scans take no other)."""
    if data.isascii():
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
