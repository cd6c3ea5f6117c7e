#!/usr/bin/env python3
"""Make a DuckDB extension file of a shared library: the library, then DuckDB's metadata footer.

DuckDB reads the last 534 bytes of an extension file before it loads it (its extension
loader, and the append_extension_metadata script of duckdb/extension-ci-tools, which writes
the same layout):

- 22 bytes that open a WebAssembly custom section named ``duckdb_signature`` (so that a
  WebAssembly extension stays a valid module): section id 0, the section's size as LEB128
  (531 = 1 + 16 + 2 + 512), the name's length (16) and the name, then the payload's size as
  LEB128 (512);
- eight fields of 32 bytes, ASCII padded with NUL, the last field first: three unused, the
  ABI type, the extension's version, a version (for ``C_STRUCT``, the oldest stable C API version
  the extension needs, which DuckDB compares with the newest it offers; for
  ``C_STRUCT_UNSTABLE``, the one DuckDB release that may load it), the platform (as ``PRAGMA
  platform`` names it), and ``4``, the mark of an extension file;
- 256 bytes for a signature, zero in an unsigned extension (DuckDB loads it only with
  ``allow_unsigned_extensions``).

    append_metadata.py LIBRARY OUTPUT --duckdb-version v1.2.0 --extension-version 0.1.0
"""

from __future__ import annotations

import argparse
import platform
import shutil
from pathlib import Path

FIELD = 32
NAME = b"duckdb_signature"
PAYLOAD = 8 * FIELD + 256


def leb128(n: int) -> bytes:
    """``n`` as unsigned LEB128, the integers of WebAssembly."""
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(value: str) -> bytes:
    """``value`` as one 32-byte field."""
    data = value.encode("ascii")
    if len(data) > FIELD:
        raise SystemExit(f"append_metadata.py: {value!r} is longer than {FIELD} bytes")
    return data.ljust(FIELD, b"\0")


def footer(platform_name: str, duckdb_version: str, extension_version: str, abi_type: str) -> bytes:
    """The 534 bytes DuckDB reads at the end of an extension file."""
    name = leb128(len(NAME)) + NAME + leb128(PAYLOAD)
    section = b"\0" + leb128(len(name) + PAYLOAD) + name
    fields = [
        "",
        "",
        "",
        abi_type,
        extension_version,
        duckdb_version,
        platform_name,
        "4",
    ]
    return section + b"".join(map(field, fields)) + bytes(256)


def this_platform() -> str:
    """DuckDB's name of this machine's platform (``PRAGMA platform``), for the builds
    build.sh makes: Linux and macOS on x86-64 and ARM64, as DuckDB 1.3 and later name them
    (1.2 and older call Linux x86-64 ``linux_amd64_gcc4``: pass ``--platform``)."""
    system = {"Linux": "linux", "Darwin": "osx"}.get(platform.system())
    machine = {
        "x86_64": "amd64",
        "AMD64": "amd64",
        "aarch64": "arm64",
        "arm64": "arm64",
    }.get(platform.machine())
    if system is None or machine is None:
        raise SystemExit(
            f"append_metadata.py: no DuckDB platform known for {platform.system()} "
            f"{platform.machine()}; pass --platform"
        )
    return f"{system}_{machine}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library", type=Path, help="the shared library cargo built")
    parser.add_argument("output", type=Path, help="the extension file to write")
    parser.add_argument(
        "--duckdb-version",
        required=True,
        help="for C_STRUCT, the oldest C API version the extension needs, e.g. v1.2.0",
    )
    parser.add_argument("--extension-version", required=True)
    parser.add_argument(
        "--platform",
        default=None,
        help="DuckDB's platform name (default: this machine's)",
    )
    parser.add_argument("--abi-type", default="C_STRUCT", choices=["C_STRUCT", "C_STRUCT_UNSTABLE"])
    args = parser.parse_args()
    data = footer(
        args.platform or this_platform(),
        args.duckdb_version,
        args.extension_version,
        args.abi_type,
    )
    assert len(data) == 534, len(data)
    partial = args.output.with_name(args.output.name + ".part")
    shutil.copyfile(args.library, partial)
    with partial.open("ab") as out:
        out.write(data)
    partial.replace(args.output)


if __name__ == "__main__":
    main()
