"""The error for a module of the package whose optional dependencies are not installed."""

from __future__ import annotations


def missing(module: str, extra: str, error: ModuleNotFoundError) -> ModuleNotFoundError:
    """A ``ModuleNotFoundError`` (an ``ImportError``) for ``module``, which could not import
    ``error.name``: it names the extra of pyproject.toml that brings it, and the command that
    installs the package with that extra from a clone of the repository (the package is not on
    PyPI yet). Raise it ``from error``.
    """
    needed = error.name or "a package"
    return ModuleNotFoundError(
        f"{module} needs {needed}, from the extra {extra!r} of rfc3987-rs: in a clone of the "
        f"repository, pip install './python[{extra}]'",
        name=error.name,
    )
