"""Throughput of the Arrow batch functions (`rfc3987_rs.arrow`) beside what a data engine does
without them: PyPI `rfc3987` 1.3.8 applied to each row of the column as a Python UDF would
(`to_pylist()`, one call a row, `pa.array` of the answers), as installed by default and with
`regex` (loaded twice, as bench.py does), and our own scalar `rfc3987_rs.is_valid` in the same
Python loop, for reference. Rows per second, best of several rounds
(`python bench/arrow_bench.py`, or `bench/run.sh arrow`), and instructions per row under
callgrind (`bench/arrow_callgrind.sh`, which runs `--count`).

Each corpus (bench.py's, from benches/data) becomes one pyarrow `string` array, the corpus
repeated to at least `--rows` rows, on which the Arrow functions run on one thread
(`parallel=False`) and on all cores (`parallel=True`, rayon's pool: `RAYON_NUM_THREADS` sizes
it). The per-row Python loops and `lint_codes` run on one copy of the corpus (their time per
row does not depend on the length of the array).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import types
from collections.abc import Callable
from typing import Any

import pyarrow as pa

import rfc3987_rs
from bench import corpora, load_rfc3987, per_call, upstream_rfc3987
from rfc3987_rs import arrow

ONE, ALL = "1 core", "all cores"


def udf(function: Callable[[str], object], array: pa.Array, type: pa.DataType | None) -> pa.Array:
    """`function` applied to each row as a Python UDF would: the column as a list of `str`,
    one call a row, the answers made into an Arrow array."""
    return pa.array([function(s) for s in array.to_pylist()], type)


def matches(module: types.ModuleType) -> Callable[[str], bool]:
    """rfc3987's `match(s, "IRI_reference")`, as a boolean."""
    match = module.match
    return lambda s: match(s, "IRI_reference") is not None


def parses(module: types.ModuleType) -> Callable[[str], dict[str, str | None] | None]:
    """rfc3987's `parse(s, "IRI_reference")`: its dict of components, `None` for a row it
    rejects (`ValueError`)."""
    parse = module.parse

    def row(s: str) -> dict[str, str | None] | None:
        try:
            result: dict[str, str | None] = parse(s, "IRI_reference")
            return result
        except ValueError:
            return None

    return row


def loops(array: pa.Array) -> dict[str, Callable[[], Any]]:
    """Every measured loop over `array` by name: `<operation>/<implementation>`. An Arrow
    function's result is the whole column (`pa.Array`), as is each UDF's."""
    measured: dict[str, Callable[[], Any]] = {}
    for cores, p in ((ONE, False), (ALL, True)):
        measured.update(
            {
                f"is_valid/arrow, {cores}": lambda p=p: arrow.is_valid(array, parallel=p),
                f"parse/arrow, {cores}": lambda p=p: arrow.parse(array, parallel=p),
                f"normalize/arrow, {cores}": lambda p=p: arrow.normalize(array, parallel=p),
                f"to_uri/arrow, {cores}": lambda p=p: arrow.to_uri(array, parallel=p),
                f"lint_codes/arrow, {cores}": lambda p=p: arrow.lint_codes(array, parallel=p),
            }
        )
    is_valid, boolean = rfc3987_rs.is_valid, pa.bool_()
    measured["is_valid/rfc3987_rs per row"] = lambda: udf(is_valid, array, boolean)
    for flavour, with_regex in (("rfc3987", False), ("rfc3987+regex", True)):
        module = load_rfc3987(with_regex)
        if module is None:  # regex is not installed (python/bench/run.sh installs it)
            continue
        measured[f"is_valid/{flavour} UDF"] = lambda m=module: udf(matches(m), array, boolean)
        measured[f"parse/{flavour} UDF"] = lambda m=module: udf(parses(m), array, None)
    return measured


def is_slow(name: str) -> bool:
    """Whether the loop runs on one copy of the corpus rather than the repeated array."""
    return name.startswith("lint_codes/") or "/arrow" not in name


def baseline(name: str, flavour: str) -> str:
    """The UDF a loop is compared with: rfc3987's own for the same operation where it has one
    (`match` for `is_valid`, `parse`), else its `match` (rfc3987 has no `normalize`, `to_uri`
    or lint: what they do beyond validation is not in the ratio)."""
    operation = name.split("/")[0]
    return f"{'parse' if operation == 'parse' else 'is_valid'}/{flavour} UDF"


def repeated(lines: list[str], rows: int) -> pa.Array:
    """The corpus as one contiguous `string` array, repeated to at least `rows` rows."""
    once = pa.array(lines, pa.string())
    copies = max(1, -(-rows // len(lines)))
    return pa.concat_arrays([once] * copies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows of the Arrow arrays")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--count",
        nargs=3,
        metavar=("LOOP", "CORPUS", "N"),
        help="run one loop once on an array of N rows, for callgrind",
    )
    parser.add_argument(
        "--empty", action="store_true", help="with --count: make the N rows, run on none"
    )
    args = parser.parse_args()
    where, iris, _ = corpora()

    if args.count:
        name, corpus, n = args.count[0], args.count[1], int(args.count[2])
        lines = iris[corpus]
        # The array of N rows is made in both runs (making it costs more than some loops), a
        # new array, not a slice of a longer one: the UTF-8 check of an imported array reads
        # its values buffer from the start, before the slice too. The same first call, on one
        # row, in both runs: lazy imports, compiled patterns and pyarrow's first conversions
        # are set up, and the difference is the loop on the N rows.
        copies = -(-n // len(lines))
        array = pa.array((lines * copies)[:n], pa.string())
        loops(pa.array(lines[:1], pa.string()))[name]()
        loops(array[:0] if args.empty else array)[name]()
        return

    regex = "with and without regex" if load_rfc3987(with_regex=True) else "without regex"
    rayon = os.environ.get("RAYON_NUM_THREADS", os.cpu_count())
    print(
        f"corpora: {where}; Python {platform.python_version()}; pyarrow {pa.__version__}; "
        f"rfc3987 {upstream_rfc3987().__version__} ({regex}); all cores = "
        f"{rayon} threads; best of {args.rounds} rounds; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}",
        file=sys.stderr,
    )
    figures: dict[str, dict[str, float]] = {}
    for corpus, lines in iris.items():
        large, once = repeated(lines, args.rows), pa.array(lines, pa.string())
        for name in loops(once):
            used = once if is_slow(name) else large
            seconds = per_call(loops(used)[name], len(used), args.rounds)
            figures.setdefault(corpus, {})[name] = 1 / seconds
            print(
                f"{corpus:9} {name:32} {1e-6 / seconds:8.3f} M rows/s ({len(used):,} rows)",
                file=sys.stderr,
            )
    print(
        f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
        file=sys.stderr,
    )

    flavours = [f for f in ("rfc3987", "rfc3987+regex") if any(f in n for n in figures["mixed"])]
    print("\n| corpus | loop | M rows/s | " + " | ".join(f"÷ {f} UDF" for f in flavours) + " |")
    print("|---|---|---|" + "---|" * len(flavours))
    for corpus, rates in figures.items():
        for name, rate in rates.items():
            ratios = [rate / rates[baseline(name, f)] for f in flavours]
            print(
                f"| {corpus} | {name} | {rate / 1e6:.3f} | "
                + " | ".join(f"{r:,.1f}×" for r in ratios)
                + " |"
            )
    if args.json:
        print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
