"""IRIs in a Polars frame: validate, parse and normalize a Parquet column of IRIs.

    python polars_frame.py links.parquet [--make-sample] [--out checked.parquet]

The file's string column ``iri`` is checked with the expressions rfc3987_rs.polars registers
(.iri.is_valid, .iri.parse, .iri.normalize), lazily; the counts, the invalid rows by the
component their error is in, and the rows that normalization changed are printed as JSON.
``--make-sample`` writes a sample file first; ``--out`` writes the checked rows as Parquet.
"""

from __future__ import annotations

import json

import polars as pl

import rfc3987_rs.polars  # noqa: F401 (registers the namespace .iri)

from sample import arguments


def main() -> None:
    args = arguments(__doc__)

    iri = pl.col("iri")
    parsed = iri.iri.parse()
    checked = (
        pl.scan_parquet(args.parquet)
        .with_columns(
            valid=iri.iri.is_valid(),
            normalized=iri.iri.normalize(),
            error_component=parsed.struct.field("error_component"),
            error_position=parsed.struct.field("error_position"),
        )
        .collect()
    )
    valid = pl.col("valid")
    counts = checked.select(
        rows=pl.len(),
        null=iri.is_null().sum(),
        valid=valid.sum(),
        invalid=(~valid).sum(),
    ).row(0, named=True)
    by_component = (
        checked.filter(~valid)
        .group_by(pl.col("error_component").fill_null("(none)"))
        .len()
        .sort("error_component")
    )
    normalized = checked.filter(pl.col("normalized") != iri).sort("iri")
    result = {
        **counts,
        "invalid_by_component": dict(by_component.iter_rows()),
        "normalized": [list(row) for row in normalized.select("iri", "normalized").iter_rows()],
    }
    if args.out:
        checked.write_parquet(args.out)
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
