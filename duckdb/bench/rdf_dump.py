"""``read_rdf_iris`` over a whole dump beside the way to the same table without it: ``iri check
--json`` piped into DuckDB's ``read_json``, as ratios measured in one run.

The dump is benches/data's DBpedia links (bzip2-compressed N-Triples). The query counts the
IRIs by the ABNF rule of their fault:

- ``read_rdf_iris``: ``SELECT rule, count(*) FROM read_rdf_iris(dump) GROUP BY ALL``, the
  extension reading (and decompressing) the dump, a row per IRI (the valid ones' rule is NULL);
- ``iri check | read_json``: ``iri check --json dump`` piped into DuckDB in a second process,
  whose ``read_json`` reads the findings from its standard input, the same query (the time
  includes that process's start, about what the ``duckdb`` shell's would be).

Both run with DuckDB's ``threads`` at 1 and at 2 (``iri check -j`` the same); the two tables
must be equal but for the extension's NULL row, the valid IRIs, which ``iri check --json`` does
not list. Time: the best of ``--rounds`` runs of each, the two taking turns (the machines are
shared: a slow spell falls on both).

    duckdb/bench/run.sh rdf [--rounds R]   (rdf_dump.py with the release builds)
"""

from __future__ import annotations

import argparse
import bz2
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[2]
DUMP = ROOT / "benches" / "data" / "dbpedia-de-dnb-wikidata-links.nt.bz2"
QUERY = "SELECT rule, count(*) FROM {source} GROUP BY ALL ORDER BY ALL"

Table = list[tuple[object, ...]]


def extension(con: duckdb.DuckDBPyConnection, dump: Path, threads: int) -> Table:
    con.execute(f"SET threads = {threads}")
    return con.execute(QUERY.format(source=f"read_rdf_iris('{dump}')")).fetchall()


# The reading side of the pipe: DuckDB in a child process, the findings from its standard input
# (one JSON object a line; the last, the summary, has no code), the table printed as JSON.
READER = """
import json, sys, duckdb
con = duckdb.connect()
con.execute("SET enable_progress_bar = false")
con.execute(f"SET threads = {sys.argv[1]}")
source = "read_json('/dev/stdin', columns = {'code': 'VARCHAR', 'rule': 'VARCHAR'})"
print(json.dumps(con.execute(sys.argv[2].format(source=source)).fetchall()))
"""


def piped(iri: str, dump: Path, threads: int) -> Table:
    """``iri check --json -j THREADS dump | python -c READER``: a pipe between two processes."""
    writer = subprocess.Popen(
        [iri, "check", "--json", "-j", str(threads), str(dump)], stdout=subprocess.PIPE
    )
    reader = subprocess.run(
        [sys.executable, "-c", READER, str(threads), QUERY],
        stdin=writer.stdout,
        capture_output=True,
        check=True,
    )
    writer.wait()
    return [tuple(row) for row in json.loads(reader.stdout)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--extension", default=os.environ.get("RFC3987_DUCKDB_EXTENSION"))
    parser.add_argument("--iri", default=str(ROOT / "target" / "release" / "iri"))
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{args.extension}'")
    con.execute("SET enable_progress_bar = false")
    # The same dump decompressed, in memory: the speed of the rest, without bzip2's.
    plain = Path(f"/dev/shm/rdf_dump_{os.getpid()}.nt")
    plain.write_bytes(bz2.decompress(DUMP.read_bytes()))
    try:
        for dump in (DUMP, plain):
            print(f"DuckDB {duckdb.__version__}, {dump.name} ({dump.stat().st_size:,} bytes)")
            for threads in (1, 2):
                compare(con, args.iri, dump, threads, args.rounds)
    finally:
        plain.unlink()


def compare(
    con: duckdb.DuckDBPyConnection, iri: str, dump: Path, threads: int, rounds: int
) -> None:
    """Times the query both ways, taking turns; prints the best of each and their ratio."""
    times: dict[str, list[float]] = {"ours": [], "theirs": []}
    tables: dict[str, Table] = {}
    for _ in range(rounds):
        for name in ("ours", "theirs"):
            start = time.perf_counter()
            if name == "ours":
                tables[name] = extension(con, dump, threads)
            else:
                tables[name] = piped(iri, dump, threads)
            times[name].append(time.perf_counter() - start)
    # The NULL rows: the valid IRIs (ours), the summary line (theirs).
    findings = [row for row in tables["ours"] if row[0] is not None]
    if findings != [row for row in tables["theirs"] if row[0] is not None]:
        raise SystemExit(f"the tables differ:\n{tables['ours']}\n{tables['theirs']}")
    ours, theirs = min(times["ours"]), min(times["theirs"])
    iris = sum(int(str(n)) for _, n in tables["ours"])
    print(f"  threads={threads}: read_rdf_iris {ours:.3f} s, the pipe {theirs:.3f} s")
    print(f"    {theirs / ours:.2f}x as fast ({iris:,} IRIs, {len(findings)} rules of faults)")


if __name__ == "__main__":
    main()
