#!/bin/sh
# Packs this Unity package as a UPM tarball, OUTDIR/<name>-<version>.tgz (name and version from
# package.json), laid out as `npm pack` lays out a package (everything under package/), which is
# what Unity's Package Manager takes with "Add package from tarball…".
#
#   bindings/unity/build-plugins.sh linux windows webgl …   # first, the plugins to carry
#   bindings/unity/pack.sh OUTDIR
#
# It carries every plugin present under Plugins/ (with its committed .meta) and the package's
# sources with theirs; not the build scripts and tools (tools~, *.sh), which are for building.
# A plugin folder whose library was not built is left out, folder .meta files included, so the
# project shows no empty folder. Prints the tarball's path and the platforms it carries, and
# writes them in the packed package.json ("dangian.platforms") and README.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: pack.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$here/package.json" "$1"; }
name=$(field name)
version=$(field version)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
pkg=$stage/package
mkdir -p "$pkg"
# Sources and their .meta files: everything but the build tooling and git's files.
(cd "$here" && find . -type f ! -path './tools~/*' ! -name '*.sh' ! -name '*.sh.meta' \
  ! -name '.gitignore' ! -path './Plugins/*' -print | while read -r f; do
  mkdir -p "$pkg/$(dirname "$f")" && cp "$f" "$pkg/$f"
done)
cp "$here/Plugins.meta" "$pkg/Plugins.meta"
mkdir -p "$pkg/Plugins"
cp "$here/Plugins/README.md" "$here/Plugins/README.md.meta" "$pkg/Plugins/"
# Each plugin built, with its .meta and the .meta of every folder above it.
platforms=""
for meta in $(cd "$here" && find Plugins -mindepth 2 -type f -name '*.meta' | sort); do
  lib=${meta%.meta}
  [ -f "$here/$lib" ] || continue
  mkdir -p "$pkg/$(dirname "$lib")"
  cp "$here/$lib" "$pkg/$lib" && cp "$here/$meta" "$pkg/$meta"
  dir=$(dirname "$lib")
  while [ "$dir" != Plugins ]; do
    cp "$here/$dir.meta" "$pkg/$dir.meta"
    dir=$(dirname "$dir")
  done
  platforms="$platforms ${lib#Plugins/}"
done
[ -n "$platforms" ] || { echo "pack.sh: no plugin built under Plugins/ (run build-plugins.sh first)" >&2; exit 1; }
# State what it carries: package.json's "dangian.platforms" and a line in README.md.
python3 - "$pkg/package.json" $platforms <<'PY'
import json, sys
path, libs = sys.argv[1], sys.argv[2:]
names = {"Linux/x86_64/libdangian.so": "Linux x86_64", "Windows/x86_64/dangian.dll": "Windows x86_64",
         "macOS/libdangian.dylib": "macOS (x86_64 and arm64)", "WebGL/libdangian.a": "WebGL",
         "iOS/libdangian.a": "iOS arm64", "Android/arm64-v8a/libdangian.so": "Android arm64-v8a",
         "Android/armeabi-v7a/libdangian.so": "Android armeabi-v7a"}
package = json.load(open(path, encoding="utf-8"))
package["dangian"] = {"platforms": [names.get(lib, lib) for lib in libs]}
with open(path, "w", encoding="utf-8") as f:
    json.dump(package, f, ensure_ascii=False, indent=2)
    f.write("\n")
with open(path.replace("package.json", "README.md"), "a", encoding="utf-8") as f:
    f.write("\nThis tarball carries the native library for: " + ", ".join(package["dangian"]["platforms"]) + ".\n")
print("platforms: " + ", ".join(package["dangian"]["platforms"]))
PY
tgz=$out/$name-$version.tgz
# Reproducible: sorted names, fixed owner and time.
(cd "$stage" && find package -print | LC_ALL=C sort | tar --owner=0 --group=0 --numeric-owner \
  --mtime='1985-10-26 08:15:00 UTC' --no-recursion -czf "$tgz" -T -)
echo "$tgz ($(wc -c <"$tgz") bytes)"
