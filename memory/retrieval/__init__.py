"""Hybrid, time-aware, calibrated retrieval (docs/decisions/0011-hybrid-retrieval.md).

- ``calibration``: per-embedder calibration of cosine similarity (robust z-score against the
  embedder's own query–unrelated-passage distribution → logistic relevance in (0, 1));
- ``lexical``: the query words sent to PostgreSQL full-text search (``quorum_es``/``quorum_en``);
- ``temporal``: a small Spanish/English parser of time references in a query ("en mayo",
  "last summer", "hace dos semanas") → a UTC time window;
- ``fusion``: the one scoring rule (calibrated vector + lexical coverage + time match → relevance,
  then relevance × confidence × recency), in Python for items scored outside SQL and as the SQL
  expression the private search runs.
"""
