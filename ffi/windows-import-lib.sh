#!/usr/bin/env bash
# Writes LIB, a mingw import library for the DLL under the name the packages ship it as,
# dangian.dll (Rust names it dangian_ffi.dll), from the functions include/dangian.h declares.
#
#   ffi/windows-import-lib.sh LIB        (needs x86_64-w64-mingw32-dlltool)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lib=${1:?usage: windows-import-lib.sh LIB}
def=$(mktemp)
trap 'rm -f "$def"' EXIT
{ echo "LIBRARY dangian.dll"; echo "EXPORTS"
  grep -o '\bdg_[a-z0-9_]*(' "$root/include/dangian.h" | tr -d '(' | sort -u; } > "$def"
x86_64-w64-mingw32-dlltool -d "$def" -D dangian.dll -l "$lib"
