#!/usr/bin/env bash
# Checks the Windows DLL where it runs: the C example (ffi/examples/c) is built for Windows
# with mingw-w64 against the DLL, run under Wine, and must print exactly what the same example
# built for Linux against the Linux library prints (every game of each kind played, every
# golden vector replayed), byte for byte.
#
#   ffi/check-windows.sh DLL [LINUX_LIB_DIR]
#
# DLL: a dangian.dll (x86_64-pc-windows-gnu), e.g. bindings/unity/Plugins/Windows/x86_64/dangian.dll.
# LINUX_LIB_DIR: where libdangian_ffi.so is (default: target/dist, where build-plugins.sh
# builds the desktop plugins).
# Needs x86_64-w64-mingw32-gcc (gcc-mingw-w64-x86-64) and wine64 (wine64). With
# DANGIAN_REQUIRE_CONSUMERS=1 a missing tool fails the check; otherwise it is skipped with
# one line saying how to install it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dll=$(cd "$(dirname "${1:?usage: check-windows.sh DLL [LINUX_LIB_DIR]}")" && pwd)/$(basename "$1")
linux_lib=${2:-${CARGO_TARGET_DIR:-$root/target}/dist}
wine=$(command -v wine64 || command -v wine || true)
[ -x /usr/lib/wine/wine64 ] && wine=${wine:-/usr/lib/wine/wine64}
for tool in x86_64-w64-mingw32-gcc "$wine"; do
  if [ -z "$tool" ] || ! command -v "$tool" >/dev/null 2>&1; then
    msg="check-windows.sh: skipped the Windows DLL under Wine: ${tool:-wine64} not found (apt-get install gcc-mingw-w64-x86-64 wine64)"
    if [ "${DANGIAN_REQUIRE_CONSUMERS:-0}" = 1 ]; then echo "$msg (DANGIAN_REQUIRE_CONSUMERS=1)" >&2; exit 1; fi
    echo "$msg"; exit 0
  fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
vectors=$(ls "$root"/tests/vectors/*.json)
# Windows: the DLL as the packages name it (dangian.dll), with an import library made for
# that name from the header's functions, as a Windows C project links it; run from its folder.
cp "$dll" "$work/dangian.dll"
bash "$root/ffi/windows-import-lib.sh" "$work/libdangian.dll.a"
x86_64-w64-mingw32-gcc -std=c99 -O1 -Wall -Wextra -Werror -I"$root/include" \
  "$root/ffi/examples/c/main.c" -L"$work" -ldangian -o "$work/main.exe"
# The system DLLs Wine lacks and Rust's standard library imports (bcryptprimitives.dll).
bash "$root/ffi/wine-stand-ins.sh" "$work"
# Linux: the same source, as the reference.
# (The library's SONAME is libdangian.so.<ABI>: give it that name, as install.sh does.)
mkdir -p "$work/lib"
soname=$(readelf -d "$linux_lib/libdangian_ffi.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
cp "$linux_lib/libdangian_ffi.so" "$work/lib/${soname:-libdangian_ffi.so}"
ln -sf "${soname:-libdangian_ffi.so}" "$work/lib/libdangian.so"
gcc -std=c99 -O1 -Wall -Wextra -Werror -I"$root/include" "$root/ffi/examples/c/main.c" \
  -L"$work/lib" -ldangian -Wl,-rpath,"$work/lib" -o "$work/main"
for args in "" "$vectors"; do
  # shellcheck disable=SC2086
  "$work/main" $args > "$work/linux.txt"
  winargs=()
  for v in $args; do winargs+=("Z:${v//\//\\}"); done
  (cd "$work" && WINEDEBUG=-all WINEPREFIX="$work/prefix" "$wine" main.exe "${winargs[@]}") \
    2>"$work/wine.err" | tr -d '\r' > "$work/windows.txt" || {
      cat "$work/wine.err" >&2; echo "check-windows.sh: main.exe failed under Wine" >&2; exit 1; }
  # The example names each vector by the path it was given: compare the file names only.
  for f in linux windows; do
    sed -E 's@^vector [^ ]*[/\\]([^/\\ ]+\.json) @vector \1 @' "$work/$f.txt" > "$work/$f.norm"
  done
  if ! cmp -s "$work/linux.norm" "$work/windows.norm"; then
    diff "$work/linux.norm" "$work/windows.norm" | cut -c1-200 | head -20 >&2
    echo "check-windows.sh: the Windows DLL's output differs from Linux's" >&2
    exit 1
  fi
  echo "check-windows.sh: main.exe ${args:+(the $(echo "$vectors" | wc -w) golden vectors) }under Wine: $(wc -l < "$work/windows.txt") lines, the same as on Linux"
done
