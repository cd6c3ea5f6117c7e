"""A sample Parquet file for the engine examples: one string column ``iri``.

Its rows: the IRIs of ../iris.txt (all valid and already normal), three that RFC 3986 §6.2
normalizes, three that are not IRI references, and a null.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

# RFC 3986 §6.2.2.1 (case), §6.2.2.2 (percent-encoding), §6.2.3 (the default port).
NOT_NORMAL = [
    "HTTP://www.EXAMPLE.com/",
    "http://example.com/%7Esmith/home.html",
    "http://example.com:80/",
]
# A space in the path; 'g' is no hexadecimal digit of an IPv6 address; a space in the scheme.
INVALID = ["http://a/b c", "http://[::g]/", "ht tp://x"]


def write_sample(path: str) -> None:
    """Write the sample rows to ``path`` as Parquet."""
    iris = (Path(__file__).resolve().parent.parent / "iris.txt").read_text("utf-8").splitlines()
    rows = [*iris, *NOT_NORMAL, *INVALID, None]
    pq.write_table(pa.table({"iri": pa.array(rows, pa.string())}), path)


def arguments(doc: str, out: str = "file") -> argparse.Namespace:
    """The command line of every example: the Parquet file, ``--make-sample`` to write this
    sample there first, and ``--out`` for the checked rows (a Parquet ``out``)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("parquet", help="a Parquet file with a string column 'iri'")
    parser.add_argument("--make-sample", action="store_true", help="write a sample file first")
    parser.add_argument("--out", help=f"write the checked rows to this Parquet {out}")
    args = parser.parse_args()
    if args.make_sample:
        write_sample(args.parquet)
    return args
