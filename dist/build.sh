#!/usr/bin/env bash
# Builds every artifact of a release into one folder, with SHA-256 checksums and a manifest:
#
#   dist/build.sh [OUTDIR]                  # default: dist/out
#   DIST_ONLY="sdk crates npm" dist/build.sh  # only some parts
#
# Parts (each needs what its own script says; a part that cannot be built here is reported
# and skipped, and the manifest lists only what was built):
#   sdk     the C SDK archives: Linux x86_64 (ffi/install.sh: header, stripped shared and
#           static libraries with debug info beside, pkg-config and CMake files) and Windows
#           x86_64 (mingw-w64: bin/dangian.dll, lib/libdangian.dll.a its import library,
#           lib/libdangian.a, the header), and macOS universal (the Unity part's library)
#   python  the Python wheels and sdist (bindings/python/build-wheels.sh)
#   unity   the Unity package as a UPM tarball (bindings/unity/pack.sh)
#   npm     the web package (bindings/js: build.sh, npm pack)
#   crates  both crates (cargo package; cargo publish --dry-run)
#
# OUTDIR gets one folder per part, SHA256SUMS (sha256sum -c reads it) and manifest.json
# (each file's part, name, size and SHA-256, and the version).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/dist/out}
mkdir -p "$out"
out=$(cd "$out" && pwd)
only=${DIST_ONLY:-unity sdk python npm crates}
target_dir=${CARGO_TARGET_DIR:-$root/target}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
built=()
skip() { echo "$*" >> "$out/.skipped"; }
rm -f "$out/.skipped"
want() { [[ " $only " == *" $1 "* ]]; }
step() { printf '\n==> dist: %s (%ss)\n' "$*" "$SECONDS"; }

# A folder NAME to fill with an archive's files, the header and the licences already in it.
new_archive() {
  stage=$(mktemp -d)
  mkdir -p "$stage/$1/lib" "$stage/$1/include"
  cp "$root/include/dangian.h" "$stage/$1/include/"
  cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$stage/$1/"
}
# Packs the folder NAME of new_archive into sdk/NAME.tar.gz.
pack_archive() {
  tar -C "$stage" -czf "$out/sdk/$1.tar.gz" "$1"
  rm -rf "$stage"
}

sdk() {
  mkdir -p "$out/sdk"
  local stage name
  (cd "$root" && cargo build --release -p dangian-ffi)
  name="dangian-$version-linux-x86_64"
  stage=$(mktemp -d)
  "$root/ffi/install.sh" --from "$target_dir/release" "$stage/$name" >/dev/null
  pack_archive "$name"
  if command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 \
    && rustup target list --installed 2>/dev/null | grep -qx x86_64-pc-windows-gnu; then
    (cd "$root" && cargo build --release -p dangian-ffi --target x86_64-pc-windows-gnu)
    local from="$target_dir/x86_64-pc-windows-gnu/release"
    name="dangian-$version-windows-x86_64"
    new_archive "$name"
    mkdir -p "$stage/$name/bin"
    cp "$from/dangian_ffi.dll" "$stage/$name/bin/dangian.dll"
    x86_64-w64-mingw32-strip --strip-unneeded "$stage/$name/bin/dangian.dll"
    "$root/ffi/windows-import-lib.sh" "$stage/$name/lib/libdangian.dll.a"
    cp "$from/libdangian_ffi.a" "$stage/$name/lib/libdangian.a"
    pack_archive "$name"
  else
    skip "sdk windows-x86_64: needs mingw-w64 and the x86_64-pc-windows-gnu target"
  fi
  # macOS: the universal library the Unity part cross-links (zig), when it was built.
  local dylib="$root/bindings/unity/Plugins/macOS/libdangian.dylib"
  if [ -f "$dylib" ]; then
    name="dangian-$version-macos-universal"
    new_archive "$name"
    # Its install name is @rpath/libdangian.<ABI>.dylib: ship it under that name.
    local abi
    abi=$(sed -n 's/^const ABI_VERSION: u32 = \([0-9][0-9]*\);$/\1/p' "$root/ffi/build.rs")
    cp "$dylib" "$stage/$name/lib/libdangian.$abi.dylib"
    ln -s "libdangian.$abi.dylib" "$stage/$name/lib/libdangian.dylib"
    pack_archive "$name"
  else
    skip "sdk macos-universal: needs the Unity part's macOS library (bindings/unity/build-plugins.sh macos)"
  fi
}

python() {
  if [ -x "$root/bindings/python/build-wheels.sh" ]; then
    "$root/bindings/python/build-wheels.sh" "$out/python"
  else
    skip "python: bindings/python/build-wheels.sh is missing"
  fi
}

unity() {
  if [ -x "$root/bindings/unity/pack.sh" ]; then
    # Every plugin this machine can build (Android needs the NDK: ANDROID_NDK_HOME).
    local platforms="linux windows webgl ios macos"
    [ -n "${ANDROID_NDK_HOME:-}" ] && platforms="$platforms android"
    # shellcheck disable=SC2086
    "$root/bindings/unity/build-plugins.sh" $platforms
    "$root/bindings/unity/pack.sh" "$out/unity"
  else
    skip "unity: bindings/unity/pack.sh is missing"
  fi
}

npm_pack() {
  mkdir -p "$out/npm"
  # build.sh installs what it needs (the wasm target, wasm-bindgen-cli, the npm packages).
  (cd "$root/bindings/js" && ./build.sh && npm pack --silent --pack-destination "$out/npm" >/dev/null)
}

crates() {
  mkdir -p "$out/crates"
  (cd "$root" && cargo package -p dangian -p dangian-ffi --allow-dirty)
  (cd "$root" && cargo publish -p dangian -p dangian-ffi --dry-run --allow-dirty)
  cp "$target_dir/package/dangian-$version.crate" "$target_dir/package/dangian-ffi-$version.crate" \
    "$out/crates/"
}

# Unity first: its macOS library goes into the macOS SDK archive too.
for part in unity sdk python npm crates; do
  want "$part" || continue
  step "$part"
  fn=$part
  [ "$part" = npm ] && fn=npm_pack
  # In a subshell with errexit on (a function called from `if` would ignore it).
  set +e
  (set -e; "$fn")
  rc=$?
  set -e
  if [ $rc = 0 ]; then built+=("$part"); else skip "$part: failed (see above)"; fi
done

step "checksums and manifest"
cd "$out"
find . -type f ! -name SHA256SUMS ! -name manifest.json ! -name '.*' -printf '%P\n' | sort > .files
: > SHA256SUMS
while read -r f; do sha256sum "$f" >> SHA256SUMS; done < .files
{
  printf '{\n  "name": "dangian",\n  "version": "%s",\n  "artifacts": [\n' "$version"
  first=1
  while read -r f; do
    [ $first = 1 ] || printf ',\n'
    first=0
    printf '    {"part": "%s", "file": "%s", "bytes": %s, "sha256": "%s"}' \
      "${f%%/*}" "$f" "$(stat -c %s "$f")" "$(sha256sum "$f" | cut -d' ' -f1)"
  done < .files
  printf '\n  ]\n}\n'
} > manifest.json
rm -f .files
sha256sum -c --quiet SHA256SUMS
cat SHA256SUMS
[ -f .skipped ] && sed 's/^/dist: skipped /' .skipped && rm -f .skipped
echo "dist: built ${built[*]:-nothing} into $out"
