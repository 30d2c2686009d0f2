#!/usr/bin/env bash
# Checks the C SDK archives dist/build.sh makes, used as a C project uses them: each archive is
# unpacked, its folder moved elsewhere (the pkg-config and CMake files must find the prefix
# from their own place), and the C example (ffi/examples/c) built against it four ways:
# `pkg-config --libs dangian` (shared), `pkg-config --static --libs dangian-static`, and
# CMake's `find_package(dangian)` with dangian::dangian and with dangian::dangian_static.
#
#   dist/check-sdk.sh SDK_DIR        # the folder of dangian-<version>-<platform>.tar.gz
#
#   linux-x86_64     the four programs run (every game of each kind, the golden vectors
#                    replayed) and print the same, byte for byte
#   windows-x86_64   built with mingw-w64 (CMake with a MinGW toolchain file), run under Wine
#                    (the shared ones beside bin/dangian.dll): the same output as Linux's
#   macos-universal  cannot run here: the example links for macOS arm64 and x86_64 (zig cc)
#                    against both libraries; CMake's package configures and names existing
#                    files; every library holds both architectures
# and for each: the libraries are stripped, the shared library's debug info (line tables) is
# beside it (.debug named by .gnu_debuglink; macOS: a .dSYM with both architectures), and the
# shared library exports exactly the header's functions.
#
# Needs gcc, pkg-config, cmake, binutils; for Windows x86_64-w64-mingw32-gcc and wine64; for
# macOS zig (pip install ziglang), llvm (llvm-lipo, llvm-objdump, llvm-dwarfdump). With
# DANGIAN_REQUIRE_CONSUMERS=1 a missing tool fails the check; otherwise that platform is skipped
# with one line saying how to install it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sdk=$(cd "${1:?usage: check-sdk.sh SDK_DIR}" && pwd)
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
work=$(mktemp -d)
# (Wine's server may still hold its prefix for a moment.)
trap 'for i in 1 2 3 4 5; do rm -rf "$work" 2>/dev/null && break; sleep 1; done' EXIT
example=$root/ffi/examples/c/main.c
vectors=$(ls "$root"/tests/vectors/*.json)
fail() { echo "check-sdk.sh: $*" >&2; exit 1; }
ok() { echo "check-sdk.sh: $*"; }
# has PATTERN: grep that reads all its input (grep -q would stop early, and under pipefail the
# writer's broken pipe would fail the pipeline).
has() { grep "$@" >/dev/null; }
# missing PLATFORM TOOL INSTALL: skips PLATFORM (or fails under DANGIAN_REQUIRE_CONSUMERS=1).
missing() {
  local msg="skipped the $1 SDK archive: $2 not found (install it with $3)"
  [ "${DANGIAN_REQUIRE_CONSUMERS:-0}" = 1 ] && fail "$msg (DANGIAN_REQUIRE_CONSUMERS=1)"
  echo "check-sdk.sh: $msg"
}
llvm() { command -v "llvm-$1" || ls /usr/bin/llvm-"$1"-* 2>/dev/null | head -n 1; }
declared() { grep -o '\bdg_[a-z0-9_]*(' "$root/include/dangian.h" | tr -d '(' | sort -u; }
# same_exports FILE EXPORTED: EXPORTED must be exactly the header's functions.
same_exports() {
  [ "$2" = "$(declared)" ] || fail "$1 does not export exactly the functions of include/dangian.h"
}
# unpack PLATFORM: the archive unpacked, then moved; prints the prefix it ends in.
unpack() {
  local name="dangian-$version-$1"
  [ -f "$sdk/$name.tar.gz" ] || fail "$sdk/$name.tar.gz is missing"
  mkdir -p "$work/unpacked" "$work/moved/$1"
  tar -C "$work/unpacked" -xzf "$sdk/$name.tar.gz"
  mv "$work/unpacked/$name" "$work/moved/$1/sdk"
  echo "$work/moved/$1/sdk"
}
# cmake_project DIR: a CMake project of the example with both targets (shared, static).
cmake_project() {
  mkdir -p "$1"
  cp "$example" "$1/main.c"
  cat > "$1/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.13)
project(dangian_example C)
find_package(dangian 0.3 REQUIRED)
add_executable(example_shared main.c)
target_link_libraries(example_shared PRIVATE dangian::dangian)
add_executable(example_static main.c)
target_link_libraries(example_static PRIVATE dangian::dangian_static)
CMAKE
}
# compare REFERENCE OUTPUT WHAT: the example's outputs, each vector named by file name only.
compare() {
  for f in "$1" "$2"; do
    tr -d '\r' < "$f" | sed -E 's@^vector [^ ]*[/\\]([^/\\ ]+\.json) @vector \1 @' > "$f.norm"
  done
  cmp -s "$1.norm" "$2.norm" || { diff "$1.norm" "$2.norm" | head -10 >&2; fail "$3 differs from the reference"; }
}

linux() {
  local p b
  p=$(unpack linux-x86_64)
  b=$work/linux
  mkdir -p "$b"
  local so
  so=$p/lib/$(readlink "$p/lib/libdangian.so")
  readelf -S "$so" | has '\.debug_info\|\.symtab ' && fail "$so is not stripped"
  readelf -p .gnu_debuglink "$so" | has "$(basename "$so").debug" || fail "$so names no debug file"
  readelf -S "$so.debug" | has '\.debug_line' || fail "$so.debug holds no line tables"
  readelf -S "$p/lib/libdangian.a" | has '\.debug_info' && fail "libdangian.a keeps debug info"
  same_exports "$so" "$(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' | sort -u)"
  export PKG_CONFIG_PATH="$p/lib/pkgconfig"
  # shellcheck disable=SC2046
  gcc -std=c99 -O1 -Wall -Werror $(pkg-config --cflags dangian) "$example" \
    $(pkg-config --libs dangian) -Wl,-rpath,"$p/lib" -o "$b/pc_shared"
  # shellcheck disable=SC2046
  gcc -std=c99 -O1 -Wall -Werror $(pkg-config --cflags dangian-static) "$example" \
    $(pkg-config --static --libs dangian-static) -o "$b/pc_static"
  unset PKG_CONFIG_PATH
  readelf -d "$b/pc_static" | has libdangian && fail "the static build needs libdangian at run time"
  cmake_project "$b/cmake"
  cmake -S "$b/cmake" -B "$b/cmake/build" -DCMAKE_PREFIX_PATH="$p" >/dev/null
  cmake --build "$b/cmake/build" >/dev/null
  for args in "" "$vectors"; do
    # shellcheck disable=SC2086
    "$b/pc_shared" $args > "$b/reference.txt"
    for exe in "$b/pc_static" "$b/cmake/build/example_shared" "$b/cmake/build/example_static"; do
      # shellcheck disable=SC2086
      "$exe" $args > "$b/out.txt"
      compare "$b/reference.txt" "$b/out.txt" "$(basename "$exe")${args:+ (vectors)}"
    done
    cp "$b/reference.txt" "$work/linux${args:+-vectors}.txt"
  done
  ok "linux-x86_64: stripped, line tables beside; pkg-config (shared, static) and find_package (both targets) build the example; all four play and replay alike ($(wc -l < "$work/linux.txt") + $(wc -l < "$work/linux-vectors.txt") lines)"
}

windows() {
  local wine
  wine=$(command -v wine64 || command -v wine || true)
  [ -x /usr/lib/wine/wine64 ] && wine=${wine:-/usr/lib/wine/wine64}
  command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 \
    || { missing windows-x86_64 x86_64-w64-mingw32-gcc "apt-get install gcc-mingw-w64-x86-64"; return; }
  [ -n "$wine" ] || { missing windows-x86_64 wine64 "apt-get install wine64"; return; }
  [ -f "$work/linux.txt" ] || fail "the Linux archive is checked first (the reference output)"
  local p b dll
  p=$(unpack windows-x86_64)
  b=$work/windows
  mkdir -p "$b"
  dll=$p/bin/dangian.dll
  x86_64-w64-mingw32-objdump -h "$dll" | has '\.debug_' && fail "$dll is not stripped"
  x86_64-w64-mingw32-objdump -s -j .gnu_debuglink "$dll" | has 'dangian.dll.deb' \
    || fail "$dll names no debug file"
  x86_64-w64-mingw32-objdump -h "$dll.debug" | has '\.debug_line' || fail "$dll.debug holds no line tables"
  x86_64-w64-mingw32-objdump -h "$p/lib/libdangian.a" | has '\.debug_info' && fail "libdangian.a keeps debug info"
  same_exports "$dll" "$(x86_64-w64-mingw32-objdump -p "$dll" \
    | sed -n '/Ordinal\/Name Pointer\] Table/,/^$/p' | sed -n 's/^[[:space:]]*\[ *[0-9]*\] //p' | sort -u)"
  # pkg-config for the target: only the SDK's own .pc files.
  export PKG_CONFIG_LIBDIR="$p/lib/pkgconfig"
  # shellcheck disable=SC2046
  x86_64-w64-mingw32-gcc -std=c99 -O1 -Wall -Werror $(pkg-config --cflags dangian) "$example" \
    $(pkg-config --libs dangian) -o "$b/pc_shared.exe"
  # shellcheck disable=SC2046
  x86_64-w64-mingw32-gcc -std=c99 -O1 -Wall -Werror $(pkg-config --cflags dangian-static) "$example" \
    $(pkg-config --static --libs dangian-static) -o "$b/pc_static.exe"
  unset PKG_CONFIG_LIBDIR
  x86_64-w64-mingw32-objdump -p "$b/pc_static.exe" | has -i 'dangian.dll' \
    && fail "the static build needs dangian.dll at run time"
  cmake_project "$b/cmake"
  cat > "$b/mingw.cmake" <<'CMAKE'
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
CMAKE
  cmake -S "$b/cmake" -B "$b/cmake/build" -DCMAKE_TOOLCHAIN_FILE="$b/mingw.cmake" \
    -DCMAKE_PREFIX_PATH="$p" >/dev/null
  cmake --build "$b/cmake/build" >/dev/null
  # Run from one folder: the shared programs beside the DLL, with Wine's missing system DLLs.
  mkdir -p "$b/run"
  cp "$b/pc_shared.exe" "$b/pc_static.exe" "$dll" "$b/run/"
  cp "$b/cmake/build/example_shared.exe" "$b/cmake/build/example_static.exe" "$b/run/"
  bash "$root/ffi/wine-stand-ins.sh" "$b/run"
  for args in "" "$vectors"; do
    winargs=()
    for v in $args; do winargs+=("Z:${v//\//\\}"); done
    for exe in pc_shared pc_static example_shared example_static; do
      (cd "$b/run" && WINEDEBUG=-all WINEPREFIX="$b/prefix" "$wine" "$exe.exe" "${winargs[@]}") \
        > "$b/out.txt" 2>"$b/wine.err" || { cat "$b/wine.err" >&2; fail "$exe.exe failed under Wine"; }
      compare "$work/linux${args:+-vectors}.txt" "$b/out.txt" "$exe.exe under Wine${args:+ (vectors)}"
    done
  done
  ok "windows-x86_64: stripped, line tables beside; pkg-config (shared, static) and find_package (both targets) build the example with mingw-w64; all four under Wine play and replay as on Linux"
}

macos() {
  local zig lipo objdump dwarfdump
  zig=$(command -v zig || true)
  [ -z "$zig" ] && python3 -c 'import ziglang' 2>/dev/null && zig="python3 -m ziglang"
  [ -n "$zig" ] || { missing macos-universal zig "pip install ziglang"; return; }
  lipo=$(llvm lipo); objdump=$(llvm objdump); dwarfdump=$(llvm dwarfdump)
  [ -n "$lipo" ] && [ -n "$objdump" ] && [ -n "$dwarfdump" ] \
    || { missing macos-universal llvm-lipo "apt-get install llvm"; return; }
  local p b dylib
  p=$(unpack macos-universal)
  b=$work/macos
  mkdir -p "$b"
  dylib=$p/lib/$(readlink "$p/lib/libdangian.dylib")
  for f in "$dylib" "$p/lib/libdangian.a" "$dylib.dSYM/Contents/Resources/DWARF/$(basename "$dylib")"; do
    [ "$("$lipo" -archs "$f" | xargs -n1 | sort | xargs)" = "arm64 x86_64" ] \
      || fail "$f does not hold exactly arm64 and x86_64: $("$lipo" -archs "$f")"
  done
  for arch in arm64 x86_64; do
    "$dwarfdump" --arch="$arch" --debug-line "$dylib.dSYM" | has 'ffi/src' \
      || fail "the dSYM holds no line tables of dangian for $arch"
    "$objdump" --macho --arch="$arch" --syms "$dylib" | has ' d  *\*UND\*\| N_OSO\|\.o$' \
      && fail "$dylib ($arch) keeps its debug map"
  done
  same_exports "$dylib" "$("$objdump" --macho --arch=arm64 --exports-trie "$dylib" \
    | sed -n 's/^.*_\(dg_[a-z0-9_]*\)$/\1/p' | sort -u)"
  export PKG_CONFIG_LIBDIR="$p/lib/pkgconfig"
  for arch in aarch64 x86_64; do
    # zig carries libSystem's stubs but not libiconv's, which every macOS has and Rust's
    # standard library names (`pkg-config --static`): an empty one stands in for the SDK's.
    mkdir -p "$b/stubs-$arch"
    echo 'void dangian_iconv_stand_in(void) {}' > "$b/stubs-$arch/stub.c"
    $zig cc -target "$arch-macos" -shared -o "$b/stubs-$arch/libiconv.dylib" "$b/stubs-$arch/stub.c"
    # shellcheck disable=SC2046,SC2086
    $zig cc -target "$arch-macos" -std=c99 -O1 -Wall -Werror $(pkg-config --cflags dangian) "$example" \
      $(pkg-config --libs dangian) -o "$b/shared-$arch"
    # shellcheck disable=SC2046,SC2086
    $zig cc -target "$arch-macos" -std=c99 -O1 -Wall -Werror $(pkg-config --cflags dangian-static) \
      "$example" -L"$b/stubs-$arch" $(pkg-config --static --libs dangian-static) -o "$b/static-$arch"
    "$objdump" --macho --dylibs-used "$b/shared-$arch" | has "@rpath/$(basename "$dylib")" \
      || fail "the macOS program does not load @rpath/$(basename "$dylib")"
    "$objdump" --macho --dylibs-used "$b/static-$arch" | has libdangian \
      && fail "the static macOS program needs libdangian at run time"
  done
  unset PKG_CONFIG_LIBDIR
  # CMake: the package configures and its targets name files that exist.
  mkdir -p "$b/cmake"
  cat > "$b/cmake/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.13)
project(dangian_check NONE)
find_package(dangian 0.3 REQUIRED)
foreach(target dangian::dangian dangian::dangian_static)
  get_target_property(location ${target} IMPORTED_LOCATION)
  if(NOT EXISTS "${location}")
    message(FATAL_ERROR "${target}: ${location} does not exist")
  endif()
endforeach()
get_target_property(soname dangian::dangian IMPORTED_SONAME)
message(STATUS "dangian::dangian ${soname}")
CMAKE
  cmake -S "$b/cmake" -B "$b/cmake/build" -DCMAKE_PREFIX_PATH="$p" | has "dangian::dangian @rpath/" \
    || fail "CMake's dangian::dangian does not carry the library's install name"
  ok "macos-universal: arm64 and x86_64 in the dylib, the static library and the dSYM (line tables); the example links for both with pkg-config (shared, static); find_package configures"
}

linux
windows
macos
