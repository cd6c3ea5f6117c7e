"""Drop-in modules for the PyPI packages that python-jsonschema and others use to check IRIs.

- :mod:`rfc3987_rs.compat.rfc3987`: ``match``, ``parse``, ``compose`` and ``resolve`` of PyPI
  ``rfc3987`` 1.3.8;
- :mod:`rfc3987_rs.compat.rfc3987_syntax`: ``is_valid_syntax`` and the per-term helpers of PyPI
  ``rfc3987-syntax`` 1.1.0.

Each answers as the package does for valid input and follows RFC 3987 where the package does
not; the module's documentation lists every difference.
"""
