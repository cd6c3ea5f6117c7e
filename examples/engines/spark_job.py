"""IRIs in a PySpark job: validate, parse and normalize a Parquet column of IRIs.

    python spark_job.py links.parquet [--make-sample] [--out checked-dir]

Spark hands each partition to Python as Arrow record batches (mapInArrow); the batch
functions of rfc3987_rs.arrow check them on the worker's own thread (parallel=False: Spark runs
one task per core already). The counts, the invalid rows by the component their error is in,
and the rows that normalization changed are printed as JSON. ``--make-sample`` writes a sample
file first; ``--out`` writes the checked rows as a Parquet directory. It runs on a local
two-core master; on a cluster, each worker needs rfc3987-rs installed (not on PyPI yet:
built from a clone, see docs/src/install.md).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator

import pyarrow as pa
import pyarrow.compute as pc
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

from rfc3987_rs import arrow

from sample import arguments

CHECKED = (
    "iri string, valid boolean, normalized string, error_component string, error_position long"
)


def check(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """Each batch's IRIs, whether they are valid, normalized, and where an error is."""
    for batch in batches:
        iris = batch.column("iri")
        parsed = arrow.parse(iris, parallel=False)
        yield pa.RecordBatch.from_arrays(
            [
                iris,
                arrow.is_valid(iris, parallel=False),
                arrow.normalize(iris, parallel=False),
                # struct_field, unlike StructArray.field, gives null in a null row.
                pc.struct_field(parsed, "error_component"),
                pc.struct_field(parsed, "error_position"),
            ],
            names=["iri", "valid", "normalized", "error_component", "error_position"],
        )


def main() -> None:
    args = arguments(__doc__, "directory")

    # The Python workers are this interpreter, which has rfc3987_rs and pyarrow; the driver
    # listens on the loopback address only.
    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("rfc3987-rs")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    try:
        checked = spark.read.parquet(args.parquet).select("iri").mapInArrow(check, CHECKED).cache()
        iri, valid = F.col("iri"), F.col("valid")
        counts = checked.agg(
            F.count(F.lit(1)).alias("rows"),
            F.count_if(iri.isNull()).alias("null"),
            F.count_if(valid).alias("valid"),
            F.count_if(~valid).alias("invalid"),
        ).first()
        assert counts is not None
        by_component = (
            checked.where(~valid)
            .groupBy(F.coalesce("error_component", F.lit("(none)")).alias("component"))
            .count()
            .orderBy("component")
            .collect()
        )
        normalized = (
            checked.where(F.col("normalized") != iri)
            .orderBy("iri")
            .select("iri", "normalized")
            .collect()
        )
        result = {
            **counts.asDict(),
            "invalid_by_component": {row["component"]: row["count"] for row in by_component},
            "normalized": [[row["iri"], row["normalized"]] for row in normalized],
        }
        if args.out:
            checked.write.mode("overwrite").parquet(args.out)
    finally:
        spark.stop()
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
