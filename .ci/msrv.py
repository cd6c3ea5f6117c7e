#!/usr/bin/env python3
"""The declared rust-version against the locked dependency graph.

Only one toolchain is installed, so the oldest supported Rust cannot be built with here.
Instead: `cargo metadata --format-version 1 --locked` gives every package of Cargo.lock that a
workspace crate depends on (normal, build and dev dependencies, every target platform) with the
`rust-version` it declares. Each workspace crate must declare a `rust-version`, and no package
it depends on, directly or not, may declare a newer one. Exit status 1 lists the packages that
do.
"""

import json
import subprocess
import sys


def version(text):
    """'1.88' or '1.88.0' as a comparable (1, 88, 0)."""
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked"],
        check=True,
        stdout=subprocess.PIPE,
    ).stdout
    metadata = json.loads(out)
    packages = {package["id"]: package for package in metadata["packages"]}
    deps = {node["id"]: [dep["pkg"] for dep in node["deps"]] for node in metadata["resolve"]["nodes"]}

    failed = False
    for member in metadata["workspace_members"]:
        crate = packages[member]
        declared = crate["rust_version"]
        if declared is None:
            print(f"msrv: {crate['name']} declares no rust-version", file=sys.stderr)
            failed = True
            continue
        # Every package the crate depends on, directly or not.
        seen, todo = set(), list(deps[member])
        while todo:
            pkg = todo.pop()
            if pkg not in seen:
                seen.add(pkg)
                todo.extend(deps[pkg])
        needs = [
            (version(packages[pkg]["rust_version"]), packages[pkg])
            for pkg in seen
            if packages[pkg]["rust_version"] is not None
        ]
        newer = sorted(
            (need for need in needs if need[0] > version(declared)), key=lambda need: need[0]
        )
        for _, package in newer:
            print(
                f"msrv: {crate['name']} declares rust-version {declared}, but "
                f"{package['name']} {package['version']} needs {package['rust_version']}",
                file=sys.stderr,
            )
            failed = True
        if not newer:
            highest = max(needs, key=lambda need: (need[0], need[1]["name"]), default=None)
            print(
                f"msrv: {crate['name']} rust-version {declared} covers its {len(seen)} locked "
                f"dependencies"
                + (f" (highest: {highest[1]['name']} {highest[1]['rust_version']})" if highest else "")
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
