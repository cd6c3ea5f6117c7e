"""IRIs in SQL with DuckDB: validate, parse and normalize a Parquet column of IRIs.

    python duckdb_sql.py links.parquet [--make-sample] [--out checked.parquet]

The file's string column ``iri`` is checked with the functions rfc3987_rs.duckdb registers
(iri_is_valid, iri_parse, iri_normalize); the counts, the invalid rows by the component their
error is in, and the rows that normalization changed are printed as JSON. ``--make-sample``
writes a sample file first; ``--out`` writes the checked rows as Parquet.
"""

from __future__ import annotations

import json

import duckdb

import rfc3987_rs.duckdb

from sample import arguments

CHECK = """
CREATE TABLE checked AS
SELECT iri,
       iri_is_valid(iri) AS valid,
       iri_normalize(iri) AS normalized,
       iri_parse(iri) AS parsed
FROM links
"""
COUNTS = """
SELECT count(*), count(*) FILTER (iri IS NULL), count(*) FILTER (valid),
       count(*) FILTER (NOT valid)
FROM checked
"""
BY_COMPONENT = """
SELECT coalesce(parsed.error_component, '(none)') AS component, count(*)
FROM checked WHERE NOT valid GROUP BY component ORDER BY component
"""
NORMALIZED = "SELECT iri, normalized FROM checked WHERE normalized <> iri ORDER BY iri"
OUT = """
SELECT iri, valid, normalized, parsed.error_component, parsed.error_position FROM checked
"""


def main() -> None:
    args = arguments(__doc__)

    con = duckdb.connect()
    rfc3987_rs.duckdb.register(con)
    con.read_parquet(args.parquet).create_view("links")
    con.execute(CHECK)
    [(rows, null, valid, invalid)] = con.sql(COUNTS).fetchall()
    result = {
        "rows": rows,
        "null": null,
        "valid": valid,
        "invalid": invalid,
        "invalid_by_component": dict(con.sql(BY_COMPONENT).fetchall()),
        "normalized": [list(row) for row in con.sql(NORMALIZED).fetchall()],
    }
    if args.out:
        con.sql(OUT).write_parquet(args.out)
    con.close()
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
