"""A module of the package whose optional dependency is missing says which extra to install."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"

# (module, a dependency it imports, the extra of pyproject.toml that brings it)
CASES = [
    ("rfc3987_rs.arrow", "pyarrow", "arrow"),
    ("rfc3987_rs.duckdb", "duckdb", "duckdb"),
    ("rfc3987_rs.duckdb", "numpy", "duckdb"),  # DuckDB's Python functions need it
    ("rfc3987_rs.duckdb", "pyarrow", "duckdb"),
    ("rfc3987_rs.polars", "polars", "polars"),
    ("rfc3987_rs.polars", "pyarrow", "polars"),
    ("rfc3987_rs.jsonschema", "jsonschema", "jsonschema"),
    ("rfc3987_rs.rdflib", "rdflib", "rdflib"),
]


def _extra(name: str) -> list[str]:
    """The requirements of the extra ``name`` (pyproject.toml, read without tomllib, which
    Python 3.10 lacks: one ``name = [...]`` line each)."""
    for line in PYPROJECT.read_text("utf-8").splitlines():
        if line.startswith(f"{name} = ["):
            return [r.strip().strip('"') for r in line.split("[", 1)[1].rstrip("]").split(",")]
    raise AssertionError(f"no extra {name} in pyproject.toml")


@pytest.mark.parametrize(("module", "dependency", "extra"), CASES)
def test_missing_dependency_names_the_extra(
    module: str, dependency: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The extra named brings the dependency (so that the command given helps).
    assert any(r.startswith(dependency) for r in _extra(extra))
    # The module's other dependencies must be there, or the first missing one is reported
    # instead (release/test-wheel.sh runs these tests on the newest CPython, where a pinned
    # numpy may have no wheel yet).
    others = [d for m, d, _ in CASES if m == module and d != dependency]
    absent = [d for d in others if importlib.util.find_spec(d) is None]
    if absent:
        pytest.skip(f"{module} also needs {', '.join(absent)}, not installed")
    # None in sys.modules makes an import of the name fail as a missing package does.
    monkeypatch.setitem(sys.modules, dependency, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError) as caught:
        importlib.import_module(module)
    error = caught.value
    assert isinstance(error, ModuleNotFoundError) and error.name == dependency
    assert str(error) == (
        f"{module} needs {dependency}, from the extra {extra!r} of rfc3987-rs: in a clone of "
        f"the repository, pip install './python[{extra}]'"
    )
    # Chained to the original error.
    assert isinstance(error.__cause__, ModuleNotFoundError)
    assert error.__cause__.name == dependency
