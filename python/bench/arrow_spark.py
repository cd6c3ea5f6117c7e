"""The validation of an IRI column as a PySpark job, on one and on two local cores: a
`mapInArrow` over a Parquet file of the corpus with `rfc3987_rs.arrow.is_valid` (and
`normalize`) on each Arrow batch, `parallel=False` (Spark runs one task per core), beside the
same job with PyPI `rfc3987` 1.3.8 called on each row as a Python UDF would (`match(s,
"IRI_reference")`, as installed by default and with `regex`), our scalar
`rfc3987_rs.is_valid` in the same per-row loop, and a job whose function returns a constant
column without reading the strings (what Spark, Parquet and the Arrow exchange cost alone).

The Parquet file is the mixed corpus (bench.py's, from benches/data) repeated to at least
`--rows` rows, written once in `--files` parts to target/arrow-bench (each part a task: the
same tasks on one core and on two). Each job ends in `count_if(valid)`, which makes Spark run
the function on every row; its wall time is the best of `--rounds` runs (each a new query)
after one warm-up run (the Python workers started, the JVM's code compiled).

    bench/run.sh spark     (the bench environment: pyspark, pandas, pyarrow; Java 17)
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from arrow_bench import matches, repeated, udf

import rfc3987_rs
from bench import ROOT, corpora, load_rfc3987
from rfc3987_rs import arrow

HERE = Path(__file__).resolve().parent
Batches = Iterator[pa.RecordBatch]


def parquet(rows: int, files: int) -> tuple[Path, int]:
    """The Parquet directory of the mixed corpus repeated to at least `rows` rows in `files`
    parts of one row group each, written when it is not there yet, and its number of rows."""
    _, iris, _ = corpora()
    column = repeated(iris["mixed"], rows)
    directory = ROOT / "target" / "arrow-bench" / f"iris-mixed-100k-{len(column)}-{files}.parquet"
    if not directory.is_dir():
        directory.mkdir(parents=True)
        for k in range(files):
            part = column[len(column) * k // files : len(column) * (k + 1) // files]
            table = pa.table({"iri": pa.concat_arrays([part])})  # a copy, not a slice
            pq.write_table(table, directory / f"part-{k:05}.parquet", row_group_size=len(part))
    return directory, len(column)


def tree_cpu() -> float:
    """The CPU seconds (user and system) of this process and all its descendants, the
    finished ones included (Linux's /proc): the JVM Spark runs in, its Python workers and
    this driver. 0 where there is no /proc."""
    stats: dict[int, list[str]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # it has ended
            continue
        stats[int(entry.name)] = stat[stat.rindex(")") + 2 :].split()
    children: dict[int, list[int]] = {}
    for pid, fields in stats.items():
        children.setdefault(int(fields[1]), []).append(pid)
    ticks, todo = 0, [os.getpid()]
    while todo:
        pid = todo.pop()
        fields = stats.get(pid)
        if fields is not None:
            # utime, stime, cutime, cstime (fields 14 to 17 of proc(5); here from the state on)
            ticks += sum(int(f) for f in fields[11:15])
        todo.extend(children.get(pid, []))
    return ticks / os.sysconf("SC_CLK_TCK")


def valid_only(valid: Callable[[pa.Array], pa.Array]) -> Callable[[Batches], Batches]:
    """A `mapInArrow` function: the `valid` column of each batch's `iri`."""

    def job(batches: Batches) -> Batches:
        for batch in batches:
            yield pa.record_batch([valid(batch.column(0))], names=["valid"])

    return job


def valid_and_normal(batches: Batches) -> Batches:
    """A `mapInArrow` function: `valid` and the normalized IRI (`normalize`'s default level,
    `scheme`; null when invalid)."""
    for batch in batches:
        iris = batch.column(0)
        yield pa.record_batch(
            [
                arrow.is_valid(iris, parallel=False),
                arrow.normalize(iris, parallel=False).cast(pa.string()),
            ],
            names=["valid", "normal"],
        )


def rfc3987_udf(with_regex: bool) -> Callable[[pa.Array], pa.Array]:
    """rfc3987's `match` on each row, the module loaded in the Python worker (cached there)."""

    def valid(iris: pa.Array) -> pa.Array:
        module = load_rfc3987(with_regex)
        assert module is not None, "regex is not installed (python/bench/run.sh installs it)"
        return udf(matches(module), iris, pa.bool_())

    return valid


JOBS: dict[str, tuple[str, Callable[[Batches], Batches]]] = {
    "constant (Spark, Parquet, Arrow only)": (
        "valid boolean",
        valid_only(lambda iris: pa.nulls(len(iris), pa.bool_()).fill_null(True)),
    ),
    "is_valid/rfc3987_rs.arrow": (
        "valid boolean",
        valid_only(lambda iris: arrow.is_valid(iris, parallel=False)),
    ),
    "is_valid+normalize/rfc3987_rs.arrow": ("valid boolean, normal string", valid_and_normal),
    "is_valid/rfc3987_rs per row": (
        "valid boolean",
        valid_only(lambda iris: udf(rfc3987_rs.is_valid, iris, pa.bool_())),
    ),
    "is_valid/rfc3987 UDF": ("valid boolean", valid_only(rfc3987_udf(False))),
    "is_valid/rfc3987+regex UDF": ("valid boolean", valid_only(rfc3987_udf(True))),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=16, help="Parquet parts (tasks)")
    parser.add_argument("--cores", default="1,2", help="the local[N] masters, comma-separated")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--batch-rows",
        type=int,
        default=10_000,
        help="spark.sql.execution.arrow.maxRecordsPerBatch (Spark's default: 10,000)",
    )
    parser.add_argument("--jobs", help="run only the jobs whose name contains this")
    args = parser.parse_args()

    # The Python workers are this interpreter (the bench environment), as is the driver.
    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark import __version__ as pyspark_version
    from pyspark.sql import SparkSession

    path, rows = parquet(args.rows, args.files)
    # Spark starts its Python workers in the current directory, first on their sys.path: from
    # python/ (run.sh's), they would import the source tree's rfc3987_rs, which has no
    # compiled module, instead of the installed wheel.
    os.chdir(path.parent)
    jobs = {n: j for n, j in JOBS.items() if not args.jobs or args.jobs in n}
    print(
        f"{rows:,} rows in {args.files} Parquet parts ({path}); Python "
        f"{platform.python_version()}; pyspark {pyspark_version}; pyarrow {pa.__version__}; "
        f"Arrow batches of {args.batch_rows:,} rows; best of {args.rounds} rounds after a "
        f"warm-up; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
        file=sys.stderr,
    )
    figures: dict[int, dict[str, tuple[float, float]]] = {}
    for cores in (int(c) for c in args.cores.split(",")):
        spark = (
            SparkSession.builder.master(f"local[{cores}]")
            .appName("rfc3987_rs arrow bench")
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.batch_rows))
            # Each Parquet part a task of its own, whatever the number of cores.
            .config("spark.sql.files.openCostInBytes", str(128 << 20))
            .config("spark.sql.files.maxPartitionBytes", str(128 << 20))
            .getOrCreate()
        )
        spark.sparkContext.setLogLevel("ERROR")
        # The workers import these modules by name (cloudpickle sends their functions by
        # reference).
        for module in ("bench.py", "arrow_bench.py"):
            spark.sparkContext.addPyFile(str(HERE / module))
        frame = spark.read.parquet(str(path))
        partitions = frame.rdd.getNumPartitions()
        for name, (schema, job) in jobs.items():
            (best, cpu), answer = (float("inf"), 0.0), None
            for _ in range(1 + args.rounds):
                # A new query each round: the same one again would find its shuffle's output
                # already there and skip the stage that runs the function.
                start, start_cpu = time.perf_counter(), tree_cpu()
                query = frame.mapInArrow(job, schema).selectExpr("count_if(valid)", "count(*)")
                answer = query.collect()[0]
                wall = time.perf_counter() - start
                if wall < best:
                    best, cpu = wall, tree_cpu() - start_cpu
            figures.setdefault(cores, {})[name] = best, cpu
            assert answer is not None and answer[1] == rows, answer
            print(
                f"local[{cores}] {name:38} {best:7.3f} s {rows / best / 1e6:7.3f} M rows/s; "
                f"CPU {cpu:6.2f} s ({cpu / best:.2f} cores busy); {answer[0]:,} valid; "
                f"{partitions} tasks",
                file=sys.stderr,
            )
        spark.stop()
    print(
        f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
        file=sys.stderr,
    )

    counts = sorted(figures)
    print(
        "\n| job | "
        + " | ".join(f"local[{c}]: s · M rows/s · CPU s" for c in counts)
        + " | "
        + " | ".join(f"÷ rfc3987 UDF, local[{c}]" for c in counts)
        + (f" | local[{counts[-1]}] ÷ local[{counts[0]}]" if len(counts) > 1 else "")
        + " |"
    )
    print("|---|" + "---|" * (2 * len(counts) + (len(counts) > 1)))
    for name in jobs:
        times = [figures[c][name][0] for c in counts]
        cells = [
            f"{t:.2f} s · {rows / t / 1e6:.3f} · {figures[c][name][1]:.2f} s"
            for c, t in zip(counts, times)
        ]
        base = [figures[c].get("is_valid/rfc3987 UDF", (None, 0))[0] for c in counts]
        ratios = [f"{b / t:.1f}×" if b else "" for b, t in zip(base, times)]
        speedup = [f"{times[0] / times[-1]:.2f}×"] if len(counts) > 1 else []
        print("| " + " | ".join([name, *cells, *ratios, *speedup]) + " |")


if __name__ == "__main__":
    main()
