#!/bin/sh
# Installs the C library under PREFIX the way C projects expect it:
#   PREFIX/include/dangian.h                        the header
#   PREFIX/lib/libdangian.so.<ABI>                  the shared library (its SONAME), stripped,
#   PREFIX/lib/libdangian.so                          and the link the linker looks for
#   PREFIX/lib/libdangian.so.<ABI>.debug            its debug info (found by gdb through the
#                                                     library's .gnu_debuglink; not on macOS)
#   PREFIX/lib/libdangian.a                         the static library, without debug info
#   PREFIX/lib/pkgconfig/dangian.pc                 `pkg-config --cflags --libs dangian`
#   PREFIX/lib/pkgconfig/dangian-static.pc          `pkg-config --static --libs dangian-static`
#   PREFIX/lib/cmake/dangian/dangianConfig*.cmake   `find_package(dangian)`: dangian::dangian
#                                                     (shared) and dangian::dangian_static
#   PREFIX/share/dangian/install-manifest.txt       what was installed, for --uninstall
# The pkg-config and CMake files find the prefix from their own place, so an installed tree
# can be moved or archived. Installing again over an install replaces it.
#
#   cargo build --release -p dangian-ffi
#   ffi/install.sh "$HOME/.local"                       # from target/release
#   ffi/install.sh --from target/debug "$HOME/.local"   # from another build
#   ffi/install.sh --uninstall "$HOME/.local"           # removes exactly what was installed
#
# STRIP and OBJCOPY name other binutils (e.g. for a library built for another architecture).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
from="${CARGO_TARGET_DIR:-$here/../target}/release"
manifest=share/dangian/install-manifest.txt
usage="usage: install.sh [--from BUILD_DIR] PREFIX | install.sh --uninstall PREFIX"
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
if [ "${1:-}" = "--from" ]; then
  from=${2:?$usage}
  shift 2
fi
prefix=${1:?$usage}
abi=$(sed -n 's/^const ABI_VERSION: u32 = \([0-9][0-9]*\);$/\1/p' "$here/build.rs")
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$here/Cargo.toml" | head -n 1)
[ -n "$abi" ] && [ -n "$version" ] || die "cannot read the versions"
strip=${STRIP:-strip}
objcopy=${OBJCOPY:-objcopy}
case "$(uname -s)" in
  Darwin) shared=libdangian_ffi.dylib; real=libdangian.$abi.dylib; plain=libdangian.dylib
          soname=@rpath/$real
          private="-liconv -lSystem -lc -lm" ;;
  *)      shared=libdangian_ffi.so; real=libdangian.so.$abi; plain=libdangian.so
          soname=$real
          private="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc" ;;
esac
for f in "$from/$shared" "$from/libdangian_ffi.a"; do
  [ -f "$f" ] || die "$f is missing (cargo build --release -p dangian-ffi)"
done
tools=$strip
[ "$(uname -s)" = Darwin ] || tools="$strip $objcopy"
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
for d in lib lib/pkgconfig lib/cmake lib/cmake/dangian include share share/dangian; do
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

echo "f lib/$real" >> "$prefix/$manifest"
cp "$from/$shared" "$prefix/lib/$real"
if [ "$(uname -s)" = Darwin ]; then
  # macOS keeps debug info in the objects or a .dSYM bundle (dsymutil); the library is only
  # stripped of its local symbols.
  "$strip" -x "$prefix/lib/$real"
else
  echo "f lib/$real.debug" >> "$prefix/$manifest"
  "$objcopy" --only-keep-debug "$prefix/lib/$real" "$prefix/lib/$real.debug"
  chmod 644 "$prefix/lib/$real.debug"
  "$strip" --strip-unneeded "$prefix/lib/$real"
  "$objcopy" --add-gnu-debuglink="$prefix/lib/$real.debug" "$prefix/lib/$real"
fi
chmod 755 "$prefix/lib/$real"
ln -sf "$real" "$prefix/lib/$plain"
echo "f lib/$plain" >> "$prefix/$manifest"
cp "$from/libdangian_ffi.a" "$prefix/lib/libdangian.a"
"$strip" --strip-debug "$prefix/lib/libdangian.a" 2>/dev/null || "$strip" -S "$prefix/lib/libdangian.a"
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
# size (an ELF file's fifth byte is 1 for 32-bit, 2 for 64-bit; macOS is 64-bit only).
pointer=8
if [ "$(uname -s)" != Darwin ] && [ "$(od -An -tx1 -j4 -N1 "$prefix/lib/$real" | tr -d ' ')" = 01 ]; then
  pointer=4
fi
cmake_libs=$(echo "$private" | sed 's/-l//g; s/ /;/g')
for f in dangianConfig.cmake dangianConfigVersion.cmake; do
  sed -e "s|@DANGIAN_VERSION@|$version|g" -e "s|@DANGIAN_ABI@|$abi|g" \
      -e "s|@DANGIAN_SHARED@|$real|g" -e "s|@DANGIAN_SONAME@|$soname|g" \
      -e "s|@DANGIAN_SYSTEM_LIBS@|$cmake_libs|g" -e "s|@DANGIAN_POINTER_SIZE@|$pointer|g" \
      "$here/cmake/$f.in" > "$prefix/lib/cmake/dangian/$f"
  put 644 "lib/cmake/dangian/$f"
done
echo "installed dangian $version (ABI $abi) under $prefix"
