#!/usr/bin/env bash
# Builds every artifact of a release into one folder, with SHA-256 checksums and a manifest:
#
#   dist/build.sh [OUTDIR]                  # default: dist/out
#   DIST_ONLY="sdk crates npm" dist/build.sh  # only some parts
#
# Parts (each needs what its own script says; a part that cannot be built here is reported
# and skipped, and the manifest lists only what was built):
#   sdk     the C SDK archives, each an ffi/install.sh tree (the header, the shared and static
#           libraries stripped with the debug info beside, pkg-config and CMake files):
#           Linux x86_64, Windows x86_64 (mingw-w64: bin/dangian.dll with its import library
#           lib/libdangian.dll.a), macOS universal (arm64 and x86_64, from the Unity part's
#           builds, with a .dSYM); dist/check-sdk.sh checks them
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

# sdk_archive PLATFORM NAME FROM: ffi/install.sh --platform PLATFORM from the build in FROM into
# a folder NAME (with the licences), packed as sdk/NAME.tar.gz.
sdk_archive() {
  local stage
  stage=$(mktemp -d)
  "$root/ffi/install.sh" --platform "$1" --from "$3" "$stage/$2" >/dev/null
  cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$stage/$2/"
  tar -C "$stage" -czf "$out/sdk/$2.tar.gz" "$2"
  rm -rf "$stage"
}

# The shared libraries come from the `dist` profile (release code with line tables):
# install.sh strips them and keeps the debug info beside.
sdk() {
  mkdir -p "$out/sdk"
  (cd "$root" && cargo build --profile dist -p dangian-ffi)
  sdk_archive linux "dangian-$version-linux-x86_64" "$target_dir/dist"
  if command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 \
    && rustup target list --installed 2>/dev/null | grep -qx x86_64-pc-windows-gnu; then
    (cd "$root" && cargo build --profile dist -p dangian-ffi --target x86_64-pc-windows-gnu)
    sdk_archive windows "dangian-$version-windows-x86_64" "$target_dir/x86_64-pc-windows-gnu/dist"
  else
    skip "sdk windows-x86_64: needs mingw-w64 and the x86_64-pc-windows-gnu target"
  fi
  # macOS: both architectures as the Unity part cross-links them (zig), joined into universal
  # libraries; llvm's strip and dsymutil stand in for Xcode's.
  local arm="$target_dir/build-std/aarch64-apple-darwin/dist" x86="$target_dir/build-std/x86_64-apple-darwin/dist"
  local lipo
  lipo=$(command -v lipo || command -v llvm-lipo || ls /usr/bin/llvm-lipo-* 2>/dev/null | head -n 1)
  if [ -f "$arm/libdangian_ffi.dylib" ] && [ -f "$x86/libdangian_ffi.dylib" ] && [ -n "$lipo" ]; then
    local joined
    joined=$(mktemp -d)
    for f in libdangian_ffi.dylib libdangian_ffi.a; do
      "$lipo" -create -output "$joined/$f" "$arm/$f" "$x86/$f"
    done
    if [ "$(uname -s)" = Darwin ]; then
      sdk_archive macos "dangian-$version-macos-universal" "$joined"
    else
      # dsymutil joins the two architectures' debug info with `lipo`: llvm's, by that name.
      mkdir "$joined/bin"
      ln -s "$lipo" "$joined/bin/lipo"
      PATH="$joined/bin:$PATH" STRIP=$(command -v llvm-strip || ls /usr/bin/llvm-strip-* | head -n 1) \
        DSYMUTIL=$(command -v dsymutil || command -v llvm-dsymutil || ls /usr/bin/dsymutil-* | head -n 1) \
        sdk_archive macos "dangian-$version-macos-universal" "$joined"
    fi
    rm -rf "$joined"
  else
    skip "sdk macos-universal: needs the Unity part's macOS builds (bindings/unity/build-plugins.sh macos) and lipo or llvm-lipo"
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
