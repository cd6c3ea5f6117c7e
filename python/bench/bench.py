"""Speed of the Python package beside the two PyPI packages python-jsonschema checks IRIs with,
measured in the same run: PyPI `rfc3987` 1.3.8 (regular expressions) and `rfc3987-syntax` 1.1.0
(a Lark Earley parser). Time per call, best of several rounds (`python bench/bench.py`), and
instructions per call under callgrind (`bench/callgrind.sh`, which runs `--count`).

The corpora are the repository's benches/data (gzip-compressed; see its SOURCES.md), the files
the Rust benchmarks read. rfc3987-syntax takes milliseconds per IRI, so it is measured on the
first `--slow-sample` inputs of each corpus.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import importlib
import importlib.util
import json
import sys
import time
import types
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import rfc3987_rs
from rfc3987_rs.compat import rfc3987 as compat_rfc3987
from rfc3987_rs.compat import rfc3987_syntax as compat_syntax


@cache
def upstream_syntax() -> types.ModuleType:
    """PyPI rfc3987-syntax, imported when first used: it builds its parser on import, which
    `--count` runs need not pay for."""
    return importlib.import_module("rfc3987_syntax")


@cache
def load_rfc3987(with_regex: bool) -> types.ModuleType | None:
    """PyPI rfc3987, loaded as a module of its own: as installed by default (it then uses the
    standard `re`; the optional `regex` is hidden from it), or with `regex`, which it prefers
    when present (its patterns then have named groups; `None` when `regex` is not installed:
    `pip install regex==2026.11.15`)."""
    spec = importlib.util.find_spec("rfc3987")
    assert spec is not None and spec.loader is not None
    hidden = sys.modules.get("regex")
    if with_regex:
        if importlib.util.find_spec("regex") is None:
            return None
    else:
        sys.modules["regex"] = None  # type: ignore[assignment]  # "import regex" fails
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        if with_regex:
            pass
        elif hidden is None:
            del sys.modules["regex"]
        else:
            sys.modules["regex"] = hidden
    return module


def upstream_rfc3987() -> types.ModuleType:
    """PyPI rfc3987 as installed by default."""
    module = load_rfc3987(with_regex=False)
    assert module is not None
    return module


ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "benches" / "data"


def corpora() -> tuple[str, dict[str, list[str]], list[tuple[str, str]]]:
    """Where the corpora are, the IRI lists and the (base, reference) pairs."""
    files = {"mixed": DATA / "iris-mixed-100k.txt.gz", "nonascii": DATA / "iris-nonascii.txt.gz"}
    iris = {
        name: gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()
        for name, path in files.items()
    }
    with gzip.open(DATA / "relative_urls_cc_10k.csv.gz", "rt", encoding="utf-8", newline="") as f:
        pairs = [(row["base"], row["relative"]) for row in csv.DictReader(f)]
    return str(DATA), iris, pairs


def per_call(work: Callable[[], object], calls: int, rounds: int) -> float:
    """The best time of `rounds` runs of `work`, in seconds per call."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best / calls


def each(function: Callable[[str, str], object], inputs: Sequence[str]) -> list[object]:
    """`function(s, "IRI_reference")` for each input (rfc3987's `match` and `parse`)."""
    return [function(s, "IRI_reference") for s in inputs]


def pairwise(
    function: Callable[[str, str], object], pairs: Sequence[tuple[str, str]]
) -> list[object]:
    """`function(base, reference)` for each pair."""
    return [function(b, r) for b, r in pairs]


def loops(inputs: Sequence[str], pairs: Sequence[tuple[str, str]]) -> dict[str, Callable[[], Any]]:
    """Every measured loop by name: `<operation>/<implementation>`."""
    ours_match, ours_parse = compat_rfc3987.match, compat_rfc3987.parse
    ours_resolve, is_valid = compat_rfc3987.resolve, rfc3987_rs.is_valid

    def up(name: str) -> Any:
        return getattr(upstream_rfc3987(), name)

    def up_regex(name: str) -> Any:
        module = load_rfc3987(with_regex=True)
        assert module is not None, "regex is not installed (python/bench/run.sh installs it)"
        return getattr(module, name)

    with_regex: dict[str, Callable[[], Any]] = {}
    if importlib.util.find_spec("regex") is not None:
        with_regex = {
            "match/rfc3987+regex": lambda: each(up_regex("match"), inputs),
            "parse/rfc3987+regex": lambda: each(up_regex("parse"), inputs),
        }
    measured: dict[str, Callable[[], Any]] = {
        "is_valid/rfc3987_rs": lambda: [is_valid(s) for s in inputs],
        "is_valid IRI/rfc3987_rs": lambda: [is_valid(s, "IRI") for s in inputs],
        "match/rfc3987_rs.compat": lambda: each(ours_match, inputs),
        "match/rfc3987": lambda: each(up("match"), inputs),
        "parse/rfc3987_rs.compat": lambda: each(ours_parse, inputs),
        "parse/rfc3987": lambda: each(up("parse"), inputs),
        "resolve/rfc3987_rs.compat": lambda: pairwise(ours_resolve, pairs),
        "resolve/rfc3987": lambda: pairwise(up("resolve"), pairs),
        "is_valid_syntax_iri_reference/rfc3987_rs.compat": lambda: [
            compat_syntax.is_valid_syntax_iri_reference(s) for s in inputs
        ],
        "is_valid_syntax_iri_reference/rfc3987_syntax": lambda: [
            upstream_syntax().is_valid_syntax_iri_reference(s) for s in inputs
        ],
    }
    measured.update(with_regex)
    return measured


def jsonschema_loops(references: list[str]) -> dict[str, Callable[[], Any]]:
    """Validating one array of IRI references with `format: iri-reference`, as
    python-jsonschema #1392 does with 1,800 of them: our checker, and jsonschema's own with
    each PyPI package behind it (jsonschema picks rfc3987 when it is installed, else
    rfc3987-syntax; both are installed here, so each is registered by hand as jsonschema
    registers it)."""
    import jsonschema

    from rfc3987_rs.jsonschema import FORMAT_CHECKER

    schema = {"type": "array", "items": {"type": "string", "format": "iri-reference"}}

    def checker(check: Callable[[str], object]) -> jsonschema.FormatChecker:
        fc = jsonschema.FormatChecker([])
        fc.checks("iri-reference", raises=ValueError)(
            lambda instance: not isinstance(instance, str) or check(instance)
        )
        return fc

    by_rfc3987 = checker(lambda s: upstream_rfc3987().parse(s, rule="IRI_reference"))
    by_syntax = checker(lambda s: upstream_syntax().is_valid_syntax("iri_reference", s))
    validator = jsonschema.Draft202012Validator

    def run(fc: jsonschema.FormatChecker) -> Callable[[], None]:
        return lambda: validator(schema, format_checker=fc).validate(references)

    return {
        "jsonschema/rfc3987_rs": run(FORMAT_CHECKER),
        "jsonschema/rfc3987": run(by_rfc3987),
        "jsonschema/rfc3987_syntax": run(by_syntax),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--slow-sample", type=int, default=200)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--count",
        nargs=3,
        metavar=("LOOP", "CORPUS", "N"),
        help="run one loop once on the first N inputs, for callgrind (N = 0: set-up only)",
    )
    args = parser.parse_args()
    where, iris, pairs = corpora()

    if args.count:
        name, corpus, n = args.count[0], args.count[1], int(args.count[2])
        inputs = iris[corpus][:n] if corpus in iris else []
        references = [r for _, r in pairs]
        if name.startswith("jsonschema/"):
            warm_up, work = (jsonschema_loops(references[:k])[name] for k in (1, n))
        else:
            some = iris[corpus][:1] if corpus in iris else []
            warm_up, work = loops(some, pairs[:1])[name], loops(inputs, pairs[:n])[name]
        # The same first call in the run on N inputs and in the run on none: lazy imports,
        # compiled patterns and caches are set up in both, and the difference is the N calls.
        warm_up()
        work()
        return

    regex = "with and without regex" if load_rfc3987(with_regex=True) else "without regex"
    print(
        f"corpora: {where}; Python {sys.version.split()[0]}; rfc3987 "
        f"{upstream_rfc3987().__version__} ({regex}); best of {args.rounds} rounds",
        file=sys.stderr,
    )
    figures: dict[str, dict[str, float]] = {}
    for corpus, inputs in iris.items():
        slow = inputs[: args.slow_sample]
        for name in loops(inputs, pairs):
            is_slow = name.endswith("/rfc3987_syntax") or name.startswith("is_valid_syntax")
            used, used_pairs = (slow, pairs[: args.slow_sample]) if is_slow else (inputs, pairs)
            calls = len(used_pairs) if name.startswith("resolve") else len(used)
            rounds = 1 if name.endswith("/rfc3987_syntax") else args.rounds
            seconds = per_call(loops(used, used_pairs)[name], calls, rounds)
            figures.setdefault(corpus, {})[name] = seconds
            print(
                f"{corpus:9} {name:50} {seconds * 1e6:10.3f} µs/call ({calls} calls)",
                file=sys.stderr,
            )
    references = [r for _, r in pairs][:1800]
    for name, work in jsonschema_loops(references).items():
        is_slow = name.endswith("/rfc3987_syntax")
        if is_slow:
            few = references[: args.slow_sample]
            work = jsonschema_loops(few)[name]
            seconds = per_call(work, len(few), 1) * len(references)
        else:
            seconds = per_call(work, 1, args.rounds)
        figures.setdefault("jsonschema-1800", {})[name] = seconds
        note = f" (from {args.slow_sample} of them)" if is_slow else ""
        print(
            f"jsonschema: 1,800 IRI-references, {name:30} {seconds * 1e3:10.2f} ms{note}",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
