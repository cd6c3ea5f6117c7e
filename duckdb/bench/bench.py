"""The extension's speed in DuckDB beside the Python module's UDFs and DuckDB's own pass over
the column, as ratios measured in one run.

Each corpus of benches/data (the one the Rust and Python benchmarks read) is loaded into a
table, repeated to ``--rows`` rows, and each query runs with DuckDB's ``threads`` at
1 and at 2:

- ``floor``: ``count(*) FILTER (length(s) > 0)``, DuckDB's own pass over the column;
- ``is_valid``: ``count(*) FILTER (iri_is_valid(s))``, the extension; ``py_is_valid``, the
  same function of ``rfc3987_rs.duckdb`` (a Python UDF over Arrow, a vector a call); and
  ``py_row_is_valid``, ``rfc3987_rs.is_valid`` as a per-row Python UDF (one call a row);
- ``normalize``: ``count(*) FILTER (iri_normalize(s) <> s)`` and the same of ``py_normalize``,
  beside ``lower``, a DuckDB string function that also writes a string a row, in the same
  query.

Time: the best of ``--rounds`` runs of each query, as rows per second. ``--count QUERY``
instead runs one query once on one thread (for callgrind.sh, which counts instructions).

    python duckdb/bench/bench.py [--rows N] [--rounds R]     (duckdb/bench/run.sh)
"""

from __future__ import annotations

import argparse
import gzip
import os
import platform
import time
from pathlib import Path

import duckdb
import pyarrow as pa
import rfc3987_rs.duckdb

ROOT = Path(__file__).resolve().parents[2]
CORPORA = {"mixed": "iris-mixed-100k.txt.gz", "nonascii": "iris-nonascii.txt.gz"}

QUERIES = {
    "floor": "SELECT count(*) FILTER (length(s) > 0) FROM corpus",
    "is_valid": "SELECT count(*) FILTER (iri_is_valid(s)) FROM corpus",
    "py_is_valid": "SELECT count(*) FILTER (py_is_valid(s)) FROM corpus",
    "py_row_is_valid": "SELECT count(*) FILTER (py_row_is_valid(s)) FROM corpus",
    "lower": "SELECT count(*) FILTER (lower(s) <> s) FROM corpus",
    "normalize": "SELECT count(*) FILTER (iri_normalize(s) <> s) FROM corpus",
    "py_normalize": "SELECT count(*) FILTER (py_normalize(s) <> s) FROM corpus",
}


def row_is_valid(s: str) -> bool:
    """``rfc3987_rs.is_valid``, one row a call."""
    return rfc3987_rs.is_valid(s)


def connect(extension: str, corpus: str, rows: int) -> duckdb.DuckDBPyConnection:
    """A database with the extension, the Python UDFs (prefix ``py_``) and the table
    ``corpus(s)``: the corpus's lines repeated to ``rows`` rows (DuckDB reads the Arrow table
    ``lines`` by its Python name)."""
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{extension}'")
    rfc3987_rs.duckdb.register(con, prefix="py_")
    # The scalar function as a per-row Python UDF, as a DuckDB user would first write it.
    con.create_function("py_row_is_valid", row_is_valid, ["VARCHAR"], "BOOLEAN")
    with gzip.open(ROOT / "benches" / "data" / CORPORA[corpus], "rt", encoding="utf-8") as f:
        lines = pa.table({"s": [line.rstrip("\n") for line in f if line.strip()]})
    copies = -(-rows // lines.num_rows)
    con.execute(f"CREATE TABLE corpus AS SELECT s FROM lines, range({copies}) LIMIT {rows}")
    return con


def best(con: duckdb.DuckDBPyConnection, query: str, rounds: int) -> float:
    """The shortest of ``rounds`` runs of ``query``, in seconds."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        con.execute(query).fetchall()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--extension", default=os.environ.get("RFC3987_DUCKDB_EXTENSION"))
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--count", choices=[*QUERIES, "none"], help="run one query once, one thread"
    )
    parser.add_argument("--corpus", choices=list(CORPORA), default=None)
    args = parser.parse_args()
    if args.count:
        con = connect(args.extension, args.corpus or "mixed", args.rows)
        con.execute("SET threads = 1")
        if args.count != "none":
            con.execute(QUERIES[args.count]).fetchall()
        return
    print(
        f"DuckDB {duckdb.__version__}, Python {platform.python_version()}, {os.cpu_count()} cores"
    )
    for corpus in [args.corpus] if args.corpus else list(CORPORA):
        con = connect(args.extension, corpus, args.rows)
        (n,) = con.execute("SELECT count(*) FROM corpus").fetchall()[0]
        print(f"\n{corpus}: {n} rows; Mrows/s (best of {args.rounds}), then ratios")
        rate: dict[tuple[str, int], float] = {}
        for threads in (1, 2):
            con.execute(f"SET threads = {threads}")
            for name, query in QUERIES.items():
                rate[name, threads] = n / best(con, query, args.rounds) / 1e6
                print(f"  {name:13} threads={threads}  {rate[name, threads]:9.2f}")
        for threads in (1, 2):
            for ours, theirs in [
                ("is_valid", "py_is_valid"),
                ("normalize", "py_normalize"),
            ]:
                ratio = rate[ours, threads] / rate[theirs, threads]
                print(f"  {ours} / {theirs}, threads={threads}: {ratio:.1f}x")
            ratio = rate["floor", threads] / rate["is_valid", threads]
            print(f"  is_valid, threads={threads}: {ratio:.2f}x the floor's time")
            ratio = rate["lower", threads] / rate["normalize", threads]
            print(f"  normalize, threads={threads}: {ratio:.2f}x the time of lower")
        for name in ("is_valid", "normalize", "py_is_valid", "floor"):
            print(f"  {name}: threads=2 / threads=1: {rate[name, 2] / rate[name, 1]:.2f}x")


if __name__ == "__main__":
    main()
