"""Shared fixtures: the JSON-Schema-Test-Suite format cases, from jsonschema's sdist on PyPI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from importlib.metadata import version
from pathlib import Path

import pytest

CACHE = Path(__file__).parent / ".cache"
#: The suite's format files the tests run, under ``json/tests/<draft>/optional/format/``.
SUITE_FORMATS = ("iri", "iri-reference", "uri", "uri-reference")


def _wanted(member: str) -> str | None:
    """``<draft>/<format>.json`` if ``member`` of the sdist is one of the wanted suite files."""
    parts = member.split("/")  # jsonschema-<v>/json/tests/<draft>/optional/format/<format>.json
    if len(parts) != 7 or parts[1:3] != ["json", "tests"] or parts[4:6] != ["optional", "format"]:
        return None
    if parts[6] not in {f"{name}.json" for name in SUITE_FORMATS}:
        return None
    return f"{parts[3]}/{parts[6]}"


def _download(target: Path, jsonschema_version: str) -> None:
    sdists = target / "sdist"
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        f"jsonschema=={jsonschema_version}",
        "--no-binary",
        ":all:",
        "--no-deps",
        "-d",
        str(sdists),
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    archives = sorted(sdists.glob(f"jsonschema-{jsonschema_version}.tar.gz"))
    if result.returncode != 0 or not archives:
        pytest.fail(
            "could not download the JSON-Schema-Test-Suite (the sdist of jsonschema "
            f"{jsonschema_version} on PyPI) with `{' '.join(command)}`: exit "
            f"{result.returncode}\n{result.stderr[-2000:]}",
            pytrace=False,
        )
    with tarfile.open(archives[0]) as archive:
        for member in archive.getmembers():
            name = _wanted(member.name)
            if name is None or not member.isfile():
                continue
            source = archive.extractfile(member)
            assert source is not None
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            (target / name).write_bytes(source.read())
    (target / "complete").write_text("")


@pytest.fixture(scope="session")
def json_schema_test_suite() -> Path:
    """The folder holding ``<draft>/<format>.json`` of the JSON-Schema-Test-Suite that ships
    in the sdist of the installed jsonschema, downloaded once into ``tests/.cache/``."""
    jsonschema_version = version("jsonschema")
    target = CACHE / f"json-schema-test-suite-{jsonschema_version}"
    if not (target / "complete").exists():
        # Downloaded into a folder of this process's own, then renamed into place: the tests
        # run in several processes (pytest-xdist), and each may get here first.
        partial = CACHE / f"{target.name}.{os.getpid()}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        _download(partial, jsonschema_version)
        if target.exists() and not (target / "complete").exists():
            shutil.rmtree(target, ignore_errors=True)  # left incomplete by an earlier run
        try:
            partial.rename(target)
        except OSError:  # another process renamed its folder first, or an old one is there
            shutil.rmtree(partial)
            if not (target / "complete").exists():
                raise
    return target
