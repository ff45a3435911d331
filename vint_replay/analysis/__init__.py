"""Double-dummy analysis (needs the ``dd`` extra: endplay's DDS, Dask): ``dd`` (trick tables,
per-card verdicts), ``par`` (vint par), ``jobs``/``runner``/``batch`` (analysing a store
locally or on a Dask cluster), ``tables`` (the ``dd_tables``/``dd_plays`` datasets) and
``views`` (what the dashboard shows). See docs/analysis.md."""
