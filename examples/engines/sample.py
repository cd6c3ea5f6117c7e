"""A sample Parquet file for the engine examples: one string column ``iri``.

Its rows: the IRIs of ../iris.txt (all valid and already normal), three that RFC 3986 §6.2
normalizes, three that are not IRI references, and a null.
"""

from __future__ import annotations

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
