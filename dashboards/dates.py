"""A session's date as every page shows it: ISO ``YYYY-MM-DD``, whatever form the record holds.

Imports read PBN's ``[Date "1998.07.16"]`` as ISO (docs/format.md §5.2), but a store imported
before then, or a record that gave PBN's form itself, holds ``1998.07.16``; a PBN date with an
unknown part (``2026.11.??``) has no ISO day and is kept as given. Pages show the known part in
ISO's reduced form instead (``2026-11``, ``2026``; issue 24), and filter by date on both forms.
"""
from __future__ import annotations

import re
from datetime import date

import pyarrow.compute as pc
import pyarrow.dataset as ds

_PBN = re.compile(r"([0-9]{4}|\?{4})\.([0-9]{2}|\?\?)\.([0-9]{2}|\?\?)")
PBN_SHAPE = r"^[0-9]{4}\."  # a stored date in PBN's form (its year known)
ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def shown_date(text: str | None) -> str:
    """``text`` as pages show it: a PBN date in ISO form, its unknown parts left out (``""`` when
    nothing is known); an ISO date, or anything that is not a PBN date, as it is."""
    if not text:
        return ""
    match = _PBN.fullmatch(text)
    if match is None:
        return text
    year, month, day = match.groups()
    if "?" in year:
        return ""
    if "?" in month:
        return year
    if "?" in day:
        return f"{year}-{month}"
    try:
        return date(int(year), int(month), int(day)).isoformat()
    except ValueError:  # no such day (2026.02.30): not a date, shown as written
        return text


def pbn_form(iso: str) -> str:
    """An ISO day (``2026-11-03``) as PBN writes it (``2026.11.03``), to compare with dates stored so."""
    return iso.replace("-", ".")


def date_between(start: str | None, end: str | None) -> ds.Expression | None:
    """Sessions dated from ``start`` to ``end`` (ISO days, inclusive, either may be open): an ISO
    date compared as ISO, one in PBN's form as PBN's (the two forms never compared with each other:
    ``1998.01.01`` sorts after ``1998-06-01``). A PBN date without its day (``2026.11.??``) sorts
    after every day of its month, so it is inside a range that starts by that month and ends after it."""
    if start is None and end is None:
        return None
    field = ds.field("date")
    pbn = pc.match_substring_regex(field, PBN_SHAPE)
    iso_part, pbn_part = ~pbn, pbn
    if start:
        iso_part &= field >= start
        pbn_part &= field >= pbn_form(start)
    if end:
        iso_part &= field <= end
        pbn_part &= field <= pbn_form(end)
    return iso_part | pbn_part
