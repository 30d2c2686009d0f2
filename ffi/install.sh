#!/bin/sh
# Installs the C library under PREFIX the way C projects expect it:
#   PREFIX/lib/libdangian.so.<ABI>        the shared library (its SONAME), and libdangian.so
#   PREFIX/lib/libdangian.a               the static library
#   PREFIX/include/dangian.h              the header
#   PREFIX/lib/pkgconfig/dangian.pc       for `pkg-config --cflags --libs dangian`
#
#   cargo build --release -p dangian-ffi
#   ffi/install.sh "$HOME/.local"                       # from target/release
#   ffi/install.sh --from target/debug "$HOME/.local"   # from another build
set -eu
here=$(cd "$(dirname "$0")" && pwd)
from="$here/../target/release"
if [ "${1:-}" = "--from" ]; then
  from=$2
  shift 2
fi
prefix=${1:?usage: install.sh [--from BUILD_DIR] PREFIX}
abi=$(sed -n 's/^const ABI_VERSION: u32 = \([0-9][0-9]*\);$/\1/p' "$here/build.rs")
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$here/Cargo.toml" | head -n 1)
[ -n "$abi" ] && [ -n "$version" ] || { echo "install.sh: cannot read the versions" >&2; exit 1; }
case "$(uname -s)" in
  Darwin) shared=libdangian_ffi.dylib; real=libdangian.$abi.dylib; plain=libdangian.dylib
          private="-liconv -lSystem -lc -lm" ;;
  *)      shared=libdangian_ffi.so; real=libdangian.so.$abi; plain=libdangian.so
          private="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc" ;;
esac
for f in "$from/$shared" "$from/libdangian_ffi.a"; do
  [ -f "$f" ] || { echo "install.sh: $f is missing (cargo build --release -p dangian-ffi)" >&2; exit 1; }
done
mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
cp "$from/$shared" "$prefix/lib/$real"
ln -sf "$real" "$prefix/lib/$plain"
cp "$from/libdangian_ffi.a" "$prefix/lib/libdangian.a"
cp "$here/../include/dangian.h" "$prefix/include/dangian.h"
cat > "$prefix/lib/pkgconfig/dangian.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: dangian
Description: Rules engine for O an quan, Co ca ngua and Domino (C ABI $abi)
Version: $version
Libs: -L\${libdir} -ldangian
Libs.private: $private
Cflags: -I\${includedir}
PC
echo "installed dangian $version (ABI $abi) under $prefix"
