#!/usr/bin/env bash
# release/in-root.sh ROOT COMMAND [ARG…]: runs COMMAND in ROOT, a Debian root that
# release/python.sh made, in the caller's directory and environment. The project (and the
# target directory, where it is elsewhere), /tmp, /proc, /dev and /sys are bound into the root at
# their own paths, so that a path means the same inside and out (and the machine's name servers
# and certificate bundle at theirs); the binds are made in a mount namespace of this command's
# own (unshare), so that they end with it and nothing is left mounted on the machine. Needs
# root.
set -euo pipefail
root=$1
shift
project=$(cd "$(dirname "$0")/.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$project/target}
case $target_dir in /*) ;; *) target_dir=$project/$target_dir ;; esac
case $PWD/ in
  "$project"/* | "$target_dir"/* | /tmp/*) ;;
  *) echo "release/in-root.sh: $PWD is not seen in the root (only $project, $target_dir and /tmp are)" >&2 && exit 2 ;;
esac
binds=(/proc /dev /sys /tmp "$project")
case $target_dir/ in "$project"/*) ;; *) binds+=("$target_dir") ;; esac
# The private propagation keeps the binds from reaching the machine's mount table.
exec unshare --mount --propagation private bash -c '
  set -euo pipefail
  root=$1 cwd=$2 count=$3
  shift 3
  for dir in "${@:1:count}"; do
    mkdir -p "$root$dir"
    mount --rbind "$dir" "$root$dir"
  done
  shift "$count"
  # The machine'"'"'s name servers and trusted certificates, for pip: the network here may go
  # through a proxy whose certificate authority only the machine'"'"'s bundle has.
  for file in /etc/resolv.conf /etc/ssl/certs/ca-certificates.crt; do
    [ -f "$file" ] || continue
    mkdir -p "$root${file%/*}"
    touch "$root$file"
    mount --bind "$file" "$root$file"
  done
  exec chroot "$root" /bin/sh -c '"'"'cd "$0" && exec "$@"'"'"' "$cwd" "$@"
' in-root "$root" "$PWD" "${#binds[@]}" "${binds[@]}" "$@"
