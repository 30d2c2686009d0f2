#!/bin/sh
# Installs the C library under PREFIX the way C projects expect it:
#   PREFIX/include/dangian.h                        the header
#   PREFIX/lib/libdangian.so.<ABI>                  the shared library (its SONAME), stripped,
#   PREFIX/lib/libdangian.so                          and the link the linker looks for
#   PREFIX/lib/libdangian.so.<ABI>.debug            its debug info (found by gdb through the
#                                                     library's .gnu_debuglink)
#   PREFIX/lib/libdangian.a                         the static library, without debug info
#   PREFIX/lib/pkgconfig/dangian.pc                 `pkg-config --cflags --libs dangian`
#   PREFIX/lib/pkgconfig/dangian-static.pc          `pkg-config --static --libs dangian-static`
#   PREFIX/lib/cmake/dangian/dangianConfig*.cmake   `find_package(dangian)`: dangian::dangian
#                                                     (shared) and dangian::dangian_static
#   PREFIX/share/dangian/install-manifest.txt       what was installed, for --uninstall
# For Windows (--platform windows, a mingw-w64 build) the shared library is
# PREFIX/bin/dangian.dll (debug info in bin/dangian.dll.debug, named by its .gnu_debuglink)
# with its import library PREFIX/lib/libdangian.dll.a; for macOS (--platform macos) it is
# PREFIX/lib/libdangian.<ABI>.dylib (install name @rpath/libdangian.<ABI>.dylib, the link
# libdangian.dylib, debug info in libdangian.<ABI>.dylib.dSYM).
# The pkg-config and CMake files find the prefix from their own place, so an installed tree
# can be moved or archived. Installing again over an install replaces it.
#
#   cargo build --release -p dangian-ffi
#   ffi/install.sh "$HOME/.local"                       # from target/release
#   ffi/install.sh --from target/debug "$HOME/.local"   # from another build
#   ffi/install.sh --uninstall "$HOME/.local"           # removes exactly what was installed
#   ffi/install.sh --platform windows --from target/x86_64-pc-windows-gnu/release PREFIX
#
# The platform is this machine's unless --platform (linux, windows, macos) names another;
# STRIP and OBJCOPY (DSYMUTIL for macOS) name the tools for it. Defaults: strip and objcopy
# (linux), x86_64-w64-mingw32-strip and -objcopy (windows), strip and dsymutil (macos).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
from="${CARGO_TARGET_DIR:-$here/../target}/release"
manifest=share/dangian/install-manifest.txt
usage="usage: install.sh [--platform linux|windows|macos] [--from BUILD_DIR] PREFIX | install.sh --uninstall PREFIX"
die() { echo "install.sh: $*" >&2; exit 1; }

# uninstall PREFIX: remove the files the manifest lists (the manifest among them), then the
# folders the install made, when they are empty. Every entry is checked before anything goes.
uninstall() {
  [ -f "$1/$manifest" ] || die "$1/$manifest is missing: nothing was installed there"
  list=$(cat "$1/$manifest")
  echo "$list" | while read -r kind path; do
    case "$kind $path" in
      "f "|"d "|*" /"*|*" .."|*" ../"*|*/../*|*/..) die "refusing the manifest entry '$kind $path'" ;;
      "f "*|"d "*) ;;
      *) die "refusing the manifest entry '$kind $path'" ;;
    esac
  done
  echo "$list" | sed -n 's/^f //p' | while read -r path; do
    rm -f "$1/$path"
  done
  # Folders deepest first.
  for d in $(echo "$list" | sed -n 's/^d //p' | sort -r); do
    rmdir "$1/$d" 2>/dev/null || true
  done
}

if [ "${1:-}" = "--uninstall" ]; then
  prefix=${2:?$usage}
  uninstall "$prefix"
  echo "uninstalled dangian from $prefix"
  exit 0
fi
platform=
while [ $# -gt 1 ]; do
  case "$1" in
    --from) from=$2; shift 2 ;;
    --platform) platform=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# = 1 ] || die "$usage"
prefix=$1
if [ -z "$platform" ]; then
  case "$(uname -s)" in
    Darwin) platform=macos ;;
    MINGW*|MSYS*|CYGWIN*) platform=windows ;;
    *) platform=linux ;;
  esac
fi
abi=$(sed -n 's/^const ABI_VERSION: u32 = \([0-9][0-9]*\);$/\1/p' "$here/build.rs")
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$here/Cargo.toml" | head -n 1)
[ -n "$abi" ] && [ -n "$version" ] || die "cannot read the versions"
# Per platform: the built library (shared), where it goes (real, relative to the prefix), the
# link or import library the linker takes (plain), its name for the loader (soname), the system
# libraries a static link needs (as `cargo rustc --crate-type staticlib -- --print
# native-static-libs` prints them) and the tools.
case "$platform" in
  linux)
    shared=libdangian_ffi.so; real=lib/libdangian.so.$abi; plain=lib/libdangian.so
    soname=libdangian.so.$abi
    private="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"
    strip=${STRIP:-strip}; objcopy=${OBJCOPY:-objcopy}; tools="$strip $objcopy ar" ;;
  windows)
    shared=dangian_ffi.dll; real=bin/dangian.dll; plain=lib/libdangian.dll.a
    soname=
    private="-lkernel32 -lntdll -luserenv -lws2_32 -ldbghelp"
    strip=${STRIP:-x86_64-w64-mingw32-strip}; objcopy=${OBJCOPY:-x86_64-w64-mingw32-objcopy}
    tools="$strip $objcopy ar x86_64-w64-mingw32-dlltool" ;;
  macos)
    shared=libdangian_ffi.dylib; real=lib/libdangian.$abi.dylib; plain=lib/libdangian.dylib
    soname=@rpath/libdangian.$abi.dylib
    private="-liconv -lSystem -lc -lm"
    strip=${STRIP:-strip}; dsymutil=${DSYMUTIL:-dsymutil}; tools="$strip $dsymutil" ;;
  *) die "unknown platform $platform (linux, windows, macos)" ;;
esac
for f in "$from/$shared" "$from/libdangian_ffi.a"; do
  [ -f "$f" ] || die "$f is missing (cargo build --release -p dangian-ffi)"
done
for tool in $tools; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is missing (binutils)"
done
case "$prefix" in *' '*) die "the prefix must not contain spaces (pkg-config cannot quote them)" ;; esac

# An install over an earlier one replaces it.
[ -f "$prefix/$manifest" ] && uninstall "$prefix"

# Each folder is listed as it is made and each file as soon as it is written, so even an
# interrupted install can be uninstalled.
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
made=
bindir=
[ "$platform" = windows ] && bindir=bin
for d in $bindir lib lib/pkgconfig lib/cmake lib/cmake/dangian include share share/dangian; do
  [ -d "$prefix/$d" ] || { mkdir "$prefix/$d"; made="$made $d"; }
done
: > "$prefix/$manifest"
for d in $made; do echo "d $d" >> "$prefix/$manifest"; done
echo "f $manifest" >> "$prefix/$manifest"
# put MODE FILE: records FILE (relative to the prefix), already written, and sets its mode.
put() {
  chmod "$1" "$prefix/$2"
  echo "f $2" >> "$prefix/$manifest"
}

echo "f $real" >> "$prefix/$manifest"
cp "$from/$shared" "$prefix/$real"
case "$platform" in
  macos)
    # macOS keeps debug info in a .dSYM bundle, which dsymutil gathers from the objects the
    # library's debug map names (so before the map is stripped), then the library keeps only
    # its exported symbols.
    echo "d $real.dSYM" >> "$prefix/$manifest"
    "$dsymutil" "$prefix/$real" -o "$prefix/$real.dSYM"
    (cd "$prefix" && find "$real.dSYM" -mindepth 1 -type d | sed 's/^/d /' >> "$manifest" \
      && find "$real.dSYM" -type f | sed 's/^/f /' >> "$manifest")
    "$strip" -x -S "$prefix/$real" ;;
  *)
    echo "f $real.debug" >> "$prefix/$manifest"
    "$objcopy" --only-keep-debug "$prefix/$real" "$prefix/$real.debug"
    chmod 644 "$prefix/$real.debug"
    "$strip" --strip-unneeded "$prefix/$real"
    "$objcopy" --add-gnu-debuglink="$prefix/$real.debug" "$prefix/$real" ;;
esac
chmod 755 "$prefix/$real"
echo "f $plain" >> "$prefix/$manifest"
if [ "$platform" = windows ]; then
  # The import library for the DLL under the name it ships as (Rust names it dangian_ffi.dll).
  bash "$here/windows-import-lib.sh" "$prefix/$plain"
  chmod 644 "$prefix/$plain"
else
  ln -sf "$(basename "$real")" "$prefix/$plain"
fi
cp "$from/libdangian_ffi.a" "$prefix/lib/libdangian.a"
# Split-DWARF members (.dwo) of a build with debug info: linkers never read them, strip cannot.
# (ar's LTO plugin, when one is installed, complains about Rust's newer bitcode: its messages
# are shown only if ar fails.)
if [ "$platform" != macos ] && ar t "$prefix/lib/libdangian.a" | grep -q '\.dwo$'; then
  # shellcheck disable=SC2046
  ar d "$prefix/lib/libdangian.a" $(ar t "$prefix/lib/libdangian.a" | grep '\.dwo$') \
    2>"$prefix/ar.log" || { cat "$prefix/ar.log" >&2; die "ar could not drop the .dwo members"; }
  rm -f "$prefix/ar.log"
fi
if [ "$platform" = macos ]; then "$strip" -S "$prefix/lib/libdangian.a"
else "$strip" --strip-debug "$prefix/lib/libdangian.a"; fi
put 644 lib/libdangian.a
cp "$here/../include/dangian.h" "$prefix/include/dangian.h"
put 644 include/dangian.h

# pkg-config: ${pcfiledir} is the folder of the .pc file, wherever the tree is.
pc_head="prefix=\${pcfiledir}/../..
libdir=\${prefix}/lib
includedir=\${prefix}/include
"
cat > "$prefix/lib/pkgconfig/dangian.pc" <<PC
$pc_head
Name: dangian
Description: Rules engine for O an quan, Co ca ngua and Domino (C ABI $abi), shared library
Version: $version
Libs: -L\${libdir} -ldangian
Libs.private: $private
Cflags: -I\${includedir}
PC
put 644 lib/pkgconfig/dangian.pc
cat > "$prefix/lib/pkgconfig/dangian-static.pc" <<PC
$pc_head
Name: dangian-static
Description: Rules engine for O an quan, Co ca ngua and Domino (C ABI $abi), static library
Version: $version
Libs: \${libdir}/libdangian.a $private
Cflags: -I\${includedir}
PC
put 644 lib/pkgconfig/dangian-static.pc

# CMake: the templates in ffi/cmake, with this platform's names and the library's pointer
# size (an ELF file's fifth byte is 1 for 32-bit, 2 for 64-bit; the Windows and macOS builds
# are 64-bit).
pointer=8
if [ "$platform" = linux ] && [ "$(od -An -tx1 -j4 -N1 "$prefix/$real" | tr -d ' ')" = 01 ]; then
  pointer=4
fi
implib=
[ "$platform" = windows ] && implib=$plain
cmake_libs=$(echo "$private" | sed 's/-l//g; s/ /;/g')
for f in dangianConfig.cmake dangianConfigVersion.cmake; do
  sed -e "s|@DANGIAN_VERSION@|$version|g" -e "s|@DANGIAN_ABI@|$abi|g" \
      -e "s|@DANGIAN_SHARED@|$real|g" -e "s|@DANGIAN_SONAME@|$soname|g" \
      -e "s|@DANGIAN_IMPLIB@|$implib|g" \
      -e "s|@DANGIAN_SYSTEM_LIBS@|$cmake_libs|g" -e "s|@DANGIAN_POINTER_SIZE@|$pointer|g" \
      "$here/cmake/$f.in" > "$prefix/lib/cmake/dangian/$f"
  put 644 "lib/cmake/dangian/$f"
done
echo "installed dangian $version (ABI $abi) under $prefix"
