"""rfc3987_rs.rdf.check on the dirty and clean dumps of tests/data/rdf-dirty, plain and
compressed, from paths and file objects: its findings are exactly the rows of
tests/data/rdf-dirty/expected.tsv (line, column, code, component), each reasoned there from
RFC 3987 §2.2 and the RDF 1.1 grammars, the table `iri check`'s tests compare with; and, where
the `iri` tool is built beside the package, exactly the findings of `iri check --json`.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from data import DATA, table

from rfc3987_rs import IRIError, rdf

DIRTY = DATA / "rdf-dirty"
IRI_TOOL = Path(__file__).resolve().parents[2] / "target" / "debug" / "iri"
FILES = ["dirty.nt", "dirty.nq", "dirty.ttl", "dirty.trig", "clean.nt", "clean.nq", "clean.ttl"]


def expected(file: str) -> list[tuple[int, int, str, str]]:
    return [
        (int(row[1]), int(row[2]), row[3], row[4])
        for row in table("rdf-dirty/expected.tsv")
        if row[0] == file
    ]


def places(findings: list[rdf.Finding]) -> list[tuple[int, int, str, str]]:
    return [(f.line, f.column, f.code, f.component or "-") for f in findings]


@pytest.mark.parametrize("file", FILES)
@pytest.mark.parametrize("compression", ["", ".gz", ".bz2", ".xz"])
def test_the_findings_of_each_dump_are_the_expected_ones(file: str, compression: str) -> None:
    path = DIRTY / (file + compression)
    found = list(rdf.check(path))
    assert places(found) == expected(file)
    assert all(f.file == str(path) and f.severity == "error" for f in found)


def test_a_file_object_is_read_as_its_path_is() -> None:
    with open(DIRTY / "dirty.ttl", "rb") as stream:
        found = list(rdf.check(stream))
    assert places(found) == expected("dirty.ttl")
    # A stream without a name says which syntax it holds.
    data = (DIRTY / "dirty.nt").read_bytes()
    found = list(rdf.check(io.BytesIO(data), format="nt"))
    assert places(found) == expected("dirty.nt")
    assert {f.file for f in found} == {"<stdin>"}


def test_an_invalid_iri_says_what_iri_check_says() -> None:
    found = list(rdf.check(DIRTY / "dirty.nt"))
    # Line 12: "<http://example.org/a\u0020b>": the space the path does not allow is written
    # as an escape, whose backslash is column 68.
    (space,) = [f for f in found if f.line == 12]
    assert (space.column, space.role, space.iri) == (68, "object", "http://example.org/a b")
    assert space.escape == "\\u0020"
    assert space.message.startswith("invalid IRI, in the path: a space (U+0020)")
    assert space.message.endswith("; it is written as the escape \\u0020, which the syntax decodes")
    assert isinstance(space.error, IRIError)
    assert (space.error.component, space.error.rule) == ("path", space.rule)
    # Line 25: a missing ".": a broken statement, no IRI.
    (broken,) = [f for f in found if f.line == 25]
    assert broken.code == "rdf-syntax" and broken.error is None and broken.iri is None
    assert broken.message.startswith("statement skipped, not RDF: ")


def test_a_base_resolves_relative_references() -> None:
    # Without a base "<s>" is checked as written: a relative reference is an IRI-reference.
    # With "http://a/b/", "<s>" is "http://a/b/s"; "<a b>" stays invalid, its space at 3.
    data = b"<s> <p> <a b> .\n"
    assert places(list(rdf.check(io.BytesIO(data), "ttl"))) == [(1, 11, "syntax", "path")]
    found = list(rdf.check(io.BytesIO(data), "ttl", base="http://a/b/"))
    assert places(found) == [(1, 11, "syntax", "path")]
    with pytest.raises(IRIError):
        list(rdf.check(io.BytesIO(data), "ttl", base="not a base"))


def test_a_statement_longer_than_the_limit_is_reported_and_skipped() -> None:
    long = b'<http://a/s> <http://a/p> "' + b"x" * 5000 + b'" .\n'
    data = long + b"<http://a/b c> <http://a/p> <http://a/o> .\n"
    found = list(rdf.check(io.BytesIO(data), "nt", max_statement_bytes=1000))
    assert places(found) == [(1, 1, "rdf-syntax", "-"), (2, 12, "syntax", "path")]
    assert "does not end within 1000 bytes" in found[0].message


def test_a_byte_order_mark_and_bytes_that_are_not_utf8() -> None:
    # The mark is not part of line 1 ("<http://a/b" is 11 characters); line 2's 0xFF is its
    # 11th character, reported, and the IRI holding it is invalid there (U+FFFD, which it is
    # read as, is no ucschar: RFC 3987 §2.2 stops at U+FFEF).
    data = (
        b"\xef\xbb\xbf<http://a/b c> <http://a/p> <http://a/o> .\n"
        b'<http://a/\xff> <http://a/p> "1" .\n'
    )
    found = list(rdf.check(io.BytesIO(data), "nt"))
    assert places(found) == [
        (1, 12, "syntax", "path"),
        (2, 11, "not-utf8", "-"),
        (2, 11, "syntax", "path"),
    ]


def test_what_cannot_be_read_is_said() -> None:
    with pytest.raises(ValueError, match="cannot be told from its name"):
        list(rdf.check(DIRTY / "README.md"))
    with pytest.raises(ValueError, match="no RDF syntax"):
        list(rdf.check(io.BytesIO(b""), "json"))
    with pytest.raises(TypeError, match="binary mode"):
        list(rdf.check(io.StringIO("<a:b> <c:d> <e:f> ."), "nt"))  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        list(rdf.check(DIRTY / "absent.nt"))


@pytest.mark.skipif(not IRI_TOOL.exists(), reason="the iri tool is not built (cargo build)")
@pytest.mark.parametrize("file", FILES)
def test_the_findings_are_those_of_iri_check_json(file: str) -> None:
    path = DIRTY / file
    run = subprocess.run([str(IRI_TOOL), "check", "--json", str(path)], capture_output=True)
    lines = [json.loads(line) for line in run.stdout.decode().splitlines()]
    want = [line for line in lines if "summary" not in line]
    got = []
    for finding in rdf.check(path):
        as_json = finding._asdict()
        error = as_json.pop("error")
        if error is None:
            # A broken statement or a line that is not UTF-8: the JSON has no "escape" key, and
            # its error object only the message, which the test leaves out.
            del as_json["escape"]
        else:
            as_json["error"] = {
                "byte_offset": error.byte_offset,
                "column": error.position + 1,
                "component": error.component,
                "rule": error.rule,
                "expected": list(error.expected),
                "message": error.message,
            }
        got.append(as_json)
    for finding in want:
        if finding["code"] != "syntax":
            del finding["error"]
    assert len(got) == len(want) and got == want


HOSTILE = """
import sys
from rfc3987_rs import rdf

class Hostile:
    # A stream: a head, 1 GiB of a chunk, a line end, then 10,000 lines with an invalid IRI.
    def __init__(self, head, chunk):
        tail = b"<http://a/b c> <http://a/p> <http://a/o> .\\n" * 10000
        self.parts = iter([head] + [chunk] * ((1 << 30) // len(chunk)) + [b"\\n" + tail])

    def read(self, n):
        return next(self.parts, b"")

fmt, head, unit, times = eval(sys.argv[1])
chunk = unit * times
first, count = None, 0
for finding in rdf.check(Hostile(head, chunk), format=fmt):
    first = first or (finding.line, finding.column, finding.code)
    count += 1
# VmHWM, the high-water mark of this process's memory (getrusage's maxrss would keep the
# parent's from before exec).
status = open("/proc/self/status").read()
peak = next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:"))
print(first, count, peak)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/status")
@pytest.mark.parametrize(
    "case",
    [
        # An N-Triples line with no end; a Turtle long string never closed; nested "(".
        ("nt", b'<http://a/s> <http://a/p> "', b"x", 1 << 20),
        ("ttl", b'<http://a/s> <http://a/p> """\n', b"lorem ipsum dolor sit amet.\n", 40000),
        ("ttl", b"<http://a/s> <http://a/p> ", b"(", 1 << 20),
    ],
)
def test_a_hostile_gibibyte_is_read_in_bounded_memory(case: tuple[str, bytes, bytes, int]) -> None:
    # `case`: the syntax, the head, and the chunk repeated to 1 GiB (as a unit and how many
    # times). Streamed into a process of its own, whose peak resident memory is its own: the
    # statement is reported once at 1:1, every one of the 10,000 invalid IRIs after it is
    # found, and the process stays under 128 MB (the interpreter and the package take 20).
    run = subprocess.run(
        [sys.executable, "-c", HOSTILE, repr(case)], capture_output=True, text=True, check=True
    )
    first, count, peak_kb = run.stdout.rsplit(" ", 2)
    assert first == "(1, 1, 'rdf-syntax')"
    assert int(count) == 1 + 10000
    assert int(peak_kb) < 128 * 1024, f"peak resident memory {peak_kb} kB"
