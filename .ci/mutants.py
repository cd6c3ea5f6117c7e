#!/usr/bin/env python3
"""Mutation testing of the library with cargo-mutants (TESTING.md).

`.ci/mutants.py change` (CI): the mutants of the library's lines that the change touched, in the
files `.cargo/mutants.toml` names. The change is `git diff BASE -- src/`, where BASE is
`$MUTANTS_BASE` when it is set (a pull request's target, the commit before a push), otherwise
the merge base with `origin/HEAD` when HEAD is not on it (a branch), otherwise the commits
pushed together: back from HEAD to the first gap of more than an hour between a commit and its
parent. At most `--max` mutants are tested (a round-robin shard of them, chosen by HEAD, when
there are more), so that the step's time is bounded: first by the unit tests and the test files
of the groups (below) that hold the mutated files, then the ones that survive by the whole
mutation suite. Fails when a mutant survives that `tests/mutants-equivalent.tsv` does not list.

`.ci/mutants.py all`: every mutant of the files of GROUPS (those files, and the helpers that
are not yet among them), then the table of scores per file that TESTING.md shows. Each group of files (GROUPS) is tested in two stages, both parts of the
mutation suite: first by the test files that exercise it (a few seconds a mutant instead of
half a minute), then the mutants that survived by the unit tests and a few more test files (or
by the whole mutation suite).

The mutation suite is the library's tests (`cargo test -p rfc3987 --all-features`) but
`tests/hostile.rs`, whose subject is memory on 10 MB inputs (50 seconds a run), and the
doctests (25 seconds of compiling a run): its unit tests, examples and every other test file. A
mutant that a group's test files catch is caught by the mutation suite, which includes them, so
`all`'s scores are lower bounds of the mutation suite's.

The test files of tests/ are the modules of one test binary, tests/main.rs (but alloc.rs and
hostile.rs, binaries of their own): a stage that runs some of them runs that binary with their
module names as libtest's filters.
"""

import argparse
import datetime
import fnmatch
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EQUIVALENT = ROOT / "tests" / "mutants-equivalent.tsv"
# (target/mutants/ is the build directory of the mutants profile.)
OUT = ROOT / "target" / "mutation"
# The cargo targets of the mutation suite: the unit tests, the examples, tests/main.rs (every
# test file but alloc.rs and hostile.rs, as its modules) and alloc.rs; not hostile.rs.
SUITE = ["--lib", "--examples", "--test=main", "--test=alloc"]
# A gap longer than this between a commit and its parent separates two pushes.
PUSH_GAP = datetime.timedelta(hours=1)
# `all`: the files of .cargo/mutants.toml and the helpers in groups: each with the test files that exercise it
# (first stage), and the test files that, with the unit tests, test the mutants the first
# stage missed (second stage; None: the whole mutation suite).
GROUPS = [
    (["src/scan.rs", "src/scan/wide.rs", "src/scan/wide/x86_64.rs"], ["scanner"], ["scanner", "corpus", "errors", "grammar_rules", "ipv6"]),
    (["src/checks/*.rs"], ["checks"], ["checks", "conversions"]),
    (["src/normalize.rs"], ["normalize"], ["normalize", "conversions", "checks"]),
    (
        ["src/resolve.rs", "src/recompose.rs", "src/edit.rs"],
        ["resolve", "builder"],
        ["resolve", "builder", "conversions", "normalize", "api"],
    ),
    (["src/build/*.rs"], ["build", "builder"], ["build", "builder", "api", "conversions"]),
    (
        ["src/to_uri.rs", "src/to_iri.rs", "src/idn.rs"],
        ["mapping"],
        ["mapping", "conversions", "checks", "normalize"],
    ),
    (
        ["src/legacy.rs", "src/preprocess.rs", "src/repair.rs", "src/visual.rs"],
        ["mapping", "conversions", "build", "builder", "interop", "ipv6"],
        None,
    ),
    # The RDF readers: the unit tests of src/rdf/ (turtle_tests.rs, limit_tests.rs) are in the
    # second stage, with the documents read in pieces and blocks.
    (["src/rdf/*.rs"], ["rdf_document"], ["rdf_document"]),
    (
        ["src/bytes.rs", "src/chars.rs", "src/pct.rs"],
        ["scanner", "corpus", "errors", "grammar_rules", "mapping", "normalize", "conversions"],
        None,
    ),
]


def stage(modules, unit_tests=True):
    """The tests of the test files `modules` (tests/NAME.rs, the module NAME of tests/main.rs)
    and the unit tests, as cargo-mutants arguments: the targets as cargo arguments (build and
    test), and libtest's filters, which run a test whose name contains one of them. A module's
    tests are named `NAME::…`, and every unit test of the library is in a `mod tests`, so
    `tests::` selects them (tests/main.rs has no module of that name)."""
    targets = ["--lib", "--test=main"] if unit_tests else ["--test=main"]
    filters = (["tests::"] if unit_tests else []) + [f"{name}::" for name in modules]
    return [f"--cargo-arg={t}" for t in targets] + [f"--cargo-test-arg={a}" for a in ["--", *filters]]


def mutation_suite():
    return [f"--cargo-arg={t}" for t in SUITE]


def git(*args):
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def change_base():
    """The commit the change starts from (see the module's documentation) and how it was found."""
    if os.environ.get("MUTANTS_BASE"):
        return git("rev-parse", os.environ["MUTANTS_BASE"]), "MUTANTS_BASE"
    head = git("rev-parse", "HEAD")
    try:
        base = git("merge-base", "HEAD", "origin/HEAD")
    except subprocess.CalledProcessError:
        base = head
    if base != head:
        return base, "the merge base with origin/HEAD"
    # The first-parent history with commit times, newest first.
    commits = []
    for line in git("log", "--first-parent", "--format=%H %ct", "HEAD").splitlines():
        commit, time = line.split()
        commits.append((commit, datetime.datetime.fromtimestamp(int(time))))
    for (commit, time), (parent, parent_time) in zip(commits, commits[1:]):
        if time - parent_time > PUSH_GAP:
            return parent, f"the commits pushed together, back to {commit[:10]}"
    return commits[-1][0], "the whole history"


def mutant_key(name):
    """A mutant's name with its column but not its line, which moves when lines above it change:
    `src/scan.rs:39:13: replace < with <= in class_table` is `src/scan.rs col 13: replace < with
    <= in class_table`."""
    return re.sub(r"^([^:]+):\d+:(\d+): ", r"\1 col \2: ", name)


def equivalent_keys():
    keys = set()
    for number, line in enumerate(EQUIVALENT.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        key, _, why = line.partition("\t")
        if not why.strip():
            sys.exit(f"{EQUIVALENT.name}:{number}: no reason after a tab")
        keys.add(key)
    return keys


def cargo_mutants(name, arguments, jobs):
    """Runs cargo-mutants; returns {outcome: [mutant names]} from its output directory."""
    out = OUT / name
    out.parent.mkdir(parents=True, exist_ok=True)
    command = ["cargo", "mutants", "--output", str(out), *arguments]
    if jobs > 1:  # cargo-mutants refuses --jobs with --in-place, even --jobs 1
        command += ["--jobs", str(jobs)]
    print("mutants:", " ".join(command), flush=True)
    # Incremental builds whatever the caller's CARGO_INCREMENTAL (CI turns them off for its
    # one-time builds): a mutant changes one function, and an incremental rebuild of the library
    # takes seconds where a whole one takes most of two minutes on CI's 2 cores.
    env = {**os.environ, "CARGO_INCREMENTAL": "1"}
    status = subprocess.run(command, cwd=ROOT, env=env).returncode
    # 0: all caught; 2: some missed; 3: some timed out. Anything else is not a result.
    if status not in (0, 2, 3):
        sys.exit(f"cargo mutants failed (exit status {status})")
    results = {}
    for outcome in ("caught", "missed", "timeout", "unviable"):
        path = out / "mutants.out" / f"{outcome}.txt"
        results[outcome] = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return results


def group_tests(paths):
    """The test files of the second stage of the groups that hold any of `paths` (GROUPS), or of
    the first where the second is the whole mutation suite."""
    tests = []
    for files, first, second in GROUPS:
        if any(fnmatch.fnmatch(path, pattern) for path in paths for pattern in files):
            tests += [test for test in second or first if test not in tests]
    return tests


def again(results, selection, targets, jobs):
    """The missed mutants of `results` tested again by the cargo targets `targets`, merged in."""
    if not results["missed"]:
        return results
    pattern = "|".join("^" + re.escape(name) + "$" for name in results["missed"])
    second = cargo_mutants("again", [*selection, "--re", pattern, *targets], jobs)
    return {
        "caught": results["caught"] + second["caught"],
        "timeout": results["timeout"] + second["timeout"],
        "unviable": results["unviable"] + second["unviable"],
        "missed": second["missed"],
    }


def table(results, keys):
    """TESTING.md's table: per file, the viable mutants and how many the suite caught; `keys`
    are the equivalent mutants' (`equivalent_keys`)."""
    files = {}
    for outcome, names in results.items():
        for name in names:
            counts = files.setdefault(name.split(":")[0], dict.fromkeys([*results, "listed"], 0))
            counts[outcome] += 1
            if outcome == "missed" and mutant_key(name) in keys:
                counts["listed"] += 1
    lines = [
        "| file | mutants | unviable | caught (by time-out) | missed, equivalent | missed, not listed "
        "| caught of viable | mutation score |",
        "|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    total = dict.fromkeys([*results, "listed"], 0)
    for path in sorted(files) + ["all"]:
        counts = files.get(path, total)
        if path != "all":
            for outcome in total:
                total[outcome] += counts[outcome]
        caught = counts["caught"] + counts["timeout"]
        viable = caught + counts["missed"]
        lines.append(
            f"| {'`' + path + '`' if path != 'all' else 'all'} | {viable + counts['unviable']} | "
            f"{counts['unviable']} | {caught} ({counts['timeout']}) | {counts['listed']} | "
            f"{counts['missed'] - counts['listed']} | {percent(caught, viable)} | "
            f"{percent(caught, viable - counts['listed'])} |"
        )
    return "\n".join(lines)


def percent(part, whole):
    return f"{100 * part / whole:.1f} %" if whole else "–"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    change = sub.add_parser("change", help="the mutants of the change's lines (CI)")
    change.add_argument("--max", type=int, default=10, help="at most this many mutants (default 10)")
    every = sub.add_parser("all", help="every mutant of the files, and the score table")
    for mode in (change, every):
        mode.add_argument("-j", "--jobs", type=int, default=1, help="cargo-mutants jobs (default 1)")
        mode.add_argument("--in-place", action="store_true", help="mutate the source tree, reusing target/")
    args = parser.parse_args()
    common = ["--in-place"] if args.in_place else []

    if args.mode == "change":
        base, why = change_base()
        print(f"mutants: the change is git diff {base[:10]} ({why}), src/ only", flush=True)
        OUT.mkdir(parents=True, exist_ok=True)
        text = git("diff", base, "--", "src/")
        if not text:
            print("mutants: the change does not touch src/")
            return
        diff = OUT / "change.diff"
        diff.write_text(text + "\n", encoding="utf-8")
        selection = [*common, "--in-diff", str(diff)]
        listed = subprocess.run(["cargo", "mutants", "--list", *selection], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.splitlines()
        if not listed:
            print("mutants: no mutant in the lines the change touched")
            return
        shard = []
        if len(listed) > args.max:
            shards = -(-len(listed) // args.max)
            index = int(git("rev-parse", "HEAD"), 16) % shards
            shard = ["--shard", f"{index}/{shards}", "--sharding", "round-robin"]
            print(f"mutants: {len(listed)} in the change; testing shard {index} of {shards}", flush=True)
        # First the unit tests and the test files of the mutated files' groups (a fraction of
        # the mutation suite to build and run), then what survives by the whole mutation suite.
        paths = sorted({name.split(":")[0] for name in listed})
        first = stage(group_tests(paths))
        results = cargo_mutants("change", [*selection, *shard, *first], args.jobs)
        results = again(results, selection, mutation_suite(), args.jobs)
    else:
        results = {outcome: [] for outcome in ("caught", "missed", "timeout", "unviable")}
        for number, (files, first, second) in enumerate(GROUPS):
            # A --file adds to the configuration's files: without the configuration, what it
            # says besides is said here (but --gitignore, which cargo-mutants refuses beside
            # --in-place: it is about the copy, and in place there is none).
            selection = [*common, "--no-config", "--all-features"]
            if not args.in_place:
                selection.append("--gitignore=true")
            selection += [argument for path in files for argument in ("--file", path)]
            group = cargo_mutants(f"group{number}", [*selection, *stage(first, unit_tests=False)], args.jobs)
            last = stage(second) if second else mutation_suite()
            group = again(group, selection, last, args.jobs)
            for outcome in results:
                results[outcome] += group[outcome]
    keys = equivalent_keys()
    print(table(results, keys))
    unexplained = [name for name in results["missed"] if mutant_key(name) not in keys]
    if unexplained:
        print("\nmutants the mutation suite missed that tests/mutants-equivalent.tsv does not list:")
        for name in unexplained:
            print("  " + name)
        sys.exit(1)


if __name__ == "__main__":
    main()
